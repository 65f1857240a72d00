"""A card's types as the spell it becomes (engine/rules/spell_types.py, CR 601.2f, 613.1d): the
static abilities that reach spells, read for that one spell, give what building the whole
effects index of the position with the card on the stack gives."""
from __future__ import annotations

from typing import Any

import pytest

from engine.config import GameConfig
from engine.game import Game
from engine.rules import spell_types

ARCADE = "Secret Arcade // Dusty Parlor"
HAND = ["Cult Healer", "Murder", "Bottomless Pool // Locker Room", "Plains", "Piggy Bank"]


def _game(alice_arcade: str, bob_arcade: str) -> Game:
    setup: dict[str, Any] = {
        "Alice": {"hand": list(HAND), "battlefield": [alice_arcade, "Inquisitive Glimmer", "Plains"],
                  "library": ["Island"] * 3},
        "Bob": {"hand": list(HAND), "battlefield": [bob_arcade, "Piggy Bank"], "library": ["Island"] * 3}}
    return Game(GameConfig(players=["Alice", "Bob"], mode="rules", setup=setup))


def _whole_index(g: Game, oid: int) -> tuple[frozenset[str], tuple[str, ...]]:
    """The reading of the whole effects index (what spell_types does for a static ability that
    does not offer spell_effects)."""
    fast = spell_types._reached
    spell_types._reached = lambda *_: None  # type: ignore[assignment]
    try:
        return spell_types.spell_types(g, oid)
    finally:
        spell_types._reached = fast  # type: ignore[assignment]


@pytest.mark.parametrize("alice, bob", [
    (f"{ARCADE} | unlocked=Secret Arcade", "Island"),
    (f"{ARCADE} | unlocked=Dusty Parlor", f"{ARCADE} | unlocked=Secret Arcade"),
    (f"{ARCADE} | unlocked=Secret Arcade,Dusty Parlor", f"{ARCADE} | unlocked=Secret Arcade"),
])
def test_one_spell_read_as_the_whole_index_reads_it(alice: str, bob: str) -> None:
    g = _game(alice, bob)
    hands = [o for o in g.st.objects.values() if o.zone == "hand"]
    assert len(hands) == 2 * len(HAND)
    for o in hands:
        got = spell_types.spell_types(g, o.id)
        assert got == _whole_index(g, o.id), o.name
        assert o.zone == "hand"  # (put back)


def test_permanent_spells_of_the_arcade_controller_only() -> None:
    g = _game(f"{ARCADE} | unlocked=Secret Arcade", "Island")
    by_owner = {(o.owner, o.name): o.id for o in g.st.objects.values() if o.zone == "hand"}
    assert "Enchantment" in spell_types.spell_types(g, by_owner[(0, "Cult Healer")])[0]
    assert "Enchantment" in spell_types.spell_types(g, by_owner[(0, "Piggy Bank")])[0]
    assert "Enchantment" not in spell_types.spell_types(g, by_owner[(0, "Murder")])[0]
    assert "Enchantment" not in spell_types.spell_types(g, by_owner[(1, "Cult Healer")])[0]


def test_the_abilities_reaching_spells_follow_the_static_abilities() -> None:
    """spell_types.reaching_statics is read once per static-ability list: the Arcade's ability
    is there while it is, gone once it leaves (as the list made from scratch)."""
    g = _game(f"{ARCADE} | unlocked=Secret Arcade", "Island")
    arcade = next(o.id for o in g.st.objects.values() if o.name == ARCADE)
    assert [src for src, _ in spell_types.reaching_statics(g)] == [arcade]
    g.move(arcade, "graveyard")
    assert spell_types.reaching_statics(g) == []
    assert [(s, fn) for s, fn in g.static_sources() if fn.reaches_stack] == []
