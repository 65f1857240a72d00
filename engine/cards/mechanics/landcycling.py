"""Cycling and landcycling (CR 702.29, keyword abilities), read from the card's own line, so no
card writes them:

* "Cycling [cost]" means "[Cost], Discard this card: Draw a card." (CR 702.29a);
* "[Type]cycling [cost]" means "[Cost], Discard this card: Search your library for a [type]
  card, reveal it, put it into your hand, then shuffle." (CR 702.29f: `Forestcycling {2}`);
* "Basic landcycling [cost]": the same for a basic land card (CR 702.29f)."""
from __future__ import annotations

import re

from engine.cards.model import Activated

LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
_COST = r"(\{[^}]+\}(?:\{[^}]+\})*)"
_LINE = re.compile(r"(Plains|Island|Swamp|Mountain|Forest)cycling " + _COST)
_CYCLING = re.compile(r"Cycling " + _COST + r"(?: \(.*\))?")
_BASIC = re.compile(r"Basic landcycling " + _COST + r"(?: \(.*\))?")


def parse(line: str) -> Activated | None:
    """The activated ability of a cycling or landcycling line, or None if the line is something else."""
    s = line.strip()
    m = _LINE.fullmatch(s)
    if m is not None:
        from engine.cards.effects import search_library_to_hand  # lazy: start-up (the card effects)
        return Activated(cost=m.group(2), discard_self=True, zone="hand", steps=[search_library_to_hand(m.group(1))],
                         label=s)
    c = _CYCLING.fullmatch(s)
    if c is not None:
        from engine.cards.effects import draw  # lazy: start-up (the card effects)
        return Activated(cost=c.group(1), discard_self=True, zone="hand", steps=[draw(1)], label=s)
    b = _BASIC.fullmatch(s)
    if b is not None:
        from engine.cards.vocab.search import Search  # lazy: start-up (the vocabulary)
        return Activated(cost=b.group(1), discard_self=True, zone="hand",
                         steps=[Search(basic_land=True).step()], label=s)
    return None
