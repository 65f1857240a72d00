"""The effects a card contributes that change a rule for a player (issue #24): each a named
member of `RuleChange` instead of a free string, so that the rules read a general effect and
never a card. A card gives one with `PlayerRule(RuleChange.X)` (or the same string);
`engine.rules.targets.player_rules(g, p)` holds the rule changes p's permanents give p.

The members are plain strings on a closed namespace rather than an `enum.Enum`: the rules
ask them on the hot path of every listing, where an Enum member's lookup and hash cost
five times a string's; `RULE_CHANGES` is the closed set, and tests/engine/test_layering.py
checks that every rule change a card gives is one of them.
"""
from __future__ import annotations

from typing import Any, Final, NamedTuple


class RuleChange:
    """A rule change a permanent's static ability gives its controller (CR 604.1, 613.11)."""

    # CR 119.7: an effect that says a player can't gain life
    OPPONENTS_CANT_GAIN_LIFE: Final = "opponents_cant_gain_life"  # "Your opponents can't gain life."
    ENCHANTED_PLAYER_CANT_GAIN_LIFE: Final = "enchanted_player_cant_gain_life"  # an Aura on a player
    PLAYERS_CANT_GAIN_LIFE: Final = "players_cant_gain_life"  # "Players can't gain life." (every player)
    # CR 614.1a: "If a card ... would be put into an opponent's graveyard from anywhere, exile it instead."
    EXILE_OPPONENTS_CARDS: Final = "exile_opponents_cards"
    # the same for the cards that player didn't control, each exiled with the permanent (CR 607.2a)
    EXILE_CARDS_YOU_DIDNT_CONTROL: Final = "exile_cards_you_didnt_control"
    # CR 702.11b: "... can be the targets of spells and abilities you control as though they didn't have hexproof."
    IGNORE_HEXPROOF: Final = "ignore_hexproof"
    # CR 603.2: "If a triggered ability of a permanent you control triggers, it triggers an additional time."
    TRIGGERS_TWICE: Final = "triggers_twice"
    # CR 502.3 (untap step): "Untap all creatures you control during each other player's untap step."
    UNTAP_CREATURES_IN_OTHERS_UNTAP: Final = "untap_creatures_in_others_untap"
    # CR 122.1d: stun counters on opponents' permanents are not removed in their untap steps
    STUN_COUNTERS_STAY_ON_OPPONENTS: Final = "stun_counters_stay_on_opponents"
    # CR 305.1 with a permission (CR 601.2a): "You may play lands from your graveyard."
    PLAY_LANDS_FROM_GRAVEYARD: Final = "play_lands_from_graveyard"
    # the same for land cards with the subtype Forest only ("You may play Forests from your graveyard.")
    PLAY_FORESTS_FROM_GRAVEYARD: Final = "play_forests_from_graveyard"
    # CR 305.1 with a permission (CR 601.2a): "You may play lands from the top of your library."
    PLAY_LANDS_FROM_LIBRARY_TOP: Final = "play_lands_from_library_top"
    # the same "as long as an opponent controls more lands than you"
    PLAY_LANDS_FROM_LIBRARY_TOP_IF_BEHIND: Final = "play_lands_from_library_top_if_behind"
    # CR 607.2a: "you may play cards exiled with [this permanent]"
    PLAY_EXILED_WITH_THIS: Final = "play_exiled_with_this"
    # CR 401.2: "You may look at the top card of your library any time."
    LOOK_AT_LIBRARY_TOP: Final = "look_at_library_top"
    # CR 708: "You may look at face-down creatures your opponents control any time."
    LOOK_AT_FACE_DOWN: Final = "look_at_face_down"
    # CR 118.9: "you may cast spells from exile without paying their mana costs" (a permission)
    FREE_CAST_FROM_EXILE: Final = "free_cast_from_exile"
    # CR 118.9, 119.4: "you may pay life equal to its mana value rather than pay its mana cost"
    CAST_FROM_HAND_FOR_LIFE: Final = "cast_from_hand_for_life"
    # CR 118.9: "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast."
    ALT_COST_WUBRG: Final = "alt_cost_wubrg"
    # CR 702.51a: "Creature spells you cast have convoke."
    CREATURE_SPELLS_CONVOKE: Final = "creature_spells_convoke"
    # CR 702.94a: "Enchantment cards in your hand have miracle [cost]." (its cost: the card's)
    ENCHANTMENTS_IN_HAND_HAVE_MIRACLE: Final = "enchantments_in_hand_have_miracle"
    # CR 702.138a: "Enchantment cards in your graveyard have escape."
    ENCHANTMENTS_IN_GRAVEYARD_HAVE_ESCAPE: Final = "enchantments_in_graveyard_have_escape"
    # CR 601.2a, 118.8: cast from the top of the library by sacrificing a nonland permanent
    CAST_FROM_LIBRARY_TOP_SACRIFICING: Final = "cast_from_library_top_sacrificing"
    # CR 615: damage to an opponent is prevented and that player mills that many cards instead
    DAMAGE_TO_OPPONENTS_MILLS: Final = "damage_to_opponents_mills"
    # CR 402.2: "You have no maximum hand size."
    NO_MAXIMUM_HAND_SIZE: Final = "no_maximum_hand_size"
    # CR 104.3b, 704.5a: "You don't lose the game for having 0 or less life."
    NO_LOSS_FOR_LIFE: Final = "no_loss_for_life"
    # CR 614.1a: noncombat damage a source you control deals is doubled while you have delirium
    DOUBLE_NONCOMBAT_DAMAGE_WITH_DELIRIUM: Final = "double_noncombat_damage_with_delirium"
    # CR 205.3, 613.1d: the chosen creature type of this permanent is added to your creature
    # spells and creature cards in every zone ("As this enters, choose a creature type")
    CHOSEN_TYPE_EVERYWHERE: Final = "chosen_type_everywhere"
    # CR 305.2: "You may play an additional land on each of your turns." (an ongoing scheme's)
    ADDITIONAL_LAND: Final = "additional_land"
    # CR 702.11d: "You have hexproof." — the player can't be the target of spells or abilities
    # their opponents control
    HEXPROOF: Final = "hexproof"


