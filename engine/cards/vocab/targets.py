"""Target filters as data (CR 115): which permanents, cards, spells or players a target word
allows — called `filter(g, obj)`; `what`, `up_to`, `yours`, `owned` say the target kind.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

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
class HasCounter:
    """A target filter: a creature with a counter of this kind on it."""
    kind: str

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return "Creature" in g.chars(obj.id).types and obj.counters.get(self.kind, 0) > 0


@dataclass(frozen=True)
class OwnedBy:
    """A target filter: "target creatures and/or enchantments you own" — a permanent of these
    types you own, whoever controls it (ruling, Get Out; engine/rules/targets.py checks the
    owner); `up_to` for the optional second of "one or two"."""
    types: tuple[str, ...]
    up_to: bool = False
    owned = True  # TargetSpec.owned_only (engine/rules/targets.py)
    owned_by_you = True

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return bool(g.chars(obj.id).types & set(self.types))


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
    cards" (one filter per target word)."""
    types: tuple[str, ...] = ()
    mv_at_most: int | None = None
    up_to: bool = False
    what = "card_in_your_graveyard"

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        if self.types and not g.types_now(obj.id)[0] & set(self.types):  # current types (CR 613, 400.2)
            return False
        return self.mv_at_most is None or g.chars(obj.id).mana_value <= self.mv_at_most


@dataclass(frozen=True)
class AttackingCreature:
    """A target filter: "[another] target attacking creature" (CR 506.3)."""
    another: bool = False
    what = "creature"

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return obj.attacking is not None


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
class CreatureCardPowerAtMost:
    """A card filter: "a creature card with power N or less" (in a library, a hand)."""
    n: int

    def __call__(self, g: "Context", oid: int) -> bool:
        c = g.chars(oid)
        return "Creature" in c.types and (c.power or 0) <= self.n


@dataclass(frozen=True)
class FaceDownPermanent:
    """A target filter: "target face-down permanent" (CR 708)."""

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return bool(obj.face_down)


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
class Nonlegendary:
    """A target filter: "target nonlegendary creature you control"."""
    what = "creature"
    yours = True

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return "Legendary" not in g.chars(obj.id).supertypes


@dataclass(frozen=True)
class AnyOtherTarget:
    """A target filter: "any other target" — a creature, planeswalker or player, not the
    ability's own source (CR 115.4)."""
    what = "any"
    another = True

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return True


@dataclass(frozen=True)
class UpToXTargets:
    """A target kind: "each of up to X target [creatures]" — as many target words as the X
    paid for the permanent's spell (CR 107.3m), each "up to", distinct (CR 115.3)."""
    kind: str = "creature"
    what = "creature"
    up_to = True
    per_x = True

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return "Creature" in g.chars(obj.id).types


@dataclass(frozen=True)
class OpponentsCreature:
    """A target filter: a creature an opponent controls; `same_controller_as=K`: controlled by
    the same player as the K-th target ("two target creatures controlled by the same
    opponent", engine/rules/targets.py related_ok)."""
    same_controller_as: int | None = None
    what = "creature"
    opponent = True

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return "Creature" in g.chars(obj.id).types


@dataclass(frozen=True)
class CreatureOfEventPlayer:
    """A triggered ability's target filter: "target creature that player controls" — the
    player the trigger event named (engine/rules/triggers.py offers only their creatures)."""
    what = "creature"
    of_event_player = True

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return "Creature" in g.chars(obj.id).types


@dataclass(frozen=True)
class ActivePlayersCreature:
    """A target filter: "[up to one] target creature they control" — the player whose turn it
    is ("At the beginning of each opponent's upkeep, ...")."""
    up_to: bool = True
    what = "creature"

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return obj.controller == g.st.active


@dataclass(frozen=True)
class AnotherPlayerThanEvent:
    """A target: "choose another target player" — a player other than the event's player (the
    caster), chosen as the trigger goes on the stack; with two players, possibly yourself
    (ruling, Der Fürst der Pein)."""
    what = "player"

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return False

    def event_filter(self, event: dict[str, Any], ref: Any) -> bool:
        return not (ref[0] == "p" and ref[1] == event.get("player"))


@dataclass(frozen=True)
class ThisObject:
    """An event condition: the event names this permanent ("whenever this creature blocks /
    becomes the target of a spell")."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return bool(params.get("obj") == me.id)


@dataclass(frozen=True)
class ForEachOpponent:
    """A target word: "For each opponent, choose up to one target artifact or enchantment
    that player controls" (CR 601.2c, 115.1) — one "up to one" word per opponent as the spell
    is cast, in turn order from the next player (engine/rules/targets.py per_player); each
    word may be left without a target."""
    types: tuple[str, ...] = ("Artifact", "Enchantment")
    what: str = "permanent"
    up_to: bool = True
    each_opponent: bool = True

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        types = g.chars(obj.id).types
        return any(t in types for t in self.types)
