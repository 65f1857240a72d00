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
SPELL_COPIED = "spell_copied"  # a player copied a spell (player, obj: the copy), CR 707.10
LIBRARY_TO_GRAVEYARD = "library_to_graveyard"  # cards went from a library to a graveyard (player, cards)
YOU_ATTACK_PLAYER = "you_attack_player"  # "Whenever you attack a player" (player, defender), once per player
BLOCKS = "blocks"  # a creature was declared as a blocker (player, obj), CR 509.1i
TARGETED_BY_SPELL = "targeted_by_spell"  # a permanent became the target of a spell (obj, player, spell)
LIFE_LOST = "life_lost"  # a player lost life, by damage too (player, amount), CR 119.3, 120.3a
EACH_END_STEP = "each_step:end"  # "At the beginning of each end step" (CR 513.1, 603.2)
EACH_UPKEEP = "each_step:upkeep"  # "At the beginning of each upkeep" (CR 503.1)
# a permanent was put into a graveyard from the battlefield (obj, controller, types as it last existed)
PERMANENT_TO_GRAVEYARD = "permanent_to_graveyard"
# a card was put into a graveyard from anywhere (player: its owner, obj, from_zone, types: its card types)
CARD_TO_GRAVEYARD = "card_to_graveyard"
TURNED_FACE_UP = "turned_face_up"  # a player turned a permanent face up (obj, player), CR 708.8
# a player activated a non-mana ability of a permanent (player, obj: the permanent, types: its
# card types before the costs were paid), CR 602.2, 605.3
ABILITY_ACTIVATED = "ability_activated"
# a permanent was put into exile from the battlefield (obj, controller, counters, types as it last existed)
PERMANENT_EXILED = "permanent_exiled"


@dataclass(frozen=True)
class EventIs:
    """An event condition as data (`condition(g, me, params)`): who and what the event names.

    `player` — the event's player: "you" ("Whenever you gain life / sacrifice / draw ..."),
    "opponent" ("Whenever an opponent draws"), "enchanted" (the player this Aura enchants).
    `controller` — the event's controller (of the source, the spell, the creature that died):
    "you" or "opponent" (anyone else).
    `obj` — the event's permanent: "this" ("Whenever this creature is dealt damage / blocks"),
    "attached" (the permanent this Aura or Equipment is attached to), "yours" (a permanent you
    control), "your_creature" (a creature you control), "another" (not this one),
    "your_commander" ("Whenever your commander attacks", "When your commander leaves the
    battlefield": the event's object or, once it left, its card; CR 903.3).
    `alone`: it is the only attacking creature (CR 506.5).
    `face_down`: the event's permanent is face down (CR 708).
    `active`: the event's player is the player whose turn it is ("during each of their turns").
    `first_this_turn`: it is the first time this turn the event's player did `key` (the turn's
    record, engine/game.py mark_turn: "spells_cast" — "their first spell each turn";
    "life_lost" — "loses life for the first time"); with `nth` the nth time ("casts their
    second spell each turn", Monologue Tax).
    `first_attack`: "for the first time each turn" (this permanent attacked once this turn).
    `had_counters`: the permanent had counters on it (last known information, CR 603.10a).
    `combat`: the damage event was combat damage.
    `any_creature`: the event may name any creature, not only this one (for ATTACKS and
    COMBAT_DAMAGE_PLAYER, which otherwise ask "this creature", engine/cards/layer/build.py).
    `nontoken`: the event's object was no token; `from_zone`: where the event's card came
    from ("not:battlefield": "put into a graveyard from anywhere other than the battlefield").
    `types`: the event's object has one of these card types now ("whenever a creature / land
    ... enters", CR 613: its current types).
    """
    player: str = ""
    controller: str = ""
    obj: str = ""
    alone: bool = False
    face_down: bool = False
    active: bool = False
    first_this_turn: str = ""
    first_attack: bool = False
    had_counters: bool = False
    any_creature: bool = False
    nth: int = 1  # with first_this_turn: the nth time instead ("their second spell each turn")
    types: tuple[str, ...] = ()
    subtype: str = ""  # "Whenever a Forest / an Elemental you control ...": the event's object has it now
    nontoken: bool = False  # "another nontoken creature": the event's object was not a token
    from_zone: str = ""  # the zone the event's card came from; "not:battlefield" — from anywhere else
    combat: bool = False  # the event was combat damage ("When combat damage is dealt to you")
    attacking: bool = False  # "Whenever an attacking creature dies": it was attacking (as it last existed)
    had_counter: str = ""  # "a creature with a coin counter on it": a counter of that kind (CR 603.10a)

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        if self.nontoken and params.get("token", False):
            return False
        if self.subtype and not (params.get("obj") in g.st.objects
                                 and self.subtype in g.types_now(params["obj"])[1]):
            return False
        if self.from_zone and not _from_zone(self.from_zone, params.get("from_zone")):
            return False
        if self.types and not (set(params["types"]) & set(self.types) if "types" in params
                               else _has_type(g, params.get("obj"), self.types)):
            return False
        if self.player and not _is_player(self.player, me, params.get("player")):
            return False
        if self.controller and (params.get("controller") == me.controller) != (self.controller == "you"):
            return False
        if self.obj and not _is_obj(self.obj, g, me, params.get("obj"), params.get("card")):
            return False
        if self.face_down:
            obj = g.st.objects.get(params.get("obj", -1))
            if obj is None or not obj.face_down:
                return False
        if self.combat and not params.get("combat"):
            return False
        if self.attacking:
            was = g.st.objects.get(params.get("obj", -1))
            if was is None or was.attacking is None:
                return False
        if self.active and not g.is_active(params.get("player", -1)):
            return False
        if self.first_this_turn and int(g.st.this_turn.get(f"{self.first_this_turn}:{params.get('player')}", 0)) != self.nth:
            return False
        if self.alone and sum(1 for o in g.st.battlefield if g.st.objects[o].attacking is not None) != 1:
            return False
        if self.first_attack and int(g.st.this_turn.get(f"attacked:{me.id}", 0)) != 1:
            return False
        if self.had_counter and params.get("counters", {}).get(self.had_counter, 0) <= 0:
            return False
        return not self.had_counters or any(n > 0 for n in params.get("counters", {}).values())


