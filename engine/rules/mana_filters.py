"""Mana abilities that cost mana in a payment (filter mana: a Signet's "{1}, {T}: Add {G}{U}.",
a filter land's "{B/R}, {T}: Add {B}{B}, {B}{R}, or {R}{R}."). CR 601.2g-h: while paying a cost
the player may activate mana abilities; CR 605.3a-b, 602.2b: such an ability's own cost is paid
as it is activated — from the pool or with other mana abilities activated first — and its mana
is then in the pool. So a payment may activate them one after another, each one's cost paid
from what the pool and the sources hold at that moment (no cycles: a permanent tapped once).

The search (`solve_filters`) is exact: at each point it tries the payment with the plain search
(engine/rules/mana.py plan_payment) and otherwise every filter ability not yet used (alike ones
once), every way of paying its cost (alike mana once) and every combination of mana it may make.
It ends because each step taps a permanent for good; positions reached twice by another order
are not searched again. Mana made with a spending restriction (CR 106.6) pays no cost of a
filter ability, so such sources and pool mana are not offered for one; a filter ability whose
own mana is restricted is not listed (mana_sources.sources_tapping; no card of the pool has
one); creatures tapped for convoke pay for the spell only (CR 702.51a). A filter land tapped
while triggered mana abilities trigger makes their mana too, each of a type it produced
(`lands`, CR 106.12a, 605.1b). Combined with a permanent's other mana abilities (payment's
Alternatives) and with creatures tapped for mana first (mana_sources.tap_first) by
engine/rules/mana_mixed.py."""
from __future__ import annotations

from collections import Counter
from itertools import product
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.rules import mana_triggers
from engine.rules.carddef import Activated
from engine.rules.damage import permanent_source
from engine.rules.mana import MANA_TYPES, Cost, parse_cost, plan_payment
from engine.rules.mana_orders import orders
from engine.rules.mana_sources import usable_mana
from engine.rules.payment_source import Alternative, Source

if TYPE_CHECKING:
    from engine.rules.context import Context


class Step(NamedTuple):
    """One filter ability activated during a payment: the mana its cost takes from the pool
    (plain entries by colour) and the sources tapped for it [(permanent, colour)] with their
    ability indexes, then the ability itself and the mana it makes ("GU")."""
    pool: dict[str, int]
    used: list[tuple[int, str]]
    abilities: dict[int, int]
    obj: int
    ability: int
    made: str
    # the mana triggered mana abilities add as a land is tapped for it (CR 605.1b), one type a
    # trigger, in the order they resolve (mana_triggers.land_adds; its amount each)
    more: str = ""
    # a permanent tapped for mana first, no filter ability (mana_sources.tap_first): `ability`
    # is unused, its usable mana ability making `made` is activated
    first: bool = False


def is_filter(alt: Alternative) -> bool:
    """Whether an Alternative is a mana ability with a mana cost (listed by sources_tapping)."""
    return bool(alt[3].cost)


def _needs(cost: Cost) -> list[tuple[str, ...]]:
    """A filter ability's cost as the colours each symbol takes ({B/R}: B or R; generic: any)."""
    out: list[tuple[str, ...]] = [(c,) for c in cost.colored]
    out += [(b,) if a.isdigit() else (a, b) for a, b in cost.hybrid]
    return out + [MANA_TYPES] * cost.generic


