"""The hand: drawing (CR 121), discarding (CR 701.8), putting cards from the hand onto the
battlefield, maximum hand size (CR 402.2).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards import effects as fx
from engine.cards.model import Ask, Step
from engine.cards.vocab.core import TARGET, THAT_PLAYER, amount, event_amount, pick_named, players_named, run_steps
from engine.cards.vocab.reflexive import Reflexive
from engine.cards.vocab.targets import PERMANENT_TYPES
from engine.naming import ref
from engine.rules import payment
from engine.rules.sba import check_end
from engine.rules.effects import HandSize
from engine.rules.entering import enter_together

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class Draw:
    n: Any = 1  # a number, or a count taken as it resolves ("draw X cards, where X is ...")
    # you | each_player (in APNAP order, CR 101.4) | target ("Target player draws") | active |
    # each_opponent (in APNAP order, each named THAT_PLAYER while `n` is taken: "Each opponent
    # draws cards equal to the number of cards that player discarded minus one"; none if it is 0 or less)
    who: str = "you"

    up_to: bool = False  # "may draw up to N cards": the number chosen as it resolves (0 to N)

    def step(self) -> Step:
        if self.up_to:
            most = self.n

            def up_to(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
                if "answer" not in ctx:
                    return Ask(item.controller, "choose_number", [str(k) for k in range(int(most) + 1)],
                               "ask.draw_up_to", {"count": most})
                k = int(ctx.pop("answer")[0])
                if k > 0:
                    g.draw(item.controller, min(k, int(most)))
                return None
            return up_to
        if self.who == "each_opponent":
            each_n = self.n

            def each_opponent(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                for p in players_named(g, item, "each_opponent"):
                    ctx[THAT_PLAYER] = p
                    k = amount(each_n, g, item)
                    if k > 0:
                        g.draw(p, k)
                ctx.pop(THAT_PLAYER, None)
            return each_opponent
        if self.who == "active":  # "that player draws an additional card" (the player whose draw step it is)
            extra = self.n

            def active(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                g.draw(g.st.active, amount(extra, g, item))
            return active
        if self.who == TARGET:
            k = self.n

            def target_draws(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                for p in players_named(g, item, TARGET):
                    g.draw(p, amount(k, g, item))
            return target_draws
        if not isinstance(self.n, int) and self.who == "you":
            n = self.n

            def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                g.draw(item.controller, amount(n, g, item))
            return run
        return fx.each_player_draws(self.n) if self.who == "each_player" else fx.draw(self.n)


@dataclass(frozen=True)
class DrawThatMany:
    """"draw that many cards" — as many as the trigger event's amount (damage dealt, life
    gained)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            n = event_amount(ctx)
            if n > 0:
                g.draw(item.controller, n)
        return run


