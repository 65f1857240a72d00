"""Events per seat: the engine's events are one list for the table; before an event goes
to a seat, every card name in it that the seat cannot see (in its observation before or
after the event) is replaced by None, and object ids go with it. Defence in depth: the
engine already names cards moving into hidden zones only when public (engine/rules/zones),
but a name must never leave the host because of a mistake there.
"""
from __future__ import annotations

from typing import Any

CARD_PARAMS = ("card", "source", "to", "label", "name")
ID_PARAMS = ("obj", "old")
ALWAYS_PUBLIC = frozenset({"reveal"})  # the card was shown to everybody (CR 701.20a)


def visible_names(obs: Any, out: set[str] | None = None) -> set[str]:
    """Every card name an observation shows (player names are under other keys)."""
    if out is None:
        out = set()
    stack = [obs]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            name = x.get("name")
            if isinstance(name, str) and "id" in x:  # a card view
                out.add(name)
            label = x.get("label")
            if isinstance(label, str):
                out.add(label)
            stack.extend(v for v in x.values() if isinstance(v, (dict, list)))
        elif isinstance(x, list):
            stack.extend(v for v in x if isinstance(v, (dict, list)))
    return out


def redact(events: list[dict[str, Any]], visible: set[str]) -> list[dict[str, Any]]:
    out = []
    for ev in events:
        if ev.get("key") in ALWAYS_PUBLIC:
            out.append(ev)
            continue
        hidden = False
        for k in CARD_PARAMS:
            v = ev.get(k)
            if isinstance(v, str) and v not in visible:
                hidden = True
                break
        if not hidden:
            out.append(ev)
            continue
        ev = dict(ev)
        for k in CARD_PARAMS:
            v = ev.get(k)
            if isinstance(v, str) and v not in visible:
                ev[k] = None
        for k in ID_PARAMS:
            ev.pop(k, None)
        out.append(ev)
    return out
