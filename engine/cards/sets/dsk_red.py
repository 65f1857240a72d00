"""Red and colourless Duskmourn cards on the card layer (helper cards_r): one ability per
non-keyword Oracle line, keywords and text from the card data. New vocabulary is in
engine/cards/vocab/. Each ability has a scenario under tests/scenarios/dsk/."""
from __future__ import annotations

from engine.cards.layer.abilities import ATTACHED, Activate, Entering, Gets, Spell, Static, Target, When
from engine.cards.layer.build import card
from engine.cards.mechanics.delirium import DELIRIUM, Delirium
from engine.cards.mechanics.eerie import PERMANENT_ENTERS, Eerie
from engine.cards.sets import register
from engine.cards.vocab.becomes import Becomes, GainControlUntilEot
from engine.cards.vocab.conditions import AtLeast, Turn
from engine.cards.vocab.copies import HasActivatedAbilitiesOf
from engine.cards.vocab.core import EVENT, TARGET, THIS, AllOf, If, May
from engine.cards.vocab.costs import AdditionalCost, DiscardedWasNot
from engine.cards.vocab.counters import Counters
from engine.cards.vocab.counts import X, CountersOnThis, SourcePower
from engine.cards.vocab.damage import (Damage, DamageEventAmount, DamageToEventPlayer, OpponentChoosesOne,
                                       TargetsDealPower)
from engine.cards.vocab.delayed import AdditionalCombat, ThisTurn
from engine.cards.vocab.events import (ATTACKS, BECOMES_BLOCKED, CAST, CREATURES_DIE, DEALT_DAMAGE, DIES, DRAWS, ENTERS,
                                       UNLOCK, UPKEEP, YOU_ATTACK, EventIs)
from engine.cards.vocab.exile import ExileTopMayPlay
from engine.cards.vocab.library import PutOnLibrary
from engine.cards.vocab.hand import Discard, Draw
from engine.cards.vocab.life import DamagedPlayerCantGainLife
from engine.cards.vocab.mana import ManaAbility
from engine.cards.vocab.player_rules import OpeningHand, PlayerRule
from engine.cards.vocab.prevention import DOUBLE_NONCOMBAT_DAMAGE_WITH_DELIRIUM
from engine.cards.vocab.pump import Pump, PumpCreatures
from engine.cards.vocab.reanimate import ReturnIt
from engine.cards.vocab.reflexive import Reflexive
from engine.cards.vocab.sacrifice import MaySacrifice
from engine.cards.vocab.spells_cast import InstantOrSorceryCast
from engine.cards.vocab.stack import CopySpell
from engine.cards.vocab.tapping import Tap
from engine.cards.vocab.targets import CardInAGraveyard, TargetWord
from engine.rules.rule_changes import ObjectRule, RuleChange

CREATURE_OR_ENCHANTMENT = Target(("Creature", "Enchantment"))

