"""Maximum hand size (CR 402.2, 514.1): seven unless an effect changes it. Effects that
change a player's maximum hand size are continuous effects of static abilities, applied in
timestamp order (CR 613.7; as the release notes rule for two such effects of the pool):
"You have no maximum hand size" and "each opponent's maximum hand size is equal to
seven minus ..." — the later one wins. It is checked only in the cleanup step (CR 514.1).

A static ability contributes an engine/rules/effects.py `HandSize` for this (players, value —
None: no maximum hand size —, timestamp); no permanent's characteristics read it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules.effects import HandSize
from engine.rules.resolved import resolved

if TYPE_CHECKING:
    from engine.rules.context import Context


def maximum(g: "Context", player: int) -> int | None:
    """Player's maximum hand size now; None: no maximum (CR 402.2)."""
    size: int | None = g.config.hand_size
    effects: list[HandSize] = []
    for src, fn in g.static_sources():
        obj = g.st.objects.get(src)
        if obj is None or (obj.zone != "battlefield" and obj.kind != "emblem"):  # (an emblem's work from the command zone, CR 114.4)
            continue
        effects += [e for e in fn(g, obj) if isinstance(e, HandSize) and player in e.players]
    for e in sorted(effects, key=lambda e: e.ts):
        size = e.value
    if any(e.no_max_hand == player for e in resolved(g)):
        return None  # "You have no maximum hand size until your next turn" (Power Without Equal)
    return size
