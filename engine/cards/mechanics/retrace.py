"""Retrace (CR 702.81, keyword ability): "Retrace" means "You may cast this card from your
graveyard by discarding a land card in addition to paying its other costs." (CR 702.81a)

Read from the card's "Retrace" line: the card may be cast from its owner's graveyard as
`cast CARD with retrace` for its mana cost (the normal timing rules apply: ruling, Formless
Genesis), with the additional cost "discard a land card" chosen as it is cast (CR 601.2h). It
is no alternative cost to its mana cost; it is the graveyard permission with its additional
cost. A retraced spell goes to the graveyard as usual and may be retraced again.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from engine.cards.model import SacrificeCost, TargetSpec
from engine.cards.data import printed

if TYPE_CHECKING:
    from engine.cards.model import CardDef
    from engine.rules.context import Context
    from engine.state import Obj

ALT = "retrace"
ALT_ZONES = {ALT: "graveyard"}


def parse(line: str) -> bool | None:
    return True if re.sub(r"\s*\([^)]*\)", "", line).strip() == "Retrace" else None


@lru_cache(maxsize=None)
def _mana_cost(name: str) -> str | None:
    data = printed(name)
    if data is None or not any(parse(line) for line in data.text.splitlines()):
        return None
    return (data.mana_cost or "").split("//")[0].strip() or "{0}"


@dataclass(frozen=True)
class LandCard:
    """"a land card" (in the hand)."""
    what = "card"

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return "Land" in g.types_now(obj.id)[0]


_DISCARD_LAND = SacrificeCost(TargetSpec("card", "a land card", extra=LandCard()), discard=True)


# ------------------------------------------------------------------ hooks (engine/rules/hooks.py)
def alternative_costs(defn: "CardDef") -> dict[str, str]:
    cost = _mana_cost(defn.name) if not defn.token else None
    return {ALT: cost} if cost is not None else {}


def alt_additional(defn: "CardDef", alt: str) -> SacrificeCost | None:
    """CR 702.81a: "by discarding a land card in addition to paying its other costs"."""
    return _DISCARD_LAND if alt == ALT and _mana_cost(defn.name) is not None else None
