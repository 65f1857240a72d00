"""Target filters as data (CR 115): which permanents, cards, spells or players a target word
allows — called `filter(g, obj)`; `what`, `up_to`, `yours`, `owned` say the target kind.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.rules.commander import is_commander

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class Creatures:
    """A filter: creatures, tapped or untapped ones (None: either), with power N or greater."""
    tapped: bool | None = None
    power_at_least: int | None = None

    def __call__(self, g: "Context", oid: int) -> bool:
        return g.is_type(oid, "Creature") and (self.tapped is None or g.st.objects[oid].tapped == self.tapped) \
            and (self.power_at_least is None or (g.chars(oid).power or 0) >= self.power_at_least)


@dataclass(frozen=True)
class OpponentPlayer:
    """A target: "target opponent" (a player other than you, CR 102.2)."""
    what = "player"
    opponent = True

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return False  # no object is an opponent


@dataclass(frozen=True)
class GraveyardCard:
    """A target filter: "[up to one] target [creature] card [with mana value N or less] from
    your graveyard" (CR 115.1, 202.3: X is 0 outside the stack); `up_to` for "up to N target
    cards" (one filter per target word). `typed_subtypes`: also a card of a card type with a
    subtype (("Planeswalker", "Tamiyo"): "instant, sorcery, and/or Tamiyo planeswalker cards").
    `any_number`: "any number of target ... cards" — the word is repeated once per card that
    could be chosen, each "up to" (CR 115.1d, 601.2c, 603.3d; engine/rules/trigger_stack.py)."""
    types: tuple[str, ...] = ()
    mv_at_most: int | None = None
    up_to: bool = False
    typed_subtypes: tuple[tuple[str, str], ...] = ()
    any_number: bool = False
    what = "card_in_your_graveyard"

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        types, subs = g.types_now(obj.id)  # current characteristics (CR 613, 400.2)
        if (self.types or self.typed_subtypes) and not (
                types & set(self.types) or any(t in types and s in subs for t, s in self.typed_subtypes)):
            return False
        return self.mv_at_most is None or g.chars(obj.id).mana_value <= self.mv_at_most


@dataclass(frozen=True)
class CardInAGraveyard:
    """A target filter: "target card from a graveyard" (of these card types, any if none)."""
    types: tuple[str, ...] = ()
    up_to: bool = False
    what = "card_in_a_graveyard"

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return not self.types or bool(g.types_now(obj.id)[0] & set(self.types))


@dataclass(frozen=True)
class OpponentsPermanent:
    """A target filter: "target [nonland] permanent / artifact, creature, or enchantment an
    opponent controls" (CR 115.1); `up_to` for "up to one target ..."."""
    types: tuple[str, ...] = ()
    nonland: bool = False
    toughness_at_most: int | None = None
    up_to: bool = False
    opponents = True
    what = "permanent"

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        c = g.chars(obj.id)
        if self.nonland and "Land" in c.types:
            return False
        if self.types and not (c.types & set(self.types)):
            return False
        return self.toughness_at_most is None or (c.toughness or 0) <= self.toughness_at_most


@dataclass(frozen=True)
class CreatureWith:
    """A target filter: "[up to one] target creature [with toughness N or less]" — any
    controller."""
    toughness_at_most: int | None = None
    up_to: bool = False
    what = "creature"

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return self.toughness_at_most is None or (g.chars(obj.id).toughness or 0) <= self.toughness_at_most


@dataclass(frozen=True)
class Permanent:
    """A target filter as data: a permanent of these card types (any, if none), [untapped],
    you control / an opponent controls; `up_to` for "up to one target ..."."""
    types: tuple[str, ...] = ()
    untapped: bool = False
    yours: bool = False
    opponent: bool = False
    up_to: bool = False

    @property
    def status(self) -> bool:  # the filter reads tapped status: target lists are not cached
        return self.untapped

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        if self.untapped and obj.tapped:
            return False
        return not self.types or bool(g.chars(obj.id).types & set(self.types))


PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")  # CR 110.4
UNTAPPED_CREATURE_YOU_CONTROL = Permanent(("Creature",), untapped=True, yours=True)


