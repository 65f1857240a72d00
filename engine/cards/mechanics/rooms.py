"""Rooms (CR 709, Duskmourn): a split card whose halves are doors. A door's abilities work
only while it is unlocked (CR 709.5); the door cast unlocks as the Room enters, a Room that
enters another way has both doors locked, and unlocking a door is a special action at
sorcery speed (CR 116.2m) — in engine/rules/special_actions.py, the triggers in
engine/rules/triggers.py. This module tells which door each rules line of a Room belongs
to: the lines before the "//" line are the left door's, the rest the right door's.

Release notes (Räume): "Jede Tür eines Raums ist ein eigener Teil der Karte ..." — the
abilities of a locked door don't work."""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step, TargetSpec
from engine.rules.mana import parse_cost
from engine.rules.special_actions import open_door
from engine.cards.data import printed
from engine.cards.data import printed as printed_data

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


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


@lru_cache(maxsize=None)
def _halves(name: str, doors: tuple[str, ...]) -> tuple[str, int, frozenset[str]] | None:
    """Name, mana value and colours of these doors of a Room together; None: not a Room."""

    data = printed(name)
    if data is None or not is_room(data):
        return None
    faces = [f for f in data.faces if f.get("name") in doors]
    costs = [parse_cost(f.get("mana_cost")) for f in faces]
    colors = frozenset(ch for f in faces for ch in "WUBRG" if "{" + ch in (f.get("mana_cost") or "")
                       or "/" + ch + "}" in (f.get("mana_cost") or ""))
    return " // ".join(f["name"] for f in faces), sum(c.mana_value for c in costs), colors


def zone_chars(g: "Context", obj: "Obj", printed: Any) -> Any:
    """A Room's characteristics where it is (hooks.zone_chars). Release notes (Raum): "Die
    Eigenschaften der nicht gewirkten Tür werden ignoriert, solange sich der Zauberspruch auf
    dem Stapel befindet." (CR 709.3); "Während sich eine Raum-Karte in irgendeiner anderen
    Zone als auf dem Stapel oder im Spiel befindet, sind ihre die Eigenschaften eine
    Kombination aus ihren beiden Türen." (CR 709.4); "Während ein Raum im Spiel ist, sind
    seine Eigenschaften eine Kombination aus den Eigenschaften seiner entsperrten Türen."
    and "Falls keine der Türen eines Raumes entsperrt sind, ist er eine Raum-Verzauberung
    ohne Namen und Fähigkeiten." (CR 709.5)."""
    on = obj.zone in ("stack", "battlefield")
    key = (obj.name, on, tuple(obj.unlocked) if on else ())
    was = _ZONE_CHARS.get(key)  # (the same characteristics, the same object: characteristics.py keeps by it)
    if was is not None and was[0] is printed:
        return was[1]
    got = _zone_chars(obj, printed, on)
    if len(_ZONE_CHARS) > 5000:
        _ZONE_CHARS.clear()
    _ZONE_CHARS[key] = (printed, got)
    return got


_ZONE_CHARS: dict[tuple[Any, ...], tuple[Any, Any]] = {}


def _zone_chars(obj: "Obj", printed: Any, on: bool) -> Any:

    data = printed_data(obj.name)
    if data is None or not is_room(data):
        return None
    if on:
        doors = tuple(d for d in (f["name"] for f in data.faces) if d in obj.unlocked)
    else:
        doors = tuple(f["name"] for f in data.faces)
    got = _halves(obj.name, doors)
    if got is None:
        return None
    name, mv, colors = got
    if (name, mv, colors) == (printed.name, printed.mana_value, printed.colors):
        return printed
    return replace(printed, name=name, mana_value=mv, colors=colors)


def _room(g: "Context", obj: "Obj") -> bool:
    return "Room" in g.chars(obj.id).subtypes


@dataclass(frozen=True)
class IsRoom:
    """A filter: a Room ("Sacrifice a Room")."""

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return _room(g, obj)


ROOM_YOU_CONTROL_UP_TO_ONE = "room_you_control_up_to_one"


def room_target(desc: str, up_to: bool = True) -> TargetSpec:
    """"[up to one] target Room you control"."""
    return TargetSpec("permanent", desc, extra=_room, yours_only=True, up_to=up_to)


@dataclass(frozen=True)
class LockOrUnlock:
    """"Lock or unlock a door of target Room you control" (Keys to the House): its controller
    chooses a door; a locked one unlocks (its unlock ability triggers), an unlocked one locks
    (CR 709.5)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            oid = g.target_obj(item, 0)
            if oid is None:
                return None
            room = g.st.objects[oid]
            data = printed(room.name)
            doors = [f["name"] for f in (data.faces if data is not None else ())]
            options = [("lock " if d in room.unlocked else "unlock ") + d for d in doors]
            if "answer" not in ctx:
                return Ask(item.controller, "choose_card", options, "ask.lock_or_unlock", {"card": room.name})
            choice = ctx.pop("answer")[0]
            verb, _, door = choice.partition(" ")
            if verb == "unlock":
                open_door(g, item.controller, oid, door)
            elif door in room.unlocked:
                g.update(oid, unlocked=[d for d in room.unlocked if d != door])
                g.event("lock", player=g.pname(item.controller), card=room.name, door=door)
            return None
        return run
