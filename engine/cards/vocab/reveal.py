"""Looking at and revealing the top of a library and taking cards from it (CR 701.20).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.mechanics.delirium import CARD_TYPES
from engine.cards.model import Ask, Step
from engine.cards.vocab.core import amount, last_known, pick_named, source_id
from engine.cards.vocab.library import library_to_graveyard
from engine.cards.vocab.targets import PERMANENT_TYPES

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class RevealUntilLand:
    """"reveal cards from the top of your library until you reveal a land card. Put that card
    into your hand and the rest on the bottom of your library in a random order."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            p = item.controller
            lib = list(g.st.players[p].library)
            revealed: list[int] = []
            land = None
            for oid in lib:
                revealed.append(oid)
                g.event("reveal", player=g.pname(p), card=g.st.objects[oid].name)
                if "Land" in g.printed_types(oid):
                    land = oid
                    break
            rest = [o for o in revealed if o != land]
            if land is not None:
                g.move(land, "hand", cause="reveal")
            g.shuffle_into_bottom(p, rest)
        return run


@dataclass(frozen=True)
class TopLandOntoBattlefield:
    """"look at the top card of your library. If it's a land card, you may put it onto the
    battlefield. If you don't put the card onto the battlefield, put it into your hand."
    (The card's name is an option, seen by its owner only.)"""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            lib = g.st.players[p].library
            if not lib:
                return None
            top = lib[0]
            if "Land" in g.printed_types(top):
                if "answer" not in ctx:
                    return Ask(p, "choose_card", [g.st.objects[top].name, "nothing"], "ask.land_onto_battlefield", {})
                if ctx.pop("answer")[0] != "nothing":
                    g.move(top, "battlefield", controller=p, cause="put")
                    return None
            g.move(top, "hand", cause="put")
            return None
        return run


@dataclass(frozen=True)
class TopCards:
    """The top N cards of your library, looked at or revealed, some put into your hand and the
    rest elsewhere; the names are options seen by that player only. `take`:

    * "one": "Look at the top N cards of your library. Put one of them into your hand and the
      rest into your graveyard." (`rest="graveyard"`);
    * "may_one": "look at the top N cards of your library. You may reveal a [fits] card from
      among them and put it into your hand. Put the rest on the bottom of your library in a
      random order." (`fits` a card filter, `rest="bottom"`);
    * "all": "reveal the top N cards of your library. Put all [type] cards from among them into
      your hand and the rest on the bottom of your library in a random order." (revealed; one
      of the printed card types `types`); with `rest="graveyard"`: "... and the rest into your
      graveyard." (Wrenn and Seven, Mulch);
    * "order": "look at the top N cards of your library, then put them back in any order"
      (CR 401.4: chosen one at a time, the first on top; Halimar Depths).

    "may_one" puts the rest where `rest` says too: "bottom" (in a random order) or
    "graveyard" (Grisly Salvage).
    """
    n: int
    take: str = "one"
    fits: Any = None
    rest: str = ""  # "" is the take's own: the graveyard for "one", the bottom for "may_one" and "all"
    types: tuple[str, ...] = ()
    # "may_one" to "battlefield_tapped": "You may put a land card from among them onto the
    # battlefield tapped." (Shigeki); `revealed`: "Reveal the top N cards" (all of them, CR 701.20)
    to: str = "hand"
    revealed: bool = False

    def step(self) -> Step:
        n, take, fits, types, to, revealed = self.n, self.take, self.fits, frozenset(self.types), self.to, self.revealed
        rest = self.rest or ("graveyard" if take == "one" else "bottom")

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            top = list(g.st.players[p].library[:n])
            if revealed and "revealed_top" not in ctx:
                ctx["revealed_top"] = True
                _reveal(g, p, top)
            if take == "all":
                _reveal(g, p, top)
                for oid in top:
                    if g.printed_types(oid) & types:
                        g.move(oid, "hand", cause="reveal")
                left = [o for o in top if o in g.st.players[p].library]
                if rest == "graveyard":
                    library_to_graveyard(g, p, [g.move(o, "graveyard", cause="put") for o in left])
                else:
                    g.shuffle_into_bottom(p, left)
                return None
            if take == "order":
                chosen: list[int] = ctx.setdefault("order_top", [])
                if "answer" in ctx:
                    chosen += pick_named(g, [o for o in top if o not in chosen], ctx.pop("answer")[:1])
                others = [o for o in top if o not in chosen]
                if len(others) > 1:
                    return Ask(p, "choose_card", [g.st.objects[o].name for o in others], "ask.order_top", {})
                order = ctx.pop("order_top") + others
                g.update_player(p, library=order + [o for o in g.st.players[p].library if o not in top])
                return None
            if not top:
                return None
            if take == "one":
                if "answer" not in ctx:
                    return Ask(p, "choose_card", [g.st.objects[o].name for o in top], "ask.put_into_hand", {})
                name = ctx.pop("answer")[0]
                taken = next((o for o in top if g.st.objects[o].name == name), top[0])
                g.move(taken, "hand", cause="put")
                for o in top:
                    if o != taken:
                        g.move(o, rest, cause="put")
                return None
            ok = [o for o in top if fits(g, o)]
            picked = None
            if ok:
                if "answer" not in ctx:
                    return Ask(p, "choose_card", sorted({g.st.objects[o].name for o in ok}) + ["nothing"],
                               "ask.reveal_to_hand" if to == "hand" else "ask.onto_battlefield_tapped",
                               {"count": len(top)})
                name = ctx.pop("answer")[0]
                picked = next((o for o in ok if g.st.objects[o].name == name), None)
            ctx.pop("revealed_top", None)
            if picked is not None and to == "battlefield_tapped":
                g.move(picked, "battlefield", controller=p, tapped=True, cause="put")
            elif picked is not None:
                g.event("reveal", player=g.pname(p), card=g.st.objects[picked].name)
                g.move(picked, "hand", cause="reveal")
            _rest(g, p, [o for o in top if o != picked], rest)
            return None
        return run


