"""Convoke (CR 702.51): which creatures the caster taps for convoke, chosen one at a time.

CR 702.51a: "For each colored mana in this spell's total cost, you may tap an untapped creature
of that color you control rather than pay that mana. For each generic mana in this spell's
total cost, you may tap an untapped creature you control rather than pay that mana."
The choice is the caster's, made as the total cost is paid (CR 601.2h) — and a creature with a
mana ability may be tapped either way: for mana (CR 601.2g, 605.3a) or for convoke.

The shape of the decision (docs/actions.md "Convoke"): `cast CARD` of a spell with convoke
(without `pay`) opens a `convoke` decision (kind `ask`) while some untapped creature of the
caster can still be tapped for it: `choose CREATURE` taps one more (the decision is asked again
without it), `choose done` (listed once the rest can be paid with mana) pays the rest as any
cast does — mana from the pool first, then mana abilities of untapped permanents, creatures
not chosen included. Each creature offered leaves a payment that can be completed; which
symbol each chosen creature pays for is not a choice (it makes no mana, CR 702.51a), so the
engine takes one that lets the rest be paid. Nothing changes until the spell is cast.
Where listing each set of creatures would grow combinatorially, this asks per creature: exact
and at most one option per creature.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.actions import Action, IllegalActionError
from engine.rules import mana_triggers, payment
from engine.rules.announce import paused_action
from engine.rules.mana import Cost
from engine.rules.payment_source import Source
from engine.format import ref_text

if TYPE_CHECKING:
    from engine.rules.context import Context


WHERE = "convoke"  # the decision's "where" (engine/rules/priority.py answers it)


def _reductions(cost: Cost, creatures: list[tuple[int, tuple[str, ...]]]) -> list[tuple[Cost, list[tuple[int, str]]]]:
    """Every cost left once these creatures are tapped for convoke, each paying for one symbol
    of the total cost (CR 702.51a): a coloured or hybrid symbol of one of its colours, or {1}
    of the generic mana (never {C}: that is neither). Each left-over cost once, with what each
    creature pays for ("1": generic); those that leave fewer coloured symbols first. Empty if
    the creatures are more than the cost has symbols for them."""
    states: dict[tuple[Any, ...], list[tuple[int, str]]] = {
        (cost.generic, tuple(cost.colored), tuple(cost.hybrid)): []}
    for oid, colours in creatures:
        nxt: dict[tuple[Any, ...], list[tuple[int, str]]] = {}
        for (generic, colored, hybrid), paid in states.items():
            for i, c in enumerate(colored):
                if c in colours and c not in colored[:i]:  # (one of equal symbols: the first)
                    nxt.setdefault((generic, colored[:i] + colored[i + 1:], hybrid), paid + [(oid, c)])
            for i, pair in enumerate(hybrid):
                if pair in hybrid[:i]:
                    continue
                c = next((x for x in pair if x in colours), "")  # ({2/W}: its W, CR 107.4e)
                if c:
                    nxt.setdefault((generic, colored, hybrid[:i] + hybrid[i + 1:]), paid + [(oid, c)])
            if generic:
                nxt.setdefault((generic - 1, colored, hybrid), paid + [(oid, "1")])
        states = nxt
        if not states:
            return []
    # (coloured symbols paid by creatures first: the generic rest is the easiest to pay with mana)
    ordered = sorted(states.items(), key=lambda kv: len(kv[0][1]) + len(kv[0][2]))
    return [(Cost(generic, list(colored), list(hybrid)), paid) for (generic, colored, hybrid), paid in ordered]


def _creatures(g: "Context", p: int, ids: tuple[int, ...]) -> list[tuple[int, tuple[str, ...]]]:
    return [(o, payment.convoke_colours(g.chars(o))) for o in ids]


def _completes(g: "Context", p: int, cost: Cost, purposes: frozenset[str], exclude: set[int],
               convoked: tuple[int, ...], more: bool) -> bool:
    """Whether the cost can be paid with these creatures tapped for convoke, the rest with
    mana (and, with `more`, with further creatures tapped for convoke too)."""
    left = exclude | set(convoked)
    return any(payment.solve(g, p, rest, purposes, left, None, more) is not None
               for rest, _ in _reductions(cost, _creatures(g, p, convoked)))


def options(g: "Context", p: int, cost: Cost, purposes: frozenset[str], exclude: set[int],
            convoked: tuple[int, ...]) -> tuple[list[int], bool]:
    """The creatures p may tap for convoke next (each leaves a payment that can be completed),
    in battlefield order, and whether the rest can be paid with mana now (`choose done`).
    `exclude`: permanents the cast taps for another cost."""
    done = _completes(g, p, cost, purposes, exclude, convoked, False)
    if len(convoked) >= len(cost.colored) + len(cost.hybrid) + cost.generic:
        return [], done
    taken = exclude | set(convoked)
    sources, alts = payment.sources_and_alternatives(g, p, taken, purposes)
    # Creatures alike are asked once: the same colours and the same mana sources (what each
    # makes, as plan_payment weighs it) and other mana abilities — tapping either for convoke
    # leaves source lists that pay the same costs. A permanent with a triggered mana ability
    # (mana_triggers) is asked on its own.
    makes: dict[int, list[Any]] = {}
    for s in sources:
        makes.setdefault(s.obj, []).append((s.produces, s.sacrifice, s.spend, bool(s.group), s.pain, s.tap, s.ability))
    for a in alts:
        makes.setdefault(a[0], []).append((a[2], id(a[3])))
    out: list[int] = []
    known: dict[Any, bool] = {}
    for oid, obj, c in g.perms(p):
        if "Creature" not in c.types or obj.tapped or oid in taken:
            continue
        key: Any = (payment.convoke_colours(c), tuple(makes.get(oid, ())))
        if mana_triggers.makes_mana(g, oid):
            key = (oid,)
        ok = known.get(key)
        if ok is None:
            ok = known[key] = _completes(g, p, cost, purposes, exclude, convoked + (oid,), True)
        if ok:
            out.append(oid)
    return out, done


def plan(g: "Context", p: int, cost: Cost, exclude: set[int], convoked: tuple[int, ...],
         purposes: frozenset[str]) -> payment.Payment:
    """The payment with exactly these creatures tapped for convoke (CR 702.51a) and the rest
    paid with mana as any payment without `pay` (engine/rules/payment.py plan)."""
    left = exclude | set(convoked)
    raw = g.st.players[p].mana
    for rest, paid in _reductions(cost, _creatures(g, p, convoked)):
        found = payment.solve(g, p, rest, purposes, left, None, False)
        if found is not None:
            (from_pool, used), sources, first, steps = found
            tapped = [Source(o, g.st.objects[o].name, (), convoke=True) for o in convoked]
            return payment.payment_of(raw, from_pool, paid + used, sources + tapped, first, purposes, steps)
    raise IllegalActionError("pay.cannot", cost=str(cost))


def decision(g: "Context", a: Action, card: str, cost: Cost, purposes: frozenset[str],
             tap_chosen: list[int] | None, convoked: tuple[int, ...]) -> dict[str, Any] | None:
    """The convoke decision for this cast, or None when no creature can be tapped for convoke
    any more (the rest is paid with mana). Refused when the cost can't be paid at all."""
    p = a.player
    cands, done = options(g, p, cost, purposes, set(tap_chosen or ()), convoked)
    if not cands and not done:
        raise IllegalActionError("pay.cannot", cost=str(cost))
    if not cands:
        return None
    return {"player": p, "kind": "ask", "where": WHERE, "prompt": "ask.convoke" if done else "ask.convoke_more",
            "params": {"card": card}, "options": [ref_text(g, ("o", o)) for o in cands], "refs": cands,
            "count": 1, "min_count": 0 if done else 1,
            "action": paused_action(a),
            "tap_ids": None if tap_chosen is None else list(tap_chosen), "convoked": list(convoked)}


def picked(pend: dict[str, Any], answer: list[str]) -> tuple[int, ...]:
    """The creatures chosen so far with this answer: one more, or none (`choose done`)."""
    chosen = tuple(pend["convoked"])
    if answer:
        lows = [o.lower() for o in pend["options"]]
        chosen += (pend["refs"][lows.index(answer[0].lower())],)
    return chosen
