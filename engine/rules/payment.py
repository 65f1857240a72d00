"""Paying for spells and abilities (CR 601.2g-h, 118): whether a cost can be paid and how it is paid,
with the mana sources of engine/rules/mana_sources.py (CR 605).
engine/rules/casting.py casts, engine/rules/activation.py activates; the mana symbols' search is
engine/rules/mana.py.
"""
from __future__ import annotations

from dataclasses import astuple, replace
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.rules import mana_triggers
from engine.actions import IllegalActionError
from engine.rules.mana import (NO_PURPOSES, Cost, can_plan, parse_cost, plan_payment, pool_key, pool_keys,
                               usable_pool)
from engine.rules.payment_source import Source
from engine.rules.mana_filters import Step, activate as activate_filter, is_filter, solve_filters
from engine.rules.mana_mixed import filter_lands, filters_first, filters_mixed, trials
from engine.rules.mana_lists import owned_entries
from engine.rules.damage import permanent_source
# (the mana sources' names other modules import from here)
from engine.rules.mana_sources import SACRIFICERS
from engine.rules.mana_taps import SEARCHED, mana_changed as mana_changed, refuse
from engine.rules.convoke_sources import (CONVOKE as CONVOKE, convoke_alternatives as convoke_alternatives,
                                          convoke_colours as convoke_colours, convoke_sources as convoke_sources,
                                          has_convoke as has_convoke)
from engine.rules.mana_sources import (ANY_COLOR as ANY_COLOR,
                                       GRANTED_MANA as GRANTED_MANA, Alternative as Alternative,
                                       combo as combo,
                                       makes_restricted_mana as makes_restricted_mana,
                                       mana_ability as mana_ability,
                                       mana_colours as mana_colours, mana_sources as mana_sources,
                                       player_mana as player_mana,
                                       sources_and_alternatives as sources_and_alternatives,
                                       sources_kept as sources_kept, sources_tapping as sources_tapping, tap_first,
                                       usable_mana as usable_mana)

# the names other modules import from here (defined in the modules this one joins)
__all__ = ['ANY_COLOR', 'CONVOKE', 'GRANTED_MANA', 'Alternative', 'combo', 'convoke_alternatives',
           'convoke_colours', 'convoke_sources', 'has_convoke', 'makes_restricted_mana', 'mana_ability',
           'mana_changed', 'mana_colours', 'mana_sources', 'player_mana', 'sources_and_alternatives',
           'sources_kept', 'sources_tapping', 'usable_mana']

if TYPE_CHECKING:
    from engine.rules.context import Context


def _with_alternatives(cost: Cost, pool: dict[str, int], sources: list[Source], alts: list[Alternative],
                       without: int | None) -> tuple[Any, list[Source]] | None:
    """A payment that taps some permanents for their other mana ability (an Alternative):
    every choice of ability — and of the one colour of "two mana of any one color", among the
    colours the cost names and one more for generic mana — is tried (CR 601.2g)."""
    for trial, _ in trials(cost, sources, alts, without):
        got = plan_payment(cost, pool, trial, without)
        if got is not None:
            return got, trial
    return None


class Payment(NamedTuple):
    """How a cost is paid (CR 601.2g-h): the mana taken from the pool (by pool entry), the
    mana abilities activated as [(permanent, colour)] — and the creatures tapped for convoke,
    each with what it pays for ("1": generic mana) — and for a permanent tapped for another of
    its mana abilities than the first, which (its index among them)."""
    pool: dict[str, int]
    used: list[tuple[int, str]]
    abilities: dict[int, int]
    # permanents whose mana abilities are activated before the others' (a mana trigger
    # tapped for mana first, so that the lands make more: mana_sources.tap_first)
    first: tuple[int, ...] = ()
    # the creatures among `used` tapped for convoke: they pay instead of mana and make none
    # (CR 702.51a), whatever mana abilities they have
    convoke: tuple[int, ...] = ()
    # mana abilities with a mana cost activated first, in order, each one's cost paid as the
    # step says (CR 601.2g-h, 605.3a-b; engine/rules/mana_filters.py): their mana is in the pool
    # that `pool` takes from; before them, with filter mana, the creatures tapped for mana first
    # (Step.first: engine/rules/mana_mixed.py filters_first, `first` then empty)
    steps: tuple[Step, ...] = ()


