"""Duskmourn cards of the sample decks (assets/decks/) on the card layer, so that a goldfish
game with a sample deck runs in rules mode. Each ability has a scenario under
tests/scenarios/dsk/."""
from __future__ import annotations

from engine.cards.layer.abilities import (OTHER_TAPPED_CREATURES, Activate, Choose, Entering, Gets, Option, Spell,
                                          Static, Target, When, WhenAny)
from engine.cards.layer.build import card
from engine.cards.mechanics.delirium import DELIRIUM, CardTypesInGraveyard, Delirium
from engine.cards.mechanics.eerie import PERMANENT_ENTERS, Eerie
from engine.cards.mechanics.manifest_dread import ManifestDread
from engine.cards.mechanics.rooms import LockOrUnlock
from engine.cards.sets import register
from engine.cards.vocab.becomes import Becomes
from engine.cards.vocab.conditions import AtLeast, CastFrom, CreatureDiedThisTurn
from engine.cards.vocab.core import TARGET, If, May
from engine.cards.vocab.costs import AdditionalCost, Discount
from engine.cards.vocab.counters import Counters, EntersWith
from engine.cards.vocab.counts import Count, CreaturesYouControl
from engine.cards.vocab.damage import Damage
from engine.cards.vocab.delayed import ThisTurn
from engine.cards.vocab.events import (ATTACKS, COMBAT_DAMAGE_PLAYER, DIES, END_STEP, ENTERS, UNLOCK,
                                       YOUR_CREATURES_DEALT_COMBAT_DAMAGE)
from engine.cards.vocab.exile import ExileTopMayPlay
from engine.cards.vocab.graveyard import ReturnThisToHand
from engine.cards.vocab.hand import Discard, Draw
from engine.cards.vocab.library import Mill, ShuffleIntoLibraries, Surveil
from engine.cards.vocab.search import Search
from engine.cards.vocab.life import GainLife
from engine.cards.vocab.pump import Pump, RulesFlag
from engine.cards.vocab.removal import Bounce, Destroy, ExileIfDiesThisTurn
from engine.cards.vocab.stack import ChangeTarget, Counter
from engine.cards.vocab.tapping import Tap
from engine.cards.vocab.targets import TargetWord
from engine.cards.vocab.tokens import Token
from engine.cards.vocab.doors import UnlockADoor
from engine.rules.rule_changes import ObjectRule

SMALL = CreaturesYouControl(power_at_most=2)

