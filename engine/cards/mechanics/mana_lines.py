"""Plain mana abilities read from a card's line (CR 605.1a): "{T}: Add {R}." and
"{T}: Add {U} or {R}.", "{T}: Add {G}{G}." — the Duskmourn dual lands, mana creatures. A mana ability with a
spending restriction ("Spend this mana only ...") is not plain and is not read here."""
from __future__ import annotations

import re

from engine.cards.model import Activated

_TWICE = re.compile(r"\{T\}: Add \{([WUBRGC])\}\{\1\}\.")  # "{T}: Add {G}{G}." (two mana, CR 106.4)
_LINE = re.compile(r"\{T\}: Add \{([WUBRGC])\}(?:(?:,| or) \{([WUBRGC])\})?(?: or \{([WUBRGC])\})?\.")


def parse(line: str) -> Activated | None:
    two = _TWICE.fullmatch(line.strip())
    if two is not None:
        return Activated(tap=True, mana=(two.group(1),), amount=2, label=line.strip())
    m = _LINE.fullmatch(line.strip())
    if m is None:
        return None
    colors = tuple(c for c in m.groups() if c)
    return Activated(tap=True, mana=colors, label=line.strip())