def solve(g: "Context", player: int, cost: Cost, purposes: frozenset[str], exclude: set[int],
          without: int | None, convoke: bool, plain_fails: bool = False
          ) -> tuple[Any, list[Source], tuple[int, ...], tuple[Step, ...]] | None:
    """The one search for a payment for these purposes (CR 106.6, 601.2g-h): the pool mana and
    the sources that may pay for them, and where that fails, the mana abilities other than
    the ones the sources count (Alternative); then the mana abilities with a mana cost (filter
    mana), alone and with each choice of Alternatives (engine/rules/mana_mixed.py); where that
    fails too, tapping first for mana the permanents whose triggered mana abilities then make
    the lands add more (tap_first) — with the sources alone, with Alternatives, with filter mana.
    `plain_fails`: the caller knows the first step finds nothing (can_pay asked can_plan)."""
    pool = usable_pool(g.st.players[player].mana, purposes)
    sources, alts = sources_kept(g, player, exclude, purposes, convoke)
    got = None if plain_fails else plan_payment(cost, pool, sources, without)
    if got is not None:
        return got, sources, (), ()
    found = _with_alternatives(cost, pool, sources, alts, without) if alts else None
    if found is not None:
        return found[0], found[1], (), ()
    raw = g.st.players[player].mana
    # filter abilities, alone and with each choice of the other abilities (engine/rules/mana_mixed.py)
    steps = filters_mixed(g, cost, pool, raw, sources, alts, without) if alts else None
    if steps is not None:
        return (steps[1], steps[2]), steps[3], (), tuple(steps[0])
    first = tap_first(g, player, exclude | ({without} if without is not None else set()))
    if not first:
        return None
    more, more_alts = _kept_first(g, player, exclude, purposes, convoke, first)
    got = plan_payment(cost, pool, more, without)
    if got is not None:
        return got, more, first, ()
    if any(not is_filter(a) for a in more_alts):  # (a permanent's other mana ability, after them)
        found = _with_alternatives(cost, pool, more, more_alts, without)
        if found is not None:
            return found[0], found[1], first, ()
    # the creatures tapped first, then filter abilities (their lands making more too)
    steps = filters_first(g, player, cost, pool, raw, more, more_alts, first, without) if more_alts else None
    return ((steps[1], steps[2]), steps[3], (), tuple(steps[0])) if steps is not None else None


# the memo's entries of the sources and Alternatives as if `first` were tapped for mana first
# (mana_sources.tap_first): (FIRST, purposes, exclude, convoke, first) -> (sources, Alternatives)
FIRST = "first"


def _kept_first(g: "Context", player: int, exclude: set[int], purposes: frozenset[str], convoke: bool,
                first: tuple[int, ...]) -> tuple[list[Source], list[Alternative]]:
    """The sources and Alternatives as if `first` were tapped for mana first, kept in p's mana
    memo (FIRST entries, checked by first_sources_stale)."""
    key = (FIRST, purposes, frozenset(exclude) if exclude else None, convoke, first)
    memo = player_mana(g, player)
    kept: tuple[list[Source], list[Alternative]] | None = memo.get(key)
    if kept is None:
        kept = memo[key] = _sources_first(g, player, exclude, purposes, convoke, first)
    return kept


def _sources_first(g: "Context", player: int, exclude: set[int], purposes: frozenset[str], convoke: bool,
                   first: tuple[int, ...]) -> tuple[list[Source], list[Alternative]]:
    more, alts = sources_tapping(g, player, exclude, purposes, first)
    if convoke:
        more = more + convoke_sources(g, player, more, exclude)
    return more, alts


def first_sources_stale(g: "Context", fresh: "Context", p: int) -> str | None:
    """What is wrong with p's kept sources for payments tapping permanents first (solve's
    FIRST entries) against those `fresh` (a copy of the game with empty caches) makes, or None
    (engine/cache_check.py)."""
    for key, kept in list(player_mana(g, p).items()):
        if type(key) is tuple and key[0] == FIRST:
            _, purposes, exclude, convoke, first = key
            made = _sources_first(fresh, p, set(exclude or ()), purposes, convoke, first)
            if kept != made:
                return f"sources tapping {first} first of player {p}: cached {kept!r}, made {made!r}"
    return None


