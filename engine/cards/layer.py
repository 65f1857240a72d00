"""The card layer (issue #9): a card is written as data, one ability per non-keyword line of
its Oracle text, and everything printed comes from the card data.

    card("Grasping Longneck", When(DIES, GainLife(2)))
    card("Cult Healer", Eerie(Pump(0, 0, ("lifelink",))))
    card("Bear Trap", Activate("{3}", Damage(3), tap=True, sacrifice=True, targets=("creature",)))

`card()` reads the card's text, mana cost, types and keyword lines from assets/cards: the
keywords (Reach, Flying, Ward {2} ...) are never written again, nor the lines a mechanic
module reads by itself (landcycling, impending, "{T}: Add {W} or {U}."). Each ability's
label is the card's own Oracle line, so the interface shows the German or Italian line
where the data has it. A Room's abilities belong to the door whose half of the text holds
their line (CR 709.5). The effects are the vocabulary of engine/cards/vocab.py; ability
words and set mechanics are modules (engine/cards/mechanics/). A card that needs more than
the vocabulary uses `Custom(step)` — the escape hatch, counted by
`python -m engine.cards coverage`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Protocol

from engine.cards.model import Activated, CardDef, Mode, SacrificeCost, Step, TargetSpec, Triggered
from engine.cards.vocab import (EVENT, TARGET, THIS, AnyPlayerLifeAtMost, AttacksAlone, Bounce, CantBeBlocked,
                                Controls, Counters, Creatures, Custom, Damage, Destroy, DestroyAll, Draw, Effect,
                                Discard, ExileIfDiesThisTurn, ExileTarget, GainLife, If, LoseLife, May, Mill, Not, Pump,
                                PumpYours,
                                ReturnFromGraveyard, Search, Surveil, Tap, Token, UnlockedDoorsAtLeast, WhenDiesThisTurn,
                                compile_effect)

__all__ = [  # the vocabulary a card module imports from here
    "EVENT", "TARGET", "THIS", "AnyPlayerLifeAtMost", "AttacksAlone", "Bounce", "CantBeBlocked", "Controls",
    "Counters", "Creatures", "Custom", "Damage", "Destroy", "DestroyAll", "Discard", "Draw", "Effect", "ExileIfDiesThisTurn",
    "ExileTarget", "GainLife", "If", "LoseLife", "May", "Mill", "Not", "Pump", "PumpYours", "ReturnFromGraveyard", "Search",
    "Surveil", "Tap", "Token", "UnlockedDoorsAtLeast", "WhenDiesThisTurn", "compile_effect",
    "ENTERS", "DIES", "ATTACKS", "YOU_ATTACK", "END_STEP", "SECOND_MAIN", "UPKEEP", "UNLOCK",
    "COMBAT_DAMAGE_PLAYER", "YOUR_CREATURES_DEALT_COMBAT_DAMAGE",
    "When", "WhenAny", "WhenChoose", "Spell", "AbilityGroup", "Activate", "Option", "Choose",
    "SacrificeAsCost", "CostsLess", "TargetsTapped", "Discount", "PlayerRule", "ReturnAsCost",
    "ExileFromGraveyardAsCost", "RestrictedMana", "OpeningHand", "AsEntersChoose", "ChosenTypeEverywhere",
    "EntersTapped", "EntersWith", "Gets", "Static", "ATTACHED", "OTHER_TAPPED_CREATURES", "Ability", "Target",
    "Entering", "LayerInfo", "LAYER", "ManaAbility", "CantBeCountered", "ChooseAsCost", "TapAsCost",
    "YOUR_CREATURES", "YOUR_LANDS", "card", "width", "Activated", "compile_static", "CastFromGraveyard",
    "CastFrom",
]

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

# -- events (CR 603.2): what a triggered ability waits for
ENTERS, DIES, ATTACKS, YOU_ATTACK = "enters", "dies", "attacks", "you_attack"
END_STEP, SECOND_MAIN, UPKEEP = "step:end", "step:main2", "step:upkeep"
UNLOCK = "unlock"  # "When you unlock this door" (CR 709.5)
COMBAT_DAMAGE_PLAYER = "combat_damage_player"  # "Whenever this creature deals combat damage to a player"
YOUR_CREATURES_DEALT_COMBAT_DAMAGE = "creatures_dealt_combat_damage"  # "... one or more creatures you control ..."


# ------------------------------------------------------------------ abilities
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

    def __init__(self, event: str, *options: "Option", condition: Any = None, unchosen: bool = False) -> None:
        object.__setattr__(self, "event", event)
        object.__setattr__(self, "options", tuple(options))
        object.__setattr__(self, "condition", condition)
        object.__setattr__(self, "unchosen", unchosen)
        object.__setattr__(self, "word", "")


@dataclass(frozen=True)
class Spell:
    """An instant's or sorcery's effect (CR 608.2): its targets and effects, in order."""
    effects: tuple[Effect, ...]
    targets: tuple[Any, ...] = ()
    word: str = ""

    def __init__(self, *effects: Effect, targets: tuple[Any, ...] = ()) -> None:
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "targets", tuple(targets))
        object.__setattr__(self, "word", "")


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

    def __init__(self, cost: str, *effects: Effect, tap: bool = False, sacrifice: bool = False,
                 targets: tuple[Any, ...] = (), sorcery: bool = False, sacrifice_other: Any = None,
                 once: bool = False, zone: str = "battlefield", discard: bool = False, tap_other: Any = None,
                 exile_named: int = 0, condition: Any = None, choose: Any = None) -> None:
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
class RestrictedMana:
    """"{T}: Add {U}. Spend this mana only to cast an enchantment spell, unlock a door, or turn
    a permanent face up." — a mana ability (CR 605) whose mana pays only for those (CR 106.6);
    it is spent as such a cost is paid (engine/rules/casting.py: mana_sources)."""
    colors: tuple[str, ...]
    spend_only: tuple[str, ...]
    word: str = ""


@dataclass(frozen=True)
class OpeningHand:
    """"If this card is in your opening hand, you may begin the game with it on the
    battlefield." (CR 103.6; the Leylines)"""
    word: str = ""


