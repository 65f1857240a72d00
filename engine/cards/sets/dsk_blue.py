"""Blue Duskmourn cards and the colourless artifacts on the card layer (helper cards_u):
one ability per non-keyword Oracle line, keywords and text from the card data. Each
ability has a scenario under tests/scenarios/dsk/ (file names start with the card's name)."""
from __future__ import annotations

from engine.cards.layer.abilities import ATTACHED, Activate, Gets, Option, Spell, Static, Target, When, WhenChoose
from engine.cards.layer.build import card
from engine.cards.mechanics.eerie import Eerie
from engine.cards.mechanics.manifest_dread import ManifestDread, ManifestDreadThenAttach
from engine.cards.sets import register
from engine.cards.vocab.as_enters import AsEntersChoose
from engine.cards.vocab.becomes import Becomes
from engine.cards.vocab.conditions import AtLeast, This
from engine.cards.vocab.copies import BecomeCopy, TokenCopyOfTarget
from engine.cards.vocab.core import TARGET, If, May
from engine.cards.vocab.costs import AdditionalCost
from engine.cards.vocab.counters import Counters
from engine.cards.vocab.delayed import SacrificeAtNextEndStep
from engine.cards.vocab.doors import SearchRoomNamedUnlikeYours
from engine.cards.vocab.events import ATTACKS, COMBAT_DAMAGE_PLAYER, DIES, ENTERS, UNLOCK, UPKEEP, EventIs
from engine.cards.vocab.groups import AreAlso, Yours
from engine.cards.vocab.exile import ExileTargetWithThis, PutExiledWith
from engine.cards.vocab.hand import Discard, Discards, Draw, DrawThatMany, MaxHandSize
from engine.cards.vocab.library import PutOnLibrary, ShuffleIntoLibraries, Surveil
from engine.cards.vocab.life import WinTheGame
from engine.cards.vocab.mana import ManaAbility
from engine.cards.vocab.player_rules import OpeningHand, PlayerRule
from engine.cards.vocab.pump import Pump, RulesFlag
from engine.cards.vocab.reanimate import ReturnIt
from engine.cards.vocab.stack import Counter
from engine.cards.vocab.tapping import Tap
from engine.cards.vocab.targets import CardInAGraveyard, TargetWord
from engine.cards.vocab.tokens import TokenSized
from engine.cards.vocab.counts import Count
from engine.rules.triggers import OPPONENTS
from engine.rules.rule_changes import ObjectRule, RuleChange

