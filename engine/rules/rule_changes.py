"""Rule changes below the cards (issue #24): a rule changed for a player or for an object, as
closed sets of names the rules read — never a card's name, never a free string.

* `RuleChange` (a `Rule`): a rule changed for a player ("You have no maximum hand size", CR
  402.2); `engine.rules.targets.player_rules(g, p)` holds those p's permanents give p; a Room
  door's (`DoorRule`) only while that door is unlocked (CR 709.5).
* `ObjectRule` (an `ObjectFlag`): a rule changed for an object ("can't block", CR 509.1b),
  the flags of layer "rules" effects (engine/rules/effects.py `ContinuousEffect.flags`).

They are closed sets of `NewType`s of str rather than `enum.Enum`s: the rules ask them on the
hot path of every listing, and on Python 3.11 an Enum member's attribute lookup costs ~250 ns
against ~40 ns for a plain class attribute (timeit, this machine); a NewType is a distinct type
to mypy --strict (a card can't pass a bare string) and a plain string at run time.
`rule_change(name)` / `ObjectRule.of(name)` are the checked conversions from data, raising for
a name no rule reads.
"""
from __future__ import annotations

from typing import Final, NamedTuple, NewType

Rule = NewType("Rule", str)  # a member of RuleChange
ObjectFlag = NewType("ObjectFlag", str)  # a member of ObjectRule (or one of its parameterized forms)


