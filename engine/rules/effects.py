"""The typed effect model below the cards (issue #24): what a card's abilities contribute, as
the rules read it — never a card's name, never a free string.

* Rule changes for a player (`RuleChange`) or an object (`ObjectRule`, the flags of layer
  "rules" effects): engine/rules/rule_changes.py.
* `CostChange`: a cost reduction a permanent gives its controller's spells (CR 601.2f);
  `SelfCostChange` a spell's own ("This spell costs {N} less to cast ...").
* `ContinuousEffect`: an effect in layers (CR 613) with its layer, timestamp, source and
  dependency (613.8); `HandSize` an effect on players' maximum hand size.
"""
from __future__ import annotations

from typing import Any, Final, NamedTuple

from engine.rules.rule_changes import DoorRule, ObjectFlag, ObjectRule, PlayerRuleEntry, Rule, RuleChange

# DoorRule, ObjectRule, PlayerRuleEntry, Rule and RuleChange are named here too for the modules
# that still import them from here (engine/format.py and the rules modules attack_rules,
# block_rules, combat_listing, lister, mana_sources, targets, triggers, zones); once those import
# engine.rules.rule_changes, they leave __all__
__all__ = ["CANT_HAVE_TS", "DEPENDS", "LAYER_ORDER", "REGENERATION", "STATE_KEYS", "UNLOCK", "AppliesTo",
           "ContinuousEffect", "CostChange", "Depends", "HandSize", "Layer", "SelfCostChange", "StaticEffect",
           "in_dependency_order",
           "DoorRule", "ObjectRule", "PlayerRuleEntry", "Rule", "RuleChange"]


class Depends:
    """What a static ability's effects read of other objects that effects of the same or an
    earlier layer change (CR 613.8a): such an effect depends on those effects and is applied
    after them whatever the timestamps (613.8b). A static ability says so with its `depends`
    attribute; the effects index (engine/rules/layering.py) reads the abilities that depend
    on others after the rest, so that what they read is what those others made of it."""

    # layer 6: "has all activated abilities of creatures you control" reads the abilities the
    # other creatures have after layer 6's "loses all abilities" (CR 613.1f, 613.8a)
    ABILITIES: Final = "abilities"


DEPENDS: Final = frozenset(v for k, v in vars(Depends).items() if k.isupper())


# the kind of a regeneration shield among the replacement effects of resolved abilities
# (engine/rules/resolved_replacements.py Kind.REGENERATE, CR 701.19a, 614.8)
REGENERATION: Final = "regenerate"

UNLOCK: Final = "unlock"  # a CostChange to a Room door's unlock cost (CR 709.5)


_CARD_TYPES: Final = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land",
                                "Planeswalker", "Sorcery"})


class CostChange(NamedTuple):
    """A cost reduction a permanent's static ability gives its controller (CR 601.2f: the
    total cost is the mana or alternative cost plus additions and increases, minus
    reductions): `n` generic mana less for the spells with a card type among `types`
    ("Enchantment spells you cast cost {1} less") or a subtype among `subtypes` ("Demon, Horror,
    or Nightmare spells"), or for a Room door's unlock cost (`unlock`, CR 709.5). Read with the
    spell's characteristics as it will be on the stack (engine/rules/costs.py). `of` makes one
    from the vocabulary's word."""
    n: int
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    unlock: bool = False
    # "cost {1} less to cast for each 1 life your opponents have lost this turn": a count
    # (g, permanent) -> int read as the cost is determined (CR 601.2f), `n` for each
    per: Any = None

    @classmethod
    def of(cls, what: str, n: int, per: Any = None) -> "CostChange":
        """From the vocabulary's word: a card type, "subtype:A,B", or UNLOCK; raises for another."""
        if what == UNLOCK:
            return cls(n, unlock=True, per=per)
        if what.startswith("subtype:") and what[8:]:
            return cls(n, subtypes=frozenset(what[8:].split(",")), per=per)
        if what in _CARD_TYPES:
            return cls(n, types=frozenset({what}), per=per)
        raise ValueError(f"not a cost a cost change reduces: {what!r}")

    def applies(self, types: frozenset[str], subtypes: tuple[str, ...] | set[str]) -> bool:
        """Whether it reduces the cost of a spell with these card types and subtypes."""
        return not self.types.isdisjoint(types) or not self.subtypes.isdisjoint(subtypes)


