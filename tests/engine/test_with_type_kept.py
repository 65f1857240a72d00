"""engine/rules/characteristics.py with_type: a player's permanents with a card type or subtype,
kept across positions while their characteristics are the same (kept.from_permanents) — a
permanent that enters, leaves or changes its types is seen at once, as the list made from
scratch (engine/cache_check.py compares them after every action)."""
from __future__ import annotations

from engine import cache_check
from engine.config import GameConfig
from engine.game import Game
from engine.rules.characteristics import with_type, with_type_stale


def _game() -> Game:
    setup = {"Alice": {"hand": ["Forest", "Friendly Teddy"], "battlefield": ["Forest", "Piggy Bank"],
                       "library": ["Island"] * 3},
             "Bob": {"battlefield": ["Island"], "library": ["Island"] * 3}}
    return Game(GameConfig(players=["Alice", "Bob"], mode="rules", setup=setup))


def _named(g: Game, name: str, zone: str) -> int:
    return next(o.id for o in g.st.objects.values() if o.name == name and o.zone == zone)


def test_lands_and_creatures_as_they_come_and_go() -> None:
    g = _game()
    forest = _named(g, "Forest", "battlefield")
    assert with_type(g, 0, "Land") == [forest]
    g.touch()  # (another position, the same permanents: the kept list)
    assert with_type(g, 0, "Land") == [forest]
    second = g.move(_named(g, "Forest", "hand"), "battlefield")
    assert with_type(g, 0, "Land") == [forest, second]
    assert with_type_stale(g, 0) is None
    teddy = g.move(_named(g, "Friendly Teddy", "hand"), "battlefield")
    assert teddy in with_type(g, 0, "Creature")
    g.move(forest, "graveyard")
    assert with_type(g, 0, "Land") == [second]
    assert with_type(g, 0, "Bear", subtype=True) == [teddy]
    assert with_type(g, 1, "Land") == [_named(g, "Island", "battlefield")]
    cache_check.verify(g)


def test_the_check_sees_a_stale_list() -> None:
    g = _game()
    with_type(g, 0, "Land")
    g.chars_kept[("with_type", 0)][1][("Land", False)].append(12345)
    assert with_type_stale(g, 0) is not None
