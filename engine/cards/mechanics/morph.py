"""Morph and megamorph (CR 702.37, face-down permanents CR 708): "Morph [cost]" means "You may
cast this card as a 2/2 face-down creature with no text, no name, no subtypes, and no mana
cost by paying {3} rather than paying its mana cost." (CR 702.37a, c); megamorph is morph
that also puts a +1/+1 counter on it as it is turned face up for its megamorph cost
(CR 702.37b). The lines are read from the card's text, so no card writes them.

* `cast CARD with morph`: for {3} (an alternative cost, CR 118.9), from the hand at its normal
  timing; the spell is face down on the stack (CR 708.4: its characteristics are those of a
  face-down 2/2, engine/rules/printed.py) and resolves into a face-down permanent
  (engine/rules/priority.py).
* `turn face up CARD`: any time its controller has priority, a face-down permanent whose card
  has morph is turned face up for its morph cost (CR 702.37e, 116.2b: a special action,
  engine/rules/manual.py) — however it became face down (a card put onto the battlefield face
  down by an effect too, Deathmist Raptor); megamorph's +1/+1 counter goes on as it turns face
  up. "When this creature is turned face up" then triggers (CR 708.8).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from engine.cards.mechanics.keyword_cost import printed_line

if TYPE_CHECKING:
    from engine.cards.model import CardDef
    from engine.rules.context import Context
    from engine.state import Obj

ALT = "morph"
FACE_DOWN_ALTS = (ALT,)
FACE_DOWN_COST = "{3}"  # CR 702.37c

_LINE = re.compile(r"(Morph|Megamorph) ((?:\{[^}]+\})+)")
_REMINDER = re.compile(r"\s*\([^)]*\)")


def parse(text: str) -> tuple[str, str] | None:
    """("morph" or "megamorph", its cost) of a "Morph {cost}" / "Megamorph {cost}" line."""
    m = _LINE.fullmatch(_REMINDER.sub("", text).strip())
    return (m.group(1).lower(), m.group(2)) if m else None


@lru_cache(maxsize=None)
def morph_of(name: str) -> tuple[str, str] | None:
    """The card's morph or megamorph and its cost, from its printed text; None without."""
    return printed_line(name, parse)


# ------------------------------------------------------------------ hooks (engine/rules/hooks.py)
def alternative_costs(defn: "CardDef") -> dict[str, str]:
    return {ALT: FACE_DOWN_COST} if not defn.token and morph_of(defn.name) is not None else {}


def face_up_cost(g: "Context", obj: "Obj") -> tuple[str, str] | None:
    """CR 702.37e: the cost to turn this face-down permanent face up by its morph ability, and
    the counter that puts on it ("+1/+1" for megamorph, CR 702.37b; "" for morph)."""
    got = morph_of(obj.name) if not obj.token else None
    if got is None:
        return None
    kind, cost = got
    return cost, "+1/+1" if kind == "megamorph" else ""
