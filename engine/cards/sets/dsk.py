"""Duskmourn cards beyond the core set: modal spells (CR 700.2), additional costs
(CR 601.2b/h) and impending (CR 702.176), each with scenarios under tests/scenarios/dsk."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.cards import effects as fx
from engine.cards.model import CardDef, Mode, SacrificeCost, TargetSpec, Triggered
from engine.cards.sets import register

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


def _creature_tapped(tapped: bool) -> Any:
    def check(g: "Context", oid: int) -> bool:
        return g.is_type(oid, "Creature") and g.st.objects[oid].tapped == tapped
    return check


register(CardDef("Split Up", modes=[
    Mode("Destroy all tapped creatures.", steps=[fx.destroy_all(_creature_tapped(True))]),
    Mode("Destroy all untapped creatures.", steps=[fx.destroy_all(_creature_tapped(False))]),
]))


def _creature_or_enchantment(g: "Context", obj: "Obj") -> bool:
    types = g.chars(obj.id).types
    return "Creature" in types or "Enchantment" in types


register(CardDef("Final Vengeance",
                 additional=SacrificeCost(TargetSpec("permanent", "a creature or enchantment",
                                                     extra=_creature_or_enchantment)),
                 spell_targets=[TargetSpec("creature", "target creature")],
                 spell_steps=[fx.exile_target()]))


def _self_attacks(g: "Context", obj: "Obj", params: dict[str, Any]) -> bool:
    return bool(params.get("obj") == obj.id)


_ANY = TargetSpec("any", "any target")
# Ruling (Herrscher der Dampfbilge, Unheilsdrohend): "Falls du dich entscheidest, die
# Unheilsdrohend-Kosten statt der Manakosten zu bezahlen, wirkst du trotzdem den Zauberspruch."
# — it is cast (goes on the stack, can be countered) and enters as a permanent: its enters
# ability triggers even though it is not a creature.
register(CardDef("Overlord of the Boilerbilges", impending=(4, "{2}{R}{R}"), triggered=[
    Triggered("enters", [fx.damage_target(4)], targets=[_ANY],
              label="Whenever this permanent enters, it deals 4 damage to any target."),
    Triggered("attacks", [fx.damage_target(4)], targets=[_ANY], condition=_self_attacks,
              label="Whenever this permanent attacks, it deals 4 damage to any target."),
]))


# Rooms (CR 709.5): each door's abilities work only while that door is unlocked.
def _attacks_alone(g: "Context", room: "Obj", params: dict[str, Any]) -> bool:
    attacker = g.st.objects.get(params.get("obj", -1))
    attackers = [o for o in g.st.battlefield if g.st.objects[o].attacking is not None]
    return attacker is not None and attacker.controller == room.controller and len(attackers) == 1


register(CardDef("Derelict Attic // Widow's Walk", triggered=[
    Triggered("unlock", [fx.draw(2), fx.lose_life(2)], door="Derelict Attic",
              label="When you unlock this door, you draw two cards and you lose 2 life."),
    Triggered("attacks", [fx.pump_event_creature(1, 0, ("deathtouch",))], door="Widow's Walk",
              condition=_attacks_alone,
              label="Whenever a creature you control attacks alone, it gets +1/+0 and gains deathtouch "
                    "until end of turn."),
]))

register(CardDef("Glassworks // Shattered Yard", triggered=[
    Triggered("unlock", [fx.damage_target(4)], door="Glassworks",
              targets=[TargetSpec("creature", "target creature an opponent controls", opponent_only=True)],
              label="When you unlock this door, this Room deals 4 damage to target creature an opponent controls."),
    Triggered("step:end", [fx.damage_each_opponent(1)], door="Shattered Yard",
              label="At the beginning of your end step, this Room deals 1 damage to each opponent."),
]))
