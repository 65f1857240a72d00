"""A planeswalker's loyalty as it enters (CR 306.5b), read by the zone change that puts any
permanent onto the battlefield (engine/rules/zones.py); the rest of the planeswalker rules
are engine/rules/planeswalkers.py."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.rules.index import CARDS

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

__all__ = ["starting_loyalty"]


def starting_loyalty(g: "Context", new: "Obj", copied: dict[str, Any] | None = None) -> None:
    """CR 306.5b: a planeswalker (not face down, CR 708.2) enters with loyalty counters
    equal to its printed loyalty; a token's definition may give its loyalty too, and a permanent
    entering as a copy has the copied loyalty (`copied`: its copiable values, CR 707.2)."""
    if new.face_down:
        return
    if copied is not None:
        types, loyalty = copied.get("type_line", ""), copied.get("loyalty")
    elif new.token_def is not None:
        types, loyalty = new.token_def.get("type_line", ""), new.token_def.get("loyalty")
    else:
        data = CARDS.printed(new.name)
        if data is None:
            return
        types, loyalty = data.type_line, data.loyalty
    if "Planeswalker" not in str(types).split("—")[0] or loyalty is None:
        return
    try:
        n = int(str(loyalty))
    except ValueError:  # "X" (CR 306.5b: X is 0 unless something says otherwise)
        n = 0
    if n > 0:
        new.counters["loyalty"] = new.counters.get("loyalty", 0) + n
