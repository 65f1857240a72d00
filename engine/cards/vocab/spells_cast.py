"""Casting spells as events: "whenever you cast ...", the first spell of a turn, the mana
spent on a spell and effects sized by a spell's mana value (CR 601.2, 202.3).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Step
from engine.cards.vocab.counts import spell_mana_value

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class InstantOrSorceryCast:
    """An event condition: you cast an instant or sorcery spell (`single_creature`: "that
    targets only a single creature you control" — every target is that one creature)."""
    single_creature: bool = False

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        oid = params.get("obj")
        if params.get("player") != me.controller or oid not in g.st.objects:
            return False
        spell = g.st.objects[oid]
        if not g.types_now(oid)[0] & {"Instant", "Sorcery"}:
            return False
        if not self.single_creature:
            return True
        objs = {t.get("obj") for t in spell.targets}
        if len(objs) != 1 or any("player" in t for t in spell.targets):
            return False
        target = next(iter(objs))
        return (target in g.st.objects and g.st.objects[target].zone == "battlefield"
                and g.is_type(target, "Creature") and g.st.objects[target].controller == me.controller)


@dataclass(frozen=True)
class SpellCast:
    """An event condition for CAST: who cast the spell — `by` "you", "opponent" (one of your
    opponents) or "enchanted" (the player this Aura enchants) — and what it is, by its
    characteristics on the stack (CR 601.2i): one of the card types `types` (any if none),
    none of `not_types` ("a noncreature spell")."""
    by: str = "you"
    types: tuple[str, ...] = ()
    not_types: tuple[str, ...] = ()

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        oid = params.get("obj")
        p = params.get("player")
        if self.by == "you":
            caster_ok = p == me.controller
        elif self.by == "opponent":
            caster_ok = p is not None and p != me.controller and p in g.opponents(me.controller)
        elif self.by == "enchanted":
            enchanted = me.ctx.get("enchanted_player")
            caster_ok = enchanted is not None and p == enchanted
        else:
            raise ValueError(f"unknown caster {self.by!r}")
        if not caster_ok or oid not in g.st.objects:
            return False
        types = g.chars(oid).types
        if self.types and not types & set(self.types):
            return False
        return not (types & set(self.not_types))


@dataclass(frozen=True)
class DamageEqualSpellMV:
    """"[This creature] deals damage equal to that spell's mana value to the chosen player" —
    the spell of the event, X as chosen (CR 202.3e, ruling)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            ref = g.target_ref(item, 0)
            spell = ctx.get("event", {}).get("obj")
            n = spell_mana_value(g, spell) if spell is not None else 0
            if ref is not None and n > 0:
                g.damage(g.damage_source(item), ref, n)
        return run
