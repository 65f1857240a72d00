"""The four Duskmourn Commander decks' scheme decks (assets/decks/schemes/, tools/build_schemes.py):
ten schemes each, one of each, every one with rules; an Archenemy Commander game takes each as
the archenemy's scheme deck and plays on through a shared team turn."""
from __future__ import annotations

import pytest

from engine.ai.random_agent import RandomAgent
from engine.cards.data import scheme_cards
from engine.config import GameConfig
from engine.decks import schemes
from engine.game import Game

DECK = ["Forest"] * 8 + ["Mountain"] * 8 + ["Grasping Longneck", "Cult Healer", "Scorching Dragonfire", "Murder"] * 2
COMMANDERS = ["Valgavoth, Harrower of Souls", "Aminatou, Veil Piercer", "The Lord of Pain",
              "Winter, Cynical Opportunist"]


def test_the_four_scheme_decks_are_complete_and_playable_by_rules() -> None:
    names = schemes.sample_names()
    assert names == ["death_toll", "endless_punishment", "jump_scare", "miracle_worker"]
    seen: set[str] = set()
    for name in names:
        deck = schemes.load(name)
        assert len(deck) == 10 and schemes.problems(deck) == [], name
        assert schemes.without_rules(deck) == [], name
        seen |= set(deck)
    assert seen == set(scheme_cards())  # the 40 schemes of the decks, each in one deck
    assert schemes.problems(["Plains"])[-1] == "Plains is not a scheme card."


@pytest.mark.parametrize("name", ["death_toll", "endless_punishment", "jump_scare", "miracle_worker"])
def test_an_archenemy_commander_game_with_the_scheme_deck_runs(name: str) -> None:
    deck = schemes.load(name)
    players = ["Alice", "Bob", "Carol", "Dave"]
    g = Game(GameConfig(players=players, decks=[DECK + [c] for c in COMMANDERS], seed=3, mode="rules",
                        format="archenemy_commander", commanders=[[c] for c in COMMANDERS],
                        schemes=[deck, [], [], []]))
    agents = [RandomAgent(i + 7) for i in range(4)]
    team_turn = False
    for _ in range(1500):
        if g.pending is None:
            break
        obs = g.observation(g.pending.player)
        if len(obs["active_players"]) == 3:  # the heroes' shared turn (CR 805.4a)
            team_turn = True
        p = g.pending.player
        g.apply(agents[p].pick(g.legal_actions(p)))
    assert team_turn
    seen = sum(1 for o in g.st.objects.values() if o.name in deck and o.kind == "card")
    assert seen == 10  # every scheme is still somewhere (the deck, face up, or the bottom)
