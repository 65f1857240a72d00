"""Colours of cards from their text (CR 105, 202.2, 903.4): the mana symbols' colours, a
colour identity. Apart from the card importers (engine/cards/importers/common.py re-exports
these) so that the Commander deck check reads them without loading every file format.
"""
from __future__ import annotations

import re
from typing import Any

COLOR_ORDER = "WUBRG"
COLOR_BITS = {c: 1 << i for i, c in enumerate(COLOR_ORDER)}

_SYMBOL = re.compile(r"\{([^{}]*)\}")   # "{{{{..." must not be quadratic
_REMINDER = re.compile(r"\([^()]*\)")


def colors_in(text: str | None) -> set[str]:
    """Colours of the mana symbols in a cost or rules text ({W/U} counts both)."""
    found: set[str] = set()
    for sym in _SYMBOL.findall(text or ""):
        for part in sym.upper().split("/"):
            if part in COLOR_BITS:
                found.add(part)
            elif len(part) == 2 and part[0] == "H" and part[1] in COLOR_BITS:
                found.add(part[1])
    return found


def color_string(colors: Any) -> str:
    """Canonical WUBRG-ordered string from a list, a set or a string of letters."""
    letters = {str(c).upper() for c in (colors or ()) if str(c).upper() in COLOR_BITS}
    return "".join(c for c in COLOR_ORDER if c in letters)


def color_mask(colors: str) -> int:
    mask = 0
    for ch in colors:
        mask |= COLOR_BITS.get(ch, 0)
    return mask


_LAND_COLORS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def color_identity(colors: str, cost: str | None, text: str | None, type_line: str = "") -> str:
    """CR 903.4: colours plus mana symbols in cost and rules text (reminder text excluded);
    a basic land type counts as its colour, as its intrinsic mana ability would (CR 305.6)."""
    rules_text = _REMINDER.sub("", text or "")
    found = set(colors) | colors_in(cost) | colors_in(rules_text)
    subtypes = type_line.split("—", 1)[1].split() if "—" in type_line else []
    found.update(_LAND_COLORS[t] for t in subtypes if t in _LAND_COLORS)
    return color_string(found)