def solve_filters(cost: Cost, pool: dict[str, int], free: dict[str, int], sources: list[Source],
                  filters: list[Alternative], without: int | None, must: frozenset[int] = frozenset(),
                  plain_fails: bool = False, lands: "dict[int, tuple[int, ...]] | None" = None
                  ) -> tuple[list[Step], dict[str, int], list[tuple[int, str]], list[Source]] | None:
    """A payment of `cost` that activates filter abilities first: (the steps in order, the mana
    the cost then takes from the pool, the sources it taps, the sources it was found among), or
    None if there is none. `pool`: the pool as the cost may use it; `free`: its plain mana (what
    a filter ability's cost may use); `without`: a permanent tapped for the cost itself;
    `must`: only a payment that taps each of these permanents, for mana or for a filter
    ability (the sources `pay` names: each of them pays); `plain_fails`: the caller knows the
    payment without filter abilities fails (not tried again); `lands`: the filter permanents
    that are lands when triggered mana abilities add mana as a land is tapped for mana, with
    what each of those adds (mana_triggers.land_adds, CR 605.1b)."""
    filters = [f for f in filters if f[0] != without]
    if not filters:
        return None
    lands = lands or {}
    # (bounds first, as plan_payment's: the orders' counts of what the sources make, kept per list)
    plenty = orders(sources)[2]
    for c in set(cost.colored):  # a colour needed more often than anything could make it
        if cost.colored.count(c) > pool.get(c, 0) + plenty.get(c, 0) \
                + sum(max(m.count(c) + (sum(lands.get(f[0], ())) if c in m else 0) for m in f[3].mana)
                      for f in filters):
            return None
    gain = sum(max(0, max(len(m) for m in f[3].mana) + sum(lands.get(f[0], ())) - len(_needs(parse_cost(f[3].cost))))
               for f in filters)
    n = len(cost.colored) + len(cost.hybrid) + cost.generic
    if n > sum(pool.values()) + len(sources) + gain:
        return None  # (not enough mana even if every filter ability added its most)
    seen: set[Any] = set()
    steps: list[Step] = []

    def search(pool: dict[str, int], free: dict[str, int], sources: list[Source], left: list[Alternative]
               ) -> tuple[dict[str, int], list[tuple[int, str]], list[Source]] | None:
        key = (tuple(sorted(pool.items())), tuple(sorted(free.items())), tuple(sorted(map(id, sources))),
               tuple(sorted((f[0], f[2]) for f in left)))
        if key in seen:
            return None
        seen.add(key)
        got = plan_payment(cost, pool, sources, without) if steps or not plain_fails else None
        if got is not None and must and not must <= {o for o, _ in got[1]} | {o for st in steps for o, _ in st.used} \
                | {st.obj for st in steps}:
            got = None  # (a named source left out: tried further)
        if got is not None:
            return got[0], got[1], sources
        alike: set[Any] = set()
        for f in left:
            oid, name, index, ab = f
            sig = (name, index, id(ab), tuple((s.produces, s.ability) for s in sources if s.obj == oid))
            if sig in alike:
                continue
            alike.add(sig)
            # (its permanent tapped or sacrificed: its other abilities that need that are gone)
            rest = [o for o in left if o is not f and not (o[0] == oid and (ab.sacrifice or ab.tap and o[3].tap))]
            mine = [s for s in sources if not (s.obj == oid and (ab.sacrifice or ab.tap and s.tap))]
            for paid in _payments(_needs(parse_cost(ab.cost)), free, mine, oid, without, rest):
                p2, f2, s2, r2, used, abilities, from_pool = _after(pool, free, mine, rest, paid)
                for made in dict.fromkeys(ab.mana):
                    for more in trigger_types(made, lands.get(oid, ()) if ab.tap else ()):
                        p3, f3 = dict(p2), dict(f2)
                        for c in made + "".join(x * n for x, n in zip(more, lands.get(oid, ()))):
                            p3[c] = p3.get(c, 0) + 1
                            f3[c] = f3.get(c, 0) + 1
                        steps.append(Step(from_pool, used, abilities, oid, index, made, more))
                        found = search(p3, f3, s2, r2)
                        if found is not None:
                            return found
                        steps.pop()
        return None

    found = search(dict(pool), dict(free), list(sources), list(filters))
    return (list(steps), *found) if found is not None else None


def trigger_types(made: str, adds: tuple[int, ...]) -> list[str]:
    """Every choice of type for the triggered mana abilities that add `adds` mana each as a
    land that made `made` is tapped for mana ("one mana of any type that land produced", CR
    605.1b), one type each, in their order; choices adding the same mana once. [""]: none."""
    out: dict[tuple[tuple[str, int], ...], str] = {}
    for types in product(sorted(set(made), key="WUBRGC".index), repeat=len(adds)):
        got: Counter[str] = Counter()
        for x, n in zip(types, adds):
            got[x] += n
        out.setdefault(tuple(sorted(got.items())), "".join(types))
    return list(out.values())


# a way of paying a filter ability's cost: [(a pool colour, None) or (colour, the Source)]
_Paid = list[tuple[str, "Source | None"]]