for defn in (
    card("Clammy Prowler",
         When(ATTACKS, RulesFlag(ObjectRule.CANT_BE_BLOCKED, on=TARGET),
              targets=(TargetWord("creature", another=True, attacking=True),))),
    card("Entity Tracker", Eerie(Draw(1))),
    card("Fear of Failed Tests", When(COMBAT_DAMAGE_PLAYER, DrawThatMany())),
    card("Fear of Impostors", When(ENTERS, Counter(), ManifestDread("target_controller"), targets=("spell",))),
    card("Meat Locker // Drowned Diner",
         When(UNLOCK, Tap(), Counters("stun", 2, on=TARGET), targets=("creature_up_to_one",)),
         When(UNLOCK, Draw(3), Discard())),
    card("Vanish from Sight", Spell(PutOnLibrary(owners_choice=True), Surveil(1), targets=(Target((), nonland=True),))),
    card("Abhorrent Oculus", AdditionalCost("exile_from_graveyard", n=6), When(UPKEEP + OPPONENTS, ManifestDread())),
    card("Creeping Peeper", ManaAbility(("U",), spend_only=("enchantment", "unlock", "face_up"))),
    card("Duskmourn's Domination", Static(Gets(control=True, on=ATTACHED)),
         Static(Gets(-3, 0, loses_all=True, on=ATTACHED))),
    card("Enduring Curiosity",
         When(COMBAT_DAMAGE_PLAYER, Draw(1), condition=EventIs(obj="your_creature", any_creature=True)),
         When(DIES, ReturnIt(only_enchantment=True))),
    card("Fear of Isolation", AdditionalCost("return")),
    card("Mirror Room // Fractured Realm", When(UNLOCK, TokenCopyOfTarget(add_subtypes=("Reflection",)), targets=("creature_you_control",)),
         PlayerRule(RuleChange.TRIGGERS_TWICE)),
    card("Silent Hallcreeper", Static(Gets(flags=(ObjectRule.CANT_BE_BLOCKED,))),
         WhenChoose(COMBAT_DAMAGE_PLAYER, Option(Counters("+1/+1", 2)), Option(Draw(1)),
                    Option(BecomeCopy(), targets=("another_creature_you_control",)), unchosen=True)),
    card("Stay Hidden, Stay Silent", When(ENTERS, Tap(on=ATTACHED)), Static(Gets(flags=(ObjectRule.DOESNT_UNTAP,), on=ATTACHED)),
         Activate("{4}{U}{U}", ShuffleIntoLibraries(("attached",)), ManifestDread(), sorcery=True)),
    card("The Mindskinner", Static(Gets(flags=(ObjectRule.CANT_BE_BLOCKED,))), PlayerRule(RuleChange.DAMAGE_TO_OPPONENTS_MILLS)),
    card("Unable to Scream", Static(Gets(add_types=("Artifact", "Creature"), add_subtypes=("Toy",), base_pt=(0, 2),
                                         loses_all=True, on=ATTACHED)),
         Static(Gets(flags=(ObjectRule.CANT_TURN_FACE_UP,), on=ATTACHED))),
    card("Unwilling Vessel", Eerie(Counters("possession", 1)), When(DIES, TokenSized("Spirit X/X"))),
    card("Central Elevator // Promising Stairs", When(UNLOCK, SearchRoomNamedUnlikeYours()),
         When(UPKEEP, Surveil(1), If(AtLeast(Count("door_names"), 8), (WinTheGame(),)))),
    # "Creatures you control are the chosen type ... The same is true for creature spells you
    # control and creature cards you own that aren't on the battlefield.": the battlefield's
    # part a layer-4 static, the rest the rule engine/rules/layering.py types_everywhere reads
    card("Leyline of Transformation", OpeningHand(), AsEntersChoose(),
         PlayerRule(RuleChange.CHOSEN_TYPE_EVERYWHERE, shares_line=True), Static(AreAlso(chosen=True, to=Yours(other=False)))),
    card("Marina Vendrell's Grimoire", When(ENTERS, Draw(5), condition=This("cast"), resolve_if=This("cast")),
         # one line: the loss rule shares it with the hand size, applied in timestamp order (CR 613.7)
         PlayerRule(RuleChange.NO_LOSS_FOR_LIFE, shares_line=True), Static(MaxHandSize()),
         When("gain_life", DrawThatMany(), condition=EventIs(player="you")),
         When("lose_life", Discards("that_many", "you", lose_if_empty=True), condition=EventIs(player="you"))),
    # colourless artifacts
    card("Attack-in-the-Box", When(ATTACKS, May(
        Pump(4, 0), then=(SacrificeAtNextEndStep(),),
        line="Whenever this creature attacks, you may have it get +4/+0 until end of turn. If you do, sacrifice it "
             "at the beginning of the next end step."))),
    card("Dissection Tools", When(ENTERS, ManifestDreadThenAttach()),
         Static(Gets(2, 2, ("deathtouch", "lifelink"), on=ATTACHED))),
    card("Found Footage", PlayerRule(RuleChange.LOOK_AT_FACE_DOWN), Activate("{2}", Surveil(2), Draw(1), sacrifice=True)),
    card("Ghost Vacuum", Activate("", ExileTargetWithThis(), tap=True, targets=(CardInAGraveyard(),)),
         Activate("{6}", PutExiledWith("battlefield", ("Creature",), counters=(("flying", 1),),
                                       becomes=Becomes(subtypes=("Spirit",), power=1, toughness=1, until="never")),
                  tap=True, sacrifice=True, sorcery=True)),
):
    register(defn)