for defn in (
    card("Boilerbilges Ripper", When(ENTERS, MaySacrifice(CREATURE_OR_ENCHANTMENT, then=(
        Reflexive(Damage(2), targets=("any",)),)))),
    card("Chainsaw", When(ENTERS, Damage(3), targets=("creature_up_to_one",)),
         When(CREATURES_DIE, Counters("rev")),
         Static(Gets(1, 0, on=ATTACHED, per=CountersOnThis("rev")))),
    # Warped Space: the alternative cost is `cast CARD with free` (engine/rules/costs.py, CR 118.9)
    card("Charred Foyer // Warped Space", When(UPKEEP, ExileTopMayPlay(until="this_turn")),
         PlayerRule(RuleChange.FREE_CAST_FROM_EXILE)),
    card("Cursed Recording", When(CAST, Counters("time"), If(AtLeast(CountersOnThis("time"), 7), (Counters("time", "remove_all"), Damage(20, to="you"))),
              condition=InstantOrSorceryCast()),
         Activate("", ThisTurn("next_instant_or_sorcery", CopySpell(of=EVENT)), tap=True)),
    card("Diversion Specialist", Activate("{1}", ExileTopMayPlay(until="this_turn"),
                                          sacrifice_other=CREATURE_OR_ENCHANTMENT)),
    card("Enduring Courage", When(PERMANENT_ENTERS, Pump(2, 0, ("haste",), on=EVENT), condition=Entering(("Creature",))),
         When(DIES, ReturnIt(only_enchantment=True))),
    card("Fear of Missing Out", When(ENTERS, Discard(), Draw(1)),
         Delirium(When(ATTACKS, Tap(untap=True), AdditionalCombat(), targets=("creature",),
                       condition=AllOf((EventIs(obj="this", first_attack=True), DELIRIUM)), resolve_if=DELIRIUM))),
    card("Grab the Prize", AdditionalCost("discard"),
         Spell(Draw(2), If(DiscardedWasNot("Land"), (Damage(2, to="each_opponent"),)))),
    card("Infernal Phantom", Eerie(Pump(2, 0)), When(DIES, Damage(SourcePower()), targets=("any",))),
    card("Leyline of Resonance", OpeningHand(),
         When(CAST, CopySpell(of=EVENT), condition=InstantOrSorceryCast(single_creature=True))),
    card("Norin, Swift Survivalist", Static(Gets(flags=(ObjectRule.CANT_BLOCK,))),
         When(BECOMES_BLOCKED, May(ExileTopMayPlay(until="this_turn", of="event"), line=(
             "Whenever a creature you control becomes blocked, you may exile it. You may play that card from "
             "exile this turn.")), condition=EventIs(obj="your_creature"))),
    card("Painter's Studio // Defaced Gallery", When(UNLOCK, ExileTopMayPlay(n=2)),
         When(YOU_ATTACK, PumpCreatures(1, 0, attacking=True))),
    card("Razorkin Needlehead", Static(Gets(keywords=("first strike",)), Turn(yours=True)),
         When(DRAWS, DamageToEventPlayer(1), condition=EventIs(player="opponent"))),
    card("Screaming Nemesis", When(DEALT_DAMAGE, DamageEventAmount(), DamagedPlayerCantGainLife(),
                                   targets=(TargetWord("any", another=True),), condition=EventIs(obj="this"))),
    card("The Rollercrusher Ride", Delirium(PlayerRule(DOUBLE_NONCOMBAT_DAMAGE_WITH_DELIRIUM)),
         When(ENTERS, Damage(X, to="each_target"),
              targets=(TargetWord("creature", types=("Creature",), up_to=True, per_x=True),))),
    card("Trial of Agony",
         Spell(OpponentChoosesOne(5), targets=(TargetWord("creature", types=("Creature",), opponent=True),
                                                                  TargetWord("creature", types=("Creature",),
                                                                             opponent=True, same_controller_as=0)))),
    card("Vengeful Possession", Spell(GainControlUntilEot(), Tap(untap=True), Pump(0, 0, ("haste",), on=TARGET),
                                      May(Discard(), then=(Draw(1),), line="You may discard a card. If you do, draw a card."),
                                      targets=("creature",))),
    card("Waltz of Rage",
         Spell(TargetsDealPower("each_other_creature"), ThisTurn("your_creature_dies", ExileTopMayPlay()),
                                targets=("creature_you_control",))),
    card("Haunted Screen", ManaAbility(("G", "U", "R"), life=1),
         Activate("{7}", Counters("+1/+1", 7),
                  Becomes(("Creature",), ("Spirit",), power=0, toughness=0, on=THIS, until="never"), once=True)),
    card("Malevolent Chandelier", Activate("{2}", PutOnLibrary(), targets=(CardInAGraveyard(),), sorcery=True)),
    card("Saw", Static(Gets(2, 0, on=ATTACHED)),
         When(ATTACKS, MaySacrifice(not_attached=True, then=(Draw(1),)),
              condition=EventIs(obj="attached", any_creature=True))),
    card("Marvin, Murderous Mimic", HasActivatedAbilitiesOf()),  # type: ignore[arg-type]
):
    register(defn)