def _from_zone(word: str, zone: Any) -> bool:
    if word.startswith("not:"):
        return bool(zone != word[4:])
    return bool(zone == word)


def _has_type(g: "Context", oid: Any, types: tuple[str, ...]) -> bool:
    if oid not in g.st.objects:
        return False
    now = g.chars(oid).types
    return any(t in now for t in types)


def _is_player(word: str, me: "Obj", p: Any) -> bool:
    if word == "you":
        return bool(p == me.controller)
    if word == "opponent":
        return p is not None and p != me.controller
    if word == "enchanted":
        enchanted = me.ctx.get("enchanted_player")
        return enchanted is not None and p == enchanted
    raise ValueError(f"unknown event player {word!r}")


def _is_obj(word: str, g: "Context", me: "Obj", oid: Any, card: Any = None) -> bool:
    if word == "your_commander":  # CR 903.3: the card itself, never a token or copy (once it left, the event's card)
        if card is None and oid in g.st.objects:
            card = g.st.objects[oid].card
        return card is not None and str(card) in g.st.players[me.controller].commanders
    if word == "this":
        return bool(oid == me.id)
    if word == "attached":
        return me.attached_to is not None and oid == me.attached_to
    if word == "yours":
        return oid in g.st.objects and g.st.objects[oid].controller == me.controller
    if word == "your_creature":
        return oid in g.st.objects and g.st.objects[oid].controller == me.controller and g.is_type(oid, "Creature")
    if word == "another":
        return bool(oid != me.id)
    raise ValueError(f"unknown event object {word!r}")


@dataclass(frozen=True)
class AmongEventObjects:
    """An event condition for "one or more [colorless / Demon / non-Toy] creatures you control
    [attack / deal combat damage]": one of the event's objects under `key` ("attackers",
    "sources", "objs") has these characteristics now — `subtype` (or `not_subtype`),
    `colorless` (and then it must still be a creature on the battlefield)."""
    key: str
    subtype: str = ""
    not_subtype: str = ""
    colorless: bool = False

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return any(self._matches(g, o) for o in params.get(self.key, ()))

    def _matches(self, g: "Context", o: int) -> bool:
        if o not in g.st.objects:
            return False
        c = g.chars(o)
        if self.colorless and (g.st.objects[o].zone != "battlefield" or c.colors or not g.is_type(o, "Creature")):
            return False
        if self.subtype and self.subtype not in c.subtypes:
            return False
        return not (self.not_subtype and self.not_subtype in c.subtypes)
