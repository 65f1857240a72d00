"""The `Chars` record: an object's characteristics as the rules read them (CR 109.3) — printed
or written down (engine/rules/printed.py), then with the continuous effects applied
(engine/rules/layering.py, characteristics.py). Held here, below all of them, so that the modules
they import (hooks.py, index.py, kept.py) can name it without naming the modules above."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.rules.rule_changes import ObjectFlag

if TYPE_CHECKING:
    from engine.rules.carddef import CardDef


@dataclass
class Chars:
    name: str
    supertypes: frozenset[str]
    types: frozenset[str]
    subtypes: tuple[str, ...]
    colors: frozenset[str]
    mana_value: int
    power: int | None
    toughness: int | None
    loyalty: int | None
    keywords: frozenset[str]
    flags: frozenset[ObjectFlag]  # rules effects: ObjectRule members
    defn: "CardDef | None"  # abilities; None when it has none (face down, lost them)
    level: int = 0
    # whether a mechanic may change these characteristics even with no effect on the object
    # (hooks.wants_chars, which reads only these): asked once, kept with them — a new Chars
    # (dataclasses.replace included: init=False) asks again; never compared
    wants_effects: bool | None = field(default=None, init=False, compare=False, repr=False)

    def is_(self, type_: str) -> bool:
        return type_ in self.types
