"""Trigger events (CR 603.2) and event conditions: the names a triggered ability waits for
(ENTERS, DIES, CREATURE_DIES ...) and the conditions on an event's parameters
(`condition(g, me, params)`): "whenever you ...", "whenever a creature you control ...".
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


ENTERS = "enters"
DIES = "dies"
ATTACKS = "attacks"
YOU_ATTACK = "you_attack"
END_STEP = "step:end"
SECOND_MAIN = "step:main2"
UPKEEP = "step:upkeep"
UNLOCK = "unlock"  # "When you unlock this door" (CR 709.5)
COMBAT_DAMAGE_PLAYER = "combat_damage_player"  # "Whenever this creature deals combat damage to a player"
YOUR_CREATURES_DEALT_COMBAT_DAMAGE = "creatures_dealt_combat_damage"  # "... one or more creatures you control ..."
CREATURE_DIES = "creature_dies"  # "Whenever a creature [you control / an opponent controls] dies"
SACRIFICED = "sacrificed"  # "Whenever you sacrifice a permanent"
LEAVE_GRAVEYARD = "leave_graveyard"  # "Whenever one or more cards leave your graveyard"
DAMAGED = "damaged"  # "When enchanted creature is dealt damage"
PLAYER_DAMAGED = "player_damaged"  # "Whenever enchanted player is dealt damage"
GAIN_LIFE = "gain_life"  # "Whenever you gain life"


# -- events (CR 603.2) the rules fire for these cards
CREATURES_DIE = "creatures_die"  # creatures died (obj, controller, batch): "whenever one or more creatures die"
DEALT_DAMAGE = "dealt_damage"  # a permanent was dealt damage (obj, amount, batch)
DRAWS = "draw"  # a player drew a card (player)
BECOMES_BLOCKED = "becomes_blocked"  # an attacking creature became blocked (obj, player)
CAST = "cast"  # a player cast a spell (player, obj)
LIBRARY_TO_GRAVEYARD = "library_to_graveyard"  # cards went from a library to a graveyard (player, cards)
YOU_ATTACK_PLAYER = "you_attack_player"  # "Whenever you attack a player" (player, defender), once per player
BLOCKS = "blocks"  # a creature was declared as a blocker (player, obj), CR 509.1i
TARGETED_BY_SPELL = "targeted_by_spell"  # a permanent became the target of a spell (obj, player, spell)
LIFE_LOST = "life_lost"  # a player lost life, by damage too (player, amount), CR 119.3, 120.3a
EACH_END_STEP = "each_step:end"  # "At the beginning of each end step" (CR 513.1, 603.2)
EACH_UPKEEP = "each_step:upkeep"  # "At the beginning of each upkeep" (CR 503.1)


@dataclass(frozen=True)
class AttacksAlone:
    """An event condition: a creature you control attacks alone (CR 506.5)."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        attacker = g.st.objects.get(params.get("obj", -1))
        attackers = [o for o in g.st.battlefield if g.st.objects[o].attacking is not None]
        return attacker is not None and attacker.controller == me.controller and len(attackers) == 1

    any_creature = True  # about any attacking creature, not only this one


@dataclass(frozen=True)
class EquippedAttacks:
    """An event condition: "Whenever equipped creature attacks"."""
    any_creature = True

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return me.attached_to is not None and params.get("obj") == me.attached_to


@dataclass(frozen=True)
class YourSourceDamagedOpponent:
    """An event condition: a source you control dealt noncombat damage to an opponent."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return params.get("controller") == me.controller and params.get("player") != me.controller


@dataclass(frozen=True)
class ByYou:
    """An event condition: the event's player is you ("Whenever you gain life", "Whenever you
    sacrifice a permanent", "... leave your graveyard", "whenever you draw a card" — one event
    per card, CR 121.2 — "... put into your graveyard", "you gain or lose life")."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return bool(params.get("player") == me.controller)


@dataclass(frozen=True)
class CreatureDied:
    """An event condition for CREATURE_DIES: a creature you control ("you") or an opponent
    controls ("opponent") died; `nontoken` for "nontoken creature"."""
    whose: str = "you"

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        mine = params.get("controller") == me.controller
        return mine if self.whose == "you" else not mine


@dataclass(frozen=True)
class IsAttachedTo:
    """An event condition: the event's object is the permanent this Aura enchants
    ("When enchanted creature is dealt damage")."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return me.attached_to is not None and params.get("obj") == me.attached_to


@dataclass(frozen=True)
class IsEnchantedPlayer:
    """An event condition: the event's player is the player this Aura enchants
    ("Whenever enchanted player is dealt damage")."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        p = me.ctx.get("enchanted_player")
        return p is not None and params.get("player") == p


@dataclass(frozen=True)
class FirstAttackThisTurn:
    """An event condition: "whenever this creature attacks for the first time each turn"."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return params.get("obj") == me.id and int(g.st.this_turn.get(f"attacked:{me.id}", 0)) == 1


@dataclass(frozen=True)
class OpponentOf:
    """An event condition: the event's player is an opponent ("Whenever an opponent draws")."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return params.get("player") is not None and params.get("player") != me.controller


@dataclass(frozen=True)
class EventIsThis:
    """An event condition: the event is about this permanent ("Whenever this creature is dealt
    damage")."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return params.get("obj") == me.id


@dataclass(frozen=True)
class YourCreature:
    """An event condition: the event's permanent is a creature you control ("Whenever a
    creature you control becomes blocked")."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        oid = params.get("obj")
        return oid in g.st.objects and g.st.objects[oid].controller == me.controller and g.is_type(oid, "Creature")


@dataclass(frozen=True)
class TargetedByOpponent:
    """An event condition: "Whenever [this] becomes the target of a spell or ability an
    opponent controls" (CR 603.2, 115.10)."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return params.get("obj") == me.id and params.get("controller") != me.controller


@dataclass(frozen=True)
class HadCounters:
    """An event condition: the creature that died had counters on it (last known information);
    `another_yours`: it was another creature you controlled."""
    another_yours: bool = False

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        if not any(n > 0 for n in params.get("counters", {}).values()):
            return False
        return not self.another_yours or (params.get("controller") == me.controller and params.get("obj") != me.id)


@dataclass(frozen=True)
class YourCreatureDealtCombatDamage:
    """An event condition: "Whenever a creature you control deals combat damage to a player"
    (each creature: one trigger for each)."""
    any_creature = True

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        oid = params.get("obj")
        return oid in g.st.objects and g.st.objects[oid].controller == me.controller and g.is_type(oid, "Creature")


@dataclass(frozen=True)
class ColorlessAmongSources:
    """An event condition for "one or more colorless creatures you control deal combat damage
    to a player": one of the event's sources (their characteristics now) is colorless."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return any(o in g.st.objects and g.st.objects[o].zone == "battlefield" and not g.chars(o).colors
                   and g.is_type(o, "Creature") for o in params.get("sources", []))


@dataclass(frozen=True)
class AttackersInclude:
    """An event condition for "Whenever one or more [Demons] you control attack a player": one
    of the creatures declared as attackers against that player has this subtype."""
    subtype: str

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return any(o in g.st.objects and self.subtype in g.chars(o).subtypes for o in params.get("attackers", []))
