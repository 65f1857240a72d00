"""The new cards of Duskmourn Commander (DSC), played in ordinary two- to four-player games:
a line that matters only for the commander rules is read as what it does in an ordinary game.
Each ability has a scenario under tests/scenarios/dsc/."""
from __future__ import annotations

from engine.cards.layer.abilities import AbilityGroup, Activate, Gets, Spell, Static, When, WhenAny
from engine.cards.layer.build import card
from engine.cards.mechanics.delirium import DELIRIUM, CardTypesInGraveyard, Delirium
from engine.cards.mechanics.eerie import PERMANENT_ENTERS, Eerie
from engine.cards.mechanics.landfall import Landfall
from engine.cards.mechanics.manifest_dread import ManifestDread
from engine.cards.mechanics.persist import Persist, Undying
from engine.cards.model import CardDef, TargetSpec, Triggered
from engine.cards.sets import register, register_token
from engine.cards.vocab.becomes import AddTypesToYours
from engine.cards.vocab.conditions import FirstResolutionThisTurn, NotYourTurn
from engine.cards.vocab.core import TARGET, compile_effect
from engine.cards.vocab.costs import Discount
from engine.cards.vocab.counters import Counters, MayCounterOnChosenCreature, Monstrosity, YoursEnterWith
from engine.cards.vocab.damage import Damage, PowerDamageEachOpponent, PowerDamageToEventPlayer
from engine.cards.vocab.events import (ATTACKS, BLOCKS, CAST, COMBAT_DAMAGE_PLAYER, DIES, EACH_UPKEEP, END_STEP,
                                       ENTERS, LIBRARY_TO_GRAVEYARD, LIFE_LOST, TARGETED_BY_SPELL, UNLOCK,
                                       YOUR_CREATURES_DEALT_COMBAT_DAMAGE, YOU_ATTACK, YOU_ATTACK_PLAYER,
                                       AttackersInclude, ByYou, ColorlessAmongSources, YourCreatureDealtCombatDamage)
from engine.cards.vocab.face_down import (FaceDownCreatureEnters, ManifestDreadThenCounters, MayTurnFaceUp,
                                          NoFaceDownPermanents, TurnFaceUpOrCounter)
from engine.cards.vocab.graveyard import ReturnFromGraveyard
from engine.cards.vocab.groups import YoursOfAllTypes
from engine.cards.vocab.hand import Draw
from engine.cards.vocab.library import Mill
from engine.cards.vocab.life import ActivePlayerLosesLife, EachOpponentLosesPerEventCardType, LoseLife
from engine.cards.vocab.player_rules import FlashFor, PlayerRule
from engine.cards.vocab.prevention import NoncombatDamageBonus
from engine.cards.vocab.pump import PumpAll, PumpOtherAttackers
from engine.cards.vocab.removal import ChooseParityBounce, EachPlayerChoosesThenDestroy, ReturnSourceToHand
from engine.cards.vocab.reveal import MillThenSacrificeIfSameTypes
from engine.cards.vocab.spells_cast import (CountersPerSpellMV, DamageEqualSpellMV, FirstSpellThisTurn,
                                            OpponentCastsSpell, OpponentFirstLifeLossInTheirTurn, SpentLessThanMV,
                                            TargetLosesMVMinusSpent, YouCastSpellOf)
from engine.cards.vocab.tapping import Tap, UntapUpToLands
from engine.cards.vocab.targets import ActivePlayersCreature, AnotherPlayerThanEvent, ThisObject
from engine.cards.vocab.tokens import Token, TokenAttackingThatPlayer

# "three 1/1 red Devil creature tokens with 'When this token dies, it deals 1 damage to any
# target.'" (Spiked Corridor)
_DEVIL_LINE = "When this token dies, it deals 1 damage to any target."
register_token(CardDef("Devil", token=True, triggered=[Triggered(
    DIES, [compile_effect(Damage(1))], targets=[TargetSpec("any", _DEVIL_LINE)], label=_DEVIL_LINE)]),
    {"name": "Devil", "type_line": "Creature — Devil", "colors": ["R"], "power": "1", "toughness": "1",
     "text": _DEVIL_LINE})

# "a 5/5 black Demon creature token with flying" (Demonic Covenant)
register_token(CardDef("Demon 5/5", token=True),
               {"name": "Demon", "type_line": "Creature — Demon", "colors": ["B"], "power": "5", "toughness": "5",
                "text": "Flying", "keywords": ["flying"]})