@dataclass(frozen=True)
class AsEntersChoose:
    """"As this [permanent] enters, choose a creature type." (CR 614.12): chosen as the spell
    resolves, just before it enters; the permanent remembers it (`chosen_type`)."""
    what: str = "creature_type"
    word: str = ""


@dataclass(frozen=True)
class CantBeCountered:
    """"This spell can't be countered." — a static ability that works on the stack (CR 101.2)."""
    word: str = ""


@dataclass(frozen=True)
class ChosenTypeEverywhere:
    """"Creatures you control are the chosen type in addition to their other types. The same is
    true for creature spells you control and creature cards you own that aren't on the
    battlefield." — layer 4 on the battlefield; elsewhere engine/rules/characteristics.py."""
    word: str = ""


@dataclass(frozen=True)
class ManaAbility:
    """A mana ability line the auto reader does not take (CR 605.1a): "{T}: Add one mana of
    any color." with what else it does as it resolves ("Put a nest counter on this creature.",
    `counter`)."""
    colors: tuple[str, ...] = ("W", "U", "B", "R", "G")
    counter: str = ""
    amount: int = 1  # "Add two mana of any one color."
    only: str = ""  # "Spend this mana only to turn permanents face up.": "turn_face_up"
    word: str = ""


@dataclass(frozen=True)
class EntersWith:
    """"This permanent enters with N [kind] counters on it [if ...]" (CR 614.1c); the
    condition is called (g, new permanent, the spell it was)."""
    kind: str
    n: int
    condition: Any = None
    word: str = ""


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

    def __init__(self, *options: Option, most: int = 1, more_if: Any = None) -> None:
        object.__setattr__(self, "options", tuple(options))
        object.__setattr__(self, "most", most)
        object.__setattr__(self, "more_if", more_if)
        object.__setattr__(self, "word", "")


@dataclass(frozen=True)
class SacrificeAsCost:
    """"As an additional cost to cast this spell, sacrifice a ... [or pay {N}]" (CR 601.2b,
    601.2h, 118.8)."""
    what: "Target"
    or_pay: str = ""
    word: str = ""


@dataclass(frozen=True)
class ReturnAsCost:
    """"As an additional cost to cast this spell, return a permanent you control to its
    owner's hand." (CR 601.2b, 601.2h)"""
    what: "Target | None" = None  # None: any permanent you control
    word: str = ""


@dataclass(frozen=True)
class ChooseAsCost:
    """"As an additional cost to cast this spell, choose a [creature you control] or reveal a
    [creature] card from your hand." (CR 601.2b): the choice is remembered on the spell."""
    what: Any  # a filter as data (Target, Permanent ...)
    reveal: tuple[str, ...] = ()
    word: str = ""


@dataclass(frozen=True)
class ExileFromGraveyardAsCost:
    """"As an additional cost to cast this spell, exile N cards from your graveyard."
    (CR 601.2b, 601.2h; a ruling of Abhorrent Oculus: paid also when cast without paying
    its mana cost)"""
    n: int
    word: str = ""


@dataclass(frozen=True)
class TapAsCost:
    """"As an additional cost to cast this spell, tap N untapped [creatures and/or lands] you
    control." (CR 601.2b, 601.2h): chosen one at a time before the mana is paid."""
    what: Any  # a filter as data
    n: int = 1
    word: str = ""


@dataclass(frozen=True)
class CostsLess:
    """"This spell costs {N} less to cast [if/as long as ...]" (CR 601.2f). The condition is
    a Condition on the card, or TargetsTapped (which looks at the chosen targets)."""
    n: int
    condition: Any
    word: str = ""


