"""The orders a payment tries a player's mana sources in (engine/rules/mana.py plan_payment,
CR 601.2g-h, 605): coloured symbols take the sources that hurt least and make fewest colours
first, generic mana those least needed later. Sorted once per list of sources; a list made by
tapping a permanent (mana_lists.without_tapped) keeps the orders of the list it was made from, with
the tapped Sources passed over, while the sort would give the same order (_derived_orders);
engine/cache_check.py compares them with a sort from scratch (orders_stale)."""
from __future__ import annotations

from collections import Counter
from operator import attrgetter
from typing import Any, TypeAlias

from engine.rules.payment_source import Source


_ORDERS: list[Any] = [None, None, -1]  # the last source list seen, its orders, its length

# Orders: the sources in the order coloured symbols try them, in the order generic mana takes
# them, how many sources can make each colour, how many Sources each group has, the Sources to
# pass over (by id: gone from the list they were sorted for) and what each kind of source
# (by what it makes) spares (_spare)
Orders: TypeAlias = ("tuple[list[Source], list[Source], dict[str, int], dict[int, int], frozenset[int], "
                     "dict[tuple[str, ...], int]]")

# the orders of the lists sorted or derived lately, by the list's id: the list (kept alive so
# its id is not reused), its length and its orders
_KNOWN: dict[int, tuple[list[Source], int, Orders]] = {}
# the lists made from another by tapping a permanent (without_tapped), by the list's id: the
# list, its length, the list it was made from and where the Sources gone from that one were
_MADE_FROM: dict[int, tuple[list[Source], int, list[Source], list[int]]] = {}


def orders(sources: list[Source]) -> Orders:
    """The sources in the order coloured symbols try them, in the order generic mana takes
    them, how many sources can make each colour and how many Sources each group has
    (Source.group), and the Sources to pass over. The legal-action listing asks about
    many costs with one list of sources: sorted once per list (the entry keeps the list
    alive, so its id is not reused) — or not at all for a list made by tapping a permanent,
    whose orders are its parent's with the tapped Sources passed over (_derived_orders)."""
    if _ORDERS[0] is sources and _ORDERS[2] == len(sources):
        got: Orders = _ORDERS[1]
        return got
    was = _KNOWN.get(id(sources))
    if was is not None and was[0] is sources and was[1] == len(sources):
        got = was[2]
        _ORDERS[0], _ORDERS[1], _ORDERS[2] = sources, got, len(sources)
        return got
    made = _MADE_FROM.get(id(sources))
    if made is not None and made[0] is sources and made[1] == len(sources):
        derived = _derived_orders(made[2], made[3])
        if derived is not None:
            _remember_orders(sources, derived)
            return derived
    got = _sorted(sources)
    _remember_orders(sources, got)
    return got


def _sorted(sources: list[Source]) -> Orders:
    """The orders of these sources, sorted (as `sorted_plainly` sorts them, source by source).
    A crowded board has hundreds of sources of a few kinds (what they make, whether they are
    sacrificed, whether they hurt): each kind's sort keys are made once, and the sources are
    put in order by those keys in C (a stable sort of their places) — the same orders."""
    kinds = list(map(_KIND, sources))  # (sacrifice, pain, produces) of each source
    number = {kind: i for i, kind in enumerate(dict.fromkeys(kinds))}  # (in the order they first come)
    which = list(map(number.__getitem__, kinds))
    counted = Counter(which)  # (how many of each kind, by number)
    # Generic mana comes from the sources least needed later: colourless first, then those
    # whose colour has the most untapped sources (two Swamps before the only Plains), so a
    # scarce colour stays available for coloured costs still to pay.
    plenty: dict[str, int] = {}  # (each colour in the order it first comes, as source by source)
    for (_, _, produces), i in number.items():
        n = counted[i]
        for c in produces:
            plenty[c] = plenty.get(c, 0) + n
    spares: dict[tuple[str, ...], int] = {}  # (by what a source makes: a few kinds among many sources)
    rank: list[tuple[Any, ...]] = []  # (each kind's sort keys, by number)
    generic_rank: list[tuple[Any, ...]] = []
    for sacrifice, pain, produces in number:
        # (sources that hurt, a land while a Gremlin is tapped, after those that don't)
        rank.append((sacrifice, pain, len(produces)))
        spare = spares.get(produces)
        if spare is None:
            spare = spares[produces] = _spare(produces, plenty)
        generic_rank.append((sacrifice, pain, len(produces), -spare))
    places = range(len(sources))
    srcs = list(map(sources.__getitem__, sorted(places, key=_numbered(rank, which).__getitem__)))
    generic_srcs = list(map(sources.__getitem__, sorted(places, key=_numbered(generic_rank, which).__getitem__)))
    sizes: dict[int, int] = dict(Counter(filter(None, map(_GROUP, sources))))
    return srcs, generic_srcs, plenty, sizes, frozenset(), spares


