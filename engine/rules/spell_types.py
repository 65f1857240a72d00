"""A spell's card types and subtypes as its total cost is determined (CR 601.2a, 601.2f): on the
stack, where static abilities that reach spells apply ("permanent spells you control are
enchantments", Secret Arcade, CR 613.1d). The cost reductions read them (engine/rules/costs.py).

A card still in its zone is read as the spell it becomes: put on the stack under its owner
for the reading, then back (nothing else happens meanwhile; the position's caches are set
aside and given back). Only the static abilities that reach spells (`reaches_stack`) can
give a stack object an effect, and each of them that offers `spell_effects` says which
effects it gives this one spell without reading the permanents: those are read, in the two
passes of the effects index (CR 613.6, engine/rules/characteristics.py
`_effects_by_object`), instead of every static ability over the whole board once per
castable card (the listing asks for every card in hand in every position). A static ability
that does not offer it (one with a condition) has the whole index built, as before.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules import hooks
from engine.rules.effects import ContinuousEffect, Layer
from engine.rules.layering import apply_order, resolved_effects

if TYPE_CHECKING:
    from engine.rules.static_ability import StaticAbility
    from engine.rules.context import Context


def spell_types(g: "Context", obj_id: int) -> tuple[frozenset[str], tuple[str, ...]]:
    """Its types and subtypes as a spell (see the module's docstring)."""
    obj = g.st.objects[obj_id]
    if obj.zone == "stack":
        return g.types_now(obj_id)
    reaching = [(src, fn) for src, fn in g.static_sources() if fn.reaches_stack]
    if not reaching:
        return g.types_now(obj_id)  # (no static ability reaches spells: its types are as they are now)
    zone, controller = obj.zone, obj.controller
    memo, cache = g.memo, g.chars_cache
    g.memo, g.chars_cache = {}, {}
    obj.zone, obj.controller = "stack", obj.owner
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
        obj.zone, obj.controller = zone, controller
        g.memo, g.chars_cache = memo, cache


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
