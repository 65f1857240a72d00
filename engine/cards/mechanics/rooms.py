"""Rooms (CR 709, Duskmourn): a split card whose halves are doors. A door's abilities work
only while it is unlocked (CR 709.5); the door cast unlocks as the Room enters, a Room that
enters another way has both doors locked, and unlocking a door is a special action at
sorcery speed (CR 116.2m) — in engine/rules/casting.py, the triggers in
engine/rules/triggers.py. This module tells which door each rules line of a Room belongs
to: the lines before the "//" line are the left door's, the rest the right door's.

Release notes (Räume): "Jede Tür eines Raums ist ein eigener Teil der Karte ..." — the
abilities of a locked door don't work."""
from __future__ import annotations

from typing import Any


def is_room(data: Any) -> bool:
    return "Room" in data.type_line and len(getattr(data, "faces", ()) or ()) == 2


def doors(data: Any, lines: list[str]) -> list[str]:
    """The door of each of `lines` (the card's rules lines in order, "//" included)."""
    if not is_room(data):
        return ["" for _ in lines]
    left, right = data.faces[0]["name"], data.faces[1]["name"]
    out: list[str] = []
    door = left
    for line in lines:
        if line.strip() == "//":
            door = right
        out.append(door)
    return out