def _numbered(rank: list[tuple[Any, ...]], which: list[int]) -> list[int]:
    """Each source's sort key as a number: the place of its kind's key (rank[which[i]]) among
    the kinds' keys (equal keys, one number). Numbers compare in C without a tuple's
    comparisons: the sort gives the order the keys themselves give."""
    place = {key: i for i, key in enumerate(sorted(set(rank)))}
    return list(map([place[key] for key in rank].__getitem__, which))


_KIND = attrgetter("sacrifice", "pain", "produces")
_GROUP = attrgetter("group")


def sorted_plainly(sources: list[Source]) -> Orders:
    """The orders `_sorted` makes, sorted source by source (the tests compare the two)."""
    srcs = sorted(sources, key=lambda s: (s.sacrifice, s.pain, len(s.produces)))
    plenty: dict[str, int] = {}
    for s in sources:
        for c in s.produces:
            plenty[c] = plenty.get(c, 0) + 1
    spares: dict[tuple[str, ...], int] = {}

    def spare(s: Source) -> int:
        got = spares.get(s.produces)
        if got is None:
            got = spares[s.produces] = _spare(s.produces, plenty)
        return got
    generic_srcs = sorted(sources, key=lambda s: (s.sacrifice, s.pain, len(s.produces), -spare(s)))
    sizes: dict[int, int] = {}
    for s in sources:
        if s.group:
            sizes[s.group] = sizes.get(s.group, 0) + 1
    return srcs, generic_srcs, plenty, sizes, frozenset(), spares


def orders_stale(sources: list[Source]) -> str | None:
    """For engine/cache_check.py: how the orders a payment walks this list in (kept, or made
    from another list's, _derived_orders) differ from those sorted from scratch, or None."""
    kept, made = orders(sources), sorted_plainly(list(sources))
    walked = [([id(s) for s in o[0] if id(s) not in o[4]], [id(s) for s in o[1] if id(s) not in o[4]],
               {c: n for c, n in o[2].items() if n}, {g: n for g, n in o[3].items() if n}) for o in (kept, made)]
    if walked[0] == walked[1]:
        return None
    return f"payment orders of {len(sources)} sources: kept {walked[0]!r}, sorted {walked[1]!r}"


def made_from(left: list[Source], sources: list[Source], gone: list[int]) -> None:
    """`left` is `sources` without those at `gone` (a tap, mana_lists.without_tapped): its orders
    are made from those of `sources` if asked (_derived_orders)."""
    if len(_MADE_FROM) > 64:
        _MADE_FROM.clear()
    _MADE_FROM[id(left)] = (left, len(left), sources, gone)


def _remember_orders(sources: list[Source], got: Orders) -> None:
    _ORDERS[0], _ORDERS[1], _ORDERS[2] = sources, got, len(sources)
    if len(_KNOWN) > 64:
        _KNOWN.clear()
    _KNOWN[id(sources)] = (sources, len(sources), got)


def _spare(produces: tuple[str, ...], plenty: dict[str, int]) -> int:
    """How many sources make the scarcest colour a source of this kind makes (colourless: no
    colour is short of it; none: nothing)."""
    return min((1 << 30) if c == "C" else plenty[c] for c in produces) if produces else 0


def _derived_orders(sources: list[Source], gone: list[int]) -> Orders | None:
    """The orders of the list made from `sources` without those at `gone` (without_tapped),
    made without sorting when those of `sources` are known: the same lists with the gone
    Sources passed over. For coloured symbols the order reads nothing but each source; for
    generic mana it reads how many sources make each colour (_spare), which the gone ones
    lower: kept only if every two kinds of source compare as they did (the lists were sorted
    stably, and the new list keeps the order of `sources`, so sorting it again would give the
    same order). None: to be sorted."""
    was = _KNOWN.get(id(sources))
    if was is None or was[0] is not sources or was[1] != len(sources):
        return None
    srcs, generic_srcs, plenty, sizes, skip, spares = was[2]
    plenty = dict(plenty)
    sizes = dict(sizes)
    for i in gone:
        s = sources[i]
        for c in s.produces:
            plenty[c] -= 1
        if s.group:
            sizes[s.group] -= 1
    lowered = {c for i in gone for c in sources[i].produces}
    now = dict(spares)
    changed = []
    for kind in spares:
        if not lowered.isdisjoint(kind):
            spare = now[kind] = _spare(kind, plenty)
            if spare != spares[kind]:
                changed.append(kind)
    for x in changed:  # (the sort key compares the spares of kinds making as many colours)
        for y in spares:
            if len(x) == len(y) and (spares[x] < spares[y], spares[x] == spares[y]) != (now[x] < now[y],
                                                                                        now[x] == now[y]):
                return None  # (generic mana would take them in another order: sorted again)
    return srcs, generic_srcs, plenty, sizes, skip | {id(sources[i]) for i in gone}, now