RULE_CHANGES: Final = frozenset(v for k, v in vars(RuleChange).items() if k.isupper())

GAIN_LIFE_PLUS: Final = "gain_life_plus:"  # "gain_life_plus:N": "you gain that much life plus N instead" (CR 614.1a)


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
# (`GameState.replacements`, CR 701.19a, 614.8)
REGENERATION: Final = "regenerate"

UNLOCK: Final = "unlock"  # a CostChange to a Room door's unlock cost (CR 709.5)


class CostChange(NamedTuple):
    """A cost reduction a permanent's static ability gives its controller (CR 601.2f: the
    total cost is the mana or alternative cost plus additions and increases, minus
    reductions): `n` generic mana less for the costs `what` names — a card type the spell has
    ("Enchantment spells you cast cost {1} less"), "subtype:A,B" (a spell with one of those
    subtypes: "Demon, Horror, or Nightmare spells"), or UNLOCK (a door's unlock cost).
    Read with the spell's characteristics as it will be on the stack (engine/rules/costs.py)."""
    what: str
    n: int

    def applies(self, types: frozenset[str], subtypes: tuple[str, ...] | set[str]) -> bool:
        """Whether it reduces the cost of a spell with these card types and subtypes."""
        if self.what.startswith("subtype:"):
            return bool(set(subtypes) & set(self.what[8:].split(",")))
        return self.what in types


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

# the fields a continuous effect's description may have (besides layer, ids, ts), by name
_FIELDS: Final = ("until", "own", "while_tapped", "values", "controller", "set_types", "set_subtypes",
                  "add_types", "add_subtypes", "remove_types", "remove_subtypes", "set_colors", "add_colors",
                  "remove_all", "add_kw", "remove_kw", "add_abilities", "gain_activated", "power",
                  "toughness", "flags")


