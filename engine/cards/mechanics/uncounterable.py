""""This spell can't be countered." — a static ability of the spell that works while it is on
the stack (CR 101.2: the "can't" wins over any instruction to counter it). Read from its line,
so no card writes it; the layer sets CardDef.uncounterable (engine/rules/priority.py reads it).
"""
from __future__ import annotations

import re

_LINE = re.compile(r"This spell can't be countered\.")


def parse(line: str) -> bool | None:
    """True for the line "This spell can't be countered.", else None."""
    return True if _LINE.fullmatch(line.strip().replace("’", "'")) else None
