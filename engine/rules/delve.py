"""Delve (CR 702.66): the cards the caster exiles from their graveyard to pay for a spell.

CR 702.66a: "Delve is a static ability that functions while the spell with delve is on the
stack. "Delve" means "For each generic mana in this spell's total cost, you may exile a card
from your graveyard rather than pay that mana."" CR 702.66b: "The delve ability isn't an
additional or alternative cost and applies only after the total cost of the spell with delve
is determined."

The shape of the decision: `cast CARD` of a spell with delve (without `pay`) whose caster has
cards in their graveyard opens a `delve` decision (kind `ask`) once the total cost is known
(CR 601.2f): `choose CARD, CARD...` names the cards to exile (each pays {1} of the generic
mana; at most that many), `choose nothing` exiles none. Only choices that leave the rest
payable with mana are accepted (at least the fewest cards that do; CR 601.2h). The cards are
exiled as the cost is paid, with the mana. With `pay SOURCES` no card is exiled.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.actions import IllegalActionError
from engine.format import ref_text
from engine.rules import payment
from engine.rules.announce import paused_action
from engine.rules.mana import Cost

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.rules.context import Context

WHERE = "delve"  # the decision's "where" (engine/rules/priority.py answers it)
NONE = "nothing"


def has_delve(c: Any) -> bool:
    """CR 702.66a: the spell's own keyword."""
    return "delve" in c.keywords


def most(g: "Context", p: int, cost: Cost) -> int:
    """How many cards delve may pay for: one per generic mana, as many as the graveyard holds."""
    return min(cost.generic, len(g.st.players[p].graveyard))


def reduced(g: "Context", p: int, cost: Cost) -> Cost:
    """The cost left with as many cards exiled as can be (whether the spell can be cast at all)."""
    return cost.reduced(most(g, p, cost))


def fewest(g: "Context", p: int, cost: Cost, purposes: frozenset[str]) -> int | None:
    """The fewest cards to exile so that mana pays the rest; None if no number does."""
    for k in range(most(g, p, cost) + 1):
        if payment.can_pay(g, p, cost.reduced(k), purposes):
            return k
    return None


def decision(g: "Context", a: "Action", card: str, cost: Cost, purposes: frozenset[str]) -> dict[str, Any] | None:
    """The delve decision for this cast, or None when no card can be exiled (the graveyard is
    empty or the cost has no generic mana). Refused when the cost can't be paid at all."""
    p = a.player
    hi = most(g, p, cost)
    if not hi:
        return None
    lo = fewest(g, p, cost, purposes)
    if lo is None:
        raise IllegalActionError("pay.cannot", cost=str(cost))
    yard = list(g.st.players[p].graveyard)
    options = [ref_text(g, ("o", o)) for o in yard]
    refs: list[Any] = list(yard)
    if lo == 0:
        options.append(NONE)
        refs.append(None)
    return {"player": p, "kind": "ask", "where": WHERE, "prompt": "ask.delve",
            "params": {"card": card, "count": hi}, "options": options, "refs": refs,
            "count": hi, "min_count": max(lo, 1), "action": paused_action(a)}


def picked(pend: dict[str, Any], answer: list[str]) -> tuple[int, ...]:
    """The cards chosen to exile (none for `choose nothing`)."""
    lows = [o.lower() for o in pend["options"]]
    out = [pend["refs"][lows.index(x.lower())] for x in answer]
    if None in out and len(out) > 1:
        raise IllegalActionError("choose.bad_option", option=NONE)
    return tuple(o for o in out if o is not None)


def exile(g: "Context", cards: tuple[int, ...]) -> None:
    """CR 702.66a: the chosen cards are exiled as the cost is paid."""
    for o in cards:
        if o in g.st.objects and g.st.objects[o].zone == "graveyard":
            g.move(o, "exile", cause="cost")
