"""A static ability as the rules ask it (CR 604, issue #24): one typed object instead of a
function with optional attributes. Calling it gives the effects it contributes now
(engine/rules/effects.py `ContinuousEffect`, `HandSize`); what else it does is one of its
named parts, None (or False) when it has none — the rules ask `ability.prevents`, never
`getattr(fn, "prevents", None)`. The card layer makes them (engine/cards/layer/statics.py
compile_static); `CardDef.statics` holds them and `Context.static_sources()` lists them with
their objects.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.rules.effects import ContinuousEffect, StaticEffect
    from engine.state import Obj

Effects = Callable[["Context", "Obj"], "Sequence[StaticEffect]"]


class StaticAbility:
    """A static ability's parts:

    * `effects(g, me)` (also by calling it): the continuous effects it makes now (CR 611.3a);
    * `depends`: a Depends member when its effects read others' of the same layer (CR 613.8a) —
      it is read after the other static abilities;
    * `cda_pt`: a characteristic-defining P/T (CR 604.3: it works in every zone);
    * `reads_tapped`: whether its effects read tapped status (True, or "creatures": only that of
      other creatures of its controller, engine/rules/characteristics.py tap_statics);
    * `controls`: it may change control (layer 2, engine/rules/control.py looks only then);
    * `reaches_stack`: its effects may reach spells on the stack; `spell_effects(g, me, spell)`
      the effects it gives one spell without reading the permanents (engine/rules/spell_types.py);
    * `prevents(g, me, ref) -> int`, `damage_bonus(g, me, src, ref) -> int`: damage prevented
      (CR 615) or added (614.1a); `others_enter_with(g, me, new) -> [(kind, n)]`: counters other
      permanents enter with (614.1c);
    * `flash_for(g, me, spell) -> bool`: a permission to cast as though it had flash (601.3b);
    * `forbids_attack(g, me, attacker) -> bool`, `attack_tax(g, me, attacker) -> int`: an attack
      restriction or cost (508.1c-d)."""

    __slots__ = ("effects", "depends", "cda_pt", "reads_tapped", "controls", "reaches_stack", "spell_effects",
                 "prevents", "damage_bonus", "others_enter_with", "flash_for", "forbids_attack", "attack_tax")

    def __init__(self, effects: Effects, *, depends: str | None = None, cda_pt: bool = False,
                 reads_tapped: bool | str = False, controls: bool = False, reaches_stack: bool = False,
                 spell_effects: "Callable[[Context, Obj, int], list[ContinuousEffect]] | None" = None,
                 prevents: "Callable[[Context, Obj, dict[str, Any]], int] | None" = None,
                 damage_bonus: "Callable[[Context, Obj, dict[str, Any], dict[str, Any]], int] | None" = None,
                 others_enter_with: "Callable[[Context, Obj, Obj], list[tuple[str, int]]] | None" = None,
                 flash_for: "Callable[[Context, Obj, Any], bool] | None" = None,
                 forbids_attack: "Callable[[Context, Obj, int], bool] | None" = None,
                 attack_tax: "Callable[[Context, Obj, int], int] | None" = None) -> None:
        self.effects = effects
        self.depends, self.cda_pt, self.reads_tapped = depends, cda_pt, reads_tapped
        self.controls, self.reaches_stack, self.spell_effects = controls, reaches_stack, spell_effects
        self.prevents, self.damage_bonus, self.others_enter_with = prevents, damage_bonus, others_enter_with
        self.flash_for, self.forbids_attack, self.attack_tax = flash_for, forbids_attack, attack_tax

    def __call__(self, g: "Context", me: "Obj") -> "Sequence[StaticEffect]":
        return self.effects(g, me)

    def gated(self, gate: Callable[["Context", "Obj"], bool]) -> "StaticAbility":
        """The same ability existing only while `gate` holds (a leveler's band, CR 710.2; a
        Room's door, 709.5): every part gives nothing otherwise."""
        fx, spell, prevents, bonus = self.effects, self.spell_effects, self.prevents, self.damage_bonus
        enter, flash, forbids, tax = self.others_enter_with, self.flash_for, self.forbids_attack, self.attack_tax
        return StaticAbility(
            lambda g, me: fx(g, me) if gate(g, me) else [],
            depends=self.depends, reads_tapped=self.reads_tapped, controls=self.controls,  # (no CDA: gated)
            reaches_stack=self.reaches_stack,
            spell_effects=None if spell is None else (lambda g, me, o: spell(g, me, o) if gate(g, me) else []),
            prevents=None if prevents is None else (lambda g, me, ref: prevents(g, me, ref) if gate(g, me) else 0),
            damage_bonus=None if bonus is None else (
                lambda g, me, src, ref: bonus(g, me, src, ref) if gate(g, me) else 0),
            others_enter_with=None if enter is None else (lambda g, me, new: enter(g, me, new) if gate(g, me) else []),
            flash_for=None if flash is None else (lambda g, me, spell: flash(g, me, spell) if gate(g, me) else False),
            forbids_attack=None if forbids is None else (lambda g, me, a: forbids(g, me, a) if gate(g, me) else False),
            attack_tax=None if tax is None else (lambda g, me, a: tax(g, me, a) if gate(g, me) else 0))