class ContinuousEffect:
    """One continuous effect (CR 611, 613) as the layering applies it: from a resolved spell or
    ability (`GameState.effects`, kept there as its plain description: saved games, undo and
    the hidden-information checks read that) or made now by a static ability (CR 604, 611.3a).

    * `layer` (a Layer member) with `number` 1-7 and `sublayer` "a"-"d" (CR 613.1a-f,
      613.4a-d); `order` sorts them; "rules" effects change no characteristic.
    * `ts`: its timestamp (CR 613.7): a static ability's is its object's, a resolved one's
      the time it began, a keyword counter's the time it was put on (613.7c-e).
    * `source`: the object whose static ability makes it (None: a resolved spell or ability);
      `own`: from the object's own static ability (gone with its abilities, 613.1f, 613.5);
      `cda`: from a characteristic-defining ability (613.4a; 613.8a(c)).
    * `reads`: what of other objects it reads to exist, to choose what it applies to, or to
      decide what it does (Depends members, CR 613.8a(b)); `writes`: what it changes.
      `depends_on(other)` is CR 613.8a read from these; layering applies a dependent effect
      after those it depends on, the rest in timestamp order (613.8b).
    * The change itself: the fields of its layer (set_types ... flags, as `_FIELDS`), None
      where the effect has none; `key` is its value without the objects it applies to (two
      effects with the same key change an object the same way: engine/rules/characteristics.py
      _inputs)."""

    __slots__ = ("layer", "ids", "ts", "source", "reads", "order", "number", "sublayer", "cda", "key",
                 *_FIELDS)

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
    flags: list[str] | None            # "rules"

    def __init__(self, desc: dict[str, Any], ids: list[int] | None = None, source: int | None = None,
                 reads: frozenset[str] = frozenset()) -> None:
        layer = desc["layer"]
        self.layer = layer
        self.ids = desc["ids"] if ids is None else ids
        self.ts = desc.get("ts", 0)
        self.source = source
        self.reads = reads
        self.order = LAYER_ORDER.get(layer, 99)
        self.number = int(layer[0]) if layer[:1].isdigit() else 0
        self.sublayer = layer[1:] if self.number == 7 else ""
        self.cda = layer == Layer.PT_DEFINING
        get = desc.get
        self.until, self.values, self.controller = get("until"), get("values"), get("controller")
        self.own, self.while_tapped, self.remove_all = bool(get("own")), bool(get("while_tapped")), bool(get("remove_all"))
        self.set_types, self.set_subtypes, self.add_types = get("set_types"), get("set_subtypes"), get("add_types")
        self.add_subtypes, self.remove_types = get("add_subtypes"), get("remove_types")
        self.remove_subtypes, self.set_colors, self.add_colors = get("remove_subtypes"), get("set_colors"), get("add_colors")
        self.add_kw, self.remove_kw, self.add_abilities = get("add_kw"), get("remove_kw"), get("add_abilities")
        self.gain_activated, self.power, self.toughness = get("gain_activated"), get("power"), get("toughness")
        self.flags = get("flags")
        self.key = tuple((n, v) for n, v in desc.items() if n != "ids")

    @property
    def writes(self) -> frozenset[str]:
        """What applying it changes of the objects it applies to: in layer 6 the abilities
        only if it adds or removes abilities other than keywords (a keyword given changes no
        activated ability another effect copies), else the keywords."""
        if self.layer == Layer.ABILITY and not (self.remove_all or self.add_abilities or self.gain_activated):
            return _KEYWORDS
        return _WRITES.get(self.layer, frozenset())

    def depends_on(self, other: "ContinuousEffect") -> bool:
        """CR 613.8a: it depends on `other` if (a) both apply in the same layer and sublayer,
        (b) applying `other` would change what this one reads — of the objects it reads, to
        exist, to find what it applies to or what it does — and (c) neither or both are from
        characteristic-defining abilities."""
        return (other is not self and other.layer == self.layer and other.cda == self.cda
                and bool(self.reads & other.writes))

    def __repr__(self) -> str:
        return f"ContinuousEffect(layer={self.layer!r}, ts={self.ts}, ids={self.ids!r}, source={self.source})"


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