class SelfCostChange(NamedTuple):
    """"This spell costs {N} less to cast [if ...]" / "... {1} less to cast for each ..." — a
    spell's own cost reduction (CR 601.2f: applied as the total cost is determined, from the
    card's own static ability, CR 604.1): `n` generic mana less, `n` for each of `per` (a
    count (g, card) -> int), only while `condition` (g, card) -> bool holds and, for one that
    reads the chosen targets ("if it targets a tapped creature", CR 601.2f, asked for each
    proposed choice of targets), `if_targets` (g, card, targets) -> bool holds. The card's
    definition holds it (CardDef.cost_reduction); engine/rules/costs.py applies it."""
    n: int
    per: Any = None
    condition: Any = None
    if_targets: Any = None

    def amount(self, g: Any, card: Any, targets: list[Any]) -> int:
        """How much generic mana less the spell costs now with these targets."""
        if self.condition is not None and not self.condition(g, card):
            return 0
        if self.if_targets is not None and not self.if_targets(g, card, targets):
            return 0
        return self.n * int(self.per(g, card)) if self.per is not None else self.n


class Layer:
    """The layers and sublayers a continuous effect applies in (CR 613.1a-f, 613.4a-d), with
    "rules" for effects that change no characteristic but a rule for the object (can't be
    blocked ...). engine/rules/layering.py `LAYER_ORDER` orders them."""
    COPY: Final = "1"         # 613.1a (also "values": the copiable values it writes down)
    CONTROL: Final = "2"      # 613.1b (engine/rules/control.py)
    TYPE: Final = "4"         # 613.1d
    COLOR: Final = "5"        # 613.1e
    ABILITY: Final = "6"      # 613.1f, keyword counters too
    PT_DEFINING: Final = "7a"  # 613.4a
    PT_SET: Final = "7b"      # 613.4b
    PT_MODIFY: Final = "7c"   # 613.4c, +1/+1 and -1/-1 counters after them
    PT_SWITCH: Final = "7d"   # 613.4d
    RULES: Final = "rules"


# the timestamp of a static "can't have or gain [keyword]" effect: after every other one, so
# it applies last in layer 6 (engine/cards/layer/statics.py), and how the layering knows it
# (engine/rules/layering.py cant_gain)
CANT_HAVE_TS: Final = 1 << 40

# the order of the layers and sublayers (CR 613.1a-f, 613.4a-d); "rules" last
LAYER_ORDER: Final = {Layer.COPY: -2, Layer.CONTROL: -1, Layer.TYPE: 0, Layer.COLOR: 1, Layer.ABILITY: 2,
                      Layer.PT_DEFINING: 3, Layer.PT_SET: 4, Layer.PT_MODIFY: 5, Layer.PT_SWITCH: 6, Layer.RULES: 7}

# what an effect of each layer changes: the characteristics another effect may read (613.8a)
_WRITES: Final = {Layer.COPY: frozenset({"copiable", "types", "colors", "abilities", "pt"}),
                  Layer.CONTROL: frozenset({"control"}), Layer.TYPE: frozenset({"types"}),
                  Layer.COLOR: frozenset({"colors"}), Layer.ABILITY: frozenset({Depends.ABILITIES}),
                  Layer.PT_DEFINING: frozenset({"pt"}), Layer.PT_SET: frozenset({"pt"}),
                  Layer.PT_MODIFY: frozenset({"pt"}), Layer.PT_SWITCH: frozenset({"pt"}),
                  Layer.RULES: frozenset({"rules"})}

_KEYWORDS: Final = frozenset({"keywords"})
_ANY_TYPE: Final = "type:*"  # an effect that sets the card types changes every one of them (205.1a)