class RuleChange:
    """A rule change a permanent's static ability gives its controller (CR 604.1, 613.11)."""

    # CR 119.7: an effect that says a player can't gain life
    OPPONENTS_CANT_GAIN_LIFE: Final = Rule("opponents_cant_gain_life")  # "Your opponents can't gain life."
    ENCHANTED_PLAYER_CANT_GAIN_LIFE: Final = Rule("enchanted_player_cant_gain_life")  # an Aura on a player
    PLAYERS_CANT_GAIN_LIFE: Final = Rule("players_cant_gain_life")  # "Players can't gain life." (every player)
    # CR 614.1a: "If a card ... would be put into an opponent's graveyard from anywhere, exile it instead."
    EXILE_OPPONENTS_CARDS: Final = Rule("exile_opponents_cards")
    # the same for the cards that player didn't control, each exiled with the permanent (CR 607.2a)
    EXILE_CARDS_YOU_DIDNT_CONTROL: Final = Rule("exile_cards_you_didnt_control")
    # CR 702.11b: "... can be the targets of spells and abilities you control as though they didn't have hexproof."
    IGNORE_HEXPROOF: Final = Rule("ignore_hexproof")
    # CR 603.2: "If a triggered ability of a permanent you control triggers, it triggers an additional time."
    TRIGGERS_TWICE: Final = Rule("triggers_twice")
    # CR 502.3 (untap step): "Untap all creatures you control during each other player's untap step."
    UNTAP_CREATURES_IN_OTHERS_UNTAP: Final = Rule("untap_creatures_in_others_untap")
    # CR 122.1d: stun counters on opponents' permanents are not removed in their untap steps
    STUN_COUNTERS_STAY_ON_OPPONENTS: Final = Rule("stun_counters_stay_on_opponents")
    # CR 305.1 with a permission (CR 601.2a): "You may play lands from your graveyard."
    PLAY_LANDS_FROM_GRAVEYARD: Final = Rule("play_lands_from_graveyard")
    # the same for land cards with the subtype Forest only ("You may play Forests from your graveyard.")
    PLAY_FORESTS_FROM_GRAVEYARD: Final = Rule("play_forests_from_graveyard")
    # CR 305.1 with a permission (CR 601.2a): "You may play lands from the top of your library."
    PLAY_LANDS_FROM_LIBRARY_TOP: Final = Rule("play_lands_from_library_top")
    # the same "as long as an opponent controls more lands than you"
    PLAY_LANDS_FROM_LIBRARY_TOP_IF_BEHIND: Final = Rule("play_lands_from_library_top_if_behind")
    # CR 607.2a: "you may play cards exiled with [this permanent]"
    PLAY_EXILED_WITH_THIS: Final = Rule("play_exiled_with_this")
    # CR 607.2a with a condition: "During your turn, if an opponent lost life this turn, you may
    # play lands and cast spells from among cards exiled with [this permanent]."
    PLAY_EXILED_WITH_THIS_IF_OPPONENT_LOST_LIFE: Final = Rule("play_exiled_with_this_if_opponent_lost_life")
    # CR 401.2: "You may look at the top card of your library any time."
    LOOK_AT_LIBRARY_TOP: Final = Rule("look_at_library_top")
    # CR 708: "You may look at face-down creatures your opponents control any time."
    LOOK_AT_FACE_DOWN: Final = Rule("look_at_face_down")
    # CR 118.9: "you may cast spells from exile without paying their mana costs" (a permission)
    FREE_CAST_FROM_EXILE: Final = Rule("free_cast_from_exile")
    # CR 118.9, 119.4: "you may pay life equal to its mana value rather than pay its mana cost"
    CAST_FROM_HAND_FOR_LIFE: Final = Rule("cast_from_hand_for_life")
    # CR 118.9: "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast."
    ALT_COST_WUBRG: Final = Rule("alt_cost_wubrg")
    # CR 702.51a: "Creature spells you cast have convoke."
    CREATURE_SPELLS_CONVOKE: Final = Rule("creature_spells_convoke")
    # CR 702.94a: "Enchantment cards in your hand have miracle [cost]." (its cost: the card's)
    ENCHANTMENTS_IN_HAND_HAVE_MIRACLE: Final = Rule("enchantments_in_hand_have_miracle")
    # CR 702.138a: "Enchantment cards in your graveyard have escape."
    ENCHANTMENTS_IN_GRAVEYARD_HAVE_ESCAPE: Final = Rule("enchantments_in_graveyard_have_escape")
    # CR 601.2a, 118.8: cast from the top of the library by sacrificing a nonland permanent
    CAST_FROM_LIBRARY_TOP_SACRIFICING: Final = Rule("cast_from_library_top_sacrificing")
    # CR 601.2a, 305.1: "You may play lands and cast spells from the top of your library." (the
    # spells for their costs, at their timing; engine/cards/mechanics/cast_from_top.py)
    CAST_FROM_LIBRARY_TOP: Final = Rule("cast_from_library_top")
    # CR 118.9: "Once during each of your turns, you may cast a spell from your hand or the top of
    # your library without paying its mana cost." — once for each permanent with it (ruling)
    FREE_CAST_ONCE_EACH_TURN: Final = Rule("free_cast_once_each_turn")
    # CR 601.2a: creature spells from the top of the library, while the player's creatures have
    # three or more different powers (coven)
    CAST_CREATURES_FROM_LIBRARY_TOP_COVEN: Final = Rule("cast_creatures_from_library_top_coven")
    # CR 118.9, 119.4: "Once during each of your turns, you may cast an enchantment spell by
    # paying life equal to its mana value rather than paying its mana cost."
    CAST_ENCHANTMENT_FOR_LIFE: Final = Rule("cast_enchantment_for_life")
    # CR 615: damage to an opponent is prevented and that player mills that many cards instead
    DAMAGE_TO_OPPONENTS_MILLS: Final = Rule("damage_to_opponents_mills")
    # CR 402.2: "You have no maximum hand size."
    NO_MAXIMUM_HAND_SIZE: Final = Rule("no_maximum_hand_size")
    # CR 104.3b, 704.5a: "You don't lose the game for having 0 or less life."
    NO_LOSS_FOR_LIFE: Final = Rule("no_loss_for_life")
    # CR 614.1a: noncombat damage a source you control deals is doubled while you have delirium
    DOUBLE_NONCOMBAT_DAMAGE_WITH_DELIRIUM: Final = Rule("double_noncombat_damage_with_delirium")
    # CR 205.3, 613.1d: the chosen creature type of this permanent is added to your creature
    # spells and creature cards in every zone ("As this enters, choose a creature type")
    CHOSEN_TYPE_EVERYWHERE: Final = Rule("chosen_type_everywhere")
    # CR 305.2: "You may play an additional land on each of your turns." (an ongoing scheme's)
    ADDITIONAL_LAND: Final = Rule("additional_land")
    # CR 702.11d: "You have hexproof." — the player can't be the target of spells or abilities
    # their opponents control
    HEXPROOF: Final = Rule("hexproof")


RULE_CHANGES: Final = frozenset(Rule(v) for k, v in vars(RuleChange).items() if k.isupper())

GAIN_LIFE_PLUS: Final = "gain_life_plus:"  # "gain_life_plus:N": "you gain that much life plus N instead" (CR 614.1a)