@dataclass(frozen=True)
class Discount:
    """A static ability that makes your costs cheaper (CR 601.2f): "Enchantment spells you
    cast cost {1} less to cast." (`what` = "Enchantment") or "Unlock costs you pay cost {1}
    less." (`what` = "unlock")."""
    what: str
    n: int = 1
    word: str = ""


@dataclass(frozen=True)
class PlayerRule:
    """A static ability that changes a rule for its controller ("ignore_hexproof": "Creatures
    your opponents control can be the targets ... as though they didn't have hexproof. Ward
    abilities of those creatures don't trigger.")."""
    rule: str
    word: str = ""


@dataclass(frozen=True)
class TargetsTapped:
    """"if it targets a tapped creature"."""

    def __call__(self, g: "Context", me: "Obj", targets: list[Any]) -> bool:
        return any(isinstance(t, dict) and "obj" in t and g.st.objects[t["obj"]].tapped for t in targets)


@dataclass(frozen=True)
class EntersTapped:
    """"This permanent enters tapped [unless ...]." — a replacement effect (CR 614.1c)."""
    unless: Any = None
    word: str = ""


ATTACHED = "attached"  # "Enchanted creature ..." / "Equipped creature ..."
OTHER_TAPPED_CREATURES = "other_tapped_creatures"  # "Other tapped creatures you control have ..."
YOUR_CREATURES, YOUR_LANDS = "your_creatures", "your_lands"  # "Creatures / Lands you control have ..."


@dataclass(frozen=True)
class Gets:
    """A static ability's effect on its own permanent or on the permanent it is attached to:
    +P/+T (each multiplied by `per`, a count such as enchantments you control) and keywords
    (layers 7c, 6)."""
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()  # rules flags: cant_block, cant_attack (CR 508.1, 509.1)
    on: Any = THIS  # THIS | ATTACHED | OTHER_TAPPED_CREATURES | a group (ids) or a filter (g, me, oid) -> bool
    per: Any = None  # a count (g, me) -> int
    # "is a Toy artifact creature with base power and toughness 0/2 in addition to its other
    # types and loses all abilities" (Unable to Scream): layers 4, 6 and 7b
    add_types: tuple[str, ...] = ()
    add_subtypes: tuple[str, ...] = ()
    base_pt: tuple[int, int] | None = None
    loses_all: bool = False
    control: bool = False  # "You control enchanted creature." (layer 2)


@dataclass(frozen=True)
class Static:
    """A static ability of this permanent (CR 604), on while its condition holds
    ("as long as ...", "unless ...": the same thing with the condition negated)."""
    effect: Any  # Gets, or an effect with static_effects / continuous / layer_effects (its own effects)
    condition: Any = None
    negate: bool = False
    word: str = ""


@dataclass(frozen=True)
class CastFromGraveyard:
    """"You may cast this card from your graveyard if [condition]. If you do, this creature
    enters with [N kind] counters on it." (CR 601.2a: a permission to cast from another zone;
    all costs and timing rules still apply; CR 614.1c for the counters)."""
    condition: Any
    counters: tuple[str, int] | None = None
    word: str = ""


@dataclass(frozen=True)
class CastFrom:
    """An "enters with" condition: the permanent was cast from this zone."""
    zone: str

    def __call__(self, g: "Context", new: "Obj", spell: "Obj") -> bool:
        return spell.zone == "stack" and spell.ctx.get("from") == self.zone


class CardPart(Protocol):
    """An ability kind defined outside this module (a vocabulary or mechanic module): it adds
    itself to the card definition being built (`kw`, the CardDef fields), with its line's
    label and the Room door it belongs to ("" if none)."""
    @property
    def word(self) -> str: ...

    def add_to(self, kw: dict[str, Any], label: str, door: str) -> None: ...


Ability = (When | AbilityGroup | Spell | Activate | Choose | SacrificeAsCost | CostsLess | EntersTapped | Static
           | EntersWith | Discount | PlayerRule | ReturnAsCost | ExileFromGraveyardAsCost | WhenChoose
           | RestrictedMana | OpeningHand | AsEntersChoose | ChosenTypeEverywhere | ManaAbility | CantBeCountered
           | ChooseAsCost | TapAsCost | CardPart | CastFromGraveyard)


def WhenAny(events: tuple[str, ...], *effects: Effect, targets: tuple[Any, ...] = ()) -> AbilityGroup:  # noqa: N802
    """One line, several events ("Whenever this creature enters or attacks, ...")."""
    return AbilityGroup(tuple(When(ev, *effects, targets=targets) for ev in events))


# ------------------------------------------------------------------ targets
@dataclass(frozen=True)
class Target:
    """A target restriction as data: a permanent of one of these card types; a creature only
    with at least / at most this power (Exorcise: "artifact, enchantment, or creature with
    power 4 or greater"); "nonland" (no land)."""
    types: tuple[str, ...]
    creature_power_at_least: int | None = None
    power_at_most: int | None = None
    nonland: bool = False

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