@dataclass(frozen=True)
class TargetWord:
    """A target word as data (CR 115.1, 601.2c): what it may name and how many.

    The word — read by engine/cards/layer/targets.py into the TargetSpec: `what` ("creature",
    "permanent", "player", "any" ...), `up_to` ("up to one target"), `yours` ("... you
    control"), `opponent` ("... an opponent controls"), `not_yours` ("... you don't control"), `owned` ("... you own", whoever
    controls it), `another` ("another target", not the source, CR 115.4), `word` (which
    instance of the word "target", TargetSpec.word), `each_opponent` ("For each opponent,
    choose up to one target ... that player controls", engine/rules/targets.py per_player),
    `per_x` ("each of up to X target creatures": as many words as the X paid, CR 107.3m),
    `same_controller_as=K` (controlled by the K-th target's controller, engine/rules/targets.py
    related_ok), `controller="event_player"` ("target creature that player controls": the
    trigger event's player, engine/rules/triggers.py), `not_event_player` ("another target
    player": not the event's player).

    The filter, on the object's current characteristics (CR 613): `types` (one of them),
    `nonlegendary`, `attacking`, `face_down`, `counter` (a counter of that kind on it),
    `power_at_most`, `mv_at_most`, `not_types` (none of them: "noncreature artifact"), `controller="active"`
    (the player whose turn it is), `commander` ("target commander": its owner's commander,
    CR 903.3). It is called
    `filter(g, obj)` with the object or its id (a card filter: "a creature card with power 2
    or less" among cards looked at).
    """
    what: str = "permanent"
    types: tuple[str, ...] = ()
    up_to: bool = False
    yours: bool = False
    opponent: bool = False
    not_yours: bool = False  # "... you don't control" (a teammate's too, CR 109.5; `opponent`: never a teammate, 102.3)
    owned: bool = False
    another: bool = False
    word: int = 0
    each_opponent: bool = False
    per_x: bool = False
    same_controller_as: int | None = None
    controller: str = ""
    not_event_player: bool = False
    nonlegendary: bool = False
    attacking: bool = False
    face_down: bool = False
    counter: str = ""
    power_at_most: int | None = None
    mv_at_most: int | None = None  # "with mana value N or less"
    not_types: tuple[str, ...] = ()  # "noncreature artifact": none of these card types
    commander: bool = False
    any_number: bool = False  # "any number of target players": as many words as there are choices

    @property
    def of_event_player(self) -> bool:
        return self.controller == "event_player"

    @property
    def face_down_only(self) -> bool:
        """What the filter declares it reads first: with `face_down` it allows face-down objects
        only (CR 708.2), so a caller may ask it about those alone (the costs' candidates,
        engine/rules/additional_costs.py)."""
        return self.face_down

    @property
    def reads_chars_only(self) -> bool:
        """Whether the filter reads nothing but the object's current characteristics (types,
        supertypes, power, mana value: not its combat or face-down status, counters, whose turn
        it is, or whether it is a commander): then its answers hold while those do (the target
        options kept across positions, engine/rules/targets.py)."""
        return not (self.attacking or self.face_down or self.counter or self.commander or self.controller)

    def __call__(self, g: "Context", obj: "Obj | int") -> bool:
        if self.what == "player" and self.not_event_player:
            return False  # no object is a player
        oid = obj if isinstance(obj, int) else obj.id
        o = g.st.objects[oid]
        c = g.chars(oid)
        if self.types and not any(t in c.types for t in self.types):
            return False
        if self.not_types and any(t in c.types for t in self.not_types):
            return False
        if self.nonlegendary and "Legendary" in c.supertypes:
            return False
        if self.attacking and o.attacking is None:
            return False
        if self.face_down and not o.face_down:
            return False
        if self.counter and o.counters.get(self.counter, 0) <= 0:
            return False
        if self.power_at_most is not None and (c.power or 0) > self.power_at_most:
            return False
        if self.mv_at_most is not None and c.mana_value > self.mv_at_most:
            return False
        if self.commander and not is_commander(g.st, o):
            return False
        return self.controller != "active" or g.is_active(o.controller)

    def event_filter(self, event: dict[str, Any], ref: Any) -> bool:
        """"another target player": not the player of the trigger's event (the caster); with
        two players, possibly yourself (ruling, Der Fürst der Pein)."""
        return not (self.not_event_player and ref[0] == "p" and ref[1] == event.get("player"))

