"""Random playouts of the Archenemy formats (CR 904; the release notes' Archenemy Commander and
Supervillain Rumble): every object in one zone, no card created or lost, no hidden card shown,
the scheme decks keep their cards, teams share or keep their life, every game ends."""
from __future__ import annotations

import random

import pytest

from engine.ai.random_agent import RandomAgent
from engine.cards.data import scheme_cards
from engine.cards.sets import behaviours
from engine.config import GameConfig
from engine.game import Game
from engine.invariants import conserved, no_leak
from engine.rules.teams import shared_life

DECK = (["Forest"] * 3 + ["Mountain"] * 3 + ["Swamp"] * 3 + ["Island"] * 2 + ["Plains"] * 2
        + ["Piggy Bank", "Friendly Teddy", "Ragged Playmate", "Bear Trap", "Pyroclasm", "Murder",
           "Scorching Dragonfire", "Winter's Intervention", "Give In to Violence", "Horrid Vigor",
           "Enter the Enigma", "Seized from Slumber", "Slavering Branchsnapper", "Daggermaw Megalodon",
           "Piranha Fly", "Lionheart Glimmer", "Come Back Wrong", "Abandoned Campground"])
COMMANDERS = ["Valgavoth, Harrower of Souls", "Aminatou, Veil Piercer", "The Lord of Pain",
              "Winter, Cynical Opportunist"]
NAMES = ["Alice", "Bob", "Carol", "Dave"]


def _schemes(k: int) -> list[str]:
    """Every scheme with behaviour, in a seat-dependent order (ten or more, one of each)."""
    names = sorted(n for n in scheme_cards() if n in behaviours())
    return names[k:] + names[:k]


@pytest.mark.parametrize("fmt, seats, games", [("archenemy", 3, 4), ("archenemy_commander", 4, 3),
                                               ("supervillain_rumble", 3, 3)])
def test_random_archenemy_games_keep_invariants(fmt: str, seats: int, games: int) -> None:
    commander = fmt != "archenemy"
    for seed in range(games):
        decks = [DECK + ([COMMANDERS[i]] if commander else []) for i in range(seats)]
        schemes = [_schemes(i) if (fmt == "supervillain_rumble" or i == 0) else [] for i in range(seats)]
        g = Game(GameConfig(players=NAMES[:seats], decks=decks, seed=seed, mode="rules", format=fmt,
                            commanders=[[COMMANDERS[i]] for i in range(seats)] if commander else [],
                            schemes=schemes))
        n_cards = sum(len(d) for d in decks)
        n_schemes = [len(s) for s in schemes]
        agents = [RandomAgent(seed * seats + i + 1) for i in range(seats)]
        pick = random.Random(seed)
        decisions = 0
        while g.pending is not None:
            p = g.pending.player
            actions = g.legal_actions(p)
            assert actions, f"no legal action for the deciding player: {g.pending}"
            if pick.random() < 0.05:
                conserved(g, n_cards)
                no_leak(g)
                _schemes_hold(g, n_schemes)
            g.apply(agents[p].pick(actions))
            decisions += 1
            assert decisions < 3000 * seats, "the game does not end"
        assert g.outcome is not None
        assert any(e.get("key") == "scheme_set_in_motion" for e in g.events)
        conserved(g, n_cards)
        again = Game.from_json(g.to_json())
        assert again.dump() == g.dump()


def _schemes_hold(g: Game, n_schemes: list[int]) -> None:
    """A player's scheme cards stay theirs: in the scheme deck or face up (CR 314, 400.4b);
    teammates of Archenemy Commander have one life total."""
    st = g.st
    for p in st.players:
        if p.lost:
            continue
        face_up = [o for o in p.command if st.objects[o].name in scheme_cards()]
        assert len(p.schemes) + len(face_up) == n_schemes[p.index]
        assert all(st.objects[o].face_down and st.objects[o].zone == "schemes" for o in p.schemes)
        if shared_life(g) and p.team:
            assert {q.life for q in st.players if q.team == p.team and not q.lost} == {p.life}
