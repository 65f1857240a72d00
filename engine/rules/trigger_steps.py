"""What the triggered abilities the rules themselves create do as they resolve: ward's "counter
it unless its controller pays" (CR 702.21a) and delayed triggers (CR 603.7, reflexive ones
CR 603.12). engine/rules/triggers.py makes them trigger and puts them on the stack;
engine/rules/priority.py resolves them with these steps (item kinds "ward" and "delayed")."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from engine.rules.carddef import Ask
from engine.rules.index import CARDS
from engine.actions import IllegalActionError
from engine.format import ref_text
from engine.rules import hooks, payment
from engine.rules.mana import parse_cost

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

Counter = Callable[["Context", int], None]  # counters a spell or ability on the stack (CR 701.5)


def ward_steps(counter: Counter) -> list[Any]:
    """CR 702.21a: "counter that spell or ability unless its controller pays [cost]"; `counter`
    counters a spell or ability (CR 701.5: priority.counter, which resolves these steps)."""
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Ask | None:
        target = ctx["ward"]["item"]
        victim = g.st.objects.get(target)
        if victim is None or victim.zone != "stack":
            return None
        payer = victim.controller
        if ctx["ward"]["cost"] == "discard":
            return _ward_discard(g, payer, target, victim.name, ctx, counter)
        if ctx["ward"]["cost"] == "sacrifice3":
            return _ward_sacrifice(g, payer, target, victim.name, ctx, 3, counter)
        if str(ctx["ward"]["cost"]).startswith("life:"):  # "Ward—Pay N life." (CR 119.4: only with
            n = int(str(ctx["ward"]["cost"])[5:])          # at least that much life)
            if g.st.players[payer].life < n:
                counter(g, target)
                return None
            if "answer" not in ctx:
                return Ask(payer, "yes_no", ["yes", "no"], "ask.pay_ward_life", {"life": n, "card": victim.name})
            if ctx.pop("answer")[0] == "yes":
                g.lose_life(payer, n)
            else:
                counter(g, target)
            return None
        cost = parse_cost(ctx["ward"]["cost"])
        if "answer" not in ctx:
            try:
                payment.plan(g, payer, cost, set())
            except IllegalActionError:
                counter(g, target)
                return None
            return Ask(payer, "yes_no", ["yes", "no"], "ask.pay_ward", {"cost": str(cost), "card": victim.name})
        if ctx.pop("answer")[0] == "yes":
            payment.execute_payment(g, payer, payment.plan(g, payer, cost, set()))
        else:
            counter(g, target)
        return None
    return [step]


def _ward_discard(g: "Context", payer: int, target: int, name: str, ctx: dict[str, Any],
                  counter: Counter) -> Ask | None:
    """"Ward—Discard a card.": counter it unless its controller discards."""
    hand = g.st.players[payer].hand
    if not hand:
        counter(g, target)
        return None
    if "ward_pay" not in ctx:
        if "answer" not in ctx:
            return Ask(payer, "yes_no", ["yes", "no"], "ask.pay_ward_discard", {"card": name})
        ctx["ward_pay"] = ctx.pop("answer")[0] == "yes"
        if not ctx["ward_pay"]:
            counter(g, target)
            return None
        return Ask(payer, "choose_card", [g.st.objects[o].name for o in hand], "ask.discard", {})
    choice = ctx.pop("answer")[0]
    oid = next((o for o in hand if g.st.objects[o].name == choice), hand[0])
    g.move(oid, "graveyard", cause="discard")
    g.event("discard", player=g.pname(payer), card=choice)
    return None


def _ward_sacrifice(g: "Context", payer: int, target: int, name: str, ctx: dict[str, Any], n: int,
                    counter: Counter) -> Ask | None:
    """"Ward—Sacrifice three nonland permanents.": counter it unless
    its controller sacrifices N nonland permanents (CR 702.21a, 701.17); with fewer, it can't
    be paid."""
    perms = [o for o in g.battlefield(payer) if "Land" not in g.chars(o).types]
    if len(perms) < n:
        counter(g, target)
        return None
    if "ward_pay" not in ctx:
        if "answer" not in ctx:
            return Ask(payer, "yes_no", ["yes", "no"], "ask.pay_ward_sacrifice", {"card": name, "count": n})
        ctx["ward_pay"] = ctx.pop("answer")[0] == "yes"
        if not ctx["ward_pay"]:
            counter(g, target)
            return None
        return Ask(payer, "choose_card", [ref_text(g, ("o", o)) for o in perms], "ask.sacrifice",
                   {"card": name, "what": "nonland permanent"}, count=n, min_count=n)
    texts = [ref_text(g, ("o", o)) for o in perms]
    chosen = [perms[texts.index(a)] for a in ctx.pop("answer") if a in texts]
    for oid in chosen:
        g.sacrifice(oid)
    return None


def delayed_steps() -> list[Any]:
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
        dl = ctx["delayed"]
        oid = dl.get("obj")
        if dl["action"] == "reflexive":  # "When you do, ..." (CR 603.12)
            rd = CARDS.card_def(dl["def"])
            return CARDS.run_steps(rd.reflexive[dl["index"]][1] if rd is not None else [], g, item, ctx, "delayed_step")
        if dl["action"] == "effects":  # a card's own delayed ability ("When it dies this turn, ...")
            d = CARDS.card_def(dl["def"])
            return CARDS.run_steps(d.delayed[dl["index"]] if d is not None else [], g, item, ctx, "delayed_step")
        if dl["action"] == "keyword":  # a keyword mechanic's delayed part (engine/rules/hooks.py)
            return CARDS.run_steps(hooks.delayed_steps(dl["keyword"]), g, item, ctx, "delayed_step")
        if dl["action"] == "sacrifice" and oid in g.st.objects and g.st.objects[oid].zone == "battlefield" \
                and g.st.objects[oid].controller == item.controller:
            g.sacrifice(oid)
        if dl["action"] == "exile" and oid in g.st.objects and g.st.objects[oid].zone == "battlefield":
            g.move(oid, "exile", cause="exile")  # "Exile it at the beginning of the next end step." (CR 603.7)
        if dl["action"] == "return" and oid in g.st.objects and g.st.objects[oid].zone == dl.get("from", "exile"):
            # "Return it to the battlefield under its owner's control" (CR 603.7, 110.2)
            g.move(oid, "battlefield", controller=g.st.objects[oid].owner, cause="return")
        return None
    return [step]