for defn in (
    card("Jump Scare", Spell(Pump(2, 2, ("flying",), on=TARGET), Becomes(("Enchantment", "Creature"), ("Horror",)),
                             targets=("creature",))),
    card("Splitskin Doll", When(ENTERS, Draw(1), If(CreaturesYouControl(power_at_most=2, another=True), (),
                                                  (Discard(),)))),
    card("Arabella, Abandoned Doll", When(ATTACKS, Damage(SMALL, to="each_opponent"), GainLife(SMALL))),
    card("Cackling Slasher", EntersWith("+1/+1", 1, CreatureDiedThisTurn())),
    card("Patched Plaything", EntersWith("-1/-1", 2, CastFrom("hand"))),
    card("Broodspinner", When(ENTERS, Surveil(2)),
         Activate("{4}{B}{G}", Token("Insect", CardTypesInGraveyard()), tap=True, sacrifice=True)),
    card("Sawblade Skinripper",
         Activate("{2}", Counters("+1/+1"), sacrifice_other=Target(("Creature", "Enchantment"))),
         When(END_STEP, Damage(Count("this_turn", key="sacrificed")), targets=("any",),
              condition=AtLeast(Count("this_turn", key="sacrificed")),
              resolve_if=AtLeast(Count("this_turn", key="sacrificed")))),
    # "target creature defending player controls": in a two-player game, a creature an opponent
    # controls (with more players the engine offers every opponent's creature: a known gap)
    card("Fear of Falling", When(ATTACKS, Pump(-2, 0, loses=("flying",), on=TARGET, until="your_next_turn"),
                                 targets=("creature_opponent_controls",))),
    card("Betrayer's Bargain", AdditionalCost("sacrifice", Target(("Creature", "Enchantment")), or_pay="{2}"),
         Spell(ExileIfDiesThisTurn(), Damage(5), targets=("creature",))),
    card("Don't Make a Sound", Spell(Counter(unless_pays="{2}", if_paid=(Surveil(2),)), targets=("spell",))),
    card("Twist Reality", Choose(Option(Counter(), targets=("spell",)), Option(ManifestDread()))),
    card("Inquisitive Glimmer", Discount("Enchantment"), Discount("unlock")),
    card("Turn Inside Out", Spell(Pump(3, 0, on=TARGET), ThisTurn("target_dies", ManifestDread()), targets=("creature",))),
    card("Fear of Being Hunted", Static(Gets(flags=(ObjectRule.MUST_BE_BLOCKED,)))),
    card("Ghostly Keybearer",
         When(COMBAT_DAMAGE_PLAYER, UnlockADoor(of=TARGET), targets=("room_you_control_up_to_one",))),
    card("Bottomless Pool // Locker Room", When(UNLOCK, Bounce(), targets=("creature_up_to_one",)),
         When(YOUR_CREATURES_DEALT_COMBAT_DAMAGE, Draw(1))),
    card("Overlord of the Mistmoors", WhenAny((ENTERS, ATTACKS), Token("Insect 2/1", 2))),
    card("Overlord of the Floodpits", WhenAny((ENTERS, ATTACKS), Draw(2), Discard())),
    card("Scrabbling Skullcrab", Eerie(Mill(2, who=TARGET), targets=("player",))),
    card("Irreverent Gremlin", When(PERMANENT_ENTERS, May(
        Discard(), then=(Draw(1),), once_each_turn=True,
        line="Whenever another creature you control with power 2 or less enters, you may discard a card. "
             "If you do, draw a card. Do this only once each turn."),
        condition=Entering(("Creature",), power_at_most=2))),
    card("Floodpits Drowner", When(ENTERS, Tap(stun="always"), targets=("creature_opponent_controls",)),
         Activate("{1}{U}", ShuffleIntoLibraries(("this", "targets")), tap=True,
                  targets=(TargetWord(types=("Creature",), counter="stun"),))),
    card("Keys to the House", Activate("{1}", Search(basic_land=True), tap=True, sacrifice=True),
         Activate("{3}", LockOrUnlock(), tap=True, sacrifice=True, sorcery=True, targets=("room_you_control",))),
    card("Fear of Infinity", Static(Gets(flags=(ObjectRule.CANT_BLOCK,))),
         Eerie(May(ReturnThisToHand(), line="Eerie — Whenever an enchantment you control enters and whenever you "
                   "fully unlock a Room, you may return this card from your graveyard to your hand."), zone="graveyard")),
    card("Untimely Malfunction", Choose(Option(Destroy(), targets=("artifact",)),
                                        Option(ChangeTarget(), targets=("stack_single_target",)),
                                        Option(RulesFlag(ObjectRule.CANT_BLOCK, on="each_target"),
                                               targets=("creature", "creature_up_to_one")))),
    # Convoke is a keyword (engine/rules/convoke.py: the creatures to tap, chosen as it is cast);
    # hexproof for the others depends on their tapped status, so tapping makes the
    # characteristics be computed again
    card("The Wandering Rescuer", Static(Gets(keywords=("hexproof",), on=OTHER_TAPPED_CREATURES))),
    card("Clockwork Percussionist", When(DIES, ExileTopMayPlay())),
    card("Impossible Inferno", Spell(Damage(6), targets=("creature",)),
         Delirium(Spell(If(DELIRIUM, (ExileTopMayPlay(),))))),
):
    register(defn)