def can_pay(g: "Context", p: int, cost: "str | Cost", purposes: frozenset[str] = NO_PURPOSES,
            without: int | None = None, convoke: bool = False) -> bool:
    """Whether p can pay this cost now, for these purposes (what it is for, CR 106.6), not
    tapping `without` (a permanent tapped for the cost itself) — the question the legal-action
    listing asks (engine/rules/listing.py); plan() pays by the same search."""
    cost_ = parse_cost(cost) if isinstance(cost, str) else cost
    raw = g.st.players[p].mana
    # the answer holds while the sources and the pool stay as they are: g.mana_memo is emptied
    # by every change of position and of tapped status, and the pool is part of the key
    key = ("can_pay", id(cost_), purposes, without, convoke, tuple(raw.items()) if raw else ())
    memo = player_mana(g, p)
    got: tuple[Cost, bool] | None = memo.get(key)
    if got is not None and got[0] is cost_:
        return got[1]
    pool = usable_pool(raw, purposes)
    sources, alts = sources_kept(g, p, set(), purposes, convoke)
    more = bool(alts) or mana_triggers.present(g)
    # the other mana abilities are only ones with a mana cost (mana_filters.py): they come after
    # the others a permanent has and before the convoke ones (sources_tapping, with_convoke)
    filtered = without is not None and more and bool(alts) and is_filter(alts[0]) and is_filter(alts[-1]) \
        and not mana_triggers.present(g)
    if without is not None and (not more or filtered):
        # the answer is can_plan's alone (and the filter abilities' search's, which leaves out
        # the same sources and `without`'s own filter abilities), and that depends on what
        # `without`'s sources make (and which filter abilities it has), not on which permanent
        # it is (mana.can_plan): the crowded board's two hundred permanents tapped for their
        # own costs ask a few questions, not two hundred
        owned: Any = owned_entries(sources, without)
        if filtered:
            owned = (owned, tuple((a[2], id(a[3])) for a in alts if a[0] == without))
        key_ = ("can_pay_without", id(cost_), purposes, owned, convoke, key[-1])
        was: tuple[Cost, bool] | None = memo.get(key_)
        if was is not None and was[0] is cost_:
            memo[key] = was
            return was[1]
        ok = can_plan(cost_, pool, sources, without)
        made: tuple[Any, ...] = (cost_, ok)
        if not ok and filtered:
            ok = solve(g, p, cost_, purposes, set(), without, convoke, plain_fails=True) is not None
            made = (cost_, ok, SEARCHED)  # (paid with filter abilities: mana_taps._carry_answers)
        if ok:
            memo[key] = memo[key_] = made
        else:  # (kept as a permanent taps: mana_taps._keep_refusals)
            refuse(memo, key, (cost_, ok))
            refuse(memo, key_, (cost_, ok))
        return ok
    if without is not None:
        # (the first step of solve, remembered: its answer too depends on what `without`'s sources
        # make, not on which permanent it is — its other steps read the permanents themselves)
        key_ = ("can_plan_without", id(cost_), purposes, owned_entries(sources, without), convoke, key[-1])
        first: tuple[Cost, bool] | None = memo.get(key_)
        if first is not None and first[0] is cost_:
            ok = first[1]
        else:
            ok = can_plan(cost_, pool, sources, without)
            memo[key_] = (cost_, ok)
    else:
        ok = can_plan(cost_, pool, sources, without)  # (the first step of solve, remembered)
    made = (cost_, ok)
    if not ok and more:  # (its other steps)
        ok = solve(g, p, cost_, purposes, set(), without, convoke, plain_fails=True) is not None
        made = (cost_, ok, SEARCHED)  # (not by the plain search alone: mana_taps._carry_answers)
    if ok:
        memo[key] = made
    else:
        refuse(memo, key, (cost_, ok))
    return ok


def plan(g: "Context", player: int, cost: Cost, exclude: set[int], pay: tuple[int, ...] = (),
         convoke: bool = False, purposes: frozenset[str] = NO_PURPOSES) -> Payment:
    """How to pay `cost` (CR 601.2g-h) for these purposes (CR 106.6: mana from the pool and
    mana sources whose mana may pay for one of them); `pay` names the sources to tap."""
    raw = g.st.players[player].mana
    if pay:
        found = _named(g, player, cost, exclude, pay, convoke, purposes)
    else:
        found = solve(g, player, cost, purposes, exclude, None, convoke)
    if found is None:
        raise IllegalActionError("pay.cannot", cost=str(cost))
    (from_pool, used), sources, first, steps = found
    return payment_of(raw, from_pool, used, sources, first, purposes, steps)