def _payments(needs: list[tuple[str, ...]], free: dict[str, int], sources: list[Source], oid: int,
              without: int | None, filters: list[Alternative]) -> list[_Paid]:
    """Every way of paying these symbols from the plain pool and the sources (alike mana once:
    a pool colour, or a source like one tried already for the same symbol). A source of the
    filter's own permanent or of `without` is not used; restricted mana (CR 106.6) and convoke
    (CR 702.51a: for spells only) pay no ability's cost."""
    out: list[_Paid] = []
    per = Counter(s.obj for s in sources)
    others = {f[0] for f in filters}
    plain_ids = {id(s) for s in sources if per[s.obj] == 1 and s.obj not in others and s.tap
                 and not (s.sacrifice or s.group or s.pain or s.spend or s.convoke)}

    def pick(i: int, free: dict[str, int], taken: list[tuple[str, Source | None]]) -> None:
        if i == len(needs):
            out.append(list(taken))
            return
        need = needs[i]
        for c in need:
            if free.get(c, 0) > 0:
                free[c] -= 1
                taken.append((c, None))
                pick(i + 1, free, taken)
                taken.pop()
                free[c] += 1
        tried: set[Any] = set()
        used = {id(s) for _, s in taken if s is not None}
        usable = [s for s in sources if s.obj not in (oid, without) and not s.spend and not s.convoke
                  and id(s) not in used and any(c in need for c in s.produces)]
        # a plain source (one {T} mana of one of its colours, painless, no sacrifice or group,
        # the only source of its permanent, which has no filter ability left) whose colours include all of another's (or of pool mana still
        # there) is not tried: any payment using it for this symbol is one using the other here
        # and it where the other was used
        plain = [set(s.produces) for s in usable if id(s) in plain_ids]
        plain += [{c} for c in need if free.get(c, 0) > 0]
        for s in usable:
            if id(s) in plain_ids and any(o < set(s.produces) for o in plain):
                continue
            for c in s.produces:
                if c not in need:
                    continue
                sig = (s.name, s.produces, s.ability, s.group, s.sacrifice, c)
                if sig in tried:
                    continue
                tried.add(sig)
                taken.append((c, s))
                pick(i + 1, free, taken)
                taken.pop()
    pick(0, dict(free), [])
    return out


def _after(pool: dict[str, int], free: dict[str, int], sources: list[Source], left: list[Alternative],
           paid: _Paid) -> tuple[dict[str, int], dict[str, int], list[Source], list[Alternative],
                                 list[tuple[int, str]], dict[int, int], dict[str, int]]:
    """The pool, plain pool, sources and filter abilities left once a cost is paid this way:
    a permanent tapped or sacrificed for mana makes all its ability's mana (CR 106.4), and what
    the cost does not take goes to the pool (of the colour it was made of: one activation, one
    type, CR 106.1b); its other abilities with {T} are gone with the tap."""
    pool, free = dict(pool), dict(free)
    from_pool: dict[str, int] = {}
    used: list[tuple[int, str]] = []
    abilities: dict[int, int] = {}
    gone = {id(s) for _, s in paid if s is not None}
    tapped: set[int] = set()
    sacrificed: set[int] = set()
    for c, s in paid:
        if s is None:
            pool[c] -= 1
            free[c] -= 1
            from_pool[c] = from_pool.get(c, 0) + 1
            continue
        used.append((s.obj, c))
        if s.ability:
            abilities[s.obj] = s.ability
        # the other mana of the same activation (a group's of the same colour) floats
        for o in sources:
            if o.obj == s.obj and o.ability == s.ability and id(o) not in gone:
                gone.add(id(o))
                x = c if s.group else o.produces[0]
                pool[x] = pool.get(x, 0) + 1
                free[x] = free.get(x, 0) + 1
        if s.tap:
            tapped.add(s.obj)
        if s.sacrifice:
            sacrificed.add(s.obj)
    kept = [o for o in sources if id(o) not in gone and o.obj not in sacrificed and not (o.obj in tapped and o.tap)]
    rest = [f for f in left if f[0] not in sacrificed and not (f[0] in tapped and f[3].tap)]
    return pool, free, kept, rest, used, abilities, from_pool


def activate(g: "Context", player: int, step: Step) -> None:
    """A filter ability of a payment activated once its cost is paid (CR 605.3a-b): its
    permanent tapped (and what else the ability does), its mana added to the pool; a land
    tapped so then triggers the triggered mana abilities (CR 106.12a, 605.1b, 605.4a), each
    adding the type the step chose. A `first` step: the permanent's usable mana ability making
    that mana activated (mana_sources.tap_first)."""
    obj = g.st.objects[step.obj]
    ab: Activated | None
    if step.first:
        ab = next((m for m in usable_mana(g, obj, g.chars(step.obj)) if any(step.made[0] in x for x in m.mana)), None)
    else:
        d = g.chars(step.obj).defn
        ab = d.mana_abilities()[step.ability] if d is not None else None
    assert ab is not None
    if ab.tap:
        g.update(step.obj, tapped=True)
    pool = g.st.players[player].mana
    for c in step.made:
        pool[c] = pool.get(c, 0) + 1
    g.event("mana", player=g.pname(player), card=obj.name, mana=step.made)
    if ab.counter:
        g.add_counters(step.obj, ab.counter, 1)
    if ab.damage:  # (CR 605.3b: part of the mana ability)
        g.damage(permanent_source(g, step.obj), {"player": player}, ab.damage)
    if ab.tap and g.is_type(step.obj, "Land"):
        # (no type chosen: a trigger the search did not count adds the first type, which floats)
        for c in mana_triggers.land_tapped_for_types(g, player, step.obj, step.more or step.made[0]):
            pool[c] = pool.get(c, 0) + 1
    if ab.sacrifice:
        g.sacrifice(step.obj)