# the fields of the change a continuous effect makes (besides layer, ids, ts), by name
_FIELDS: Final = ("until", "own", "while_tapped", "values", "controller", "set_types", "set_subtypes",
                  "add_types", "add_subtypes", "remove_types", "remove_subtypes", "set_colors", "add_colors",
                  "remove_all", "add_kw", "remove_kw", "add_abilities", "gain_activated", "power",
                  "toughness", "flags")

# The keys a resolved effect's description in the state (GameState.effects) may have besides
# its layer's change: "layer", "ids", "ts", and what other rules read off the same description
# (the duration's bookkeeping, a player effect of layer "rules" with no objects), typed by
# engine/rules/resolved.py ResolvedEffect. Anything else is an error (`ContinuousEffect.of_state`):
# a contract never drops what it doesn't know.
STATE_KEYS: Final = frozenset({
    "layer", "ids", "ts",
    "control_back",        # "gain control ... until end of turn": who gets it back (engine/game_effects.py)
    "card",                # the card whose effect it is (a player effect's log)
    "cant_gain_life",      # CR 119.7: a player can't gain life for the rest of the game
    "damage_plus",         # CR 614.1a: damage a player's sources deal is increased
    "no_max_hand",         # CR 402.2: a player has no maximum hand size until their next turn
    "prevent_damage",      # CR 615: a prevention shield on a player or object
    "attack_others_than",  # CR 701.15 (goad): the player its creatures attack others than
    "while_face_down",     # CR 708.8: lasts as long as it remains face down (engine/rules/face_up.py)
    "only_players",        # CR 101.2: only these players can cast spells and attack (engine/rules/restrictions.py)
})


class AppliesTo(NamedTuple):
    """What a group effect applies to when that depends on the objects' card types, read as its
    layer applies it (CR 613.8a(b): "applying the other would change ... what it applies to"):
    an object with one of `any_of` (if any), all of `all_of` and none of `none_of`. "Creatures you
    control are the chosen type" applies to the permanents you control that are creatures after
    the type-changing effects it depends on; its other parts (a later layer) apply to the objects
    its first part applied to (CR 613.6)."""
    any_of: frozenset[str] = frozenset()
    all_of: frozenset[str] = frozenset()
    none_of: frozenset[str] = frozenset()

    def holds(self, types: frozenset[str] | set[str]) -> bool:
        return ((not self.any_of or not self.any_of.isdisjoint(types)) and self.all_of <= types
                and self.none_of.isdisjoint(types))

    @property
    def reads(self) -> frozenset[str]:
        """The card types it reads, as ContinuousEffect.reads names them ("type:Creature")."""
        return frozenset(f"type:{t}" for t in self.any_of | self.all_of | self.none_of)