def _named(g: "Context", player: int, cost: Cost, exclude: set[int], pay: tuple[int, ...], convoke: bool,
           purposes: frozenset[str]) -> tuple[Any, list[Source], tuple[int, ...], tuple[Step, ...]] | None:
    """A payment with the sources `pay` names (plan): each of them pays. A named permanent
    whose mana ability has a mana cost (a Signet) is activated during the payment, its cost
    paid from the named sources or the pool (mana_filters.py). Where nothing pays so, the named
    creatures a payment may tap for mana first are tapped first (_named_first)."""
    raw = g.st.players[player].mana
    pool = usable_pool(raw, purposes)
    sources, alts = sources_kept(g, player, exclude, purposes, convoke)
    filters = [a for a in alts if is_filter(a) and a[0] in pay]
    by_id = _by_permanent(sources)
    if any(p not in by_id and not any(f[0] == p for f in filters) for p in pay):
        raise IllegalActionError("pay.bad_source")
    named = [s for p in dict.fromkeys(pay) if p in by_id for s in by_id[p]]
    # CR 601.2g-h: the player chooses how to pay — the named sources first, floating mana
    # only for what they can't cover
    steps: tuple[Step, ...] = ()
    got = plan_payment(cost, {}, named) or plan_payment(cost, pool, named)
    if filters and (got is None or len({oid for oid, _ in got[1]}) < len(set(pay))):
        # (a named permanent with a filter ability: each named one tapped, mana_filters `must`)
        free = {k: v for k, v in raw.items() if ":" not in k}
        must = frozenset(pay)
        lands = filter_lands(g, filters)  # (a filter land's mana with a triggered mana ability's, CR 605.1b)
        way = solve_filters(cost, {}, {}, named, filters, None, must, lands=lands) \
            or solve_filters(cost, pool, free, named, filters, None, must, lands=lands)
        if way is None and (got is not None or solve_filters(cost, pool, free, named, filters, None, lands=lands)):
            raise IllegalActionError("pay.too_many", cost=str(cost))  # (paid, but not by all of them)
        got = (way[1], way[2]) if way is not None else None
        steps = tuple(way[0]) if way is not None else ()
    if got is None:
        return _named_first(g, player, cost, exclude, pay, convoke, purposes, pool, raw)
    tapped = {oid for oid, _ in got[1]} | {o for st in steps for o, _ in st.used} | {st.obj for st in steps}
    if len(tapped) < len(set(pay)):
        # every named source pays: the engine never picks which of them to leave out, and
        # convoke taps no more creatures than the cost needs (CR 702.51a; ruling, Die
        # Wandernde Retterin)
        raise IllegalActionError("pay.too_many", cost=str(cost))
    return got, named, (), steps


def _named_first(g: "Context", player: int, cost: Cost, exclude: set[int], pay: tuple[int, ...], convoke: bool,
                 purposes: frozenset[str], pool: dict[str, int], raw: dict[str, int]
                 ) -> tuple[Any, list[Source], tuple[int, ...], tuple[Step, ...]] | None:
    """_named's payment where nothing pays without it, as solve's: the named creatures whose
    triggered mana ability asks "if this creature is tapped" (tap_first) tapped for mana first,
    so that the named lands make more (CR 601.2g: the player chooses the order of the mana
    abilities; CR 605.1b) — then the named sources, and where they don't pay, the named
    filter abilities too (mana_mixed.filters_first). Each named permanent is tapped."""
    first = tuple(o for o in tap_first(g, player, exclude) if o in pay)
    if not first:
        return None
    sources, alts = _kept_first(g, player, exclude, purposes, convoke, first)
    by_id = _by_permanent(sources)
    named = [s for p in dict.fromkeys(pay) if p in by_id for s in by_id[p]]
    must = frozenset(pay)
    got = plan_payment(cost, {}, named) or plan_payment(cost, pool, named)
    if got is not None and {oid for oid, _ in got[1]} | set(first) >= must:
        return got, named, first, ()
    filters = [a for a in alts if is_filter(a) and a[0] in pay]
    way = (filters_first(g, player, cost, {}, {}, named, filters, first, None, must)
           or filters_first(g, player, cost, pool, raw, named, filters, first, None, must)) if filters else None
    if way is not None:  # (the creatures tapped first are its first steps, mana_mixed.filters_first)
        return (way[1], way[2]), way[3], (), tuple(way[0])
    if got is not None or (filters and filters_first(g, player, cost, pool, raw, named, filters, first, None)):
        raise IllegalActionError("pay.too_many", cost=str(cost))  # (paid, but not by all of them)
    return None


