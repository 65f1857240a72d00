"""A static ability as the engine reads it: its continuous effects (CR 604, 613), damage
prevention and bonus hooks, a Room door's or a leveler band's gate.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from engine.cards.layer.abilities import ATTACHED, OTHER_TAPPED_CREATURES, YOUR_CREATURES, YOUR_LANDS, Gets, Static
from engine.cards.copy_values import PT_SET
from engine.cards.vocab.costs import CostsLess
from engine.rules.effects import CANT_HAVE_TS, ContinuousEffect, Layer, SelfCostChange, StaticEffect
from engine.rules.rule_changes import ObjectRule
from engine.rules.static_ability import StaticAbility
import inspect

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


_FILTER_ARITY: dict[Any, bool] = {}


def _group_ids(g: "Context", me: "Obj", on: Any) -> list[int]:
    """The permanents a group static ability affects: `on(g, me)` gives their ids
    (engine/cards/vocab/groups.py), or `on(g, me, oid)` filters your permanents."""
    key = getattr(on, "__code__", None) or type(on)  # a function's code, or a callable's class
    per_permanent = _FILTER_ARITY.get(key)
    if per_permanent is None:
        per_permanent = _FILTER_ARITY[key] = len(inspect.signature(on).parameters) >= 3
    if per_permanent:
        return [o for o in g.battlefield(me.controller) if on(g, me, o)]
    ids: list[int] = on(g, me)
    return ids


def compile_static(s: Static, door: str = "") -> StaticAbility:
    """A static ability as the engine reads it: the continuous effects it makes now (also for a
    definition made by hand, a token's CardDef, CR 111.4). A Room door's static ability works
    only while that door is unlocked (CR 709.5)."""
    eff = s.effect
    # a characteristic-defining P/T ("[this]'s power and toughness are each equal to ..."): it
    # works in every zone (CR 604.3), engine/rules/characteristics.py reads it off the battlefield
    cda = (isinstance(eff, Gets) and eff.pt_is is not None and not callable(eff.on)
           and eff.on not in (ATTACHED, OTHER_TAPPED_CREATURES, YOUR_CREATURES, YOUR_LANDS)
           and s.condition is None and not door)

    flags = [str(ObjectRule.of(f)) for f in e_flags] if (e_flags := getattr(eff, "flags", ())) else None

    def effects(g: "Context", me: "Obj") -> list[StaticEffect]:
        if door and door not in me.unlocked:
            return []
        if cda and me.token_def is not None and me.token_def.get(PT_SET):
            return []  # CR 707.9d: a copy with a set P/T exception has no P/T-defining ability
        if s.condition is not None and bool(s.condition(g, me)) == s.negate:
            return []
        e, ts = s.effect, me.timestamp
        if door:  # CR 613.7: a door's ability has the timestamp of its unlocking
            ts = int(me.ctx.get(f"door_ts:{door}", ts))
        if hasattr(e, "static_effects"):  # Grants (engine/cards/vocab/groups.py)
            out_: list[StaticEffect] = e.static_effects(g, me)
            return out_
        if not isinstance(e, Gets):
            if hasattr(e, "continuous"):  # an effect of its own (a player's maximum hand size ...)
                cont: list[StaticEffect] = e.continuous(g, me, ts)
                return cont
            if not hasattr(e, "layer_effects"):  # damage prevention only (`prevents` below)
                return []
            made: list[ContinuousEffect] = e.layer_effects(g, me)
            if door:  # CR 613.7: the door's timestamp (Porcelain Gallery's base P/T, ruling)
                return [m.retimed(ts) for m in made]
            return list(made)
        ids = [me.id]
        if callable(e.on):  # a group: "other creatures you control", or a filter over your permanents
            ids = _group_ids(g, me, e.on)
            if not ids:
                return []
        elif e.on == OTHER_TAPPED_CREATURES:
            # every other creature of its controller, applied only while that one is tapped
            # ("while_tapped", apply_layers.apply_effects): tapping a creature then
            # needs its own characteristics again, not the whole effects index (Game.update)
            ids = [o for o in g.battlefield(me.controller) if o != me.id and "Creature" in g.types_now(o)[0]]
            if not ids:
                return []
        elif e.on == ATTACHED:
            if me.attached_to is None or me.attached_to not in g.st.objects:
                return []
            ids = [me.attached_to]
        elif e.on in (YOUR_CREATURES, YOUR_LANDS):
            kind = "Creature" if e.on == YOUR_CREATURES else "Land"
            ids = list(g.with_type(me.controller, kind))
            if not ids:
                return []
        n = 1 if e.per is None else int(e.per(g, me))
        src = me.id
        tapped = e.on == OTHER_TAPPED_CREATURES  # (applied only while that one is tapped)
        out: list[StaticEffect] = []
        if e.control:
            out.append(ContinuousEffect(Layer.CONTROL, ids, ts, source=src, controller=me.controller))
        if e.types_are:
            out.append(ContinuousEffect(Layer.TYPE, ids, ts, source=src, while_tapped=tapped,
                                        set_types=list(e.types_are), set_subtypes=list(e.subtypes_are)))
        if e.lose_types:
            out.append(ContinuousEffect(Layer.TYPE, ids, ts, source=src, while_tapped=tapped,
                                        remove_types=list(e.lose_types)))
        if e.add_types or e.add_subtypes:
            out.append(ContinuousEffect(Layer.TYPE, ids, ts, source=src, while_tapped=tapped,
                                        add_types=list(e.add_types), add_subtypes=list(e.add_subtypes)))
        if e.loses_all:
            out.append(ContinuousEffect(Layer.ABILITY, ids, ts, source=src, while_tapped=tapped, remove_all=True))
        if e.pt_is is not None:
            v = int(e.pt_is(g, me))
            out.append(ContinuousEffect(Layer.PT_DEFINING, ids, ts, source=src, while_tapped=tapped,
                                        power=v, toughness=v))
        if e.base_pt is not None:
            out.append(ContinuousEffect(Layer.PT_SET, ids, ts, source=src, while_tapped=tapped,
                                        power=e.base_pt[0], toughness=e.base_pt[1]))
        if (e.power or e.toughness) and n:
            out.append(ContinuousEffect(Layer.PT_MODIFY, ids, ts, source=src, while_tapped=tapped,
                                        power=e.power * n, toughness=e.toughness * n))
        if e.keywords:
            out.append(ContinuousEffect(Layer.ABILITY, ids, ts, source=src, while_tapped=tapped,
                                        add_kw=list(e.keywords)))
        if e.cant_have:  # applied last in layer 6 (a timestamp after every other one)
            out.append(ContinuousEffect(Layer.ABILITY, ids, CANT_HAVE_TS, source=src, while_tapped=tapped,
                                        remove_kw=list(e.cant_have)))
        if flags:
            out.append(ContinuousEffect(Layer.RULES, ids, ts, source=src, while_tapped=tapped, flags=flags))
        return out
    def unless(fn: Any, nothing: Any) -> Any:
        """One of the effect's parts, giving nothing while the ability's condition fails."""
        if s.condition is None:
            return fn
        return lambda g, me, *args: nothing if bool(s.condition(g, me)) == s.negate else fn(g, me, *args)

    spell_effects = None
    if hasattr(eff, "spell_effects") and s.condition is None:
        # the effects it gives one spell, read without the permanents (spell_types.py; with a
        # condition, which may read the permanents as the effects index is built, not offered)
        def of_spell(g: "Context", me: "Obj", spell: int) -> list[ContinuousEffect]:
            if door and door not in me.unlocked:
                return []
            got: list[ContinuousEffect] = eff.spell_effects(g, me, spell)
            return got
        spell_effects = of_spell
    prevents, bonus = getattr(eff, "prevents", None), getattr(eff, "damage_bonus", None)
    enter, flash = getattr(eff, "others_enter_with", None), getattr(eff, "flash_for", None)
    forbids, tax = getattr(eff, "forbids_attack", None), getattr(eff, "attack_tax", None)
    return StaticAbility(
        effects, cda_pt=cda,
        # whether it reads tapped status: "creatures" if only that of creature cards (tapping a
        # land for mana then changes nothing it does; Game.update)
        reads_tapped=(getattr(eff, "reads_tapped", False)
                      or ("creatures" if getattr(eff, "on", "") == OTHER_TAPPED_CREATURES else False)),
        # its effects may reach spells on the stack (engine/rules/spell_types.py looks only then)
        reaches_stack=bool(getattr(eff, "reaches_stack", False)), spell_effects=spell_effects,
        # it may change control (layer 2): engine/rules/characteristics.py control_pass looks only then
        controls=bool(getattr(eff, "control", False)) or not isinstance(eff, Gets),
        # damage prevention and increase (engine/cards/vocab/prevention.py, CR 615, 614.1a)
        prevents=None if prevents is None else unless(lambda g, me, ref: int(prevents(g, me, ref)), 0),
        damage_bonus=None if bonus is None else unless(lambda g, me, src, ref: int(bonus(g, me, src, ref)), 0),
        # "... enter with additional counters" (CR 614.1c)
        others_enter_with=None if enter is None else unless(lambda g, me, new: list(enter(g, me, new)), []),
        # "you may cast ... spells as though they had flash" (CR 601.3b)
        flash_for=None if flash is None else unless(lambda g, me, spell: bool(flash(g, me, spell)), False),
        # "creatures ... can't attack you" (CR 508.1c), "... unless their controller pays {X}" (508.1d)
        forbids_attack=None if forbids is None else unless(lambda g, me, a: bool(forbids(g, me, a)), False),
        attack_tax=None if tax is None else unless(lambda g, me, a: int(tax(g, me, a)), 0))


def gated_static(ability: StaticAbility, gate: Callable[["Context", "Obj"], bool]) -> StaticAbility:
    """A static ability that exists only while `gate` holds (a leveler's band, CR 710.2)."""
    return ability.gated(gate)


def door_gate(door: str) -> Callable[["Context", "Obj"], bool]:
    """A Room door's static ability works only while that door is unlocked (CR 709.5)."""
    return lambda g, me: door in me.unlocked


def cost_reduction(c: CostsLess) -> SelfCostChange:
    """The spell's own cost reduction as the rules read it (CR 601.2f): a number or "{1} less
    ... for each [count]", a condition on the card, and "if it targets [a tapped creature]"
    (`CostsLess.if_targets`, a target filter) checked against the targets chosen."""
    counted = not isinstance(c.n, int)
    return SelfCostChange(1 if counted else c.n, per=c.n if counted else None, condition=c.condition,
                          if_targets=None if c.if_targets is None else _AnyTarget(c.if_targets))


class _AnyTarget:
    """"if it targets [such an object]": one of the chosen targets passes the filter."""

    def __init__(self, accepts: Callable[["Context", int], bool]) -> None:
        self.accepts = accepts

    def __call__(self, g: "Context", me: "Obj", targets: list[Any]) -> bool:
        objs = g.st.objects
        return any(isinstance(t, dict) and t.get("obj") in objs and self.accepts(g, t["obj"]) for t in targets)
