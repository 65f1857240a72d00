"""Duskmourn white cards and lands (helper cards_w) on the card layer: one ability per
non-keyword Oracle line, keywords and text from the card data. Each ability has a scenario
under tests/scenarios/dsk/; the German release-note rulings of each card are quoted by a
scenario or listed in tests/rulings_not_encoded.toml."""
from __future__ import annotations


from engine.cards.layer.abilities import (ATTACHED, AbilityGroup, Activate, Entering, EntersTapped, Gets, Spell, Static,
                                          Target, When)
from engine.cards.layer.build import card, token
from engine.cards.mechanics.eerie import PERMANENT_ENTERS, Eerie
from engine.cards.mechanics.manifest_dread import ManifestDread
from engine.cards.mechanics.survival import Survival
from engine.cards.model import CardDef
from engine.cards.sets import register, register_token
from engine.cards.vocab.becomes import Becomes
from engine.cards.vocab.conditions import AtLeast, ControlsLandType, This
from engine.cards.vocab.core import TARGET, THIS, EitherOr
from engine.cards.vocab.costs import ActivateWith, AdditionalCost
from engine.cards.vocab.counters import Counters
from engine.cards.vocab.doors import UnlockADoor
from engine.cards.vocab.events import ATTACKS, DIES, ENTERS, UNLOCK, YOU_ATTACK, AmongEventObjects, EventIs
from engine.cards.vocab.exile import ExileTargetWithThis, ExileUntilLeaves, PutExiledWith
from engine.cards.vocab.graveyard import ReturnFromGraveyard
from engine.cards.vocab.groups import YourCreatures, Yours
from engine.cards.vocab.pt_counts import BasePTIsCount
from engine.cards.vocab.hand import Draw
from engine.cards.vocab.search import Search
from engine.cards.vocab.life import GainLife, GainLifePlus
from engine.cards.vocab.mana import ManaIf
from engine.cards.vocab.mana_colors import ManaOfAnyColorIn
from engine.cards.vocab.player_rules import OpeningHand, PlayerRule
from engine.cards.vocab.attack_requirements import PumpThisBy
from engine.cards.vocab.reanimate import ReturnIt, ReturnTargetToBattlefield
from engine.cards.vocab.reveal import TopCards
from engine.cards.vocab.tapping import Tap
from engine.cards.vocab.targets import CreatureWith, GraveyardCard, OpponentsPermanent, TargetWord
from engine.cards.vocab.tokens import Token
from engine.cards.vocab.counts import Count
from engine.rules.rule_changes import ObjectRule, RuleChange

ATTACK_A_PLAYER = "you_attack_player"  # "Whenever one or more ... you control attack a player" (once per player)
CREATURE_DIES = "creature_dies"  # any creature died (obj, controller, its last counters)
LEAVES = "leaves"  # "When this ... leaves the battlefield" (CR 603.6c, 603.10a)


# the tokens these cards create (CR 111.4)
register_token(CardDef("Spirit 3/1", token=True),  # Ghostly Dancers
               {"name": "Spirit", "def": "Spirit 3/1", "type_line": "Creature — Spirit", "colors": ["W"], "power": "3",
                "toughness": "1", "text": "Flying", "keywords": ["flying"]})
# "a 4/4 white Beast creature token with "This token can't attack or block alone."" (Toby)
_BEAST = {"name": "Beast", "def": "Beast 4/4 alone", "type_line": "Creature — Beast", "colors": ["W"], "power": "4",
          "toughness": "4", "text": "This token can't attack or block alone."}
register_token(token(_BEAST, Static(Gets(flags=(ObjectRule.CANT_ATTACK_ALONE, ObjectRule.CANT_BLOCK_ALONE)))), _BEAST)
register_token(CardDef("Toy", token=True),  # Dollmaker's Shop
               {"name": "Toy", "type_line": "Artifact Creature — Toy", "colors": ["W"], "power": "1",
                "toughness": "1", "text": ""})