def _by_permanent(sources: list[Source]) -> dict[int, list[Source]]:
    """The sources by permanent (a source making two mana, or more with a triggered mana
    ability, is two)."""
    by_id: dict[int, list[Source]] = {}
    for s in sources:
        by_id.setdefault(s.obj, []).append(s)
    return by_id


def mana_sacrificers(g: "Context", p: int) -> frozenset[int]:
    """p's permanents that a mana payment could sacrifice: those with a mana ability whose cost
    sacrifices the permanent itself (a Treasure's "{T}, Sacrifice this token: Add one mana of
    any color.", CR 111.10a) — the sources and Alternatives the payment search reads, for any
    purpose (once per position)."""
    memo = player_mana(g, p)
    got: frozenset[int] | None = memo.get(SACRIFICERS)
    if got is None:
        sources, alts = sources_kept(g, p, set(), NO_PURPOSES, False)
        got = memo[SACRIFICERS] = frozenset([s.obj for s in sources if s.sacrifice]
                                              + [a[0] for a in alts if a[3].sacrifice])
    return got


def plan_leaving(g: "Context", p: int, cost: Cost, exclude: set[int], options: list[int], need: int,
                 purposes: frozenset[str] = NO_PURPOSES) -> Payment | None:
    """A payment of `cost` (as plan() makes it) after which at least `need` of `options` — the
    permanents another cost of the same spell or ability may take ("return a permanent you
    control", "Sacrifice another creature") — are still there; None if every payment sacrifices
    too many of them. CR 601.2g-h: the mana abilities are activated before the other costs are
    paid, and the player chooses how to pay; a Treasure sacrificed for mana is gone (CR 400.7),
    but one the payment leaves alone may pay the other cost. Raises pay.cannot if the cost
    cannot be paid at all. The engine's own plan is kept when it leaves enough; else each way
    of keeping enough of the sacrificing options out of the payment is tried (interchangeable
    ones — the same mana sources — once)."""
    got = plan(g, p, cost, exclude, purposes=purposes)
    risky = mana_sacrificers(g, p)
    at_risk = [o for o in options if o in risky]
    short = need - (len(options) - len(at_risk))  # how many sacrificing options must be kept
    if short <= 0 or len(at_risk) - len(sacrificed_by(g, p, got) & set(at_risk)) >= short:
        return got
    if short > len(at_risk):
        return None
    sources, alts = sources_kept(g, p, set(), NO_PURPOSES, False)
    classes: dict[Any, list[int]] = {}
    for o in at_risk:  # (what the payment search sees of it, its id aside)
        sig = (tuple(astuple(replace(s, obj=0)) for s in sources if s.obj == o),
               tuple((a[1], a[2], id(a[3])) for a in alts if a[0] == o))
        classes.setdefault(sig, []).append(o)
    for kept in _keepings(list(classes.values()), short):
        found = solve(g, p, cost, purposes, exclude | set(kept), None, False)
        if found is not None:
            (from_pool, used), found_sources, first, steps = found
            return payment_of(g.st.players[p].mana, from_pool, used, found_sources, first, purposes, steps)
    return None


def _keepings(classes: list[list[int]], k: int) -> list[list[int]]:
    """Every way of keeping k permanents out of a payment, taking from each class of
    interchangeable ones the first few (so each count per class once)."""
    if k == 0:
        return [[]]
    if not classes:
        return []
    head, rest = classes[0], classes[1:]
    return [head[:n] + more for n in range(min(k, len(head)), -1, -1) for more in _keepings(rest, k - n)]


def sacrificed_by(g: "Context", p: int, got: Payment) -> set[int]:
    """The permanents p's payment sacrifices for mana (CR 111.10a)."""
    out = set()
    for oid in {o for o, _ in got.used} & mana_sacrificers(g, p):
        d = g.chars(oid).defn
        index = got.abilities.get(oid, 0)
        ab = d.mana_abilities()[index] if index and d is not None else mana_ability(g, oid)
        if ab is not None and ab.sacrifice:
            out.add(oid)
    return out


def payment_of(raw: dict[str, int], from_pool: dict[str, int], used: list[tuple[int, str]], sources: list[Source],
               first: tuple[int, ...], purposes: frozenset[str], steps: tuple[Step, ...] = ()) -> Payment:
    """The Payment of a plan found among these sources (plan_payment's answer), after the
    mana abilities with a mana cost of `steps` (mana_filters.solve_filters)."""
    which = {s.obj: s.ability for s in sources if s.ability}
    convoked = {s.obj for s in sources if s.convoke}
    return Payment(pool_keys(raw, from_pool, purposes), used, {o: which[o] for o, _ in used if o in which}, first,
                   tuple(dict.fromkeys(o for o, _ in used if o in convoked)), steps)


