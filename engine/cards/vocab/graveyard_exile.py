"""Exiling chosen cards from a graveyard and putting one of them onto the battlefield: "you may
exile any number of cards from your graveyard with four or more card types among them. If you
do, put a permanent card from among them onto the battlefield with a finality counter on it."
(Winter, Cynical Opportunist). Every choice is a decision: yes or no, then the cards one at a
time ("exile" once the cards picked have enough card types), then the permanent card."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.mechanics.delirium import CARD_TYPES
from engine.cards.model import Ask, Step
from engine.cards.vocab.reanimate import return_to_battlefield
from engine.format import ref_text

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

PERMANENT_TYPES = frozenset(("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"))  # CR 110.4


def _names(g: "Context", ids: list[int]) -> list[str]:
    return [ref_text(g, ("o", o)) for o in ids]


@dataclass(frozen=True)
class ExileCardTypesPutPermanent:
    """"you may exile any number of cards from your graveyard with N or more card types among
    them. If you do, put a permanent card from among them onto the battlefield with [counters]"
    (CR 300.1 card types; 614.1c: it enters with the counters)."""
    types: int = 4
    counters: tuple[tuple[str, int], ...] = (("finality", 1),)
    # an intervening "if" (CR 603.4), checked as it starts resolving only: once cards are
    # exiled the graveyard changes, and the choices after that are part of the same effect
    resolve_if: Any = None

    def step(self) -> Step:
        need, counters, check = self.types, self.counters, self.resolve_if

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            gy = [o for o in g.st.players[p].graveyard if not g.st.objects[o].token]

            def kinds(ids: list[int]) -> set[str]:
                return set().union(*(g.types_now(o)[0] & CARD_TYPES for o in ids)) if ids else set()

            if "gx_state" not in ctx:
                if check is not None and not check(g, item):
                    return None
                if len(kinds(gy)) < need:
                    return None  # no choice of cards could have the card types
                if "answer" not in ctx:
                    return Ask(p, "yes_no", ["yes", "no"], "ask.may_exile_card_types",
                               {"card": item.name, "count": need})
                if ctx.pop("answer")[0] != "yes":
                    return None
                ctx["gx_state"] = "pick"
                ctx["gx_picked"] = []
            if ctx["gx_state"] == "pick":
                picked: list[int] = [o for o in ctx["gx_picked"] if o in gy]
                rest = [o for o in gy if o not in picked]
                enough = len(kinds(picked)) >= need
                if "answer" in ctx:
                    answer = ctx.pop("answer")[0]
                    names = _names(g, rest)
                    if answer == "exile" and enough:
                        ctx["gx_state"] = "exile"
                    elif answer in names:
                        picked.append(rest[names.index(answer)])
                        ctx["gx_picked"] = picked
                        rest = [o for o in gy if o not in picked]
                        enough = len(kinds(picked)) >= need
                if ctx["gx_state"] == "pick":
                    if not rest:
                        ctx["gx_state"] = "exile"
                    else:
                        return Ask(p, "choose_card", _names(g, rest) + (["exile"] if enough else []),
                                   "ask.exile_from_graveyard", {"card": item.name, "count": need})
            if ctx["gx_state"] == "exile":
                ids = [g.move(o, "exile", cause="effect") for o in ctx.pop("gx_picked") if o in gy]
                ctx["gx_exiled"] = ids
                ctx["gx_state"] = "put"
            exiled = [o for o in ctx.get("gx_exiled", []) if o in g.st.objects and g.st.objects[o].zone == "exile"
                      and g.types_now(o)[0] & PERMANENT_TYPES]
            if exiled:
                if "answer" not in ctx:
                    return Ask(p, "choose_card", _names(g, exiled), "ask.put_onto_battlefield", {"card": item.name})
                names = _names(g, exiled)
                answer = ctx.pop("answer")[0]
                oid = exiled[names.index(answer)] if answer in names else exiled[0]
                return_to_battlefield(g, oid, p, counters=counters)
            for k in ("gx_state", "gx_exiled"):
                ctx.pop(k, None)
            return None
        return run
