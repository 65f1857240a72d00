"""engine/rules/mana_actions.py: the `activate` names (docs/actions.md) kept across positions
while p's permanents' and hand's name maps and p's graveyard are the same — a name on the
battlefield and in the hand too (Piggy Bank: the hand's copy has no ability, so the
permanents are named among themselves) included. Each listing's texts are those of a copy of
the game listed from scratch."""
from __future__ import annotations

from engine.config import GameConfig
from engine.game import Game
from engine.rules.listing import priority_actions


def _texts(g: Game) -> list[str]:
    return [a.text for a in priority_actions(g, 0) if a.verb == "activate"]


def _fresh(g: Game) -> list[str]:
    return _texts(type(g)(g.config, _state=g.st.copy()))


def test_a_name_in_hand_and_on_the_battlefield() -> None:
    setup = {"Alice": {"hand": ["Piggy Bank", "Piggy Bank"], "battlefield": ["Piggy Bank", "Forest", "Swamp"],
                       "library": ["Island"] * 3},
             "Bob": {"library": ["Island"] * 3}}
    g = Game(GameConfig(players=["Alice", "Bob"], mode="rules", setup=setup))
    assert _texts(g) == _fresh(g)
    g.touch()  # (another position: the names kept)
    assert _texts(g) == _fresh(g)
    in_hand = [o.id for o in g.st.objects.values() if o.name == "Piggy Bank" and o.zone == "hand"]
    g.move(in_hand[0], "battlefield")  # (two of them now: Piggy Bank#1, #2)
    assert _texts(g) == _fresh(g)
    g.move(in_hand[1], "graveyard")
    assert _texts(g) == _fresh(g)
