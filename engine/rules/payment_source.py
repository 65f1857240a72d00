"""A source of mana for a payment (CR 106, 605): the one type the payment search, its orders
(mana_orders.py) and its kept facts (mana_lists.py) all read, below all three so none of them
needs another to name it; and the other mana abilities a payment may use instead
(`Alternative`: mana_sources.py lists them, convoke_sources.py adds the convoke ones)."""
from __future__ import annotations

from dataclasses import dataclass

from engine.rules.carddef import Activated

# a mana ability a payment may use instead of the ones mana_sources counts for its permanent:
# one making another amount of mana (Overgrown Zealot's "Add two mana of any one color", for
# turning a permanent face up) — (permanent, its name, ability index, ability)
Alternative = tuple[int, str, int, Activated]


@dataclass
class Source:
    """Something that can make mana for a payment: an untapped permanent's mana ability."""

    obj: int
    name: str
    produces: tuple[str, ...]  # colours it can make (one mana of one of these)
    sacrifice: bool = False
    # a creature tapped for convoke, not a mana ability (CR 702.51a): `produces` holds its
    # colours, () for a colourless one (it pays for generic mana only)
    convoke: bool = False
    spend: tuple[str, ...] = ()  # what its mana may be spent on (CR 106.6); () = anything
    ability: int = 0  # which of its permanent's mana abilities makes it (0: the first, payment.mana_ability)
    tap: bool = True  # its ability has {T} in its cost (a creature tapped for convoke too): gone once tapped
    # Sources of one group are mana one activation makes of one type: "Add X mana of any one
    # color" (CR 106.1b), or a land's mana and the mana a triggered mana ability adds of "any
    # type that land produced" (CR 605.1b): a payment takes them all of one colour. 0: none.
    group: int = 0
    pain: int = 0  # damage its permanent deals to its controller as it is tapped
