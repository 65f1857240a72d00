"""Emblems (CR 114): objects in the command zone with abilities and nothing else.

CR 114.1: some effects put emblems into the command zone; 114.2: the player who puts it
there owns and controls it; 114.3: it has no characteristics but its abilities (its name
here is only a label for the table); 114.4: its abilities work from the command zone;
114.5: it is neither a card nor a permanent (so nothing on the battlefield counts it).

An emblem is an object of kind "emblem" in its owner's `command` list whose ctx names its
abilities (`ctx["emblem"]`: the key under which engine/cards/vocab/planeswalkers.py
`Emblem` registered them), so a game's state stays plain data. Its static abilities are
read with those of permanents (engine/game.py `static_sources`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any
from engine.rules.index import CARDS
from engine.rules.zones import create_emblem

if TYPE_CHECKING:
    from engine.rules.static_ability import StaticAbility
    from engine.rules.carddef import CardDef
    from engine.rules.context import Context

REGISTRY: dict[str, "CardDef"] = {}


def register(key: str, defn: "CardDef") -> None:
    REGISTRY[key] = defn


def definition(key: str) -> "CardDef | None":
    got = REGISTRY.get(key)
    if got is None:  # the card modules register their emblems as they load
        CARDS.load_emblem(key)
        got = REGISTRY.get(key)
    return got


def create(g: "Context", player: int, key: str, name: str) -> int:
    """CR 114.1-114.2: `player` gets an emblem (owner and controller)."""
    oid = create_emblem(g, player, name, key)
    of = name[:-len(" Emblem")] if name.endswith(" Emblem") else name  # the card that made it
    g.event("emblem", player=g.pname(player), card=name, text=key, of=of)
    return oid


def emblems(g: "Context") -> list[int]:
    return [o for p in g.st.players for o in p.command
            if o in g.st.objects and g.st.objects[o].kind == "emblem"]


def static_sources(g: "Context") -> list[tuple[int, "StaticAbility"]]:
    """CR 114.4: the static abilities of every emblem, working from the command zone."""
    out: list[tuple[int, "StaticAbility"]] = []
    for oid in emblems(g):
        d = definition(str(g.st.objects[oid].ctx.get("emblem", "")))
        if d is not None:
            out.extend((oid, s) for s in d.statics)
    return out


def triggered(g: "Context", event: str) -> list[tuple[int, int, Any]]:
    """CR 114.4: the triggered abilities of every emblem listening for this event:
    (emblem, ability index, ability)."""
    out: list[tuple[int, int, Any]] = []
    for oid in emblems(g):
        d = definition(str(g.st.objects[oid].ctx.get("emblem", "")))
        if d is not None:
            out.extend((oid, i, t) for i, t in enumerate(d.triggered) if t.event == event)
    return out
