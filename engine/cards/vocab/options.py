"""Choices a player makes as an ability resolves (CR 608.2d): "you may pay {cost}. If you do,
..." (extort, CR 702.101a), "discard two cards unless you discard an enchantment card" (Thirst
for Meaning). ("You may tap or untap target creature" is `Tap(untap="may_either")`, "may draw
up to two cards" `Draw(2, up_to=True)`.)"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.cards.vocab.core import amount, compile_effect, pick_named, run_steps
from engine.rules import payment

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class MayPay:
    """"[You / They] may pay [{cost} / N life]. If [you / they] do, [then]. [If they don't,
    otherwise]." — yes or no, offered only when the cost can be paid (mana: CR 118.3, 605.3a,
    mana abilities may be activated to pay it; life: CR 119.4, no more life than the player
    has); a cost that can't be paid is not paid. `life` a number or a count taken as it
    resolves ("pay X life, where X is its power", Mask of Griselbrand); `who` "you" or
    "event_controller" (the controller the trigger event names: "they may pay 3 life. If they
    don't, return that card under your control", Meathook Massacre II); the effects run for
    the ability's controller. Extort written out (Life Insurance)."""
    cost: str
    then: tuple[Any, ...] = ()
    life: Any = None
    who: str = "you"
    otherwise: tuple[Any, ...] = ()

    def __init__(self, cost: str, *then: Any, life: Any = None, who: str = "you",
                 otherwise: tuple[Any, ...] = ()) -> None:
        object.__setattr__(self, "cost", cost)
        object.__setattr__(self, "then", tuple(then))
        object.__setattr__(self, "life", life)
        object.__setattr__(self, "who", who)
        object.__setattr__(self, "otherwise", tuple(otherwise))

    def step(self) -> Step:
        cost, life, who = self.cost, self.life, self.who
        after = [compile_effect(e) for e in self.then]
        instead = [compile_effect(e) for e in self.otherwise]

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if "may_paid" not in ctx:
                p = item.controller if who == "you" else ctx.get("event", {}).get("controller", item.controller)
                x = amount(life, g, item) if life is not None else 0
                can = g.st.players[p].life >= x if life is not None else payment.can_pay(g, p, cost)
                if not can:
                    ctx["may_paid"] = False
                elif "answer" not in ctx:
                    if life is not None:
                        return Ask(p, "yes_no", ["yes", "no"], "ask.pay_life", {"card": item.name, "life": x})
                    return Ask(p, "yes_no", ["yes", "no"], "ask.may_pay", {"card": item.name, "cost": cost})
                else:
                    paid = ctx.pop("answer")[0] == "yes"
                    if paid and life is not None:
                        g.lose_life(p, x)  # CR 119.4: paying life is losing it
                    elif paid:
                        payment.pay_now(g, p, cost)
                    ctx["may_paid"] = paid
            got = run_steps(after if ctx["may_paid"] else instead, g, item, ctx, "may_pay_step")
            if got is None:
                ctx.pop("may_paid")
                ctx.pop("may_pay_step", None)
            return got
        return run


@dataclass(frozen=True)
class DiscardUnless:
    """"Then discard N cards unless you discard a [type] card." — one discard (CR 701.9): the
    player chooses either one card of one of the types `types` or N cards, which may be of
    those types too ("If you really want to, you can discard two enchantment cards", Thirst
    for Meaning's ruling); the chosen cards are discarded at the same time. Asked one card at
    a time: after a first card of those types the player may stop (`choose done`); otherwise
    the choice goes on until N cards are chosen or the hand has no more."""
    n: int = 2
    types: tuple[str, ...] = ("Enchantment",)

    def step(self) -> Step:
        n, types = self.n, frozenset(self.types)

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            chosen: list[int] = ctx.setdefault("unless_chosen", [])
            if "answer" in ctx:
                answer = list(ctx.pop("answer")) or ["done"]
                if answer[0] == "done":
                    ctx["unless_done"] = True
                else:
                    left = [o for o in g.st.players[p].hand if o not in chosen]
                    chosen += pick_named(g, left, answer[:1]) or left[:1]
            left = [o for o in g.st.players[p].hand if o not in chosen]
            enough = bool(chosen) and bool(g.types_now(chosen[0])[0] & types)
            if left and len(chosen) < n and not ctx.get("unless_done"):
                return Ask(p, "choose_card", [g.st.objects[o].name for o in left],
                           "ask.discard_unless_more" if enough else "ask.discard_unless",
                           {"count": n - len(chosen)}, min_count=0 if enough else 1)
            ctx.pop("unless_chosen")
            ctx.pop("unless_done", None)
            for oid in chosen:
                name = g.st.objects[oid].name
                g.move(oid, "graveyard", cause="discard")
                g.event("discard", player=g.pname(p), card=name)
            return None
        return run
