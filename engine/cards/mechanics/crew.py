"""Crew (CR 702.122, Vehicles): "Crew N" means "Tap any number of other untapped creatures
you control with total power N or more: This Vehicle becomes an artifact creature until end
of turn." The cost is chosen as it is paid (engine/rules/casting.py, `tap_other`).

Known gap: the engine taps one creature for the cost, with power N or more — exact for Crew 1
(Hedge Shredder: any creature with power 1 or more), not yet several smaller ones together.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.layer import Activate
from engine.cards.model import Step
from engine.cards.vocab import source_id

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

_LINE = re.compile(r"Crew (\d+)(?: \(.*\))?")


def parse(line: str) -> int | None:
    m = _LINE.fullmatch(line.strip())
    return int(m.group(1)) if m else None


@dataclass(frozen=True)
class CrewPower:
    """The creature tapped to crew: untapped, power N or more."""
    n: int
    status = True

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        c = g.chars(obj.id)
        return not obj.tapped and "Creature" in c.types and (c.power or 0) >= self.n


@dataclass(frozen=True)
class BecomesArtifactCreature:
    """"This Vehicle becomes an artifact creature until end of turn" (layer 4, CR 613.1d)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = source_id(g, item)
            if oid is not None:
                g.add_effect("4", [oid], add_types=["Artifact", "Creature"])
        return run


def Crew(n: int) -> Activate:  # noqa: N802 (reads like the keyword)
    """The Crew N line as its activated ability (CR 702.122a)."""
    return Activate("", BecomesArtifactCreature(), tap_other=CrewPower(n))
