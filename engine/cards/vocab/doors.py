"""Rooms and doors (CR 709): unlocked doors, door names, unlocking a door by an effect.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.cards.vocab.core import TARGET
from engine.cards.behaviour import printed
from engine.format import ref_text
from engine.rules.special_actions import locked_doors, open_door

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


def unlocked_door_names(g: "Context", p: int) -> set[str]:
    """The names of the Rooms p controls: only their unlocked doors' names (ruling, Central
    Elevator: a Room with no unlocked door has none of its names; CR 709.5)."""
    out: set[str] = set()
    for oid in g.battlefield(p):
        if "Room" in g.chars(oid).subtypes:
            out |= set(g.st.objects[oid].unlocked)
    return out


def card_names(name: str) -> set[str]:
    """Every name a card has: a Room card has its two doors' names (CR 709.3 ...)."""
    data = printed(name)
    if data is not None and data.faces:
        return {str(f.get("name")) for f in data.faces}
    return {name}


@dataclass(frozen=True)
class SearchRoomNamedUnlikeYours:
    """"search your library for a Room card that doesn't have the same name as a Room you
    control, reveal it, put it into your hand, then shuffle" (CR 701.19; ruling, Central
    Elevator: two objects have the same name if they share at least one name)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            lib = g.st.players[p].library
            taken = unlocked_door_names(g, p)

            def fits(o: int) -> bool:
                name = g.st.objects[o].name
                return "Room" in g.printed_subtypes(o) and not (card_names(name) & taken)
            if "answer" not in ctx:
                options = sorted({g.st.objects[o].name for o in lib if fits(o)})
                return Ask(p, "choose_card", options + ["nothing"], "ask.search_room", {})
            choice = ctx.pop("answer")[0]
            oid = next((o for o in lib if g.st.objects[o].name == choice and fits(o)), None)
            if oid is not None:
                new = g.move(oid, "hand", cause="search")
                g.event("reveal", player=g.pname(p), card=g.st.objects[new].name)
            g.shuffle(p)
            return None
        return run


def _locked(g: "Context", p: int) -> list[tuple[int, str]]:
    return [(o, f["name"]) for o in g.battlefield(p) if "Room" in g.chars(o).subtypes
            for f in locked_doors(g, o)]


@dataclass(frozen=True)
class UnlockADoor:
    """"unlock a locked door of a Room you control" — no target: the Room and door are chosen
    as it resolves (CR 709.5); "when you unlock this door" triggers. `of=TARGET`: "unlock a
    locked door of [up to one] target Room" — with two locked doors its controller chooses
    which. An effect, not the special action: no cost, any time."""
    of: str = "yours"

    def possible(self, g: "Context", item: "Obj") -> bool:
        return bool(_locked(g, item.controller))

    def step(self) -> Step:
        of = self.of

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if of == TARGET:
                room = g.target_obj(item, 0)
                if room is None:
                    return None
                names = [f["name"] for f in locked_doors(g, room)]
                if not names:
                    return None
                door = names[0]
                if len(names) > 1:
                    if "answer" not in ctx:
                        return Ask(item.controller, "choose_card", names, "ask.unlock_door",
                                   {"card": g.st.objects[room].name})
                    door = ctx.pop("answer")[0]
                open_door(g, item.controller, room, door)
                return None
            doors = _locked(g, item.controller)
            if not doors:
                return None
            texts = [f"{ref_text(g, ('o', o))}: {d}" for o, d in doors]
            if "answer" not in ctx:
                return Ask(item.controller, "choose_card", texts, "ask.unlock_door", {"card": item.name})
            oid, door = doors[texts.index(ctx.pop("answer")[0])]
            open_door(g, item.controller, oid, door)
            return None
        return run
