"""What a list of mana sources is known by, kept per list (by its id) and carried along as its
permanents tap: its signature (what can_plan's answer depends on, engine/rules/mana.py), each
permanent's entries and the permanent each source belongs to. `without_tapped` makes the list
left once a permanent taps (CR 602.5a) without reading its other sources again."""
from __future__ import annotations

from typing import Any

from engine.rules.mana_orders import made_from
from engine.rules.payment_source import Source


class _Sig:
    """A signature (sorted entries, one per source) and, per number of symbols a cost has, the
    key a feasibility answer is kept under: each kind of entry counted, at most that number
    (`capped`). A payment takes one source per symbol it does not pay from the pool, so it
    never uses more sources of one kind than the cost has symbols: whether it can be paid is
    the same with the counts capped. A crowded board's forty Forests and thirty-nine after a
    tap then ask the same question, and a key is a few kinds, not hundreds of sources."""
    __slots__ = ("counts", "keys")

    def __init__(self, counts: tuple[tuple[Any, int], ...]) -> None:
        self.counts = counts  # each kind of entry and how many, in the entries' sorted order
        self.keys: dict[int, tuple[Any, ...]] = {}

    @staticmethod
    def of(items: list[Any]) -> "_Sig":
        """The signature of these entries."""
        counts: dict[Any, int] = {}
        for e in sorted(items):
            counts[e] = counts.get(e, 0) + 1
        return _Sig(tuple(counts.items()))

    def less(self, entries: list[Any]) -> "_Sig":
        """The signature with these entries (each one of its own) taken out: as made from the
        entries left (a kind none is left of is gone), counted by kind, not source by source."""
        counts = dict(self.counts)
        for e in entries:
            counts[e] -= 1
        return _Sig(tuple((e, n) for e, n in counts.items() if n))

    def capped(self, n: int) -> tuple[Any, ...]:
        got = self.keys.get(n)
        if got is None:
            got = self.keys[n] = tuple((e, c if c < n else n) for e, c in self.counts)
        return got


# the signatures of the source lists in use (each player's, per purpose and convoke), by the
# list's id: (the list, kept alive so its id is not reused; its length; its signature); and
# of such a list without one permanent's sources, by (the list's id, what those sources make)
_SIGS: dict[int, tuple[list["Source"], int, _Sig]] = {}
_SIGS_WITHOUT: dict[tuple[int, tuple[Any, ...]], tuple[list["Source"], int, _Sig]] = {}


def _entry(s: Source) -> tuple[Any, ...]:
    return (s.produces, s.sacrifice, s.group, s.pain)


def signature(sources: list[Source]) -> _Sig:
    """What plan_payment's answer depends on in a list of sources: the multiset of what each
    makes, whether it is sacrificed, its group (one activation, one type: the group is its
    permanent) and its pain (the search tries every source, so their order does not matter).
    Made once per list, as _orders."""
    was = _SIGS.get(id(sources))
    if was is not None and was[0] is sources and was[1] == len(sources):
        return was[2]
    got = _Sig.of([_entry(s) for s in sources])
    _remember_sig(sources, got)
    return got


def signature_without(sources: list[Source], without: int) -> _Sig:
    """The signature of the sources but those of one permanent (one tapped for the cost being
    paid): the whole list's, with that permanent's entries taken out (no sorting again). It
    depends on what that permanent's entries are, not on which permanent it is: the crowded
    board's creatures that make no mana ask with the whole list's, its Forests share one."""
    mine = owned_entries(sources, without)
    whole = signature(sources)
    if mine is None:
        return whole
    key = (id(sources), mine)
    was = _SIGS_WITHOUT.get(key)
    if was is not None and was[0] is sources and was[1] == len(sources):
        return was[2]
    got = whole.less(list(mine))
    if len(_SIGS_WITHOUT) > 4096:
        _SIGS_WITHOUT.clear()
    _SIGS_WITHOUT[key] = (sources, len(sources), got)
    return got


# each source list's entries by permanent, sorted (by the list's id: the list, kept alive so its
# id is not reused, its length, the map); made once per list, as its signature
_OWNED: dict[int, tuple[list[Source], int, dict[int, tuple[Any, ...]]]] = {}