class ContinuousEffect:
    """One continuous effect (CR 611, 613) as the layering applies it: from a resolved spell or
    ability (`GameState.effects` keeps its plain description for saved games, undo and the
    hidden-information checks; `of_state` makes the object, exactly) or contributed by a static
    ability (CR 604, 611.3a) as an object.

    * `layer` (a Layer member) with `number` 1-7 and `sublayer` "a"-"d" (CR 613.1a-f,
      613.4a-d); `order` sorts them; "rules" effects change no characteristic.
    * `ts`: its timestamp (CR 613.7): a static ability's is its object's, a resolved one's
      the time it began, a keyword counter's the time it was put on (613.7c-e).
    * `source`: the object whose static ability makes it (None: a resolved spell or ability);
      `own`: from the object's own static ability (gone with its abilities, 613.1f, 613.5);
      `cda`: from a characteristic-defining ability (613.4a; 613.8a(c)).
    * `ids`: the objects it may apply to; `applies` (an AppliesTo, or None: all of them): which
      of those it applies to, read as its layer applies it (613.8a(b)).
    * `reads`: what of other objects it reads to exist, to choose what it applies to, or to
      decide what it does (Depends members, "type:X" for its AppliesTo, CR 613.8a(b));
      `writes`: what it changes. `depends_on(other)` is CR 613.8a read from these; layering
      applies a dependent effect after those it depends on, the rest in timestamp order (613.8b).
    * The change itself: the fields of its layer (set_types ... flags, as `_FIELDS`), None
      where the effect has none; `key` is its value without the objects it applies to (two
      effects with the same key change an object the same way: engine/rules/characteristics.py
      _inputs)."""

    __slots__ = ("layer", "ids", "ts", "source", "reads", "applies", "order", "number", "sublayer", "cda",
                 "key", *_FIELDS)

    until: str | None
    own: bool
    while_tapped: bool
    values: dict[str, Any] | None      # layer 1: the copiable values written down (CR 707.2)
    controller: int | None             # layer 2
    set_types: list[str] | None        # layer 4 (CR 205.1a: the new types replace the old)
    set_subtypes: list[str] | None
    add_types: list[str] | None
    add_subtypes: list[str] | None
    remove_types: list[str] | None
    remove_subtypes: Any               # a list, or "all"
    set_colors: list[str] | None       # layer 5
    add_colors: list[str] | None
    remove_all: bool                   # layer 6: "loses all abilities"
    add_kw: list[str] | None
    remove_kw: list[str] | None
    add_abilities: list[Any] | None    # abilities granted (Activated)
    gain_activated: list[Any] | None   # "has all activated abilities of ..." (definition, token, indexes)
    power: int | None                  # layers 7a/7b: set; 7c: added
    toughness: int | None
    flags: list[ObjectFlag] | None     # "rules": ObjectRule members

    def __init__(self, layer: str, ids: list[int], ts: int = 0, *, source: int | None = None,
                 reads: frozenset[str] = frozenset(), applies: AppliesTo | None = None,
                 until: str | None = None, own: bool = False, while_tapped: bool = False,
                 values: dict[str, Any] | None = None, controller: int | None = None,
                 set_types: list[str] | None = None, set_subtypes: list[str] | None = None,
                 add_types: list[str] | None = None, add_subtypes: list[str] | None = None,
                 remove_types: list[str] | None = None, remove_subtypes: Any = None,
                 set_colors: list[str] | None = None, add_colors: list[str] | None = None,
                 remove_all: bool = False, add_kw: list[str] | None = None, remove_kw: list[str] | None = None,
                 add_abilities: list[Any] | None = None, gain_activated: list[Any] | None = None,
                 power: int | None = None, toughness: int | None = None, flags: list[str] | None = None) -> None:
        # (flags: the names of ObjectRule members, checked here)
        if layer not in LAYER_ORDER:
            raise ValueError(f"not a layer of a continuous effect: {layer!r}")
        self.layer, self.ids, self.ts, self.source = layer, ids, ts, source
        self.applies = applies
        self.reads = reads | applies.reads if applies is not None else reads
        self.order = LAYER_ORDER[layer]
        self.number = int(layer[0]) if layer[:1].isdigit() else 0
        self.sublayer = layer[1:] if self.number == 7 else ""
        self.cda = layer == Layer.PT_DEFINING
        self.until, self.values, self.controller = until, values, controller
        self.own, self.while_tapped, self.remove_all = own, while_tapped, remove_all
        self.set_types, self.set_subtypes, self.add_types = set_types, set_subtypes, add_types
        self.add_subtypes, self.remove_types = add_subtypes, remove_types
        self.remove_subtypes, self.set_colors, self.add_colors = remove_subtypes, set_colors, add_colors
        self.add_kw, self.remove_kw, self.add_abilities = add_kw, remove_kw, add_abilities
        self.gain_activated, self.power, self.toughness = gain_activated, power, toughness
        self.flags = [ObjectRule.of(f) for f in flags] if flags is not None else None  # (raises for an unknown one)
        # (in the order of _FIELDS)
        self.key = (layer, ts, applies, until, own, while_tapped, values, controller, set_types, set_subtypes,
                    add_types, add_subtypes, remove_types, remove_subtypes, set_colors, add_colors, remove_all,
                    add_kw, remove_kw, add_abilities, gain_activated, power, toughness, self.flags)

    def retimed(self, ts: int) -> "ContinuousEffect":
        """The same effect with another timestamp (a Room door's ability: its unlocking's, 613.7)."""
        new = object.__new__(ContinuousEffect)
        for n in self.__slots__:
            setattr(new, n, getattr(self, n))
        new.ts = ts
        new.key = (self.layer, ts, *self.key[2:])
        return new

    @classmethod
    def of_state(cls, desc: dict[str, Any]) -> "ContinuousEffect":
        """The effect a resolved spell or ability's description in the state stands for: the one
        conversion of GameState.effects (a saved game's, an undo's, a JSON round trip's). Every
        key is known: a layer's change (`_FIELDS`) or what other rules read off it (STATE_KEYS);
        an unknown key or layer raises instead of being dropped."""
        unknown = desc.keys() - STATE_KEYS - _FIELD_SET
        if unknown:
            raise ValueError(f"a continuous effect with unknown keys {sorted(unknown)}: {desc!r}")
        fields = {n: desc[n] for n in _FIELDS if n in desc}
        for flag in ("own", "while_tapped", "remove_all"):
            if flag in fields:
                fields[flag] = bool(fields[flag])
        return cls(desc["layer"], desc["ids"], desc.get("ts", 0), **fields)

    @property
    def writes(self) -> frozenset[str]:
        """What applying it changes of the objects it applies to: in layer 4 the types and each
        card type it adds or removes ("type:X"; every one when it sets them); in layer 6 the
        abilities only if it adds or removes abilities other than keywords (a keyword given
        changes no activated ability another effect copies), else the keywords."""
        if self.layer == Layer.TYPE:
            changed = [*(self.add_types or ()), *(self.remove_types or ())]
            return _WRITES[Layer.TYPE] | {f"type:{t}" for t in changed} | (
                {_ANY_TYPE} if self.set_types is not None else set())
        if self.layer == Layer.ABILITY and not (self.remove_all or self.add_abilities or self.gain_activated):
            return _KEYWORDS
        return _WRITES.get(self.layer, frozenset())

    def depends_on(self, other: "ContinuousEffect") -> bool:
        """CR 613.8a: it depends on `other` if (a) both apply in the same layer and sublayer,
        (b) applying `other` would change what this one reads — of the objects it reads, to
        exist, to find what it applies to or what it does (a type another effect of layer 4
        adds or removes, for an effect that applies to the objects with or without it) — and
        (c) neither or both are from characteristic-defining abilities."""
        if other is self or other.layer != self.layer or other.cda != self.cda or not self.reads:
            return False
        writes = other.writes
        if not self.reads.isdisjoint(writes):
            return True
        return _ANY_TYPE in writes and any(r.startswith("type:") for r in self.reads)

    def __repr__(self) -> str:
        return f"ContinuousEffect(layer={self.layer!r}, ts={self.ts}, ids={self.ids!r}, source={self.source})"


