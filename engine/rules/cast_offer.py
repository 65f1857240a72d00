"""Offering a card to be cast while an ability resolves (CR 608.2g, 601.2; engine/rules/cast_now.py
says which card is offered): one decision of that player, each complete way to cast it (with its
targets) the casting rules would accept now, and "no"; the chosen way is cast within the
resolving step."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.actions import Action
from engine.rules import cast_now, casting
from engine.rules.carddef import Ask
from engine.rules.listing import cast_actions

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


def _ways(g: "Context", oid: int, player: int, alt: str) -> list[Action]:
    return [a for a in cast_actions(g, player, oid) if a.alt == alt]


def may_cast(g: "Context", item: "Obj", ctx: dict[str, Any], oid: int, player: int, alt: str, cost: str,
             prompt: str, params: dict[str, Any]) -> Ask | None:
    """One step: offer `player` to cast card `oid` now for `cost` (`cast CARD with ALT`), or
    not ("no"); with no way to cast it (no legal targets, mana it can't pay) nothing is asked."""
    cast_now.begin(g, oid, player, alt, cost)
    try:
        if PENDING in ctx:  # a decision of the cast made as its costs are paid (casting.decide)
            pend = ctx.pop(PENDING)
            return _asked(ctx, casting.answer_cost_choice(g, player, pend, list(ctx.pop("answer", []))))
        ways = _ways(g, oid, player, alt)
        texts = [a.text for a in ways]
        if "answer" not in ctx:
            if not ways:
                return None
            return Ask(player, "choose_card", texts + ["no"], prompt, params)
        answer = ctx.pop("answer")[0]
        if answer == "no":
            return None
        chosen = next((a for a in ways if a.text == answer), None)
        if chosen is None:
            return None
        return _asked(ctx, casting.cast(g, chosen))
    finally:
        cast_now.end(g)


PENDING = "cast_now_pending"  # (the step's ctx: the cast's open decision, as casting.decide made it)


def _asked(ctx: dict[str, Any], pend: dict[str, Any] | None) -> Ask | None:
    """The cast's next decision — the permanents an additional cost taps, the creatures tapped
    for convoke (CR 601.2h, 702.51a) — as the resolving step's own: the cast is made within it."""
    if pend is None:
        return None
    ctx[PENDING] = pend
    return Ask(pend["player"], "choose_card", list(pend["options"]), pend["prompt"], dict(pend["params"]),
               int(pend.get("count", 1)), pend.get("min_count"))


CAST = "cast_now_cast"  # (the step's ctx: the card cast, once one was)


def may_cast_one_of(g: "Context", item: "Obj", ctx: dict[str, Any], oids: list[int], player: int, alt: str,
                    cost: str, prompt: str, params: dict[str, Any]) -> Ask | None:
    """One step: offer `player` to cast one of these cards now for `cost` (`cast CARD with ALT`),
    or not ("no"); every complete way to cast each of them is an option. Once a card is cast,
    ctx[CAST] is its id ("If you do, ..."). Nothing is asked when none can be cast."""
    if PENDING in ctx:  # a decision of the cast made as its costs are paid
        pend = ctx.pop(PENDING)
        cast_now.begin(g, ctx[CAST + "_card"], player, alt, cost)
        try:
            return _asked(ctx, casting.answer_cost_choice(g, player, pend, list(ctx.pop("answer", []))))
        finally:
            cast_now.end(g)
    ways: list[tuple[int, Action]] = []
    for oid in oids:
        if oid not in g.st.objects:
            continue
        cast_now.begin(g, oid, player, alt, cost)
        try:
            ways += [(oid, a) for a in _ways(g, oid, player, alt)]
        finally:
            cast_now.end(g)
    if "answer" not in ctx:
        if not ways:
            return None
        return Ask(player, "choose_card", [a.text for _, a in ways] + ["no"], prompt, params)
    answer = ctx.pop("answer")[0]
    chosen = next(((oid, a) for oid, a in ways if a.text == answer), None)
    if answer == "no" or chosen is None:
        return None
    ctx[CAST] = ctx[CAST + "_card"] = chosen[0]
    cast_now.begin(g, chosen[0], player, alt, cost)
    try:
        return _asked(ctx, casting.cast(g, chosen[1]))
    finally:
        cast_now.end(g)
