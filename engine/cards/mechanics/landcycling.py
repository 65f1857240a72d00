"""Landcycling (CR 702.29f, keyword ability): "[Type]cycling [cost]" means "[Cost], Discard
this card: Search your library for a [type] card, reveal it, put it into your hand, then
shuffle." It is read from the card's own line (`Forestcycling {2}`), so no card writes it."""
from __future__ import annotations

import re

from engine.cards.model import Activated

LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
_LINE = re.compile(r"(Plains|Island|Swamp|Mountain|Forest)cycling (\{[^}]+\}(?:\{[^}]+\})*)")


def parse(line: str) -> Activated | None:
    """The activated ability of a landcycling line, or None if the line is something else."""
    m = _LINE.fullmatch(line.strip())
    if m is None:
        return None
    from engine.cards.effects import search_library_to_hand
    return Activated(cost=m.group(2), discard_self=True, zone="hand", steps=[search_library_to_hand(m.group(1))],
                     label=line.strip())
