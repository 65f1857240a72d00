"""An additional cost and the mana of the same spell (CR 601.2g-h): a permanent its mana ability
sacrificed for mana (a Treasure, CR 111.10a) is gone when the additional cost is paid, so it is
never offered for it."""
from __future__ import annotations

from typing import Any

from engine.config import GameConfig
from engine.game import Game

ALICE = 0


def make(**setup: Any) -> Game:
    setup.setdefault("Alice", {}).setdefault("library", ["Island"] * 3)
    setup.setdefault("Bob", {}).setdefault("library", ["Island"] * 3)
    return Game(GameConfig(mode="rules", setup=setup))


def test_a_treasure_sacrificed_for_mana_is_not_offered_to_return() -> None:
    """Fear of Isolation ({1}{U}; "As an additional cost to cast this spell, return a permanent
    you control to its owner's hand.") with one Island and a Treasure: the Treasure pays {1}
    and is gone (CR 601.2g, 111.10a); the permanents left to return are the Island and the
    Teddy, and every choice offered can be made."""
    g = make(Alice={"hand": ["Fear of Isolation"], "battlefield": ["Island", "Friendly Teddy"],
                    "library": ["Island"] * 3})
    treasure = g.create_token(ALICE, "Treasure")
    g.touch()
    g.apply("cast Fear of Isolation", ALICE)
    assert treasure not in g.st.objects  # (sacrificed for the {1})
    pending = g.st.pending
    assert pending is not None and pending.get("where") == "cost"
    assert all(o in g.st.objects for o in pending["refs"])
    offered = [a for a in g.legal_actions(ALICE) if a.verb == "choose"]
    assert sorted(a.text for a in offered) == ["choose Friendly Teddy", "choose Island"]
    for a in offered:  # each answer is paid as offered
        c = g.clone()
        c.apply(a.text, ALICE)
        assert c.st.pending is None or c.st.pending.get("where") != "cost"
