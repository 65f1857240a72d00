"""Changeling (CR 702.73, keyword ability): "Changeling" means "This object is every creature
type." (CR 702.73a) — a characteristic-defining ability, so it works in every zone (CR 604.3,
ruling of Formless Genesis: "Wandelwicht ist eine eigenschaftsdefinierende Fähigkeit. Sie
funktioniert in allen Zonen.") and applies first in layer 4 (CR 613.3).

The keyword is read from the card's own "Changeling" line (engine/cards/keywords.py) or a
token's keywords; engine/rules/characteristics.py gives such an object every creature type
(CR 205.3m: those of the card data) in its printed characteristics.
"""
from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import TYPE_CHECKING
from engine.cards.vocab.player_rules import creature_types as known

if TYPE_CHECKING:
    from engine.rules.characteristics import Chars

KEYWORD = "changeling"


@lru_cache(maxsize=1)
def creature_types() -> tuple[str, ...]:
    return tuple(known())


def every_creature_type(c: "Chars") -> "Chars":
    """The characteristics of an object with changeling: its subtypes and every creature type."""
    if KEYWORD not in c.keywords:
        return c
    subs = list(c.subtypes)
    subs += [t for t in creature_types() if t not in subs]
    return dataclasses.replace(c, subtypes=tuple(subs))
