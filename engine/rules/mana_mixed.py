"""Filter mana (engine/rules/mana_filters.py) searched together with the payment's other ways
of making mana (CR 601.2g-h: the player activates mana abilities in the order they choose,
each one's own cost paid as it is activated, CR 605.3a-b): a permanent's other mana ability
making another amount (an Alternative: "{T}: Add two mana of any one color." next to "one mana of any color"),
the triggered mana abilities that add mana as a land is tapped for mana — a filter land's
too (CR 106.12a, 605.1b) — and a creature tapped for mana first so that they trigger
(mana_sources.tap_first: a creature whose triggered mana ability asks "if this creature is
tapped", given "{T}: Add one mana of any color.").

Each search is exact and bounded by the choices it makes: every choice of the other mana
abilities (each permanent one of its abilities; "two mana of any one color" of each colour
something in the payment names, and one more), every colour the creatures tapped first make
(those named, and one more: the others pay only generic mana, as it does), then the filter
search, itself exact. A filter ability whose own mana is restricted (CR 106.6) is still not
searched: no card of the pool has one (mana_sources.sources_tapping leaves it out)."""
from __future__ import annotations

from dataclasses import astuple, replace
from typing import TYPE_CHECKING, Any, Iterator

from engine.rules import mana_triggers
from engine.rules.convoke_sources import CONVOKE
from engine.rules.mana import Cost, parse_cost
from engine.rules.mana_filters import Step, is_filter, solve_filters
from engine.rules.mana_sources import combo, usable_mana
from engine.rules.payment_source import Alternative, Source

if TYPE_CHECKING:
    from engine.rules.context import Context

# what a search finds: (the filter steps, the mana the cost takes from the pool, the sources
# tapped for it, the sources it was found among)
Found = tuple[list[Step], dict[str, int], list[tuple[int, str]], list[Source]]


def trials(cost: Cost, sources: list[Source], alts: list[Alternative], without: int | None,
            named: "set[str] | frozenset[str]" = frozenset(), every: "list[Alternative] | None" = None
            ) -> Iterator[tuple[list[Source], set[int]]]:
    """The sources with some permanents tapped for another of their mana abilities (the
    Alternatives other than filter abilities, one of each permanent: it is tapped for one),
    each choice once, and those permanents; `named`: colours something else of the payment
    names (a filter ability's cost), also chosen for "two mana of any one color". Alike
    permanents (the same sources and Alternatives, their ids aside) are one class: their
    choices are tried once whichever of them makes which (_ascending), so many alike ones cost
    the combinations, not the product. `every`: all the permanents' Alternatives (filter
    abilities too) when `alts` are only some: alike ones have alike ones of those too."""
    named = set(named) | set(cost.colored) | {c for pair in cost.hybrid for c in pair}
    # each permanent's options: none, then its entries' (the last entry's first: the order a
    # product over the entries, at most one of each permanent, tried them in)
    per: dict[int, list[Any]] = {}
    for oid, name, index, ab in alts:
        if oid == without or ab.cost:  # (a mana ability with a mana cost: mana_filters.py)
            continue
        if index == CONVOKE:  # the creature tapped for convoke instead of for mana (CR 702.51a)
            mine = [(oid, [Source(oid, name, ab.mana, convoke=True)])]
        else:
            picks: list[tuple[str, ...]] = [ab.mana]
            if ab.amount > 1 and len(ab.mana) > 1:  # "two mana of any one color": the colour is chosen
                colours = [c for c in ab.mana if c in named] + [next((c for c in ab.mana if c not in named), "")]
                picks = [(c,) for c in colours if c]
            mine = [(oid, [Source(oid, name, got, ab.sacrifice, spend=ab.spend_only, ability=index)
                           for _ in range(ab.amount)]) for got in picks]
        per.setdefault(oid, [None])[1:1] = mine
    if not per:
        return
    own: dict[int, list[Any]] = {}  # (what the payment sees of each permanent, its id aside)
    for s in sources:
        if s.obj in per:
            own.setdefault(s.obj, []).append(astuple(replace(s, obj=0, group=bool(s.group))))
    for a in alts if every is None else every:
        if a[0] in per:
            own.setdefault(a[0], []).append((a[1], a[2], id(a[3])))
    oids = list(per)
    options = [per[o] for o in oids]
    for picked in _ascending([len(x) for x in options], [tuple(own[o]) for o in oids]):
        chosen = [options[i][j] for i, j in enumerate(picked) if j]
        if not chosen:
            continue
        used = {oid for oid, _ in chosen}
        yield [s for s in sources if s.obj not in used] + [s for _, more in chosen for s in more], used


def _ascending(sizes: list[int], kinds: list[Any]) -> Iterator[tuple[int, ...]]:
    """The choices of product(*map(range, sizes)), in its order, that pick for alike entries
    (the same kind) ascending option indexes: any other choice is one of these with alike
    permanents swapped, which pays alike (so the first choice that pays is the one the
    product's order would find first)."""
    last: dict[Any, int] = {}
    picked: list[int] = []

    def walk(i: int) -> Iterator[tuple[int, ...]]:
        if i == len(sizes):
            yield tuple(picked)
            return
        kind = kinds[i]
        was = last.get(kind)
        for j in range(was or 0, sizes[i]):
            last[kind] = j
            picked.append(j)
            yield from walk(i + 1)
            picked.pop()
        if was is None:
            del last[kind]
        else:
            last[kind] = was
    return walk(0)


