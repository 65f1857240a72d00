"""Static damage prevention (CR 615): "If a source would deal damage to you or a creature you
control, prevent N of that damage." (Hedron-Field Purists). A prevention shield of a static
ability applies to each damage event while the ability exists (CR 615.1a, 615.7: it prevents
only part of the damage); engine/rules/damage.py asks every static ability that has
`prevents` before damage is dealt.

    Static(Prevent(1))      # "... to you or a creature you control, prevent 1 of that damage."
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

YOU_AND_YOUR_CREATURES = "you_and_your_creatures"


@dataclass(frozen=True)
class Prevent:
    """Prevents `n` of each damage that would be dealt to what `to` names."""
    n: int
    to: str = YOU_AND_YOUR_CREATURES

    def static_effects(self, g: "Context", me: "Obj") -> list[dict[str, Any]]:
        return []  # no layer effect: it works through `prevents`

    def prevents(self, g: "Context", me: "Obj", ref: dict[str, Any]) -> int:
        if "player" in ref:
            return self.n if ref["player"] == me.controller else 0
        o = g.st.objects.get(ref.get("obj", -1))
        if o is not None and o.controller == me.controller and g.is_type(o.id, "Creature"):
            return self.n
        return 0