for defn in (
    card("Deluge of Doom", Spell(PumpAll(-1, -1, per=CardTypesInGraveyard()))),
    card("They Came from the Pipes", When(ENTERS, ManifestDread(), ManifestDread()),
         When(PERMANENT_ENTERS, Draw(1), condition=FaceDownCreatureEnters())),
    card("Demolisher Spawn", Delirium(When(ATTACKS, PumpOtherAttackers(4, 4), condition=DELIRIUM,
                                           resolve_if=DELIRIUM))),
    card("Glitch Interpreter",
         When(ENTERS, ReturnSourceToHand(), ManifestDread(), condition=NoFaceDownPermanents(),
              resolve_if=NoFaceDownPermanents()),
         When(YOUR_CREATURES_DEALT_COMBAT_DAMAGE, Draw(1), condition=ColorlessAmongSources())),
    card("Curator Beastie", Static(YoursEnterWith("+1/+1", 2, colorless=True)),
         WhenAny((ENTERS, ATTACKS), ManifestDread())),
    card("Persistent Constrictor",
         When(EACH_UPKEEP, ActivePlayerLosesLife(1), Counters("-1/-1", on=TARGET), targets=(ActivePlayersCreature(),),
              condition=NotYourTurn()),
         Persist()),
    card("Gleeful Arsonist", When(CAST, PowerDamageToEventPlayer(), condition=OpponentCastsSpell(("Creature",))),
         Undying()),
    card("Fear of Sleep Paralysis", Eerie(Tap(stun="always"), targets=("creature_up_to_one",)),
         PlayerRule("stun_counters_stay_on_opponents")),  # read by engine/rules/turn.py (CR 122.1d)
    card("Zimone's Hypothesis", Spell(MayCounterOnChosenCreature(), ChooseParityBounce())),
    card("Sadistic Shell Game", Spell(EachPlayerChoosesThenDestroy())),
    card("Soaring Lightbringer", Static(Gets(keywords=("flying",), on=YoursOfAllTypes(("Enchantment", "Creature")))),
         When(YOU_ATTACK_PLAYER, TokenAttackingThatPlayer("Glimmer"))),
    card("Zimone, Mystery Unraveler", Landfall(FirstResolutionThisTurn((ManifestDread(),), (MayTurnFaceUp(),)))),
    card("Shriekwood Devourer", When(YOU_ATTACK, UntapUpToLands())),
    card("Demonic Covenant", When(YOU_ATTACK_PLAYER, Draw(1), LoseLife(1), condition=AttackersInclude("Demon")),
         When(END_STEP, Token("Demon 5/5"), MillThenSacrificeIfSameTypes(2))),
    card("Giggling Skitterspike", AbilityGroup((
        When(ATTACKS, PowerDamageEachOpponent()),
        When(BLOCKS, PowerDamageEachOpponent(), condition=ThisObject()),
        When(TARGETED_BY_SPELL, PowerDamageEachOpponent(), condition=ThisObject()))),
        Activate("{5}", Monstrosity(5))),
    card("Kianne, Corrupted Memory", Static(FlashFor(creature=False, power_parity=0)),
         Static(FlashFor(creature=True, power_parity=1)), When("draw", Counters("+1/+1"), condition=ByYou())),
    card("The Lord of Pain", PlayerRule("opponents_cant_gain_life"),  # read by engine/rules/life.py
         When(CAST, DamageEqualSpellMV(), targets=(AnotherPlayerThanEvent(),), condition=FirstSpellThisTurn())),
    card("Valgavoth, Harrower of Souls",  # Ward—Pay 2 life: engine/cards/keywords.py, engine/rules/trigger_steps.py
         When(LIFE_LOST, Counters("+1/+1"), Draw(1), condition=OpponentFirstLifeLossInTheirTurn())),
    card("Ancient Cellarspawn", Discount("subtype:Demon,Horror,Nightmare", 1),
         When(CAST, TargetLosesMVMinusSpent(), targets=("opponent",), condition=SpentLessThanMV())),
    # Rooms (CR 709)
    card("Experimental Lab // Staff Room",
         When(UNLOCK, ManifestDreadThenCounters((("+1/+1", 2), ("trample", 1)))),
         When(COMBAT_DAMAGE_PLAYER, TurnFaceUpOrCounter(), condition=YourCreatureDealtCombatDamage())),
    card("Polluted Cistern // Dim Oubliette",
         When(LIBRARY_TO_GRAVEYARD, EachOpponentLosesPerEventCardType(), condition=ByYou()),
         When(UNLOCK, Mill(3), ReturnFromGraveyard(("Creature",), to="battlefield", optional=False))),
    card("Spiked Corridor // Torture Pit", When(UNLOCK, Token("Devil", 3)), Static(NoncombatDamageBonus(2))),
    card("Secret Arcade // Dusty Parlor", Static(AddTypesToYours(("Enchantment",))),
         When(CAST, CountersPerSpellMV(), targets=("creature_up_to_one",), condition=YouCastSpellOf(("Enchantment",)))),
):
    register(defn)
