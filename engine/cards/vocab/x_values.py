"""Effects whose number is the X paid for the spell a permanent was (CR 107.3m: "X" in a
permanent's enters ability is the X of its spell; the ability keeps it even if the permanent
leaves before it resolves)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Step

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class XCountersOnThis:
    """"put X [+1/+1] counters on it" — on the ability's source, if it is still there."""
    kind: str = "+1/+1"

    def step(self) -> Step:
        kind = self.kind

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            src = item.source
            if src is not None and src in g.st.objects and g.st.objects[src].zone == "battlefield" and item.x > 0:
                g.add_counters(src, kind, item.x)
        return run


@dataclass(frozen=True)
class MillTimesX:
    """"mill [twice] X cards" (CR 701.13) — `times` × X, X of the spell the source was."""
    times: int = 1

    def step(self) -> Step:
        times = self.times

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            from engine.cards.vocab.library import library_to_graveyard
            n = times * item.x
            if n <= 0:
                return
            p = item.controller
            milled = [g.move(oid, "graveyard", cause="mill") for oid in list(g.st.players[p].library[:n])]
            g.event("mill", player=g.pname(p), count=n)
            library_to_graveyard(g, p, milled)
        return run
