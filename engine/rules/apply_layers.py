"""Applying an object's continuous effects to its characteristics (CR 613): the effects of the
effects index (engine/rules/layering.py `effects_by_object`) with the object's own keyword
mechanics' effects and its keyword counters, in layer order (613.1) and, within a layer, in
dependency (613.8) and timestamp order (613.7): layer 1 copy, 4 types, 5 colours, 6 abilities
(abilities granted, "loses all abilities", keyword counters, 613.1f), 7a characteristic-defining
P/T, 7b P/T set, 7c P/T modifications and then +1/+1 and -1/-1 counters (613.4c), 7d switching
(613.4d), and the "rules" flags. Layer 2 (control) is on the object (engine/rules/control.py)."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.rules.index import CARDS
from engine.rules.effects import LAYER_ORDER, ContinuousEffect, Layer, in_dependency_order
from engine.rules.rule_changes import ObjectFlag
from engine.rules.carddef import CardDef
from engine.rules.printed import Chars, copied_chars
from engine.rules.keyword_counters import keyword_counter_effects
from engine.rules.layering import apply_order, apply_type_change, effects_by_object, own_effects

if TYPE_CHECKING:
    from engine.rules.context import Context

__all__ = ["apply_effects"]


# effects ordered after this are past layer 7c: +1/+1 and -1/-1 counters come before them (CR 613.4c-d)
_PT_MODIFY_ORDER = LAYER_ORDER[Layer.PT_MODIFY]


def apply_effects(g: "Context", oid: int, c: Chars) -> Chars:
    obj = g.st.objects[oid]
    effs = [e for e in effects_by_object(g).get(oid, ()) if obj.tapped or not e.while_tapped]
    power, tough = c.power, c.toughness
    # the keyword mechanics' effects: impending's "not a creature", a leveler's band (CR 710.2)
    extra = own_effects(g, obj)
    if extra and any(e.remove_all for e in effs):
        # CR 613.1f, 613.5: a permanent that loses all its abilities (layer 6) has none of its
        # own static abilities left to apply in layer 6 or later — a leveler's band's P/T and
        # keywords (its level symbols, CR 710.2) are gone with them
        extra = [e for e in extra if not (e.own and (e.number >= 6 or e.layer == Layer.RULES))]
    if obj.counters:  # keyword counters: layer 6 effects with their own timestamps
        extra = extra + keyword_counter_effects(obj)
    if extra or g.memo.get("effects_partial"):  # (the finished index's lists are in order already)
        effs += extra
        effs.sort(key=apply_order)
        if any(e.reads for e in effs):
            effs = in_dependency_order(effs)  # (CR 613.8b)
    kws = set(c.keywords)
    flags: set[ObjectFlag] = set()
    types, subs = set(c.types), list(c.subtypes)
    colors = set(c.colors)
    defn = c.defn
    grants: list[Any] = []  # abilities granted in layer 6 ("Elves you control have ...")
    # the groups read by card types (AppliesTo) this object was in as layer 4 applied them: their
    # parts in later layers apply to the same objects (CR 613.6)
    held: set[int] = set()
    copies = [e for e in effs if e.layer == Layer.COPY]
    if copies:  # CR 613.2, 707.2: a copy effect sets the copiable values first (the latest wins)
        c = copied_chars(copies[-1].values or {})
        power, tough, kws, types, subs, colors, defn = (c.power, c.toughness, set(c.keywords), set(c.types),
                                                        list(c.subtypes), set(c.colors), c.defn)
    # CR 613.4c: +1/+1 and -1/-1 counters apply in layer 7c, after the modifying effects there
    # and before 7d's switching (613.4d): added as the first effect past 7c comes, or at the end
    counters = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0) if obj.counters else 0
    for e in effs:
        layer = e.layer
        if counters and e.order > _PT_MODIFY_ORDER:
            power, tough = _with_counters(power, tough, counters)
            counters = 0
        if layer == Layer.COPY or layer == Layer.CONTROL:
            continue  # copy effects make the base (chars); control is on the object (control_pass)
        if e.applies is not None:
            if layer == Layer.TYPE:
                if not e.applies.holds(types):
                    continue
                held.add(id(e.applies))
            elif id(e.applies) not in held and not (e.applies.holds(types) and not _has_type_part(effs, e)):
                continue
        if layer == Layer.TYPE:
            types, subs = apply_type_change(e, types, subs)
        elif layer == Layer.COLOR:  # colour-changing effects (CR 613.1e)
            colors = set(e.set_colors) if e.set_colors is not None else colors
            if e.add_colors:
                colors |= set(e.add_colors)
        elif layer == Layer.ABILITY:
            if e.remove_all:
                kws.clear()
                defn = None
                grants.clear()
            if e.add_abilities:
                grants += e.add_abilities
            if e.add_kw:
                kws |= set(e.add_kw)
            if e.remove_kw:
                kws -= set(e.remove_kw)
            if e.gain_activated and defn is not None:  # "has all activated abilities of ..." (CR 613.1f)
                defn = CARDS.with_activated(defn, tuple(e.gain_activated))
        elif layer == Layer.PT_DEFINING or layer == Layer.PT_SET:
            power = e.power if e.power is not None else power
            tough = e.toughness if e.toughness is not None else tough
        elif layer == Layer.PT_MODIFY and power is not None and tough is not None:
            power += e.power or 0
            tough += e.toughness or 0
        elif layer == Layer.PT_SWITCH and power is not None:
            power, tough = tough, power
        elif layer == Layer.RULES and e.flags:
            flags |= set(e.flags)
    if counters:  # (no effect past layer 7c: the counters are the last change)
        power, tough = _with_counters(power, tough, counters)
    if grants or (defn is not None and defn.gated_mana()):
        defn = _with_abilities(g, obj, c.name, defn, grants)
    return Chars(c.name, c.supertypes, frozenset(types), tuple(subs), frozenset(colors), c.mana_value, power,
                 tough, c.loyalty, frozenset(kws), frozenset(flags), defn,
                 obj.counters.get("level", 0))


def _with_counters(power: int | None, tough: int | None, plus: int) -> tuple[int | None, int | None]:
    """Power and toughness with `plus` (the +1/+1 counters less the -1/-1 ones) added to each
    (CR 613.4c, 122.1a); an object without both has nothing they modify."""
    if power is None or tough is None:
        return power, tough
    return power + plus, tough + plus


def _has_type_part(effs: list[ContinuousEffect], e: ContinuousEffect) -> bool:
    """Whether a later-layer effect of a group read by types has a layer 4 part among `effs`
    (then that part decided the objects it applies to, CR 613.6)."""
    return any(o.applies is e.applies and o.layer == Layer.TYPE for o in effs)


_VARIANTS: dict[tuple[Any, ...], "CardDef"] = {}


def _with_abilities(g: "Context", obj: Any, name: str, defn: "CardDef | None", grants: list[Any]) -> "CardDef":
    """Its abilities now: the mana abilities it has at the moment (a leveler's band mana
    ability only in that band, CR 710.2) and those granted by effects (layer 6, CR 613.1f).
    Activated abilities keep their places, so "ability N" and the stack's index agree."""

    base = defn if defn is not None else CardDef(name)
    mana = tuple(a for a in base.mana_abilities() if a.active is None or a.active(g, obj)) + tuple(
        a for a in grants if a.mana)
    key = (id(base), tuple(id(a) for a in mana), tuple(id(a) for a in grants if not a.mana))
    got = _VARIANTS.get(key)
    if got is None:
        got = _VARIANTS[key] = replace(base, activated=[*base.nonmana_abilities(), *mana,
                                                         *(a for a in grants if not a.mana)])
    return got
