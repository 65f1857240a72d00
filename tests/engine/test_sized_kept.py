"""engine/rules/kept.py from_permanents: what is made of a player's permanents' characteristics
(the listing's entries and plan, the cost reductions and rule changes they give, their types)
is kept while those characteristics change in nothing but power, toughness and loyalty (a
creature pumped until end of turn, a +1/+1 counter: `sized`) — and made again for any other
change, as engine/cache_check.py sees by comparing with a game made from scratch."""
from __future__ import annotations

import dataclasses
from itertools import compress
from operator import is_not
from typing import Any

import pytest

from engine import cache_check
from engine.bench import board_pool, pool_board
from engine.config import GameConfig
from engine.game import Game
from engine.rules import idle, kept, permanents_plan
from engine.rules.characteristics import from_permanents
from engine.rules.listing import _offered, priority_actions
from engine.rules.permanents_plan import permanents as _permanents


def _game() -> Game:
    side = ["Forest", "Friendly Teddy", "Piggy Bank", "Ragged Playmate", "Plains", "Piranha Fly | face_down",
            "Swamp"]
    setup = {name: {"battlefield": list(side), "library": ["Forest"] * 5, "hand": ["Murder", "Mountain"]}
             for name in ("Alice", "Bob")}
    return Game(GameConfig(players=["Alice", "Bob"], mode="rules", setup=setup))


def _named(g: Game, name: str) -> int:
    return next(oid for oid, obj, _ in g.perms(0) if obj.name == name)


def test_sized_tells_a_change_of_size_from_any_other() -> None:
    g = _game()
    c = g.chars(_named(g, "Friendly Teddy"))
    land = g.chars(_named(g, "Forest"))
    assert kept.sized([land, c], [land, c]) == []
    assert kept.sized([land, c], [land, dataclasses.replace(c, power=7, toughness=1)]) == [1]
    assert kept.sized([land, c], [land, dataclasses.replace(c, power=c.power)]) == [1]  # (equal, another object)
    for change in ({"types": frozenset({"Artifact"})}, {"keywords": c.keywords | {"flying"}}, {"name": "Bear"},
                   {"defn": None}, {"subtypes": ()}, {"level": 2}):
        assert kept.sized([land, c], [land, dataclasses.replace(c, **change)]) is None, change


def test_a_counter_keeps_what_is_made_of_the_rest() -> None:
    """A +1/+1 counter gives the creature new characteristics, changed in size alone: the
    listing's entries are the kept ones but for that creature's (its characteristics now),
    the plan is the same object, the permanents by type the same dict — and all of it, and
    the actions listed (another target's power, another list), as made from scratch."""
    g = _game()
    before = list(priority_actions(g, 0))
    was = _permanents(g, 0)
    plan = g.names_kept[("permanents_plan", 0)]
    types = from_permanents(g, 0, "with_type", dict)
    bear = _named(g, "Friendly Teddy")
    g.add_counters(bear, "+1/+1", 1)
    now = _permanents(g, 0)
    assert now is not was
    # (a face-down permanent's characteristics are made anew, equal, each time: CR 708.2a)
    changed = [i for i, (a, b) in enumerate(zip(was, now)) if a is not b and a[1] != b[1]]
    assert [now[i][0] for i in changed] == [bear]
    (i,) = changed
    assert now[i][1] is g.chars(bear) and now[i][1].power == was[i][1].power + 1
    assert all(a[0] == b[0] and a[2:] == b[2:] for a, b in zip(was, now))
    assert from_permanents(g, 0, "with_type", dict) is types
    assert priority_actions(g, 0) != before  # (Ragged Playmate's targets read power: listed again)
    assert g.names_kept[("permanents_plan", 0)] is plan and plan.perms is now
    cache_check.verify(g)


def test_turned_face_up_everything_is_made_again() -> None:
    g = _game()
    priority_actions(g, 0)
    was = _permanents(g, 0)
    fly = next(oid for oid, obj, _ in g.perms(0) if obj.face_down)
    g.update(fly, face_down=False)
    now = _permanents(g, 0)
    assert [e[0] for e in now] == [e[0] for e in was]
    assert all(a is not b for a, b in zip(was, now))  # (made again, not kept)
    cache_check.verify(g)


def _all_sized(was: list[Any], now: list[Any]) -> list[int]:
    """`sized` broken on purpose: any change passes for one of size."""
    return list(compress(range(len(now)), map(is_not, was, now)))


