"""Untapping many permanents at once (CR 701.26b): "untap all lands you control"
(Wilderness Reclamation)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Step

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class UntapAll:
    """"Untap all [type] you control" — every tapped permanent of one of the card types
    `types` its controller controls, at once (CR 701.26b)."""
    types: tuple[str, ...] = ("Land",)

    def step(self) -> Step:
        types = self.types

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            for oid in list(g.battlefield(item.controller)):
                if g.st.objects[oid].tapped and any(g.is_type(oid, t) for t in types):
                    g.update(oid, tapped=False)
        return run
