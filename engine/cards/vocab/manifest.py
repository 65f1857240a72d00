"""Manifest (CR 701.40a): "put the top card of your library onto the battlefield face down as
a 2/2 creature" (the face-down rules are engine/rules/characteristics.py, CR 708; it may be
turned face up for its mana cost if it is a creature card, CR 701.40b). Manifest dread, which
looks at two cards, is engine/cards/mechanics/manifest_dread.py."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Step

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class Manifest:
    """"[You / Its controller] manifest(s) the top card of [their] library" — `who` "you" or
    "target_controller" (the controller the target had, set by the effect before, CR 608.2h).
    Nothing happens with an empty library."""
    who: str = "you"

    def step(self) -> Step:
        who = self.who

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            p = item.controller if who == "you" else ctx.get("target_controller")
            if p is None or g.st.players[int(p)].lost:
                return
            lib = g.st.players[int(p)].library
            if not lib:
                return
            g.move(lib[0], "battlefield", face_down=True, controller=int(p), cause="manifest")
            g.event("manifest", player=g.pname(int(p)))
        return run