@dataclass(frozen=True)
class Discard:
    """You discard a card of your choice (CR 701.8); nothing happens with an empty hand."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            hand = g.st.players[p].hand
            if not hand:
                return None
            if "answer" not in ctx:
                return Ask(p, "choose_card", [g.st.objects[o].name for o in hand], "ask.discard", {})
            choice = ctx.pop("answer")[0]
            oid = next((o for o in hand if g.st.objects[o].name == choice), hand[0])
            name = g.st.objects[oid].name
            g.move(oid, "graveyard", cause="discard")
            g.event("discard", player=g.pname(p), card=name)
            return None
        run.needs_hand = True  # type: ignore[attr-defined]
        return run


@dataclass(frozen=True)
class Discards:
    """"[Each opponent / each player / you] discard(s) N cards." (CR 701.8) — the players `who`
    names (players_named: "each_opponent", "each_player", "you", "target"), in APNAP order
    (CR 101.4), each choosing one card at a time. `n`: a number, "that_many" (the trigger
    event's amount: "discard that many cards") or "hand" ("Discard your hand": every card, no
    choice). `then`: "If you discarded a card this way, [then]". `lose_if_empty`: "Then if you
    have no cards in hand, you lose the game." (CR 104.3c). `down_to=N`: "each [opponent] who
    has more than N cards in hand discards cards equal to the difference" (each player's own
    number, taken as it begins). The number of cards discarded is remembered under
    "discarded" (`Count("ability", key="discarded")`: "Then if fewer than three cards were
    discarded this way, ..."), and each player's under "discarded_by" (`Count("ability",
    key="discarded", whose="that_player" / "controller")`: "the number of cards that player
    discarded", "if you discarded a card this way")."""
    n: Any = 1
    who: str = "each_opponent"
    then: tuple[Any, ...] = ()
    lose_if_empty: bool = False
    down_to: int | None = None

    def step(self) -> Step:
        n, who, lose, down_to = self.n, self.who, self.lose_if_empty, self.down_to
        after = [e.step() for e in self.then]

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if "dis_players" not in ctx:
                ctx["dis_players"] = players_named(g, item, who)
                ctx["dis_i"], ctx["dis_k"] = 0, 0
                ctx["dis_n"] = event_amount(ctx) if n == "that_many" else n
                if down_to is not None:  # each player's own difference
                    ctx["dis_each"] = [max(0, len(g.st.players[p].hand) - down_to) for p in ctx["dis_players"]]
            players: list[int] = ctx["dis_players"]
            while ctx["dis_i"] < len(players):
                p = players[ctx["dis_i"]]
                if "dis_each" in ctx:
                    ctx["dis_n"] = ctx["dis_each"][ctx["dis_i"]]
                hand = g.st.players[p].hand
                if n == "hand":
                    for oid in list(hand):
                        name = g.st.objects[oid].name
                        g.move(oid, "graveyard", cause="discard")
                        g.event("discard", player=g.pname(p), card=name)
                        _discarded(ctx, p)
                else:
                    # each player chooses in turn (CR 101.4: "...each other opponent in turn order
                    # does the same"); the chosen cards are discarded at the same time, below
                    chosen: list[int] = ctx.setdefault("dis_chosen", [])
                    left = [o for o in hand if o not in chosen]
                    if "answer" in ctx:
                        name = ctx.pop("answer")[0]
                        oid = next((o for o in left if g.st.objects[o].name == name), left[0])
                        chosen.append(oid)
                        left.remove(oid)
                        ctx["dis_k"] += 1
                        if p == item.controller:
                            ctx["dis_you"] = True
                    if ctx["dis_k"] < ctx["dis_n"] and left:
                        return Ask(p, "choose_card", [g.st.objects[o].name for o in left], "ask.discard", {})
                ctx["dis_i"] += 1
                ctx["dis_k"] = 0
            for oid in ctx.pop("dis_chosen", []):  # CR 101.4: all at once, once everyone has chosen
                obj = g.st.objects[oid]
                if obj.zone == "hand":
                    g.move(oid, "graveyard", cause="discard")
                    g.event("discard", player=g.pname(obj.owner), card=obj.name)
                    _discarded(ctx, obj.owner)
            if ctx.get("dis_you") and after:
                got = run_steps(after, g, item, ctx, "discard_then")
                if got is not None:
                    return got
            for k in ("dis_players", "dis_i", "dis_k", "dis_n", "dis_you", "dis_each"):
                ctx.pop(k, None)
            if lose and not g.st.players[item.controller].hand:
                g.update_player(item.controller, lost=True)
                g.event("lose", player=g.pname(item.controller), reason="effect")
                check_end(g)
            return None
        return run


def _discarded(ctx: dict[str, Any], p: int) -> None:
    """One more card discarded this way, by player p (Discards' record)."""
    ctx["discarded"] = ctx.get("discarded", 0) + 1
    by = ctx.setdefault("discarded_by", {})
    by[str(p)] = by.get(str(p), 0) + 1


@dataclass(frozen=True)
class LookAtHandDiscard:
    """"look at target player's hand. You may choose a nonland card from it. That player
    discards that card." (The hand's cards are options for you alone.)"""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            ref = g.target_ref(item, 0)
            if ref is None or "player" not in ref:
                return None
            p = ref["player"]
            hand = g.st.players[p].hand
            fits = [o for o in hand if "Land" not in g.types_now(o)[0]]
            if "answer" not in ctx:  # the hand's cards are options: seen by the looking player only
                return Ask(item.controller, "choose_card", sorted({g.st.objects[o].name for o in fits}) + ["nothing"],
                           "ask.choose_to_discard", {"player": g.pname(p)})
            name = ctx.pop("answer")[0]
            oid = next((o for o in fits if g.st.objects[o].name == name), None)
            if oid is not None:
                g.move(oid, "graveyard", cause="discard")
                g.event("discard", player=g.pname(p), card=name)
            return None
        return run


@dataclass(frozen=True)
class DiscardAnyNumber:
    """"you may discard any number of cards. When you do, [reflexive ability]" — the cards
    are chosen as it resolves (none is an answer too); the reflexive ability triggers if one
    or more were discarded, knowing how many (CR 603.12)."""
    then: Reflexive

    def step(self) -> Step:
        then = self.then

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            hand = list(g.st.players[p].hand)
            if not hand:
                return None
            names = [ref(g, o, hand) for o in hand]
            if "answer" not in ctx:
                return Ask(p, "choose_card", names, "ask.discard_any_number", {"card": item.name},
                           count=len(hand), min_count=0)
            picked = [hand[names.index(a)] for a in ctx.pop("answer") if a in names]
            for oid in picked:
                name = g.st.objects[oid].name
                g.move(oid, "graveyard", cause="discard")
                g.event("discard", player=g.pname(p), card=name)
            if picked:
                then.fire(g, item, len(picked))
            return None
        return run


@dataclass(frozen=True)
class DiscardOrPayThen:
    """"you may discard a card or pay {N}. When you do, [reflexive ability]" — the controller
    chooses: discard (then which card), pay, or nothing; if they did, the reflexive ability
    triggers (CR 603.12; release notes, Menschenfüßler)."""
    cost: str = "{2}"
    line: str = ""
    then: Reflexive | None = None

    def step(self) -> Step:
        cost, line, then = self.cost, self.line, self.then

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            hand = g.st.players[p].hand
            if "dop" not in ctx:
                options = (["discard"] if hand else []) + (["pay " + cost] if payment.can_pay(g, p, cost) else [])
                if not options:
                    return None
                if "answer" not in ctx:
                    return Ask(p, "choose_card", options + ["nothing"], "ask.may", {"card": item.name, "ability": line})
                ctx["dop"] = ctx.pop("answer")[0]
            choice = ctx["dop"]
            if choice == "discard":
                if not hand:
                    ctx.pop("dop")
                    return None
                if "answer" not in ctx:
                    return Ask(p, "choose_card", [g.st.objects[o].name for o in hand], "ask.discard", {})
                name = ctx.pop("answer")[0]
                oid = next((o for o in hand if g.st.objects[o].name == name), hand[0])
                g.move(oid, "graveyard", cause="discard")
                g.event("discard", player=g.pname(p), card=name)
            elif choice.startswith("pay"):
                payment.pay_now(g, p, cost)
            ctx.pop("dop")
            if choice != "nothing" and then is not None:
                then.fire(g, item, 1)
            return None
        return run


@dataclass(frozen=True)
class PutFromHand:
    """"you may put a [permanent / land] card from your hand onto the battlefield [tapped]"
    (CR 305.1 does not apply: it is not playing a land). The names are options seen by the
    chooser only; "nothing" declines."""
    types: tuple[str, ...] = PERMANENT_TYPES
    tapped: bool = False
    line: str = ""
    # "Put any number of land cards from your hand onto the battlefield tapped." (Wrenn and
    # Seven): chosen one at a time ("choose done" ends), entering together (CR 603.6a)
    any_number: bool = False

    def step(self) -> Step:
        types, tapped, line = frozenset(self.types), self.tapped, self.line
        if self.any_number:
            return _put_any_number(types, tapped)

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            fits = [o for o in g.st.players[p].hand if g.types_now(o)[0] & types]
            if not fits:
                return None
            if "answer" not in ctx:
                return Ask(p, "choose_card", sorted({g.st.objects[o].name for o in fits}) + ["nothing"], "ask.may",
                           {"card": item.name, "ability": line})
            choice = ctx.pop("answer")[0]
            oid = next((o for o in fits if g.st.objects[o].name == choice), None)
            if oid is not None:
                g.move(oid, "battlefield", controller=p, tapped=tapped, cause="put")
            return None
        return run


@dataclass(frozen=True)
class MaxHandSize:
    """A static ability's effect on maximum hand size (CR 402.2): "You have no maximum hand
    size" (who="you", size=None), or "each opponent's maximum hand size is equal to [count]"
    (who="each_opponent", size=a count). Applied in timestamp order (engine/rules/hand_size.py).
    With `until="your_next_turn"` it is an effect of a resolving ability instead: "You have no
    maximum hand size until your next turn." (CR 611.2b: it lasts until that player's next turn
    begins; Power Without Equal)."""
    who: str = "you"
    size: Any = None
    until: str = ""

    def step(self) -> Step:
        if self.until != "your_next_turn" or self.who != "you" or self.size is not None:
            raise ValueError(f"no resolving effect for {self!r}")

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            g.add_effect("rules", [], until=f"your_next_turn:{item.controller}", no_max_hand=item.controller)
        return run

    def continuous(self, g: "Context", me: "Obj", ts: int) -> list[HandSize]:
        players = [me.controller] if self.who == "you" else g.opponents(me.controller)
        value = None if self.size is None else max(0, int(self.size(g, me)))
        return [HandSize(tuple(players), value, ts)]


def _put_any_number(types: frozenset[str], tapped: bool) -> Step:
    def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
        p = item.controller
        chosen: list[int] = ctx.setdefault("put_chosen", [])
        if "answer" in ctx:
            answer = (list(ctx.pop("answer")) or ["done"])[0]  # ("choose done": no card)
            if answer == "done":
                ctx["put_done"] = True
            else:
                fits = [o for o in g.st.players[p].hand if g.types_now(o)[0] & types and o not in chosen]
                chosen += pick_named(g, fits, [answer])
        fits = [o for o in g.st.players[p].hand if g.types_now(o)[0] & types and o not in chosen]
        if fits and not ctx.get("put_done"):
            return Ask(p, "choose_card", sorted({g.st.objects[o].name for o in fits}), "ask.put_lands_from_hand",
                       {"card": item.name}, min_count=0)
        picked = list(ctx.pop("put_chosen"))
        ctx.pop("put_done", None)
        enter_together(g, lambda: [g.move(o, "battlefield", tapped=tapped, controller=p, cause="put")
                                     for o in picked])
        return None
    return run
