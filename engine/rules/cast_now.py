"""Casting a spell while an ability resolves (CR 608.2g, 601.2): "you may cast it by paying
[cost]" (miracle, CR 702.94a) and "you may play it without paying its mana cost" (suspend,
CR 702.62a). The player casts the card then and there, during the resolution, ignoring the
timing restrictions of its card type (rulings: "Ignoriere alle Zeitpunkts-Einschränkungen,
die vom Typ der Karte abhängen"), for that cost only (no other alternative cost can be
combined with it, CR 118.9a), with its additional costs.

The offer is one decision of that player (engine/rules/cast_offer.py): each complete way to
cast it (with its targets) the casting rules would accept now, and "no". While it is open, the
card is a "cast now" card (this module: below the listing and the casting rules, which ask it):
the casting rules (engine/rules/casting.py, engine/format.py) let it be cast from where it is,
at any time, for that cost only.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.rules.context import Context

KEY = "cast_now"


def current(g: "Context") -> dict[str, Any] | None:
    got: dict[str, Any] | None = g.st.this_turn.get(KEY)
    return got


def is_now(g: "Context", oid: int) -> bool:
    now = current(g)
    return now is not None and now["obj"] == oid


def begin(g: "Context", oid: int, player: int, alt: str, cost: str) -> None:
    g.st.this_turn[KEY] = {"obj": oid, "player": player, "alt": alt, "cost": cost}
    g.memo.clear()  # the per-position lists (hand_cands, names) see the card cast now


def end(g: "Context") -> None:
    g.st.this_turn.pop(KEY, None)
    g.memo.clear()  # the per-position lists (hand_cands, names) see the card cast now
