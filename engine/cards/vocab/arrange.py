"""Looking at the top of a library and putting the cards back in an order the player chooses
(CR 401.4: "If an effect puts two or more cards in a specific position in a library at the
same time, the owner of those cards may arrange them in any order"; here the player the card
says arranges them, as the text says "in any order"): Ponder, Portent, Brainstorm, Telling
Time, Diabolic Vision.

The card names are options, seen by the deciding player only (never prompt parameters, which
are public). An order is asked one card at a time: the first card chosen for the top of the
library ends on top; each card chosen for the bottom goes beneath the ones chosen before it,
so the last one chosen is the bottom card.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.cards.vocab.core import pick_named

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


def _names(g: "Context", ids: list[int]) -> list[str]:
    return [g.st.objects[o].name for o in ids]


def arrange(g: "Context", decider: int, owner: int, cards: list[int], ctx: dict[str, Any], key: str,
            where: str = "top") -> Ask | None:
    """Put `cards` (ids in `owner`'s library or hand) on the top or bottom of `owner`'s library
    in the order `decider` chooses, one card at a time; None once they are all placed. `key`
    names this arrangement's progress in the step's ctx."""
    order: list[int] = ctx.setdefault(key, [])
    rest = [o for o in cards if o not in order and o in g.st.objects]
    if "answer" in ctx:
        order += pick_named(g, rest, ctx.pop("answer")[:1])
        rest = [o for o in cards if o not in order and o in g.st.objects]
    if len(rest) > 1 and len(set(_names(g, rest))) > 1:  # (cards with one name: no real choice)
        prompt = "ask.arrange_top" if where == "top" else "ask.arrange_bottom"
        return Ask(decider, "choose_card", _names(g, rest), prompt, {"count": len(rest)})
    order = ctx.pop(key) + rest
    # from the hand (Brainstorm): the card becomes a new object in the library (CR 400.7)
    moved = [o if g.st.objects[o].zone == "library" else g.move(o, "library", cause="put") for o in order]
    # only what is in the owner's library now is placed: a replacement may have sent a card
    # elsewhere (a commander to the command zone, CR 903.9b)
    placed = [o for o in moved if o in g.st.objects and g.st.objects[o].zone == "library"
              and g.st.objects[o].owner == owner]
    lib = [o for o in g.st.players[owner].library if o not in placed]
    g.update_player(owner, library=placed + lib if where == "top" else lib + placed)
    return None


def _player(g: "Context", item: "Obj", who: str) -> int | None:
    if who == "target":
        ref = g.target_ref(item, 0)
        return int(ref["player"]) if ref is not None and "player" in ref else None
    return item.controller


@dataclass(frozen=True)
class LookAtTop:
    """"Look at the top N cards of [your / target player's] library, then put them back in any
    order. You may [have that player] shuffle." (Ponder, Portent) — `who` "you" or "target";
    `shuffle`: the controller then answers yes or no."""
    n: int = 3
    who: str = "you"
    shuffle: bool = True

    def step(self) -> Step:
        n, who, may_shuffle = self.n, self.who, self.shuffle

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = _player(g, item, who)
            if p is None:
                return None
            me = item.controller
            if "look_done" not in ctx:
                top = list(ctx.get("look_top") or g.st.players[p].library[:n])
                ctx["look_top"] = top
                got = arrange(g, me, p, top, ctx, "look_order")
                if got is not None:
                    return got
                ctx.pop("look_top")
                ctx["look_done"] = True
                g.event("look_at_top", player=g.pname(me), count=len(top))
            if not may_shuffle:
                ctx.pop("look_done")
                return None
            if "answer" not in ctx:
                return Ask(me, "yes_no", ["yes", "no"], "ask.shuffle_library", {"player": g.pname(p)})
            ctx.pop("look_done")
            if ctx.pop("answer")[0] == "yes":
                g.shuffle(p)
            return None
        return run


@dataclass(frozen=True)
class PutBackFromHand:
    """"put N cards from your hand on top of your library in any order" (Brainstorm): the cards
    are chosen together, then ordered."""
    n: int = 2

    def step(self) -> Step:
        n = self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            hand = g.st.players[p].hand
            if "put_back" not in ctx:
                if len(hand) <= n:
                    ctx["put_back"] = list(hand)
                elif "answer" not in ctx:
                    return Ask(p, "choose_card", _names(g, hand), "ask.put_back_from_hand", {"count": n},
                               count=n, min_count=n)
                else:
                    ctx["put_back"] = pick_named(g, hand, ctx.pop("answer")[:n])
            got = arrange(g, p, p, ctx["put_back"], ctx, "put_back_order")
            if got is None:
                ctx.pop("put_back")
            return got
        return run


@dataclass(frozen=True)
class LookSplit:
    """"Look at the top N cards of your library. Put H of them into your hand[, T on top of
    your library] and the rest on the [top / bottom] of your library in any order." — Telling
    Time (3, hand 1, top 1, rest bottom), Diabolic Vision (5, hand 1, rest top), Dig Through
    Time (7, hand 2, rest bottom)."""
    n: int
    hand: int = 1
    top: int = 0
    rest: str = "bottom"

    def step(self) -> Step:
        e = self

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            if "split" not in ctx:
                cards = list(g.st.players[p].library[:e.n])
                if not cards:
                    return None
                ctx["split"] = {"cards": cards, "hand": None, "top": None}
            split: dict[str, Any] = ctx["split"]
            left = [o for o in split["cards"] if o in g.st.objects and g.st.objects[o].zone == "library"]
            if split["hand"] is None:
                k = min(e.hand, len(left))
                if "answer" not in ctx:
                    return Ask(p, "choose_card", _names(g, left), "ask.put_into_hand_count", {"count": k},
                               count=k, min_count=k)
                to_hand = pick_named(g, left, ctx.pop("answer")[:k])
                split["hand"] = to_hand
                for o in to_hand:
                    g.move(o, "hand", cause="put")
                left = [o for o in split["cards"] if o in g.st.objects and g.st.objects[o].zone == "library"]
            if split["top"] is None:
                k = min(e.top, len(left))
                if k and len(left) > k:
                    if "answer" not in ctx:
                        return Ask(p, "choose_card", _names(g, left), "ask.put_on_top_count", {"count": k},
                                   count=k, min_count=k)
                    top = pick_named(g, left, ctx.pop("answer")[:k])
                else:
                    top = left[:k]
                split["top"] = top
                rest = [o for o in left if o not in top]
                lib = [o for o in g.st.players[p].library if o not in top]
                # the rest is placed next; it stays in the library meanwhile (a card in no zone
                # while the player orders them would break CR 400.1's one-zone rule for the observer)
                g.update_player(p, library=top + lib)
                split["rest"] = rest
            got = arrange(g, p, p, split["rest"], ctx, "split_order", where=e.rest)
            if got is None:
                ctx.pop("split")
            return got
        return run
