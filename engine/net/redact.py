"""Events per seat: the engine's events are one list for the table; before an event goes
to a seat, every card name in it that the seat cannot see (in its observation before or
after the event) is replaced by None, and object ids go with it. Defence in depth: the
engine already names cards moving into hidden zones only when public (engine/rules/zones),
but a name must never leave the host because of a mistake there.
"""
from __future__ import annotations

from typing import Any

# parameters that never hold a card name; every other string (or string in a list) might
NOT_CARDS = frozenset({"key", "player", "first", "step", "to_zone", "from_zone", "zone", "kind", "mana",
                       "result", "sides", "winner", "target", "reason", "cause", "text", "counter", "turn",
                       "alt"})  # (a cast's alternative cost: a keyword, announced to all, CR 601.2b)
ID_PARAMS = ("obj", "old", "objs")
ALWAYS_PUBLIC = frozenset({"reveal"})  # the card was shown to everybody (CR 701.20a)


def visible_names(obs: Any, out: set[str] | None = None) -> set[str]:
    """Every card name an observation shows, and the players' names. (It reads the zones a
    card can be seen in; a name it missed would only be redacted once too often.)"""
    if out is None:
        out = set()
    if not isinstance(obs, dict):
        return out
    add = out.add

    def cards(items: Any) -> None:
        for c in items or ():
            if isinstance(c, dict):
                name = c.get("name")
                if isinstance(name, str):
                    add(name)
                    if " // " in name:  # a Room seen is its doors seen ("Bob casts Bottomless Pool")
                        out.update(name.split(" // "))
                label = c.get("label")
                if isinstance(label, str):
                    add(label)
    cards(obs.get("battlefield"))
    cards(obs.get("stack"))
    for p in obs.get("players") or ():
        if isinstance(p, dict):
            if isinstance(p.get("name"), str):
                add(p["name"])
            for zone in ("hand", "graveyard", "exile", "command"):
                cards(p.get(zone))
            for c in p.get("commanders") or ():  # a commander is public (face up from the start, CR 903.6)
                if isinstance(c, dict) and isinstance(c.get("card"), str):
                    add(c["card"])
    return out


def needs_check(events: list[dict[str, Any]]) -> bool:
    """Whether any event carries a value that might be a card name (most carry none)."""
    for ev in events:
        if ev.get("key") in ALWAYS_PUBLIC:
            continue
        for k, v in ev.items():
            if k not in NOT_CARDS and isinstance(v, (str, list, tuple, dict)) and v:
                return True
    return False


def _hidden(v: Any, visible: set[str]) -> bool:
    if isinstance(v, str):
        return v not in visible
    if isinstance(v, (list, tuple)):
        return any(_hidden(x, visible) for x in v)
    if isinstance(v, dict):
        return any(_hidden(x, visible) for x in v.values())
    return False


def _scrub(v: Any, visible: set[str]) -> Any:
    if isinstance(v, str):
        return v if v in visible else None
    if isinstance(v, (list, tuple)):
        return [_scrub(x, visible) for x in v]
    if isinstance(v, dict):
        return {k: _scrub(x, visible) for k, x in v.items()}
    return v


def redact(events: list[dict[str, Any]], visible: set[str]) -> list[dict[str, Any]]:
    """`visible`: the card names the seat can see, plus the players' names."""
    out = []
    for ev in events:
        if ev.get("key") in ALWAYS_PUBLIC:
            out.append(ev)
            continue
        hidden = [k for k, v in ev.items() if k not in NOT_CARDS and _hidden(v, visible)]
        if not hidden:
            out.append(ev)
            continue
        ev = dict(ev)
        for k in hidden:
            ev[k] = _scrub(ev[k], visible)
        for k in ID_PARAMS:
            ev.pop(k, None)
        out.append(ev)
    return out
