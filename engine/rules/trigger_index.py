"""The battlefield's triggered abilities by event (CR 603.2: an ability triggers whenever its
event occurs), as engine/rules/triggers.py fires them: made once per position, and kept across
positions while the permanents are the same objects with the same characteristics."""
from __future__ import annotations

from itertools import chain, compress
from operator import attrgetter, is_, itemgetter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.rules.context import Context


_OBJ, _CHARS, _DEFN = itemgetter(1), itemgetter(2), attrgetter("defn")

# each definition's triggered abilities that work on the battlefield, with their indexes, by the
# definition's id ((): none, or no definition) — and the definitions themselves, kept so that
# an id is never another's (definitions are not changed once made)
_ON_BATTLEFIELD: dict[int, tuple[tuple[int, Any], ...]] = {}
_DEFNS: dict[int, Any] = {}


def by_event(g: "Context") -> dict[str, list[tuple[int, int, Any, int, Any]]]:
    """The battlefield's triggered abilities by event (Triggers._listening): each with its place
    in the order of g.all_perms() and of the abilities, its permanent and the ability. What it
    reads of a permanent is its object (whose status fire() reads as it is then) and its
    characteristics' abilities: kept (g.chars_kept) while every permanent is the same object
    with the same characteristics object, in the same order — compared by identity, in C (a
    rebuilt state has other objects; unchanged characteristics are the same objects across
    positions, engine/rules/characteristics.py). Made by going through the permanents whose
    definitions have such abilities only (a crowded board's lands have none), picked in C."""
    perms = list(chain.from_iterable(map(g.perms, range(len(g.st.players)))))  # (= g.all_perms())
    objs, chars = list(map(_OBJ, perms)), list(map(_CHARS, perms))
    partial = g.memo.get("effects_partial")  # (characteristics still changing: made, not kept)
    kept = g.chars_kept.get("trigger_index")
    if not partial and kept is not None and len(kept[0]) == len(objs) and all(map(is_, kept[0], objs)) \
            and all(map(is_, kept[1], chars)):
        got: dict[str, list[tuple[int, int, Any, int, Any]]] = kept[2]
        return got
    ids = list(map(id, map(_DEFN, chars)))
    if not _ON_BATTLEFIELD.keys() >= set(ids):
        _read_triggers(chars)
    found = list(map(_ON_BATTLEFIELD.__getitem__, ids))
    index: dict[str, list[tuple[int, int, Any, int, Any]]] = {}
    n = 0
    for (oid, obj, _), abilities in compress(zip(perms, found), found):
        for i, t in abilities:
            index.setdefault(t.event, []).append((n, oid, obj, i, t))
            n += 1
    if not partial:
        g.chars_kept["trigger_index"] = (objs, chars, index)
    return index


def trigger_index_stale(g: "Context") -> str | None:
    """For engine/cache_check.py: how the battlefield's triggered abilities by event that
    Triggers._listening reads now (kept, by_event) differ from those read from the
    permanents one by one, objects compared by identity — or None."""
    index = g.memo.get("trigger_index")
    kept = index if index is not None else by_event(g)
    made: dict[str, list[tuple[int, int, Any, int, Any]]] = {}
    n = 0
    for oid, obj, c in g.all_perms():
        for i, t in enumerate(c.defn.triggered if c.defn is not None else ()):
            if t.zone == "battlefield":
                made.setdefault(t.event, []).append((n, oid, obj, i, t))
                n += 1

    def ids(x: dict[str, list[tuple[int, int, Any, int, Any]]]) -> dict[str, list[tuple[int, int, int, int, int]]]:
        return {event: [(n, oid, id(obj), i, id(t)) for n, oid, obj, i, t in entries] for event, entries in x.items()}
    if ids(kept) == ids(made):
        return None
    return f"triggered abilities by event: kept {ids(kept)!r}, made {ids(made)!r}"


def _read_triggers(chars: list[Any]) -> None:
    """Each definition's triggered abilities that work on the battlefield, by its id, for these
    characteristics' definitions not read yet (kept alive with them: _DEFNS)."""
    if len(_DEFNS) > 20000:
        _DEFNS.clear()
        _ON_BATTLEFIELD.clear()
    for c in chars:
        d = c.defn
        if id(d) not in _ON_BATTLEFIELD:
            _DEFNS[id(d)] = d
            _ON_BATTLEFIELD[id(d)] = () if d is None else tuple(
                (i, t) for i, t in enumerate(d.triggered) if t.zone == "battlefield")
