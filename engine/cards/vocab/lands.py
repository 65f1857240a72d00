"""What lands of the Commander decks do beyond mana: returning a permanent you control (the
bouncelands), exiling a player's graveyard (Bojuka Bog).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.format import ref_text

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class ReturnYours:
    """"return a land you control to its owner's hand" — chosen as it resolves, not targeted
    (CR 608.2c); `types` the card types it may have. The permanent that asks may be the one
    chosen (ruling, Azorius Chancery: with no other land it returns itself)."""
    types: tuple[str, ...] = ("Land",)

    def step(self) -> Step:
        types = self.types

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
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
