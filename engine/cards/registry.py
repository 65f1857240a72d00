"""Which cards have engine behaviour (are implemented), by English name.

The behaviour definitions live per set under engine/cards/sets/; this module only
answers the question "is this card implemented?" for the database, coverage and UI.
"""
from __future__ import annotations


def implemented_names() -> frozenset[str]:
    """English names of every card whose abilities the engine implements."""
    from engine.cards.sets import behaviours  # late import: keeps the database light

    return frozenset(behaviours())