_KINDS = {
    "another_creature_you_control": dict(what="creature", yours_only=True, another=True),
    "creature_opponent_controls": dict(what="creature", opponent_only=True),
    "creature_you_control": dict(what="creature", yours_only=True),
    "creature_up_to_one": dict(what="creature", up_to=True),
    "opponent": dict(what="player", opponent_only=True),  # "target opponent"
}


def _target_spec(kind: Any, desc: str) -> TargetSpec:
    if isinstance(kind, Target) or not isinstance(kind, str):  # a filter as data (Target, HasCounter ...)
        return TargetSpec(getattr(kind, "what", "permanent"), desc, extra=kind, up_to=getattr(kind, "up_to", False),
                          yours_only=getattr(kind, "yours", False), owned_only=getattr(kind, "owned", False),
                          another=getattr(kind, "another", False), opponent_only=getattr(kind, "opponent", False) or getattr(kind, "opponents", False),
                          status=getattr(kind, "status", False))
    if kind in ("creature", "any", "player", "creature_or_planeswalker", "artifact", "enchantment", "spell",
                "stack_single_target"):
        return TargetSpec(kind, desc)
    if kind in _KINDS:
        return TargetSpec(desc=desc, **_KINDS[kind])  # type: ignore[arg-type]
    if kind == "attacking_creature":
        return TargetSpec("creature", desc, extra=_attacking)
    if kind == "nonland_permanent_up_to_one":
        return TargetSpec("permanent", desc, extra=Target((), nonland=True), up_to=True)
    if kind in ("room_you_control_up_to_one", "room_you_control"):
        from engine.cards.mechanics.rooms import room_target
        return room_target(desc, up_to=kind.endswith("up_to_one"))
    raise ValueError(f"unknown target kind {kind!r}")


def target_spec(kind: Any, desc: str) -> TargetSpec:
    """A target kind as the engine's requirement (for vocabulary that makes its own, such as a
    reflexive trigger's target)."""
    return _target_spec(kind, desc)


def _attacking(g: "Context", obj: "Obj") -> bool:
    return obj.attacking is not None