for defn in (
    card("Dazzling Theater // Prop Room", PlayerRule(RuleChange.CREATURE_SPELLS_CONVOKE),
         PlayerRule(RuleChange.UNTAP_CREATURES_IN_OTHERS_UNTAP)),
    card("Dollmaker's Shop // Porcelain Gallery",
         When(ATTACK_A_PLAYER, Token("Toy"), condition=AmongEventObjects("objs", not_subtype="Toy")),
         Static(BasePTIsCount("Creature", on="your_creatures"))),
    card("Emerge from the Cocoon", Spell(ReturnTargetToBattlefield(), GainLife(3),
                                         targets=(GraveyardCard(("Creature",)),))),
    card("Enduring Innocence",
         When(PERMANENT_ENTERS, Draw(1), condition=Entering(("Creature",), power_at_most=2), once_each_turn=True),
         When(DIES, ReturnIt(only_enchantment=True))),
    card("Fear of Abduction", AdditionalCost("exile", Target(("Creature",))),
         When(ENTERS, ExileTargetWithThis(), targets=("creature_opponent_controls",)),
         When(LEAVES, PutExiledWith())),
    card("Fear of Immobility", When(ENTERS, Tap(stun="opponent"), targets=(CreatureWith(up_to=True),))),
    card("Ghostly Dancers",
         When(ENTERS, EitherOr(ReturnFromGraveyard(("Enchantment",), optional=False), UnlockADoor(),
                               ("return an enchantment card", "unlock a door"))),
         Eerie(Token("Spirit 3/1"))),
    card("Grand Entryway // Elegant Rotunda", When(UNLOCK, Token("Glimmer")),
         When(UNLOCK, Counters("+1/+1", on="each_target"), targets=("creature_up_to_one", "creature_up_to_one"))),
    card("Leyline of Hope", OpeningHand(), GainLifePlus(1),
         Static(YourCreatures(2, 2), AtLeast(Count("life_above_starting"), 7))),
    card("Living Phone",
         When(DIES, TopCards(5, "may_one", rest="bottom", fits=TargetWord(types=("Creature",), power_at_most=2)))),
    card("Orphans of the Wheat",
         When(ATTACKS, Tap(on=Yours(other=False), any_number=True), PumpThisBy(Count("ability", key="tapped")))),
    card("Possessed Goat",
         ActivateWith("{3}", Counters("+1/+1", 3), Becomes(subtypes=("Demon",), colors=("B",), on=THIS, until="never"),
                                        discard=1, once=True)),
    card("Reluctant Role Model", Survival(Counters(("flying", "lifelink", "+1/+1"))),
         AbilityGroup((When(DIES, Counters("those", on=TARGET), targets=("creature_up_to_one",),
                            condition=EventIs(had_counters=True)),
                       When(CREATURE_DIES, Counters("those", on=TARGET), targets=("creature_up_to_one",),
                            condition=EventIs(had_counters=True, controller="you", obj="another"))))),
    card("Shardmage's Rescue", Static(Gets(keywords=("hexproof",), on=ATTACHED), This("entered_this_turn")),
         Static(Gets(1, 1, on=ATTACHED))),
    card("Sheltered by Ghosts", When(ENTERS, ExileUntilLeaves(), targets=(OpponentsPermanent(nonland=True),)),
         Static(Gets(1, 0, ("lifelink", "ward {2}"), on=ATTACHED))),
    card("Surgical Suite // Hospital Room",
         When(UNLOCK, ReturnTargetToBattlefield(), targets=(GraveyardCard(("Creature",), mv_at_most=3),)),
         When(YOU_ATTACK, Counters("+1/+1", on=TARGET), targets=("attacking_creature",))),
    card("Toby, Beastie Befriender", When(ENTERS, Token("Beast 4/4 alone")),
         Static(YourCreatures(keywords=("flying",), tokens_only=True), AtLeast(Count("creature_tokens"), 4))),
    card("Trapped in the Screen", When(ENTERS, ExileUntilLeaves(),
                                       targets=(OpponentsPermanent(("Artifact", "Creature", "Enchantment")),))),
    card("Unidentified Hovership", When(ENTERS, ExileTargetWithThis(), targets=(CreatureWith(5, up_to=True),)),
         When(LEAVES, ManifestDread(who="exiled_cards_owners"))),
    card("Unsettling Twins", When(ENTERS, ManifestDread())),
    # lands
    *(card(name, ManaIf(ControlsLandType(types))) for name, types in (
        ("Blazemire Verge", ("Swamp", "Mountain")), ("Floodfarm Verge", ("Plains", "Island")),
        ("Gloomlake Verge", ("Island", "Swamp")), ("Hushwood Verge", ("Forest", "Plains")),
        ("Thornspire Verge", ("Mountain", "Forest")))),
    card("Valgavoth's Lair", EntersTapped(choose="color"), ManaOfAnyColorIn("chosen")),
    card("Terramorphic Expanse", Activate("", Search(basic_land=True, to_battlefield_tapped=True), tap=True,
                                          sacrifice=True)),
):
    register(defn)