def _named(cost: Cost, filters: list[Alternative]) -> set[str]:
    """The colours the cost and the filter abilities' costs name (their hybrid symbols' too)."""
    out = set(cost.colored) | {c for pair in cost.hybrid for c in pair if not c.isdigit()}
    for f in filters:
        fc = parse_cost(f[3].cost)
        out |= set(fc.colored) | {c for pair in fc.hybrid for c in pair if not c.isdigit()}
    return out


def filter_lands(g: "Context", filters: list[Alternative], first: tuple[int, ...] = ()) -> dict[int, tuple[int, ...]]:
    """The filter permanents that are lands, with what each triggered mana ability adds as one
    is tapped for mana (mana_triggers.land_adds; `first`: creatures tapped for mana first)."""
    adds = mana_triggers.land_adds(g, first)
    if not adds:
        return {}
    return {f[0]: adds for f in filters if f[3].tap and g.is_type(f[0], "Land")}


def filters_mixed(g: "Context", cost: Cost, pool: dict[str, int], raw: dict[str, int], sources: list[Source],
                  alts: list[Alternative], without: int | None, first: tuple[int, ...] = (),
                  plain_fails: bool = True, must: frozenset[int] = frozenset()) -> Found | None:
    """A payment activating filter abilities, the sources as they are and then with each
    choice of the other Alternatives (trials); `plain_fails`: the payment without filter
    abilities is known to fail for each of these (payment.solve tried them); `must`: as
    solve_filters'."""
    filters = [a for a in alts if is_filter(a)]
    if not filters:
        return None
    free = {k: v for k, v in raw.items() if ":" not in k}  # (restricted mana pays no ability's cost)
    lands = filter_lands(g, filters, first)
    got = solve_filters(cost, pool, free, sources, filters, without, must, plain_fails=plain_fails, lands=lands)
    if got is not None or len(filters) == len(alts):
        return got
    others = [a for a in alts if not is_filter(a)]
    for trial, chosen in trials(cost, sources, others, without, _named(cost, filters), alts):
        got = solve_filters(cost, pool, free, trial, [f for f in filters if f[0] not in chosen], without,
                            must, plain_fails=plain_fails, lands=lands)
        if got is not None:
            return got
    return None


def filters_first(g: "Context", player: int, cost: Cost, pool: dict[str, int], raw: dict[str, int],
                  sources: list[Source], alts: list[Alternative], first: tuple[int, ...],
                  without: int | None, must: frozenset[int] = frozenset()) -> Found | None:
    """A payment that taps the creatures of `first` for mana first (mana_sources.tap_first:
    `sources` and `alts` are found as if they were tapped, the lands making more), their mana
    in the pool, then activates filter abilities (filters_mixed): the first steps, then the
    filter steps. `must`: permanents each of which the payment taps (the sources `pay`
    names, mana_filters.solve_filters)."""
    if not any(is_filter(a) for a in alts):
        return None
    named = _named(cost, [a for a in alts if is_filter(a)])
    free = {k: v for k, v in raw.items() if ":" not in k}
    rest = [s for s in sources if s.obj not in first]
    left = [a for a in alts if a[0] not in first]
    options = [_first_mana(g, oid, named) for oid in first]
    # (alike creatures, the same name and mana, once per combination of what they make)
    kinds = [(g.st.objects[oid].name, tuple(o)) for oid, o in zip(first, options)]
    for picked in _ascending([len(o) for o in options], kinds):
        made = [o[j] for o, j in zip(options, picked)]
        p2, f2 = dict(pool), dict(free)
        for m in made:
            for c in m:
                p2[c] = p2.get(c, 0) + 1
                f2[c] = f2.get(c, 0) + 1
        got = filters_mixed(g, cost, p2, f2, rest, left, without, first, plain_fails=False,
                            must=must - frozenset(first))
        if got is not None:
            pre = [Step({}, [], {}, oid, 0, m, first=True) for oid, m in zip(first, made)]
            return pre + got[0], got[1], got[2], got[3]
    return None


def _first_mana(g: "Context", oid: int, named: set[str]) -> list[str]:
    """The mana a creature tapped first may make (its usable mana abilities with {T}, as
    tap_first asks): of each colour `named` holds, and one other (it pays generic mana only,
    as any other would)."""
    obj = g.st.objects[oid]
    out: list[str] = []
    for ab in usable_mana(g, obj, g.chars(oid)):
        if not ab.tap or ab.sacrifice or ab.life:
            continue
        both = combo(ab)
        if both:
            out.append(both)
            continue
        n = ab.amount_now(g, obj)
        colours = [c for c in ab.mana if c in named] + [next((c for c in ab.mana if c not in named), "")]
        out += [c * n for c in colours if c]
    return list(dict.fromkeys(out))
