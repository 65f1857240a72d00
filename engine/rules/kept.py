"""Values made from nothing but the characteristics of a player's permanents (the rule changes and
cost reductions they give, whether one makes restricted mana), kept across positions while those
characteristics are the same objects (g.chars_kept). Below the characteristics and the targets,
which both read it."""
from __future__ import annotations

from itertools import compress, repeat
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any, Callable, Iterator

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.rules.chars import Chars


_ID, _CHARS = itemgetter(0), itemgetter(2)  # (of g.perms' entries: id, object, characteristics)
_DEFN = attrgetter("defn")


def having(perms: "list[tuple[int, Any, Chars]]", part: str) -> "Iterator[tuple[int, Any, Any]]":
    """(id, object, definition) of the entries of g.perms whose characteristics have a
    definition with something under `part` (a list of the definition's: "discounts",
    "player_rules"), in order — picked in C, so a crowded board's hundreds of lands without
    any are not walked in Python each time a value from_permanents makes is made again."""
    picked = compress(perms, map(getattr, map(_DEFN, map(_CHARS, perms)), repeat(part), repeat(None)))
    return ((oid, obj, c.defn) for oid, obj, c in picked if c.defn is not None)


def perms_fp(g: "Context", p: int) -> tuple[list[int], list[Chars]]:
    """p's permanents and their characteristics, as lists to compare (once per position):
    unchanged characteristics are the same objects across positions (chars_kept)."""
    key = ("perms_fp", p)
    got: tuple[list[int], list[Chars]] | None = g.memo.get(key)
    if got is None:
        perms = g.perms(p)
        got = (list(map(_ID, perms)), list(map(_CHARS, perms)))  # (in C: a crowded board's hundreds)
        if not g.memo.get("effects_partial"):  # (not while static abilities are being read)
            g.memo[key] = got
    return got


def from_permanents(g: "Context", p: int, name: str, make: Callable[[], Any],
                    again: Callable[[Any, list[int], list[Chars]], Any] | None = None) -> Any:
    """A value made from nothing but the characteristics of p's permanents other than their
    power, toughness and loyalty (the rule changes and cost reductions they give, whether one
    makes restricted mana), made once per position and kept across positions while those are
    the same (g.chars_kept; `sized`: a creature pumped or shrunk until end of turn changes
    none of them). A value that holds the characteristics themselves is made `again` from
    the kept one, the indices of the permanents whose characteristics are new objects and
    the characteristics now."""
    key = (name, p)
    got = g.memo.get(key)
    if got is not None:
        return got[0]
    if g.memo.get("effects_partial"):  # (characteristics still changing: made, not kept)
        return make()
    fp = perms_fp(g, p)
    kept = g.chars_kept.get(key)
    if kept is not None and kept[0][0] == fp[0] and kept[0][1] == fp[1]:  # (in C: mostly the same objects)
        value = kept[1]
    else:
        changed = sized_now(g, kept[0][1], fp[1]) if kept is not None and kept[0][0] == fp[0] else None
        if changed is None:
            value = make()
        elif again is not None:
            value = again(kept[1], changed, fp[1])  # type: ignore[index]
        else:
            value = kept[1]  # type: ignore[index]
        g.chars_kept[key] = (fp, value)  # (the characteristics now: compared by identity next time)
    g.memo[key] = (value,)
    return value


def sized(was: "list[Chars]", now: "list[Chars]") -> list[int] | None:
    """Where the characteristics of the same permanents (in the same order) differ, if they
    differ in nothing but power, toughness and loyalty (the indices of those that are new
    objects: [] if none is), else None. Unchanged characteristics are the same objects
    (engine/rules/characteristics.py); the others are compared: the same definition (by
    identity) and the same `_SHAPE`. (A plain loop: chains of map and compress measured twice as
    slow as it here.)"""
    changed: list[int] = []
    for i, (a, b) in enumerate(zip(was, now)):
        if a is not b:
            if a.defn is not b.defn or _SHAPE(a) != _SHAPE(b):
                return None
            changed.append(i)
    return changed


def sized_now(g: "Context", was: "list[Chars]", now: "list[Chars]") -> list[int] | None:
    """`sized(was, now)`, once per position for the kept list `was` (the values made of p's
    permanents were mostly made, or last compared, with the same list)."""
    key = ("sized", id(was))
    got = g.memo.get(key)
    if got is not None and got[0] is was and got[1] is now:
        changed: list[int] | None = got[2]
        return changed
    changed = sized(was, now)
    g.memo[key] = (was, now, changed)
    return changed


# what `sized` compares of two characteristics besides their definition: all but power,
# toughness and loyalty (printed.Chars)
_SHAPE = attrgetter("name", "supertypes", "types", "subtypes", "colors", "mana_value", "keywords", "flags", "level")


# a question of the listing's (ways.Lister.asked, engine/rules/idle.py) other than what p's mana
# can pay: (ASKED, the function, its arguments, the answer), asked again as fn(g, p, *args) when
# a kept entry is used (Lister.same_answers) — whether another permanent could pay a cost of
# "Sacrifice another ..." or "Tap another ..." (additional_costs.has_other), whether an
# "Activate only once" ability was used (activation.used)
ASKED = "asked again"


def ask(asked: list[tuple[Any, ...]] | None, fn: Callable[..., Any], g: "Context", p: int, *args: Any) -> Any:
    """fn(g, p, *args), put with its answer among the listing's questions `asked` (if any)."""
    got = fn(g, p, *args)
    if asked is not None:
        asked.append((ASKED, fn, args, got))
    return got
