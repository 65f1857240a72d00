"""More Duskmourn cards of the sample decks (assets/decks/) on the card layer, so that a
goldfish game with any sample deck runs in rules mode. Each ability has a scenario under
tests/scenarios/dsk/."""
from __future__ import annotations

from engine.cards.layer.abilities import ATTACHED, Activate, Choose, Gets, Option, Spell, Static, Target, When
from engine.cards.layer.build import card
from engine.cards.mechanics.delirium import DELIRIUM, Delirium
from engine.cards.mechanics.eerie import Eerie
from engine.cards.mechanics.manifest_dread import ManifestDread
from engine.cards.mechanics.rooms import IsRoom
from engine.cards.mechanics.survival import Survival
from engine.cards.sets import register
from engine.cards.vocab.core import TARGET, AllOf, If, May
from engine.cards.vocab.counters import Counters
from engine.cards.vocab.damage import Damage, DamageEventAmount, TargetsDealPower
from engine.cards.vocab.events import ATTACKS, END_STEP, ENTERS, EventIs
from engine.cards.vocab.exile import ExileTargetWithThis
from engine.cards.vocab.hand import Discard, Discards, Draw
from engine.cards.vocab.player_rules import PlayerRule
from engine.cards.vocab.pump import Pump, RulesFlag
from engine.cards.vocab.removal import Bounce, ExileTarget
from engine.cards.vocab.reveal import RevealUntil, TopCards
from engine.cards.vocab.stack import Counter, SpellOf
from engine.cards.vocab.tapping import Attach, Tap
from engine.cards.vocab.targets import CardInAGraveyard, GraveyardCard, TargetWord
from engine.cards.vocab.conditions import AtLeast
from engine.cards.vocab.counts import Count
from engine.rules.rule_changes import ObjectRule, RuleChange

# "a permanent entered the battlefield face down under your control this turn or you turned a
# permanent face up this turn"
FACE_DOWN_OR_UP = AtLeast(Count("sum", types=(Count("this_turn", key="facedown"), Count("this_turn", key="faceup"))))

for defn in (
    card("Rampaging Soulrager", Static(Gets(3, 0), AtLeast(Count("unlocked_doors"), 2))),
    card("Intruding Soulrager", Activate("", Damage(2, to="each_opponent"), Draw(1), tap=True,
                                         sacrifice_other=IsRoom())),
    card("Stalked Researcher", Eerie(RulesFlag(ObjectRule.ATTACKS_DESPITE_DEFENDER))),
    card("Unnerving Grasp", Spell(Bounce(), ManifestDread(), targets=("nonland_permanent_up_to_one",))),
    card("Break Down the Door", Choose(Option(ExileTarget(), targets=("artifact",)),
                                       Option(ExileTarget(), targets=("enchantment",)),
                                       Option(ManifestDread()))),
    card("Ripchain Razorkin", Activate("{2}{R}", Draw(1), sacrifice_other=Target(("Land",)))),
    card("Fanatic of the Harrowing", When(ENTERS, Discards(who="each_player", then=(Draw(1),)))),
    card("House Cartographer", Survival(RevealUntil())),
    card("Get Out", Choose(Option(Counter(), targets=(SpellOf(("Creature", "Enchantment")),)),
                           Option(Bounce(), targets=(TargetWord(types=("Creature", "Enchantment"), owned=True),
                                                            TargetWord(types=("Creature", "Enchantment"), owned=True,
                                                                       up_to=True))))),
    card("Baseball Bat", When(ENTERS, Attach(), targets=("creature_you_control",)),
         Static(Gets(1, 1, on=ATTACHED)),
         When(ATTACKS, Tap(), targets=("creature_up_to_one",), condition=EventIs(obj="attached", any_creature=True))),
    card("Savior of the Small", Survival(Bounce(), targets=(GraveyardCard(("Creature",), mv_at_most=3),))),
    card("Veteran Survivor", Survival(ExileTargetWithThis(), targets=(CardInAGraveyard(up_to=True),)),
         Static(Gets(3, 3, ("hexproof",)), AtLeast(Count("exiled_with_this"), 3))),
    card("Oblivious Bookworm", When(END_STEP, May(
        Draw(1), then=(If(FACE_DOWN_OR_UP, (), (Discard(),)),),
        line="At the beginning of your end step, you may draw a card. If you do, discard a card unless a permanent "
             "entered the battlefield face down under your control this turn or you turned a permanent face up "
             "this turn."))),
    card("Wickerfolk Thresher", Delirium(When(ATTACKS, TopCards(1, "may_one", types=("Land",), to="battlefield", rest="hand"), condition=DELIRIUM,
                                              resolve_if=DELIRIUM))),
    card("Beastie Beatdown", Spell(targets=("creature_you_control", "creature_opponent_controls")),
         Delirium(Spell(If(DELIRIUM, (Counters("+1/+1", 2, on=TARGET),)))),
         Spell(TargetsDealPower("second_target"))),
    card("Fear of Burning Alive", When(ENTERS, Damage(4, to="each_opponent")),
         Delirium(When("noncombat_damage_player", DamageEventAmount(),
                       targets=(TargetWord("creature", types=("Creature",), controller="event_player"),),
                       condition=AllOf((EventIs(controller="you", player="opponent"),
                                        DELIRIUM)), resolve_if=DELIRIUM))),
    card("Nowhere to Run", When(ENTERS, Pump(-3, -3, on=TARGET), targets=("creature_opponent_controls",)),
         PlayerRule(RuleChange.IGNORE_HEXPROOF)),
):
    register(defn)
