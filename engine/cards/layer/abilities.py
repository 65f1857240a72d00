"""The ability kinds of the card layer: triggered (When, WhenChoose, WhenAny), spells and
modes (Spell, Choose, Option), activated (Activate), static (Static, Gets), "enters tapped",
and the target restrictions as data (Target, Entering).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Protocol

from engine.cards.vocab.core import THIS, Effect
from engine.cards.vocab.costs import AdditionalCost, CostsLess, Discount
from engine.cards.vocab.counters import EntersWith
from engine.cards.vocab.graveyard import CastFromGraveyard
from engine.cards.vocab.mana import ManaAbility
from engine.cards.vocab.as_enters import AsEntersChoose
from engine.cards.vocab.player_rules import OpeningHand, PlayerRule
from engine.rules.rule_changes import ObjectFlag

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class When:
    """One triggered ability (CR 603): its event, effects, targets, condition."""
    event: str
    effects: tuple[Effect, ...]
    targets: tuple[Any, ...] = ()  # "creature" or a Target
    condition: Callable[["Context", "Obj", dict[str, Any]], bool] | None = None
    resolve_if: Callable[["Context", "Obj"], bool] | None = None  # CR 603.4 intervening "if"
    word: str = ""  # the ability word that starts its line (Eerie, Survival, Delirium)
    once: bool = False  # "This ability triggers only once."
    once_each_turn: bool = False  # "This ability triggers only once each turn."
    zone: str = "battlefield"  # "graveyard": it works while the card is in its owner's graveyard

    def __init__(self, event: str, *effects: Effect, targets: tuple[Any, ...] = (),
                 condition: Any = None, resolve_if: Any = None, word: str = "", once: bool = False,
                 zone: str = "battlefield", once_each_turn: bool = False) -> None:
        object.__setattr__(self, "once_each_turn", once_each_turn)
        object.__setattr__(self, "zone", zone)
        object.__setattr__(self, "event", event)
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "targets", tuple(targets))
        object.__setattr__(self, "condition", condition)
        object.__setattr__(self, "resolve_if", resolve_if)
        object.__setattr__(self, "word", word)
        object.__setattr__(self, "once", once)


@dataclass(frozen=True)
class WhenChoose:
    """A modal triggered ability (CR 700.2b): "Whenever ..., choose one [that hasn't been
    chosen] —" and one Option per bullet line; the mode and its targets are chosen as it is
    put on the stack."""
    event: str
    options: tuple["Option", ...]
    condition: Any = None
    unchosen: bool = False
    word: str = ""
    zone: str = "battlefield"  # "command": a scheme's (CR 113.6p)
    # "choose three. You may choose the same mode more than once." (CR 700.2d): how many modes,
    # and whether one may be chosen again
    choose: int = 1
    repeat: bool = False
    all_if: Any = None  # "If [condition], choose both instead." (checked as it is put on the stack)
    # "Whenever this creature attacks or becomes the target of ...": more (event, condition)
    # pairs of the same line, each triggering the same modal ability
    also: tuple[tuple[str, Any], ...] = ()

    def __init__(self, event: str, *options: "Option", condition: Any = None, unchosen: bool = False,
                 zone: str = "battlefield", choose: int = 1, repeat: bool = False, all_if: Any = None,
                 also: tuple[tuple[str, Any], ...] = ()) -> None:
        object.__setattr__(self, "also", tuple(also))
        object.__setattr__(self, "all_if", all_if)
        object.__setattr__(self, "choose", choose)
        object.__setattr__(self, "repeat", repeat)
        object.__setattr__(self, "zone", zone)
        object.__setattr__(self, "event", event)
        object.__setattr__(self, "options", tuple(options))
        object.__setattr__(self, "condition", condition)
        object.__setattr__(self, "unchosen", unchosen)
        object.__setattr__(self, "word", "")


@dataclass(frozen=True)
class Spell:
    """An instant's or sorcery's effect (CR 608.2): its targets and effects, in order; `word`
    the ability word that starts its line (CR 207.2c: "Council's dilemma")."""
    effects: tuple[Effect, ...]
    targets: tuple[Any, ...] = ()
    word: str = ""

    def __init__(self, *effects: Effect, targets: tuple[Any, ...] = (), word: str = "") -> None:
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "targets", tuple(targets))
        object.__setattr__(self, "word", word)


@dataclass(frozen=True)
class AbilityGroup:
    """Several engine abilities for one printed line (Eerie: two trigger events)."""
    parts: tuple[When, ...]
    word: str = ""


@dataclass(frozen=True)
class Activate:
    """An activated ability (CR 602): "[cost]: [effect]". `cost` is its mana part; {T} and
    "Sacrifice this ..." are flags; sorcery=True for "Activate only as a sorcery" (602.5d)."""
    cost: str
    effects: tuple[Effect, ...]
    tap: bool = False
    sacrifice: bool = False
    targets: tuple[Any, ...] = ()
    sorcery: bool = False
    word: str = ""
    sacrifice_other: Any = None  # "Sacrifice another ...": a Target
    once: bool = False  # "Activate only once."
    zone: str = "battlefield"  # "hand": "Discard this card: ..." works from the hand (CR 602.2)
    discard: bool = False  # "Discard this card" is part of the cost
    tap_other: Any = None  # "Tap another untapped creature you control": a Target (CR 602.2b)
    exile_named: int = 0  # "Exile this card and N other cards named [it] from your graveyard"
    condition: Any = None  # "Activate only if ..." (CR 602.5b): a Condition on the source
    choose: Any = None  # "[Cost]: Choose one —" and its bullet lines: a Choose (CR 700.2)
    # "Exile this creature" ("exile") / "Return [this] to its owner's hand" ("hand") in the cost
    self_to: str = ""
    # what the cost does to `sacrifice_other` ("return": "Return two lands you control to their
    # owner's hand"), and how many of them
    other_action: str = "sacrifice"
    other_n: int = 1

    def __init__(self, cost: str, *effects: Effect, tap: bool = False, sacrifice: bool = False,
                 targets: tuple[Any, ...] = (), sorcery: bool = False, sacrifice_other: Any = None,
                 once: bool = False, zone: str = "battlefield", discard: bool = False, tap_other: Any = None,
                 exile_named: int = 0, condition: Any = None, choose: Any = None, self_to: str = "",
                 other_action: str = "sacrifice", other_n: int = 1) -> None:
        object.__setattr__(self, "self_to", self_to)
        object.__setattr__(self, "other_action", other_action)
        object.__setattr__(self, "other_n", other_n)
        object.__setattr__(self, "once", once)
        object.__setattr__(self, "condition", condition)
        object.__setattr__(self, "choose", choose)
        object.__setattr__(self, "zone", zone)
        object.__setattr__(self, "discard", discard)
        object.__setattr__(self, "tap_other", tap_other)
        object.__setattr__(self, "exile_named", exile_named)
        object.__setattr__(self, "sacrifice_other", sacrifice_other)
        object.__setattr__(self, "zone", zone)
        object.__setattr__(self, "condition", condition)
        object.__setattr__(self, "cost", cost)
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "tap", tap)
        object.__setattr__(self, "sacrifice", sacrifice)
        object.__setattr__(self, "targets", tuple(targets))
        object.__setattr__(self, "sorcery", sorcery)
        object.__setattr__(self, "word", "")


@dataclass(frozen=True)
class Option:
    """One mode of a modal spell: its effects and targets (one bullet line)."""
    effects: tuple[Effect, ...]
    targets: tuple[Any, ...] = ()

    def __init__(self, *effects: Effect, targets: tuple[Any, ...] = ()) -> None:
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "targets", tuple(targets))


@dataclass(frozen=True)
class Choose:
    """"Choose one —" and its bullet lines (CR 700.2): the line and one Option per bullet."""
    options: tuple[Option, ...]
    most: int = 1
    word: str = ""
    more_if: Any = None  # "If [condition], choose one or more instead." (a Condition on the card)
    # "If this spell was kicked, choose any number instead.": the way of casting it ("kicker")
    more_if_alt: str = ""

    def __init__(self, *options: Option, most: int = 1, more_if: Any = None, more_if_alt: str = "") -> None:
        object.__setattr__(self, "more_if_alt", more_if_alt)
        object.__setattr__(self, "options", tuple(options))
        object.__setattr__(self, "most", most)
        object.__setattr__(self, "more_if", more_if)
        object.__setattr__(self, "word", "")


@dataclass(frozen=True)
class EntersTapped:
    """"This permanent enters tapped [unless ...]." — a replacement effect (CR 614.1c);
    `choose`: "As it enters, choose a color." (CR 614.12b: "color", "color_not:W" for "a color
    other than white"); `reveal`: "As this land enters, you may reveal a Swamp or Mountain card
    from your hand. If you don't, this land enters tapped." (the land types; CR 614.12b)."""
    unless: Any = None
    choose: str = ""
    word: str = ""
    reveal: tuple[str, ...] = ()


ATTACHED = "attached"  # "Enchanted creature ..." / "Equipped creature ..."
OTHER_TAPPED_CREATURES = "other_tapped_creatures"  # "Other tapped creatures you control have ..."
YOUR_CREATURES = "your_creatures"
YOUR_LANDS = "your_lands"


@dataclass(frozen=True)
class Gets:
    """A static ability's effect on its own permanent or on the permanent it is attached to:
    +P/+T (each multiplied by `per`, a count such as enchantments you control) and keywords
    (layers 7c, 6)."""
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    flags: tuple[ObjectFlag, ...] = ()  # rules flags: ObjectRule.CANT_BLOCK ... (CR 508.1, 509.1)
    on: Any = THIS  # THIS | ATTACHED | OTHER_TAPPED_CREATURES | a group (ids) or a filter (g, me, oid) -> bool
    per: Any = None  # a count (g, me) -> int
    # "is a Toy artifact creature with base power and toughness 0/2 in addition to its other
    # types and loses all abilities" (Unable to Scream): layers 4, 6 and 7b
    add_types: tuple[str, ...] = ()
    add_subtypes: tuple[str, ...] = ()
    base_pt: tuple[int, int] | None = None
    loses_all: bool = False
    control: bool = False  # "You control enchanted creature." (layer 2)
    # "[This creature's] power and toughness are each equal to [a count]": a characteristic-
    # defining ability (CR 604.3), layer 7a (CR 613.4a); read on the battlefield only
    pt_is: Any = None
    # "... lose flying and can't have or gain flying": removed in layer 6 after every other
    # effect of that layer, whatever its timestamp (the effect wins over later grants)
    cant_have: tuple[str, ...] = ()
    lose_types: tuple[str, ...] = ()  # "... isn't a creature" (layer 4, CR 613.1d)
    # "he's a 3/4 Ninja creature" (Kaito, Bane of Nightmares): its card types become these and
    # its subtypes `subtypes_are` — the new type replaces the old ones, so it is no longer a
    # planeswalker (CR 205.1a-b; supertypes stay), layer 4
    types_are: tuple[str, ...] = ()
    subtypes_are: tuple[str, ...] = ()


@dataclass(frozen=True)
class Static:
    """A static ability of this permanent (CR 604), on while its condition holds
    ("as long as ...", "unless ...": the same thing with the condition negated)."""
    effect: Any  # Gets, or an effect with static_effects / continuous / layer_effects (its own effects)
    condition: Any = None
    negate: bool = False
    word: str = ""


class CardPart(Protocol):
    """An ability kind defined outside this module (a vocabulary or mechanic module): it adds
    itself to the card definition being built (`kw`, the CardDef fields), with its line's
    label and the Room door it belongs to ("" if none)."""
    @property
    def word(self) -> str: ...

    def add_to(self, kw: dict[str, Any], label: str, door: str) -> None: ...


Ability = (When | AbilityGroup | Spell | Activate | Choose | AdditionalCost | CostsLess | EntersTapped | Static
           | EntersWith | Discount | PlayerRule | WhenChoose | OpeningHand | AsEntersChoose
           | ManaAbility | CardPart | CastFromGraveyard)


def WhenAny(events: tuple[str, ...], *effects: Effect, targets: tuple[Any, ...] = (),  # noqa: N802
            condition: Any = None) -> AbilityGroup:
    """One line, several events ("Whenever this creature enters or attacks, ...", "Whenever
    you cast or copy an instant or sorcery spell, ..." with the event `condition`)."""
    return AbilityGroup(tuple(When(ev, *effects, targets=targets, condition=condition) for ev in events))


@dataclass(frozen=True)
class Target:
    """A target restriction as data: a permanent of one of these card types; a creature only
    with at least / at most this power (Exorcise: "artifact, enchantment, or creature with
    power 4 or greater"); "nonland" (no land)."""
    types: tuple[str, ...]
    creature_power_at_least: int | None = None
    power_at_most: int | None = None
    nonland: bool = False
    # it reads nothing but the object's current characteristics: its answers hold while those
    # do (the target options kept across positions, engine/rules/targets.py)
    reads_chars_only = True

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        c = g.chars(obj.id)
        if self.nonland:
            return "Land" not in c.types
        if any(t in c.types for t in self.types if t != "Creature"):
            return True
        if "Creature" in self.types and "Creature" in c.types:
            if self.power_at_most is not None and (c.power or 0) > self.power_at_most:
                return False
            need = self.creature_power_at_least
            return need is None or (c.power or 0) >= need
        return False


@dataclass(frozen=True)
class Entering:
    """Which entering permanent a "whenever ... enters" ability looks for (CR 603.2)."""
    types: tuple[str, ...] = ()
    yours: bool = True
    another: bool = True
    power_at_most: int | None = None

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        oid = params.get("obj")
        if oid not in g.st.objects or (self.another and oid == me.id):
            return False
        obj = g.st.objects[oid]
        if self.yours and obj.controller != me.controller:
            return False
        c = g.chars(oid)
        if self.types and not any(t in c.types for t in self.types):
            return False
        return self.power_at_most is None or (c.power or 0) <= self.power_at_most