def _rest(g: "Context", p: int, ids: list[int], rest: str) -> None:
    """The cards not taken: on the bottom of the library in a random order, or into the
    graveyard (Mulch, Grisly Salvage: one event for the cards put there at once)."""
    if rest == "bottom":
        g.shuffle_into_bottom(p, ids)
        return
    library_to_graveyard(g, p, [g.move(o, "graveyard", cause="put") for o in ids])


def _reveal(g: "Context", p: int, ids: list[int]) -> None:
    for oid in ids:
        g.event("reveal", player=g.pname(p), card=g.st.objects[oid].name)


def _power(g: "Context", oid: int) -> int:
    return g.chars(oid).power or 0


@dataclass(frozen=True)
class RevealTopPickDifferentPowers:
    """"reveal the top X cards of your library ... Put any number of creature and/or Vehicle
    cards with different powers from among them into your hand. Put the rest on the bottom of
    your library in a random order." X is taken once, as it resolves; the cards are chosen
    one at a time ("nothing" ends the choice), each with a power not yet chosen."""
    n: Any

    def step(self) -> Step:
        n = self.n

        def fits(g: "Context", oid: int) -> bool:
            return "Creature" in g.printed_types(oid) or "Vehicle" in g.printed_subtypes(oid)

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            if "revealed" not in ctx:
                gone = item.source is not None and item.source not in g.st.objects and not isinstance(n, int)
                lki = last_known(g, item.source) if gone and item.source is not None else None
                x = int(n(g, lki)) if lki is not None else amount(n, g, item)
                ctx["revealed"] = list(g.st.players[p].library[:x])
                ctx["taken"] = []
                _reveal(g, p, ctx["revealed"])
            revealed: list[int] = ctx["revealed"]
            taken: list[int] = ctx["taken"]
            if "answer" in ctx:
                answer = ctx.pop("answer")[0]
                pick = next((o for o in revealed if o not in taken and g.st.objects[o].name == answer), None)
                if pick is None:
                    ctx["done"] = True
                else:
                    taken.append(pick)
            powers = {_power(g, o) for o in taken}
            left = [o for o in revealed if o not in taken and fits(g, o) and _power(g, o) not in powers]
            if left and not ctx.get("done"):
                return Ask(p, "choose_card", _card_names(g, left) + ["nothing"], "ask.pick_to_hand", {})
            for oid in taken:
                g.move(oid, "hand", cause="reveal")
            g.shuffle_into_bottom(p, [o for o in revealed if o in g.st.players[p].library])
            for k in ("revealed", "taken", "done"):
                ctx.pop(k, None)
            return None
        return run


