"""Coven (an ability word, CR 207.2c): "Coven — As long as you control three or more creatures
with different powers, ..." — the condition, written once: among the creatures a player
controls there are three or more different powers (their current powers, CR 613)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.rules.context import Context

WORD = "Coven"


def coven(g: "Context", p: int) -> bool:
    """Whether p controls three or more creatures with different powers."""
    powers = {g.chars(o).power or 0 for o in g.battlefield(p) if g.is_type(o, "Creature")}
    return len(powers) >= 3