def _self_attacks(g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
    return bool(params.get("obj") == me.id)


def _triggered(w: When, label: str, line: int, door: str, active: Any = None) -> Triggered:
    steps = [compile_effect(e) for e in w.effects]
    condition = w.condition
    if w.event in (ATTACKS, COMBAT_DAMAGE_PLAYER) and not getattr(condition, "any_creature", False):
        # "whenever this creature attacks / deals combat damage to a player"
        condition = _self_attacks if condition is None else _both(_self_attacks, condition)
    if w.resolve_if is not None:
        steps = [_guarded(w.resolve_if, s) for s in steps]
    return Triggered(w.event, steps, targets=[_target_spec(t, label) for t in w.targets],
                     condition=condition, label=label, line=line, once=w.once, door=door, zone=w.zone,
                     active=active, once_each_turn=w.once_each_turn)


def _both(a: Any, b: Any) -> Callable[["Context", "Obj", dict[str, Any]], bool]:
    return lambda g, me, params: bool(a(g, me, params) and b(g, me, params))


def _guarded(check: Callable[["Context", "Obj"], bool], step: Step) -> Step:
    """CR 603.4: an intervening "if" is checked again as the ability resolves — with the
    source's last known information if it has left the battlefield (CR 608.2h)."""
    def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
        src = None if item.source is None else (g.st.objects.get(item.source) or g.st.lki.get(item.source))
        if src is None and item.source is not None:
            from engine.cards.vocab import last_known
            src = last_known(g, item.source)  # CR 113.7a: as it last existed on the battlefield
        if src is None and "source_lki" in item.ctx:  # the source left: its last known information
            from engine.state import Obj
            src = Obj(**item.ctx["source_lki"])
        # a condition about its controller (delirium, "if you sacrificed") is read from the
        # ability itself when the source is gone without a trace (CR 113.7a, 603.4)
        if not check(g, src if src is not None else item):
            return None
        return step(g, item, ctx)
    return run


_FILTER_ARITY: dict[Any, bool] = {}


def _group_ids(g: "Context", me: "Obj", on: Any) -> list[int]:
    """The permanents a group static ability affects: `on(g, me)` gives their ids
    (engine/cards/vocab_groups.py), or `on(g, me, oid)` filters your permanents."""
    import inspect
    key = getattr(on, "__code__", None) or type(on)  # a function's code, or a callable's class
    per_permanent = _FILTER_ARITY.get(key)
    if per_permanent is None:
        per_permanent = _FILTER_ARITY[key] = len(inspect.signature(on).parameters) >= 3
    if per_permanent:
        return [o for o in g.battlefield(me.controller) if on(g, me, o)]
    ids: list[int] = on(g, me)
    return ids


def _static(s: Static, door: str = "") -> Callable[["Context", "Obj"], list[dict[str, Any]]]:
    """A static ability as the engine reads it: the continuous effects it makes now. A
    Room door's static ability works only while that door is unlocked (CR 709.5)."""
    def effects(g: "Context", me: "Obj") -> list[dict[str, Any]]:
        if door and door not in me.unlocked:
            return []
        if s.condition is not None and bool(s.condition(g, me)) == s.negate:
            return []
        e, ts = s.effect, me.timestamp
        if door:  # CR 613.7: a door's ability has the timestamp of its unlocking
            ts = int(me.ctx.get(f"door_ts:{door}", ts))
        if hasattr(e, "static_effects"):  # Grants (engine/cards/vocab_groups.py)
            out_: list[dict[str, Any]] = e.static_effects(g, me)
            return out_
        if not isinstance(e, Gets):
            if hasattr(e, "continuous"):  # an effect of its own (a player's maximum hand size ...)
                cont: list[dict[str, Any]] = e.continuous(g, me, ts)
                return cont
            if not hasattr(e, "layer_effects"):  # damage prevention only (`prevents` below)
                return []
            made: list[dict[str, Any]] = e.layer_effects(g, me)
            return made
        ids = [me.id]
        if callable(e.on):  # a group: "other creatures you control", or a filter over your permanents
            ids = _group_ids(g, me, e.on)
            if not ids:
                return []
        elif e.on == OTHER_TAPPED_CREATURES:
            # every other creature of its controller, applied only while that one is tapped
            # ("while_tapped", characteristics._apply_effects): tapping a creature then
            # needs its own characteristics again, not the whole effects index (Game.update)
            ids = [o for o in g.battlefield(me.controller) if o != me.id and "Creature" in g.printed_types(o)]
            if not ids:
                return []
        elif e.on == ATTACHED:
            if me.attached_to is None or me.attached_to not in g.st.objects:
                return []
            ids = [me.attached_to]
        elif e.on in (YOUR_CREATURES, YOUR_LANDS):
            kind = "Creature" if e.on == YOUR_CREATURES else "Land"
            ids = [o for o in g.battlefield(me.controller) if g.is_type(o, kind)]
            if not ids:
                return []
        n = 1 if e.per is None else int(e.per(g, me))
        out: list[dict[str, Any]] = []
        if e.control:
            out.append({"layer": "2", "ids": ids, "ts": ts, "controller": me.controller})
        if e.add_types or e.add_subtypes:
            out.append({"layer": "4", "ids": ids, "ts": ts, "add_types": list(e.add_types),
                        "add_subtypes": list(e.add_subtypes)})
        if e.loses_all:
            out.append({"layer": "6", "ids": ids, "ts": ts, "remove_all": True})
        if e.base_pt is not None:
            out.append({"layer": "7b", "ids": ids, "ts": ts, "power": e.base_pt[0], "toughness": e.base_pt[1]})
        if (e.power or e.toughness) and n:
            out.append({"layer": "7c", "ids": ids, "ts": ts, "power": e.power * n, "toughness": e.toughness * n})
        if e.keywords:
            out.append({"layer": "6", "ids": ids, "ts": ts, "add_kw": list(e.keywords)})
        if e.flags:
            out.append({"layer": "rules", "ids": ids, "ts": ts, "flags": list(e.flags)})
        if e.on == OTHER_TAPPED_CREATURES:
            for eff in out:
                eff["while_tapped"] = True
        return out
    # whether it reads tapped status: "creatures" if only that of creature cards (tapping a
    # land for mana then changes nothing it does; Game.update)
    effects.reads_tapped = (getattr(s.effect, "reads_tapped", False)  # type: ignore[attr-defined]
                            or ("creatures" if getattr(s.effect, "on", "") == OTHER_TAPPED_CREATURES else False))
    # it may change control (layer 2): engine/rules/characteristics.py control_pass looks only then
    effects.controls = bool(getattr(s.effect, "control", False)) or not isinstance(s.effect, Gets)  # type: ignore[attr-defined]
    if hasattr(s.effect, "prevents"):  # damage prevention (engine/cards/vocab_prevention.py, CR 615)
        def prevents(g: "Context", me: "Obj", ref: dict[str, Any]) -> int:
            if s.condition is not None and bool(s.condition(g, me)) == s.negate:
                return 0
            return int(s.effect.prevents(g, me, ref))
        effects.prevents = prevents  # type: ignore[attr-defined]
    if hasattr(s.effect, "damage_bonus"):  # damage increased (engine/cards/vocab_cards_dsc.py, CR 614.1a)
        def damage_bonus(g: "Context", me: "Obj", src: dict[str, Any], ref: dict[str, Any]) -> int:
            if s.condition is not None and bool(s.condition(g, me)) == s.negate:
                return 0
            return int(s.effect.damage_bonus(g, me, src, ref))
        effects.damage_bonus = damage_bonus  # type: ignore[attr-defined]
    if hasattr(s.effect, "others_enter_with"):  # "... enter with additional counters" (CR 614.1c)
        def others_enter_with(g: "Context", me: "Obj", new: "Obj") -> list[tuple[str, int]]:
            if s.condition is not None and bool(s.condition(g, me)) == s.negate:
                return []
            got: list[tuple[str, int]] = s.effect.others_enter_with(g, me, new)
            return got
        effects.others_enter_with = others_enter_with  # type: ignore[attr-defined]
    if hasattr(s.effect, "flash_for"):  # "you may cast ... spells as though they had flash" (CR 601.3b)
        def flash_for(g: "Context", me: "Obj", spell: Any) -> bool:
            if s.condition is not None and bool(s.condition(g, me)) == s.negate:
                return False
            return bool(s.effect.flash_for(g, me, spell))
        effects.flash_for = flash_for  # type: ignore[attr-defined]
    return effects


def _gated_static(fn: Callable[["Context", "Obj"], list[dict[str, Any]]], gate: Callable[["Context", "Obj"], bool]
                  ) -> Callable[["Context", "Obj"], list[dict[str, Any]]]:
    """A static ability that exists only while `gate` holds (a leveler's band, CR 710.2)."""
    def effects(g: "Context", me: "Obj") -> list[dict[str, Any]]:
        return fn(g, me) if gate(g, me) else []
    effects.reads_tapped = getattr(fn, "reads_tapped", False)  # type: ignore[attr-defined]
    effects.controls = getattr(fn, "controls", False)  # type: ignore[attr-defined]
    inner = getattr(fn, "prevents", None)
    if inner is not None:
        effects.prevents = lambda g, me, ref: inner(g, me, ref) if gate(g, me) else 0  # type: ignore[attr-defined]
    bonus = getattr(fn, "damage_bonus", None)
    if bonus is not None:
        effects.damage_bonus = (  # type: ignore[attr-defined]
            lambda g, me, src, ref: bonus(g, me, src, ref) if gate(g, me) else 0)
    enter = getattr(fn, "others_enter_with", None)
    if enter is not None:
        effects.others_enter_with = (  # type: ignore[attr-defined]
            lambda g, me, new: enter(g, me, new) if gate(g, me) else [])
    flash = getattr(fn, "flash_for", None)
    if flash is not None:
        effects.flash_for = lambda g, me, spell: flash(g, me, spell) if gate(g, me) else False  # type: ignore[attr-defined]
    return effects


def compile_static(s: Static) -> Callable[["Context", "Obj"], list[dict[str, Any]]]:
    """A static ability for a definition made by hand (a token's CardDef, CR 111.4)."""
    return _static(s)


def _door_gate(door: str) -> Callable[["Context", "Obj"], bool]:
    """A Room door's static ability works only while that door is unlocked (CR 709.5)."""
    return lambda g, me: door in me.unlocked


def _cost_reduction(c: CostsLess) -> Callable[["Context", "Obj", list[Any]], int]:
    def reduce(g: "Context", me: "Obj", targets: list[Any]) -> int:
        cond = c.condition
        ok = cond(g, me, targets) if isinstance(cond, TargetsTapped) else cond(g, me)
        return c.n if ok else 0
    return reduce


# ------------------------------------------------------------------ cards
@dataclass
class LayerInfo:
    """What the per-card check needs: the abilities in printed order, escapes used."""
    lines: list[str]
    abilities: list[Ability]
    escapes: int = 0
    words: list[str] = field(default_factory=list)
    widths: list[int] = field(default_factory=list)


LAYER: dict[str, LayerInfo] = {}


def width(ab: Ability) -> int:
    """How many printed lines an ability takes: a modal spell's "Choose one —" and bullets."""
    if isinstance(ab, Activate) and ab.choose is not None:
        return 1 + len(ab.choose.options)
    return 1 + len(ab.options) if isinstance(ab, (Choose, WhenChoose)) else 1


def _compile(e: Any, kw: dict[str, Any]) -> Step:
    """An effect's step; a delayed ability's effects are kept on the card under an index."""
    if isinstance(e, WhenDiesThisTurn) or getattr(e, "is_delayed", False):
        kw.setdefault("delayed", []).append([compile_effect(x) for x in e.effects])
        return compile_effect(type(e)(*e.effects, index=len(kw["delayed"]) - 1))
    return compile_effect(e)


def _with_reflexive(w: When, kw: dict[str, Any], label: str) -> When:
    """A "When you do, ..." inside a triggered ability's effect (`then=Reflexive(...)`): its
    targets and effects are kept on the card (CardDef.reflexive, CR 603.12) under an index."""
    import dataclasses
    effects = []
    for e in w.effects:
        r = getattr(e, "then", None)
        if r is not None and hasattr(r, "fire") and getattr(r, "index", 0) < 0:
            kw.setdefault("reflexive", []).append(([_target_spec(t, label) for t in r.targets],
                                                   [compile_effect(x) for x in r.effects]))
            new_r = type(r)(*r.effects, targets=r.targets, index=len(kw["reflexive"]) - 1)
            e = dataclasses.replace(e, then=new_r)  # type: ignore[type-var]
        effects.append(e)
    if effects == list(w.effects):
        return w
    return When(w.event, *effects, targets=w.targets, condition=w.condition, resolve_if=w.resolve_if, word=w.word,
                once=w.once, zone=w.zone, once_each_turn=w.once_each_turn)


def _escapes(effects: tuple[Any, ...]) -> int:
    return sum(isinstance(e, Custom) for e in effects)


def card(name: str, *abilities: Ability, **extra: Any) -> CardDef:
    """A card on the layer: keywords from its keyword lines, one ability per other line."""
    from engine.cards.behaviour import printed, rules_lines
    from engine.cards.keywords import ward_cost
    from engine.cards.mechanics import auto_lines, level_up

    data = printed(name)
    if data is None:
        raise KeyError(f"{name} is not in the card data")
    keywords, lines = rules_lines(data)
    doors = auto_lines.doors(data)
    # a leveler's band abilities exist only while it is in that band (CR 710.2)
    bands: list[Any] = level_up.line_bands(data) if level_up.is_leveler(data) else []
    kw: dict[str, Any] = {"triggered": [], "activated": [], "statics": []}
    escapes = 0
    i = 0
    for ab in abilities:
        label = lines[i] if i < len(lines) else ""
        door = doors[i] if i < len(doors) else ""
        gate = bands[i] if i < len(bands) else None
        if isinstance(ab, Spell):  # several spell lines add up: one spell ability, in order
            kw.setdefault("spell_targets", []).extend(_target_spec(t, label) for t in ab.targets)
            kw.setdefault("spell_steps", []).extend(_compile(e, kw) for e in ab.effects)
            escapes += _escapes(ab.effects)
        elif isinstance(ab, WhenChoose):
            modes = [Mode(lines[i + 1 + k] if i + 1 + k < len(lines) else "",
                          targets=[_target_spec(t, lines[i + 1 + k] if i + 1 + k < len(lines) else label)
                                   for t in o.targets],
                          steps=[compile_effect(e) for e in o.effects])
                     for k, o in enumerate(ab.options)]
            condition = ab.condition
            if ab.event in (ATTACKS, COMBAT_DAMAGE_PLAYER) and not getattr(condition, "any_creature", False):
                condition = _self_attacks if condition is None else _both(_self_attacks, condition)
            kw["triggered"].append(Triggered(ab.event, [], condition=condition, label=label, line=i, door=door,
                                             modes=modes, unchosen=ab.unchosen))
            escapes += sum(_escapes(o.effects) for o in ab.options)
        elif isinstance(ab, Choose):
            kw["modes"] = [Mode(lines[i + 1 + k] if i + 1 + k < len(lines) else "",
                                targets=[_target_spec(t, lines[i + 1 + k] if i + 1 + k < len(lines) else label)
                                         for t in o.targets],
                                steps=[compile_effect(e) for e in o.effects])
                           for k, o in enumerate(ab.options)]
            kw["max_modes"] = ab.most
            if ab.more_if is not None:
                kw["more_modes"] = ab.more_if
            escapes += sum(_escapes(o.effects) for o in ab.options)
        elif isinstance(ab, Activate):
            other = None
            if ab.sacrifice_other is not None:
                what = label.split("Sacrifice ", 1)[-1].split(":")[0]  # "another creature or enchantment"
                other = TargetSpec("permanent", what, extra=ab.sacrifice_other)
            tap_other = None
            if ab.tap_other is not None:
                what = label.split("Tap ", 1)[-1].split(":")[0]  # "another untapped creature you control"
                tap_other = TargetSpec("permanent", what, extra=ab.tap_other, status=True)
            kw["activated"].append(Activated(
                cost=ab.cost, tap=ab.tap, sacrifice=ab.sacrifice, sorcery=ab.sorcery, sacrifice_other=other, once=ab.once,
                zone=ab.zone, discard_self=ab.discard, tap_other=tap_other, exile_named=ab.exile_named,
                condition=ab.condition,
                modes=[Mode(lines[i + 1 + k] if i + 1 + k < len(lines) else "",
                            targets=[_target_spec(t, lines[i + 1 + k] if i + 1 + k < len(lines) else label)
                                     for t in o.targets],
                            steps=[compile_effect(e) for e in o.effects])
                       for k, o in enumerate(ab.choose.options)] if ab.choose is not None else [],
                targets=[_target_spec(t, label) for t in ab.targets],
                steps=[_compile(e, kw) for e in ab.effects], label=label, active=gate))
            escapes += _escapes(ab.effects)
        elif isinstance(ab, TapAsCost):
            what = label.split("tap ", 1)[-1].rstrip(".")  # "two untapped creatures and/or lands you control"
            kw["additional"] = SacrificeCost(TargetSpec("permanent", what, extra=ab.what, status=True), kind="tap",
                                             n=ab.n)
        elif isinstance(ab, ChooseAsCost):
            what = label.split("choose ", 1)[-1].rstrip(".")  # "a creature you control or reveal ..."
            kw["additional"] = SacrificeCost(TargetSpec("permanent", what, extra=ab.what), kind="choose",
                                             reveal=ab.reveal)
        elif isinstance(ab, OpeningHand):
            kw["opening_hand"] = label
        elif isinstance(ab, CantBeCountered):
            kw["uncounterable"] = True
        elif isinstance(ab, ManaAbility):
            kw["activated"].append(Activated(tap=True, mana=ab.colors, counter=ab.counter, amount=ab.amount,
                                             only=ab.only, label=label))
        elif isinstance(ab, SacrificeAsCost):
            what = label.split("sacrifice ", 1)[-1].rstrip(".").split(" or pay ")[0]  # "a creature or enchantment"
            kw["additional"] = SacrificeCost(TargetSpec("permanent", what, extra=ab.what), or_pay=ab.or_pay)
        elif isinstance(ab, OpeningHand):
            kw["opening_hand"] = True
        elif isinstance(ab, AsEntersChoose):
            from engine.cards.vocab_cards_u import choose_creature_type_step
            kw.setdefault("spell_steps", []).append(choose_creature_type_step)
        elif isinstance(ab, ChosenTypeEverywhere):
            from engine.cards.vocab_cards_u import chosen_type_static
            kw["statics"].append(chosen_type_static)
            kw.setdefault("player_rules", []).append("chosen_type_everywhere")
        elif isinstance(ab, RestrictedMana):
            kw["activated"].append(Activated(tap=True, mana=ab.colors, spend_only=ab.spend_only, label=label))
        elif isinstance(ab, ReturnAsCost):
            kw["additional"] = SacrificeCost(TargetSpec("permanent", "a permanent you control", extra=ab.what),
                                             action="return")
        elif isinstance(ab, ExileFromGraveyardAsCost):
            kw["additional"] = SacrificeCost(TargetSpec("card_in_your_graveyard", f"{ab.n} cards from your graveyard"),
                                             action="exile_from_graveyard", count=ab.n)
        elif isinstance(ab, CostsLess):
            kw["cost_reduction"] = _cost_reduction(ab)
        elif isinstance(ab, EntersTapped):
            unless = ab.unless
            kw["enters_tapped"] = (lambda g, o: True) if unless is None else (lambda g, o, u=unless: not u(g, o))
        elif isinstance(ab, Static):
            if gate is None and door:  # a Room door's ability works only while it is unlocked (CR 709.5)
                gate = _door_gate(door)
            kw["statics"].append(_static(ab, door) if gate is None else _gated_static(_static(ab, door), gate))
        elif hasattr(ab, "activated_fn"):  # a mana ability the mana lines don't read (with a life cost)
            kw["activated"].append(ab.activated_fn(label))
        elif hasattr(ab, "layer_kw"):  # an ability that is a property of the card (opening hand, CR 103.6)
            kw.update(ab.layer_kw())
        elif hasattr(ab, "static_fn"):  # a static ability of a vocabulary module (its own effects)
            kw["statics"].append(ab.static_fn())
        elif isinstance(ab, PlayerRule):
            rules = ab.rule.split(",")  # one line may change two rules
            # a Room door's rule holds while that door is unlocked (CR 709.5): "door:NAME:rule"
            kw.setdefault("player_rules", []).extend(f"door:{door}:{r}" if door else r for r in rules)
        elif isinstance(ab, Discount):
            kw.setdefault("discounts", []).append((ab.what, ab.n))
        elif isinstance(ab, CastFromGraveyard):
            kw["graveyard_cast"] = ab.condition
            if ab.counters is not None:
                kw.setdefault("enters_with", []).append((ab.counters[0], ab.counters[1], CastFrom("graveyard")))
        elif hasattr(ab, "add_to"):
            ab.add_to(kw, label, door)
        elif isinstance(ab, EntersWith):
            kw.setdefault("enters_with", []).append((ab.kind, ab.n, ab.condition))
        else:
            parts = ab.parts if isinstance(ab, AbilityGroup) else (ab,)
            parts = tuple(_with_reflexive(w, kw, label) for w in parts)
            for w in parts:
                kw["triggered"].append(_triggered(w, label, i, door, gate))
                escapes += _escapes(w.effects)
        i += width(ab)
    LAYER[name] = LayerInfo(lines, list(abilities), escapes, [a.word for a in abilities],
                            [width(a) for a in abilities])
    auto = level_up.activated(data) if level_up.is_leveler(data) else auto_lines.activated(data)
    kw["activated"] = auto + kw["activated"] + list(extra.pop("activated", []))
    kw.setdefault("impending", auto_lines.impending(data))
    kw.setdefault("flashback", auto_lines.flashback(data))
    if "spell_targets" not in kw and auto_lines.enchant_target(data):
        kw["spell_targets"] = auto_lines.enchant_target(data)
    extra.setdefault("ward", ward_cost(data.text))  # CR 702.21: Ward {N} from its keyword line
    return CardDef(name, keywords=frozenset(keywords), **kw, **extra)