def owned_entries(sources: list[Source], oid: int) -> tuple[Any, ...] | None:
    """What this permanent's sources among these make (their entries, sorted), None if it has
    none: all that can_plan's answer reads of a permanent left out (`without`)."""
    return _owned(sources).get(oid)


def _owned(sources: list[Source]) -> dict[int, tuple[Any, ...]]:
    """The entries (_entry) each permanent has among these sources, sorted: a permanent tapped
    for the cost itself takes out exactly these (signature_without)."""
    was = _OWNED.get(id(sources))
    if was is not None and was[0] is sources and was[1] == len(sources):
        return was[2]
    made: dict[int, list[Any]] = {}
    for s in sources:
        made.setdefault(s.obj, []).append(_entry(s))
    got = {oid: tuple(sorted(entries)) for oid, entries in made.items()}
    _remember_owned(sources, got)
    return got


def _remember_owned(sources: list[Source], owned: dict[int, tuple[Any, ...]]) -> None:
    if len(_OWNED) > 64:
        _OWNED.clear()
    _OWNED[id(sources)] = (sources, len(sources), owned)


def _remember_sig(sources: list[Source], sig: _Sig) -> None:
    if len(_SIGS) > 64:
        _SIGS.clear()
    _SIGS[id(sources)] = (sources, len(sources), sig)


def without_tapped(sources: list[Source], oid: int) -> list[Source]:
    """The sources left once this permanent is tapped: those whose ability needs {T} are
    gone (CR 602.5a). The signature (signature), each permanent's entries (_owned) and the
    permanents the sources belong to (_owners) follow without going through the list again:
    tapping a land for mana on a crowded board must not read its two hundred sources."""
    owners = _owners(sources)
    mine = _places(owners, oid)
    gone = [i for i in mine if sources[i].tap]
    if not gone:
        return sources
    left, left_owners = list(sources), list(owners)
    for i in reversed(gone):
        del left[i]
        del left_owners[i]
    _remember_owners(left, left_owners)
    made_from(left, sources, gone)  # (its orders: those of `sources`, if asked)
    was = _SIGS.get(id(sources))
    if was is not None and was[0] is sources and was[1] == len(sources):
        _remember_sig(left, was[2].less([_entry(sources[i]) for i in gone]))
    owned = _OWNED.get(id(sources))
    if owned is not None and owned[0] is sources and owned[1] == len(sources):
        # (each permanent's entries as they were, but this one's: its sources without {T})
        now = dict(owned[2])
        rest = tuple(sorted(_entry(sources[i]) for i in mine if not sources[i].tap))
        if rest:
            now[oid] = rest
        else:
            del now[oid]
        _remember_owned(left, now)
    return left


def sources_of(sources: list[Source], oid: int) -> list[Source]:
    """This permanent's sources among these, in order (found without reading the others')."""
    return [sources[i] for i in _places(_owners(sources), oid)]


def _places(owners: list[int], oid: int) -> list[int]:
    """Where this permanent's sources are in a list whose owners these are (by list.index)."""
    mine: list[int] = []
    try:
        at = owners.index(oid)
        while True:
            mine.append(at)
            at = owners.index(oid, at + 1)
    except ValueError:
        pass
    return mine


# the permanent each source of a list belongs to, in the list's order (by the list's id: the
# list, kept alive so its id is not reused, its length, the owners): made once per list made
# from scratch, then carried along as sources are tapped (without_tapped)
_OWNERS: dict[int, tuple[list[Source], int, list[int]]] = {}


def _owners(sources: list[Source]) -> list[int]:
    was = _OWNERS.get(id(sources))
    if was is not None and was[0] is sources and was[1] == len(sources):
        return was[2]
    got = [s.obj for s in sources]
    _remember_owners(sources, got)
    return got


def _remember_owners(sources: list[Source], owners: list[int]) -> None:
    if len(_OWNERS) > 64:
        _OWNERS.clear()
    _OWNERS[id(sources)] = (sources, len(sources), owners)