@dataclass(frozen=True)
class MillDamagePickOrCounter:
    """"you mill that many cards [the damage of the event]. You may put any number of
    [legendary and/or enchantment] cards from among them into your hand. If you put no cards
    into your hand this way, put a +1/+1 counter on [this creature]." The cards are chosen
    one at a time; "nothing" ends the choice."""
    supertypes: tuple[str, ...] = ("Legendary",)
    types: tuple[str, ...] = ("Enchantment",)

    def step(self) -> Step:
        sups, types = frozenset(self.supertypes), frozenset(self.types)

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            if "milled" not in ctx:
                k = int(ctx.get("event", {}).get("amount", 0))
                milled = []
                for oid in list(g.st.players[p].library[:k]):
                    milled.append(g.move(oid, "graveyard", cause="mill"))
                g.event("mill", player=g.pname(p), count=len(milled))
                ctx["milled"], ctx["picked"] = milled, 0
            if "answer" in ctx:
                answer = ctx.pop("answer")[0]
                pick = next((o for o in ctx["milled"] if o in g.st.players[p].graveyard
                             and g.st.objects[o].name == answer), None)
                if pick is None:
                    ctx["done"] = True
                else:
                    g.move(pick, "hand", cause="return")
                    ctx["picked"] += 1
            left = [o for o in ctx["milled"] if o in g.st.objects and g.st.objects[o].zone == "graveyard"
                    and (g.chars(o).supertypes & sups or g.printed_types(o) & types)]
            if left and not ctx.get("done"):
                return Ask(p, "choose_card", _card_names(g, left) + ["nothing"], "ask.pick_to_hand", {})
            if not ctx["picked"]:
                src = source_id(g, item)
                if src is not None:
                    g.add_counters(src, "+1/+1", 1)
            for key in ("milled", "picked", "done"):
                ctx.pop(key, None)
            return None
        return run


@dataclass(frozen=True)
class MillThenReturn:
    """"mill N cards, then return up to K [permanent] cards from among them to your hand":
    the milled cards still in the graveyard are offered, K picks at most (CR 701.13)."""
    n: int
    up_to: int
    types: tuple[str, ...] = PERMANENT_TYPES

    def step(self) -> Step:
        n, k, types = self.n, self.up_to, frozenset(self.types)

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            if "milled" not in ctx:
                milled = [g.move(o, "graveyard", cause="mill") for o in list(g.st.players[p].library[:n])]
                g.event("mill", player=g.pname(p), count=n)
                ctx["milled"] = milled
            fits = [o for o in ctx["milled"] if o in g.st.objects and g.st.objects[o].zone == "graveyard"
                    and g.printed_types(o) & types]
            if not fits:
                ctx.pop("milled")
                return None
            if "answer" not in ctx:
                return Ask(p, "choose_card", [g.st.objects[o].name for o in fits], "ask.return_from_graveyard", {},
                           count=min(k, len(fits)), min_count=0)
            taken: list[int] = []
            for name in ctx.pop("answer"):
                oid = next((o for o in fits if o not in taken and g.st.objects[o].name == name), None)
                if oid is not None:
                    taken.append(oid)
            for oid in taken:
                g.move(oid, "hand", cause="return")
            ctx.pop("milled")
            return None
        return run


@dataclass(frozen=True)
class MillThenSacrificeIfSameTypes:
    """"then mill N cards. If two cards that share all their card types were milled this way,
    sacrifice this [permanent]." — the exact same combination of card types (supertypes and
    subtypes don't count, CR 205.2a, 300.1)."""
    n: int = 2

    def step(self) -> Step:
        n = self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            p = item.controller
            milled = [g.move(o, "graveyard", cause="mill") for o in list(g.st.players[p].library[:n])]
            g.event("mill", player=g.pname(p), count=n)
            library_to_graveyard(g, p, milled)
            kinds = [frozenset(g.printed_types(o) & CARD_TYPES) for o in milled if o in g.st.objects]
            if len(kinds) != len(set(kinds)):
                src = source_id(g, item)
                if src is not None:
                    g.sacrifice(src)
        return run


