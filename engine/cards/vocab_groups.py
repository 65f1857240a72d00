"""Groups of permanents a static ability affects, and static abilities that grant abilities
(issue #10; first used by the Rise of the Eldrazi levelers).

    Static(Gets(1, 1, on=Yours()))                          # "Other creatures you control get +1/+1."
    Static(Gets(1, 1, on=Yours(subtype="Merfolk")))         # "Other Merfolk creatures you control ..."
    Static(Grants("{T}: Add {G}{G}.", to=Yours(subtype="Elf", other=False)))  # "Elves you control have ..."

A group is called (g, source) and returns the ids of the permanents it names now. It reads
printed types and subtypes (engine/rules/characteristics.py computes the static abilities'
effects before any characteristics, so a group cannot ask for them without a loop); a
type-changing effect on the affected permanents is not seen.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.cards.model import Activated

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class Yours:
    """The permanents of a card type (and subtype) the source's controller controls;
    `other`: not the source itself ("other ... you control")."""
    types: tuple[str, ...] = ("Creature",)
    subtype: str = ""
    other: bool = True

    def __call__(self, g: "Context", me: "Obj") -> list[int]:
        return [o for o in g.battlefield(me.controller)
                if not (self.other and o == me.id)
                and any(t in g.printed_types(o) for t in self.types)
                and (not self.subtype or self.subtype in g.printed_subtypes(o))]


@dataclass(frozen=True)
class Grants:
    """A static ability: "[group] have '[ability]'" (CR 613.1f, layer 6). The quoted ability
    is a plain mana ability line, read by engine/cards/mechanics/mana_lines.py; the permanents
    of the group have it as long as the static ability applies."""
    line: str
    to: Any
    ability: Activated = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        from engine.cards.mechanics import mana_lines
        ab = mana_lines.parse(self.line)
        if ab is None:
            raise ValueError(f"Grants: not a plain mana ability line: {self.line!r}")
        object.__setattr__(self, "ability", ab)  # one object: the engine caches by identity

    def static_effects(self, g: "Context", me: "Obj") -> list[dict[str, Any]]:
        ids = self.to(g, me)
        return [{"layer": "6", "ids": ids, "ts": me.timestamp, "add_abilities": [self.ability]}] if ids else []