def execute_payment(g: "Context", player: int, got: Payment) -> None:
    """CR 601.2g-h: activate mana abilities, then pay from the pool. Mana an ability makes
    beyond what the cost takes stays in the pool with its spending restriction (CR 106.4, 106.6);
    so does the mana triggered mana abilities add as a land is tapped (CR 605.1b, 605.4a).
    Creatures tapped for convoke are tapped as the cost is paid, after the mana abilities
    (CR 601.2g-h, 702.51a)."""
    for step in got.steps:  # (a filter ability: its cost paid, then its mana made, CR 605.3a-b)
        execute_payment(g, player, Payment(step.pool, step.used, step.abilities))
        activate_filter(g, player, step)
    from_pool, used, abilities, first, convoke, _ = got
    p = g.st.players[player]
    for c, n in from_pool.items():
        p.mana[c] -= n
        if not p.mana[c]:
            del p.mana[c]
    spent: dict[int, int] = {}
    colour_of: dict[int, str] = {}
    for oid in first:  # tapped for mana first (CR 601.2g): its mana goes where the plan says, else to the pool
        ab = mana_ability(g, oid)
        colour_of[oid] = ab.mana[0] if ab is not None and ab.mana else "C"
        spent[oid] = 0
    convoked: list[int] = list(convoke)  # (tapped for convoke, CR 702.51a: no mana ability is activated)
    for oid, colour in used:
        if oid in convoke:
            continue
        spent[oid] = spent.get(oid, 0) + 1
        if oid in first and spent[oid] == 1:
            colour_of[oid] = colour
        colour_of.setdefault(oid, colour)
    for oid, colour in colour_of.items():
        obj = g.st.objects[oid]
        index = abilities.get(oid, 0)
        d = g.chars(oid).defn
        ab = d.mana_abilities()[index] if index and d is not None else mana_ability(g, oid)
        if ab is None:  # (no mana ability: a creature tapped for convoke, CR 702.51a)
            convoked.append(oid)
            continue
        both = combo(ab)
        if both:  # "{T}: Add {W}{U}.": both made; what the cost did not take stays in the pool (CR 106.4)
            if ab.tap:
                g.update(obj.id, tapped=True)
            for x in dict.fromkeys(both):
                left = both.count(x) - sum(1 for o, col in used if o == oid and col == x)
                if left > 0:
                    p.mana[x] = p.mana.get(x, 0) + left
            if ab.tap and g.is_type(oid, "Land"):  # (a triggered mana ability: the first type it made)
                extra = mana_triggers.land_tapped_for_mana(g, player, oid, both[0])
                if extra:
                    p.mana[both[0]] = p.mana.get(both[0], 0) + extra
            continue
        if colour not in ab.mana:  # (the painland's "{T}: Add {W} or {U}." beside its "{T}: Add {C}.")
            ab = next((m for m in usable_mana(g, obj, g.chars(oid)) if colour in m.mana), ab)
        made = ab.amount_now(g, obj)  # "Add X mana ..." counts as it resolves (CR 107.3, 605.3b)
        land = ab.tap and g.is_type(oid, "Land")  # tapped for mana (CR 106.12a)
        if ab.tap:
            g.update(obj.id, tapped=True)
        if ab.counter:  # "Put a nest counter on this creature."
            g.add_counters(oid, ab.counter, 1)
        if ab.sacrifice:
            g.sacrifice(oid)
        if ab.damage:  # "This land deals 1 damage to you." (CR 605.3b: part of the mana ability)
            g.damage(permanent_source(g, oid), {"player": player}, ab.damage)
        extra = mana_triggers.land_tapped_for_mana(g, player, oid, colour) if land else 0
        left = made - spent[oid]  # the mana not spent stays in the pool (CR 106.4)
        if left > 0:
            key = pool_key(colour, ab.spend_only)
            p.mana[key] = p.mana.get(key, 0) + left
        extra += min(0, left)
        if extra > 0:
            p.mana[colour] = p.mana.get(colour, 0) + extra
    for oid in convoked:
        g.update(oid, tapped=True)


def pay_now(g: "Context", p: int, cost: str) -> None:
    """Pay a mana cost in the middle of an effect ("unless its controller pays {2}")."""
    execute_payment(g, p, plan(g, p, parse_cost(cost), set()))