def rule_change(name: str) -> Rule:
    """The rule change a card's data names (a member's value, or "gain_life_plus:N"); raises for
    a name no rule reads."""
    if name in RULE_CHANGES:
        return Rule(name)
    if name.startswith(GAIN_LIFE_PLUS) and name[len(GAIN_LIFE_PLUS):].isdigit():
        return Rule(name)
    raise ValueError(f"not a rule change the rules read: {name!r}")


def gain_life_plus(n: int) -> Rule:
    """"If you would gain life, you gain that much life plus N instead." (CR 614.1a) for N."""
    return Rule(f"{GAIN_LIFE_PLUS}{int(n)}")


def gain_life_bonus(rule: Rule) -> int:
    """N of a gain_life_plus(N) rule change; 0 for any other."""
    return int(rule[len(GAIN_LIFE_PLUS):]) if rule.startswith(GAIN_LIFE_PLUS) else 0


class DoorRule(NamedTuple):
    """A Room door's rule change: it holds only while that door is unlocked (CR 709.5)."""
    door: str
    rule: Rule


# a rule change a card gives (CardDef.player_rules)
PlayerRuleEntry = Rule | DoorRule


_BLOCKER_GROUPS: Final = ("subtype", "not_color")  # what ObjectRule.cant_be_blocked_by names a group by


class ObjectRule:
    """A rule changed for an object by a continuous effect of layer "rules" (its flags): what it
    can't do or must do in combat (CR 508.1c-d, 509.1b-c), untapping (502.3), turning face up
    (702.37e), and a granted mana ability (605.1a). One takes a parameter: `cant_be_blocked_by`, a
    blocking restriction by a group."""
    CANT_ATTACK: Final = ObjectFlag("cant_attack")              # CR 508.1c
    CANT_BLOCK: Final = ObjectFlag("cant_block")                # CR 509.1b
    CANT_BE_BLOCKED: Final = ObjectFlag("cant_be_blocked")      # CR 509.1b
    MUST_BE_BLOCKED: Final = ObjectFlag("must_be_blocked")      # CR 509.1c
    CANT_ATTACK_ALONE: Final = ObjectFlag("cant_attack_alone")  # CR 506.5, 508.1c
    CANT_BLOCK_ALONE: Final = ObjectFlag("cant_block_alone")    # CR 506.5, 509.1b
    ATTACKS_DESPITE_DEFENDER: Final = ObjectFlag("attacks_despite_defender")  # CR 702.3b: "can attack as though it didn't have defender"
    DOESNT_UNTAP: Final = ObjectFlag("doesnt_untap")            # CR 502.3
    CANT_TURN_FACE_UP: Final = ObjectFlag("cant_turn_face_up")  # CR 702.37e, 708
    MANA_ANY_COLOR: Final = ObjectFlag("mana_any_color")        # CR 605.1a: has "{T}: Add one mana of any color."
    # a blocking restriction by a group (CR 509.1b): "cant_be_blocked_by:subtype:Glimmer" ("can't be
    # blocked by Glimmers"), "cant_be_blocked_by:not_color:B" ("can't be blocked except by black
    # creatures", that is, by nonblack ones)
    CANT_BE_BLOCKED_BY: Final = "cant_be_blocked_by:"

    @staticmethod
    def cant_be_blocked_by(subtype: str = "", not_color: str = "") -> ObjectFlag:
        """"can't be blocked by [subtype]s" (`subtype`); "can't be blocked except by [color]
        creatures" (`not_color`, a colour letter: by no creature that isn't that colour) — one
        group, one of the two."""
        if bool(subtype) == bool(not_color):
            raise ValueError("cant_be_blocked_by: a subtype or a colour, one of them")
        return ObjectRule.of(f"{ObjectRule.CANT_BE_BLOCKED_BY}{'subtype' if subtype else 'not_color'}:{subtype or not_color}")

    @staticmethod
    def of(name: str) -> ObjectFlag:
        """The object rule data names; raises for one no rule reads."""
        if name in OBJECT_RULES:
            return ObjectFlag(name)
        group, _, value = name.removeprefix(ObjectRule.CANT_BE_BLOCKED_BY).partition(":")
        if name.startswith(ObjectRule.CANT_BE_BLOCKED_BY) and group in _BLOCKER_GROUPS and value:
            return ObjectFlag(name)
        raise ValueError(f"not an object rule the rules read: {name!r}")


OBJECT_RULES: Final = frozenset(v for k, v in vars(ObjectRule).items() if k.isupper() and not v.endswith(":"))
