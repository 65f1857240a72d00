"""What lands (and other permanents) of the Commander decks do beyond mana: returning a
permanent you control (the bouncelands), exiling a player's graveyard (Bojuka Bog), looking at
the top of the library and putting the cards back in any order (Halimar Depths), searching for
basic lands that share a land type (Myriad Landscape), "target commander".
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.cards.vocab.core import pick_named

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

BASIC_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


@dataclass(frozen=True)
class ReturnYours:
    """"return a land you control to its owner's hand" — chosen as it resolves, not targeted
    (CR 608.2c); `types` the card types it may have. The permanent that asks may be the one
    chosen (ruling, Azorius Chancery: with no other land it returns itself)."""
    types: tuple[str, ...] = ("Land",)

    def step(self) -> Step:
        types = self.types

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            from engine.format import ref_text
            p = item.controller
            ids = [o for o in g.battlefield(p) if g.chars(o).types & set(types)]
            if not ids:
                return None
            texts = [ref_text(g, ("o", o)) for o in ids]
            if "answer" not in ctx:
                return Ask(p, "choose_card", texts, "ask.return_own_permanent",
                           {"card": item.name, "what": "/".join(types)})
            answer = ctx.pop("answer")[0]
            oid = ids[texts.index(answer)] if answer in texts else ids[0]
            g.move(oid, "hand", cause="return")
            return None
        return run


@dataclass(frozen=True)
class ExileGraveyard:
    """"exile target player's graveyard" (CR 406.2): every card in it, at once."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            ref = g.target_ref(item, 0)
            if ref is None or "player" not in ref:
                return
            for oid in list(g.st.players[ref["player"]].graveyard):
                g.move(oid, "exile", cause="exile")
        return run


@dataclass(frozen=True)
class LookTopAnyOrder:
    """"look at the top N cards of your library, then put them back in any order" (CR 401.4):
    the top card is chosen first, one at a time."""
    n: int = 3

    def step(self) -> Step:
        n = self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            top = list(g.st.players[p].library[:n])
            chosen: list[int] = ctx.setdefault("order_top", [])
            if "answer" in ctx:
                rest = [o for o in top if o not in chosen]
                chosen += pick_named(g, rest, ctx.pop("answer")[:1])
            rest = [o for o in top if o not in chosen]
            if len(rest) > 1:
                return Ask(p, "choose_card", [g.st.objects[o].name for o in rest], "ask.order_top", {})
            order = ctx.pop("order_top") + rest
            lib = [o for o in g.st.players[p].library if o not in top]
            g.update_player(p, library=order + lib)
            return None
        return run


@dataclass(frozen=True)
class SearchBasicsSharingType:
    """"Search your library for up to N basic land cards that share a land type, put them onto
    the battlefield tapped, then shuffle." (CR 701.23): the first card chosen, then up to N-1
    more with one of its basic land types; entering together (CR 603.6a)."""
    n: int = 2

    def step(self) -> Step:
        n = self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            lib = g.st.players[p].library
            chosen: list[int] = ctx.setdefault("basics_chosen", [])
            if "answer" in ctx:
                answer = ctx.pop("answer")[0]
                if answer == "done":
                    ctx["basics_done"] = True
                else:
                    chosen += pick_named(g, [o for o in lib if o not in chosen and self._fits(g, o, chosen)],
                                         [answer])
            options = [o for o in lib if o not in chosen and self._fits(g, o, chosen)]
            if len(chosen) < n and options and not ctx.get("basics_done"):
                return Ask(p, "choose_card", sorted({g.st.objects[o].name for o in options}) + ["done"],
                           "ask.search_basic_land", {})
            picked = list(ctx.pop("basics_chosen"))
            ctx.pop("basics_done", None)
            g.triggers.together(lambda: [g.move(o, "battlefield", tapped=True, controller=p, cause="search")
                                         for o in picked])
            g.shuffle(p)
            return None
        return run

    @staticmethod
    def _fits(g: "Context", oid: int, chosen: list[int]) -> bool:
        c = g.chars(oid)
        if "Land" not in c.types or "Basic" not in c.supertypes:
            return False
        if not chosen:
            return True
        shared = set(BASIC_TYPES).intersection(*(g.chars(o).subtypes for o in chosen))
        return bool(shared & set(c.subtypes))


@dataclass(frozen=True)
class TargetCommander:
    """"target commander" (CR 903.3): a creature that is a commander, whoever's — a target filter."""
    what: str = "creature"

    def __call__(self, g: "Context", obj: "Obj", *rest: Any) -> bool:
        from engine.rules.commander import is_commander
        return bool(g.st.players[obj.owner].commanders) and is_commander(g.st, obj)
