"""Enchant (CR 702.5, keyword ability of Auras): "Enchant [object]" — an Aura spell targets
what it can enchant (CR 303.4a) and, as it resolves, enters attached to that target
(CR 303.4f, 608.3); if the target is illegal then, the spell doesn't resolve (608.3b). The
line is read from the card's text; the attachment happens in engine/rules/priority.py.
An Aura's static abilities ("Enchanted creature gets +2/+2") are `Static(..., on=ATTACHED)`
on the card layer."""
from __future__ import annotations

import re

from engine.cards.model import TargetSpec

_LINE = re.compile(r"Enchant (creature you control|creature|player)")


def parse(line: str) -> TargetSpec | None:
    m = _LINE.fullmatch(line.strip())
    if m is None:
        return None
    if m.group(1) == "player":  # "Enchant player" (CR 303.4a, 303.4f): it enters attached to that player
        return TargetSpec("player", line.strip())
    return TargetSpec("creature", line.strip(), yours_only=m.group(1) == "creature you control")
