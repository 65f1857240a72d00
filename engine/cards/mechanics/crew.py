"""Crew (keyword ability, CR 702.122): "Crew N" means "Tap any number of untapped creatures
you control with total power N or greater: This Vehicle becomes an artifact creature until
end of turn." The creatures are chosen one at a time as the cost is paid (a decision of
their controller, engine/rules/activation.py); summoning-sick creatures may crew (CR 302.6
restricts only {T} costs of the creature itself). The line is read here, so no card
definition repeats it."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from engine.cards.model import Activated
from engine.cards.vocab.core import source_id

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

_LINE = re.compile(r"Crew (\d+)")


def parse(line: str) -> Activated | None:
    m = _LINE.fullmatch(line.strip())
    if m is None:
        return None
    return Activated(crew=int(m.group(1)), steps=[_becomes_creature], label=line.strip())


def _becomes_creature(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
    """"This Vehicle becomes an artifact creature until end of turn" (layer 4, CR 613.1d)."""
    src = source_id(g, item)
    if src is not None:
        g.add_effect("4", [src], add_types=["Artifact", "Creature"])


def crew_power(g: "Context", oid: int) -> int:
    """The power a creature adds to a crew cost (CR 702.122a: its power, at least 0 counted)."""
    return max(0, g.chars(oid).power or 0)


def crew_candidates(g: "Context", p: int, chosen: list[int]) -> list[int]:
    """Untapped creatures p controls that are not yet chosen to crew."""
    return [o for o in g.with_type(p, "Creature") if o not in chosen and not g.st.objects[o].tapped]


def can_crew(g: "Context", p: int, n: int) -> bool:
    """Whether p's untapped creatures have total power n or more (stops once they do)."""
    total = 0
    objects = g.st.objects
    for o in g.with_type(p, "Creature"):
        if not objects[o].tapped:
            total += crew_power(g, o)
            if total >= n:
                return True
    return total >= n