_FIELD_SET: Final = frozenset(_FIELDS)


class HandSize(NamedTuple):
    """A static ability's effect on players' maximum hand size (CR 402.2), applied in timestamp
    order (613.7) by engine/rules/hand_size.py: `value` None is "no maximum hand size"."""
    players: tuple[int, ...]
    value: int | None
    ts: int


# what a static ability contributes now: continuous effects on objects, or on players' hand size
StaticEffect = ContinuousEffect | HandSize


def in_dependency_order(effects: list[ContinuousEffect]) -> list[ContinuousEffect]:
    """Effects sorted by layer and timestamp put in the order CR 613.8b applies them: within a
    layer (and sublayer), an effect that depends on others after all of them, the rest in
    timestamp order; effects in a dependency loop in timestamp order (613.8b)."""
    if not any(e.reads for e in effects):
        return effects
    out: list[ContinuousEffect] = []
    i = 0
    while i < len(effects):
        j = i
        while j < len(effects) and effects[j].layer == effects[i].layer:
            j += 1
        group = effects[i:j]
        if len(group) > 1 and any(e.reads for e in group):
            left = list(group)
            while left:
                # the earliest whose dependencies are applied; in a loop, the earliest (613.8b)
                free = next((e for e in left if not any(e.depends_on(o) for o in left)), left[0])
                out.append(free)
                left.remove(free)
        else:
            out.extend(group)
        i = j
    return out
