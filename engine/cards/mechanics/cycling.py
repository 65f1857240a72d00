"""Cycling (CR 702.29a, keyword ability): "Cycling [cost]" means "[Cost], Discard this card:
Draw a card." It is read from the card's own line (`Cycling {W}`, reminder text allowed), so
no card writes it; the ability works only while the card is in its owner's hand (CR 702.29a,
`zone="hand"`). Typecycling is engine/cards/mechanics/landcycling.py."""
from __future__ import annotations

from engine.cards import effects as fx
from engine.cards.mechanics import keyword_cost
from engine.cards.model import Activated

_cost = keyword_cost.parser("Cycling")


def parse(line: str) -> Activated | None:
    """The activated ability of a "Cycling {cost}" line, or None if the line is something else."""
    cost = _cost(line)
    if cost is None:
        return None  # (an X in the cost, "Cycling {X}{1}{U}", is chosen as it is activated: CR 107.3, 602.2b)
    return Activated(cost=cost, discard_self=True, zone="hand", steps=[fx.draw(1)], label=line.strip())