@dataclass(frozen=True)
class LookPutOntoBattlefield:
    """"Look at the top N cards of your library. Put up to K creature cards with mana value M or
    less from among them onto the battlefield. Put the rest on the bottom of your library in any
    order." (Collected Company). The cards are chosen one at a time ("nothing" stops), each card
    checked on its own (ruling: not their total mana value), and enter together (CR 603.6a); then
    the rest go to the bottom one at a time in the order chosen (CR 401.4: the owner orders them).
    Names are options, seen by the looking player only."""
    n: int
    take: int
    mv_at_most: int

    def step(self) -> Step:
        n, take, most = self.n, self.take, self.mv_at_most

        def fits(g: "Context", oid: int) -> bool:
            from engine.rules.characteristics import base_chars
            c = base_chars(g, oid)  # a card in a library: its printed characteristics (CR 202.3)
            return "Creature" in c.types and c.mana_value <= most

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            lib = g.st.players[p].library
            if "look_top" not in ctx:
                ctx["look_top"], ctx["look_taken"], ctx["look_bottom"] = list(lib[:n]), [], []
            looked: list[int] = ctx["look_top"]
            taken: list[int] = ctx["look_taken"]
            if "look_entered" not in ctx:
                answer = ctx.pop("answer", None)
                left = [o for o in looked if o not in taken and fits(g, o)]
                if answer is not None:
                    pick = next((o for o in left if g.st.objects[o].name == answer[0]), None)
                    if pick is None:
                        left = []  # "nothing": no more
                    else:
                        taken.append(pick)
                        left.remove(pick)
                if left and len(taken) < take:
                    return Ask(p, "choose_card", _card_names(g, left) + ["nothing"], "ask.creature_onto_battlefield",
                               {"card": item.name, "count": take - len(taken)})
                ctx["look_entered"] = True
                g.triggers.together(lambda: [g.move(o, "battlefield", controller=p, cause="put") for o in taken])
            bottom: list[int] = ctx["look_bottom"]
            rest = [o for o in looked if o in lib and o not in bottom]
            if "answer" in ctx:
                name = ctx.pop("answer")[0]
                bottom += [next(o for o in rest if g.st.objects[o].name == name)]
                rest = [o for o in looked if o in lib and o not in bottom]
            if len(rest) > 1:
                return Ask(p, "choose_card", _card_names(g, rest), "ask.bottom_next", {"card": item.name})
            order = bottom + rest  # the first chosen is the highest of them, the last the bottom card
            g.update_player(p, library=[o for o in lib if o not in order] + order)
            for k in ("look_top", "look_taken", "look_bottom", "look_entered"):
                ctx.pop(k, None)
            return None
        return run


def _card_names(g: "Context", ids: list[int]) -> list[str]:
    return sorted({g.st.objects[o].name for o in ids})


@dataclass(frozen=True)
class TokenThenMillWhile:
    """"Create a [token], then mill a card. If a [subtype] card was milled this way, put a
    loyalty counter on [this] and repeat this process." (Grist, the Hunger Tide): the card's
    current subtypes in the graveyard (CR 400.2); it stops when a card of another kind or no
    card was milled."""
    token: str
    subtype: str
    counter: str = "loyalty"

    def step(self) -> Step:
        e = self

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            p = item.controller
            for _ in range(10000):  # (a library holds finitely many cards: it ends)
                g.create_token(p, e.token)
                top = list(g.st.players[p].library[:1])
                if not top:
                    return
                milled = [g.move(top[0], "graveyard", cause="mill")]
                g.event("mill", player=g.pname(p), count=1)
                library_to_graveyard(g, p, milled)
                if e.subtype not in g.types_now(milled[0])[1]:
                    return
                src = source_id(g, item)
                if src is not None:
                    g.add_counters(src, e.counter, 1)
        return run
