"""A spell's card types and subtypes as its total cost is determined (CR 601.2a, 601.2f): on the
stack, where static abilities that reach spells apply ("permanent spells you control are
enchantments", a Room door, CR 613.1d). The cost reductions read them (engine/rules/costs.py).

A card still in its zone is read as the spell it becomes: put on the stack under its owner
for the reading, then back (nothing else happens meanwhile; the position's caches are set
aside and given back) — cast as the face and for the cost given, as casting marks the spell
(engine/rules/casting.py): an Adventure has only the Adventure's characteristics (CR 715.3b),
a Room's door only that door's (CR 709.3), a spell cast face down is a 2/2 creature spell with
no other characteristics (CR 708.2a, 702.37c), and a card exiled face down is cast face up.
Only the static abilities that reach spells (`reaches_stack`) can give a stack object an
effect, and each of them that offers `spell_effects` says which effects it gives this one
spell without reading the permanents: those are read, in the two passes of the effects index
(CR 613.6, engine/rules/characteristics.py `_effects_by_object`), instead of every static
ability over the whole board once per castable card (the listing asks for every card in hand
in every position). A static ability
that does not offer it (one with a condition) has the whole index built, as before.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.rules import hooks
from engine.rules.index import CARDS
from engine.rules.effects import ContinuousEffect, Layer
from engine.rules.layering import apply_order, resolved_effects

if TYPE_CHECKING:
    from engine.state import Obj
    from engine.rules.static_ability import StaticAbility
    from engine.rules.context import Context


# the static-ability list last read (GameBase.static_sources: the same list object while the
# static abilities are the same) and those of its abilities that reach spells
_REACHING: list[Any] = [None, []]


def reaching_statics(g: "Context") -> "list[tuple[int, StaticAbility]]":
    """The static abilities that reach spells on the stack (`reaches_stack`), read once per
    static-ability list, not at every card asked about."""
    sources = g.static_sources()
    if _REACHING[0] is not sources:
        _REACHING[0], _REACHING[1] = sources, [(src, fn) for src, fn in sources if fn.reaches_stack]
    got: list[tuple[int, StaticAbility]] = _REACHING[1]
    return got


def spell_types(g: "Context", obj_id: int, face: str = "", alt: str = ""
                ) -> tuple[frozenset[str], tuple[str, ...]]:
    """Its types and subtypes as a spell cast as `face` (an Adventure, a Room's door; "" the
    card) for the cost `alt` (see the module's docstring)."""
    obj = g.st.objects[obj_id]
    if obj.zone == "stack":
        return g.types_now(obj_id)
    marks = _as_cast(g, obj, face, alt)
    reaching = reaching_statics(g)
    if not reaching and not marks:
        return g.types_now(obj_id)  # (no static ability reaches spells: its types are as they are now)
    kept = {k: getattr(obj, k) for k in ("zone", "controller", *marks)}
    memo, cache = g.memo, g.chars_cache
    g.memo, g.chars_cache = {}, {}
    obj.zone, obj.controller = "stack", obj.owner
    for k, v in marks.items():
        setattr(obj, k, v)
    g.st.stack.append(obj_id)
    try:
        got = None
        if obj.kind == "card" and all(fn.spell_effects is not None for _, fn in reaching):
            got = _reached(g, obj_id, reaching)
        if got is None:  # the whole effects index of that position
            g.memo.clear()
            got = g.types_now(obj_id)
        return got
    finally:
        g.st.stack.remove(obj_id)
        for k, v in kept.items():
            setattr(obj, k, v)
        g.memo, g.chars_cache = memo, cache


def _as_cast(g: "Context", obj: "Obj", face: str, alt: str) -> dict[str, Any]:
    """What casting it as `face` for `alt` marks on the spell and the card in its zone lacks
    (engine/rules/casting.py does the same to the spell) that changes its characteristics: the
    Adventure's mark (CR 715.3, its characteristics by engine/cards/mechanics/adventure.py), the door
    cast (CR 709.3: on the stack only that door's characteristics, engine/cards/mechanics/rooms.py),
    face down or not (CR 708.2a, 702.37c: cast face down, a 2/2 creature spell; a card exiled
    face down, hideaway, is cast face up)."""
    marks: dict[str, Any] = {}
    cast_as = hooks.face_cast_as(obj.name, face) if face else ""
    if cast_as and obj.alt != cast_as:
        # (the Adventure's mark; another cost's own mark changes no characteristic on the stack:
        # left out, so that the reading stays the quick one without static abilities reaching spells)
        marks["alt"] = cast_as
    down = hooks.cast_face_down(alt)
    if down != obj.face_down:
        marks["face_down"] = down
    if face and not cast_as:
        data = CARDS.printed(obj.name)
        door = next((f["name"] for f in (data.faces or ()) if f.get("name", "").lower() == face.lower()), None) \
            if data is not None and "Room" in (data.type_line or "") else None
        if door is not None and obj.unlocked != [door]:
            marks["unlocked"] = [door]
    return marks


def _reached(g: "Context", oid: int, reaching: list[tuple[int, "StaticAbility"]]
             ) -> tuple[frozenset[str], tuple[str, ...]] | None:
    """The spell's types with the effects of resolved spells and abilities that name it and
    those the static abilities in `reaching` give it, read as the effects index reads them
    (types_now while it is built: after layers 1-4, CR 613.1a-d). The same as its
    characteristics (`chars`) give: an effect of layer 1 or 4 changes a card on the stack
    only through the index, sorted by layer and timestamp, listed in the same order (resolved
    effects first, then the static abilities' in order). None: its own keyword mechanics give
    it a layer 1 or 4 effect; the whole index is read then."""
    obj = g.st.objects[oid]
    if any(e.layer in (Layer.COPY, Layer.TYPE) for e in hooks.char_effects(g, obj)):
        return None
    resolved = [e for e in resolved_effects(g) if oid in e.ids]
    g.memo["effects_partial"] = True  # (as while the index is built: types after layers 1-4)
    given: list[ContinuousEffect] = []
    for pass_ in (1, 2):
        given = [e for src, fn in reaching if fn.spell_effects is not None
                 for e in fn.spell_effects(g, g.st.objects[src], oid)]
        read = g.memo.pop("types_read", {}).get(oid)
        if pass_ == 2 or read is None or not any(e.layer in (Layer.COPY, Layer.TYPE) for e in given):
            break
        # CR 613.6: the index reads the static abilities again with the types the first reading
        # gave when a type read changed; for this spell, only its own reading matters (a static
        # ability's spell_effects reads the spell's types only)
        g.memo["types_l4_index"] = {oid: resolved + given}
        if g.types_now(oid) == read:
            break
        g.memo.pop("types_read", None)
    effects = sorted(resolved + given, key=apply_order)
    g.memo.pop("types_read", None)
    g.memo["types_l4_index"] = {oid: effects}
    return g.types_now(oid)