def test_the_check_sees_a_value_kept_for_a_change_of_more_than_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """With `sized` broken, a face-down creature turned face up keeps the listing's entry of a
    permanent with no abilities and the permanents by type of before: the check finds them."""
    g = _game()
    priority_actions(g, 0)
    from_permanents(g, 0, "with_type", dict)
    g.with_type(0, "Creature")
    cache_check.verify(g)  # (nothing stale yet)
    monkeypatch.setattr(kept, "sized", _all_sized)
    fly = next(oid for oid, obj, _ in g.perms(0) if obj.face_down)
    g.update(fly, face_down=False)
    with pytest.raises(cache_check.StaleCache, match="listing's permanents of player 0|type"):
        cache_check.verify(g)


def test_the_check_sees_a_stale_plan() -> None:
    """The plan made again in place (_PermanentsPlan.resized) for an entry it should not have
    been: the check, which makes the plan from scratch, finds it."""
    g = _game()
    priority_actions(g, 0)
    plan = g.names_kept[("permanents_plan", 0)]
    k = next(k for k in plan.positions() if k >= 0)
    plan.segments[k] = plan.segments[k][:2] + ("other", None)
    with pytest.raises(cache_check.StaleCache, match="plan of player 0"):
        cache_check.verify(g)


def _pool_game() -> Game:
    return pool_board(40, 0, board_pool())


def _key(entries: dict[Any, Any], oid: int) -> Any:
    return next(k for k in entries if k[0] == oid)


def test_a_pumped_steady_permanent_keeps_its_entries() -> None:
    """A steady permanent's "offers nothing" entry (engine/rules/idle.py) and "offered these"
    entry (listing.py _offered) hold through a +1/+1 counter: no steady ability reads its own
    size (idle.steady), so the entries take the new characteristics, their questions asked
    again as ever, and the actions are those made from scratch."""
    g = _pool_game()
    priority_actions(g, 0)
    treespeaker, patrol = (_named(g, "Joraga Treespeaker"), _named(g, "Hada Spy Patrol"))
    nothing, offered = idle.entries(g, 0), _offered(g, 0)
    asked = nothing[_key(nothing, treespeaker)][1]
    actions = offered[_key(offered, patrol)][2]
    assert asked and actions
    for oid in (treespeaker, patrol):
        g.add_counters(oid, "+1/+1", 1)
    listed = priority_actions(g, 0)
    assert nothing[_key(nothing, treespeaker)] == (g.chars(treespeaker), asked)
    assert nothing[_key(nothing, treespeaker)][1] is asked  # (kept, not asked again from scratch)
    assert offered[_key(offered, patrol)][0] is g.chars(patrol)
    assert offered[_key(offered, patrol)][2] is actions
    assert set(actions) <= set(listed)
    cache_check.verify(g)


def test_the_check_sees_a_wrong_size_change() -> None:
    """An "offers nothing" entry planted for a permanent that offers an action, its
    characteristics passed off as pumped ones of the entry's (`sized_from`): the check finds
    the missing action."""
    g = _pool_game()
    priority_actions(g, 0)
    patrol = _named(g, "Hada Spy Patrol")
    g.add_counters(patrol, "+1/+1", 1)
    priority_actions(g, 0)
    cache_check.verify(g)  # (nothing stale yet)
    nothing, offered = idle.entries(g, 0), _offered(g, 0)
    key = _key(offered, patrol)
    other = g.chars(_named(g, "Joraga Treespeaker"))
    nothing[key] = (other, ())
    g.names_kept[("permanents_plan", 0)].sized_from[id(g.chars(patrol))] = other
    with pytest.raises(cache_check.StaleCache, match="actions of player 0 .*missing"):
        cache_check.verify(g)


def test_the_check_sees_a_wrong_kind_known(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a permanent's characteristics say of its ways is known by the characteristics
    (permanents_plan._KNOWN: a permanent leaving makes p's entries again, the others' from it):
    a wrong answer planted there is found by the check, which makes the entries without it."""
    g = _game()
    priority_actions(g, 0)
    cache_check.verify(g)  # (nothing stale yet)
    bear = g.chars(_named(g, "Friendly Teddy"))
    monkeypatch.setitem(permanents_plan._KNOWN, id(bear), (bear, "no such kind", None))
    g.move(_named(g, "Forest"), "graveyard")  # (p's permanents change: their entries made again)
    assert g.chars(_named(g, "Friendly Teddy")) is bear
    with pytest.raises(cache_check.StaleCache, match="listing's permanents of player 0"):
        cache_check.verify(g)
