"""Who goads a creature (CR 701.15b, 508.1d) as the attack listing asks it for every creature:
the players of "attack a player other than you" effects are kept per list of the state's
effects (engine/cards/mechanics/goad.py) — an effect added later (a new list, or the same list
grown) is seen at once, as a game without that cache sees it."""
from __future__ import annotations

from engine.bench import crowded_setup
from engine.cards.mechanics.goad import ATTACK_OTHERS, goaders
from engine.config import GameConfig
from engine.game import Game

PLAYERS = ["Alice", "Bob", "Carol"]


def _game() -> tuple[Game, int]:
    setup = crowded_setup(30, seats=3)
    g = Game(GameConfig(players=PLAYERS, seed=2, mode="rules", setup=setup))
    bob_creature = next(oid for oid, _, c in g.perms(1) if "Creature" in c.types)
    return g, bob_creature


def test_an_effect_added_after_the_question_is_seen() -> None:
    g, creature = _game()
    assert goaders(g, creature) == []  # (asked once: kept for this list of effects)
    # Alice's Kardur: "creatures your opponents control ... attack a player other than you"
    g.add_effect("rules", [], until="your_next_turn:0", **{ATTACK_OTHERS: 0})
    assert goaders(g, creature) == [0]
    assert goaders(Game(g.config, _state=g.st.copy()), creature) == [0]  # (as a game with no cache says)


def test_the_same_list_grown_in_place_is_seen() -> None:
    g, creature = _game()
    g.add_effect("rules", [], until="end_of_turn", **{ATTACK_OTHERS: 1})  # (Bob's own: not his goader)
    assert goaders(g, creature) == []
    effects = g.st.effects
    effects.append({**effects[-1], ATTACK_OTHERS: 2})  # (appended to the very list the entry holds)
    assert g.st.effects is effects
    assert goaders(g, creature) == [2]
