"""Which cards have engine behaviour (are implemented), by English name.

The behaviour definitions live per set under engine/cards/sets/; this module only
answers the question "is this card implemented?" for the database, coverage and UI —
with the one definition of engine.cards.behaviour.is_implemented (issue #9): hand-written
behaviour, or text that keywords, mechanic lines and basic land types cover entirely.
"""
from __future__ import annotations
from engine.cards.behaviour import is_implemented
from engine.cards.data import bundled_cards


def implemented_names() -> frozenset[str]:
    """English names of every bundled card whose abilities the engine implements."""

    return frozenset(name for name in bundled_cards() if is_implemented(name))
