"""The new cards of Duskmourn Commander (DSC), played in ordinary two- to four-player games:
a line that matters only for the commander rules is read as what it does in an ordinary game.
Each ability has a scenario under tests/scenarios/dsc/."""
from __future__ import annotations

from engine.cards.layer.abilities import AbilityGroup, Activate, Gets, Spell, Static, When, WhenAny
from engine.cards.layer.build import card, token
from engine.cards.mechanics.delirium import DELIRIUM, CardTypesInGraveyard, Delirium
from engine.cards.mechanics.eerie import PERMANENT_ENTERS, Eerie
from engine.cards.mechanics.landfall import Landfall
from engine.cards.mechanics.manifest_dread import ManifestDread, ManifestDreadThenCounter
from engine.cards.model import CardDef
from engine.cards.sets import register, register_token
from engine.cards.vocab.conditions import AtLeast, ByResolutionThisTurn, Turn
from engine.cards.vocab.core import EVENT, TARGET, AllOf, Not
from engine.cards.vocab.costs import Discount
from engine.cards.vocab.counters import Counters, EntersWith, Monstrosity
from engine.cards.vocab.damage import Damage, PowerDamage
from engine.cards.vocab.events import (ATTACKS, BLOCKS, CAST, COMBAT_DAMAGE_PLAYER, DIES, EACH_UPKEEP, END_STEP, ENTERS,
                                       LIBRARY_TO_GRAVEYARD, LIFE_LOST, TARGETED_BY_SPELL, UNLOCK,
                                       YOUR_CREATURES_DEALT_COMBAT_DAMAGE, YOU_ATTACK, YOU_ATTACK_PLAYER,
                                       AmongEventObjects, EventIs)
from engine.cards.vocab.face_down import TurnFaceUp
from engine.cards.vocab.graveyard import ReturnFromGraveyard, ReturnThisToHand
from engine.cards.vocab.groups import AreAlso, Yours
from engine.cards.vocab.hand import Draw
from engine.cards.vocab.library import Mill
from engine.cards.vocab.life import LoseLife, TargetLoses
from engine.cards.vocab.player_rules import FlashFor, PlayerRule
from engine.cards.vocab.prevention import DamagePlus
from engine.cards.vocab.pump import PumpCreatures
from engine.cards.vocab.removal import ChooseParityBounce, Destroy
from engine.cards.vocab.sacrifice import SacrificeThis
from engine.cards.vocab.those_cards import ChoosePermanents
from engine.cards.vocab.spells_cast import DamageEqualSpellMV, SpellCast
from engine.cards.vocab.tapping import Tap, UntapUpToLands
from engine.cards.vocab.targets import TargetWord
from engine.cards.vocab.tokens import Token
from engine.cards.vocab.counts import Count
from engine.rules.rule_changes import RuleChange

# "three 1/1 red Devil creature tokens with 'When this token dies, it deals 1 damage to any
# target.'" (Spiked Corridor)
_DEVIL_LINE = "When this token dies, it deals 1 damage to any target."
_DEVIL = {"name": "Devil", "type_line": "Creature — Devil", "colors": ["R"], "power": "1", "toughness": "1",
          "text": _DEVIL_LINE}
register_token(token(_DEVIL, When(DIES, Damage(1), targets=("any",))), _DEVIL)

# "a 5/5 black Demon creature token with flying" (Demonic Covenant)
register_token(CardDef("Demon 5/5", token=True),
               {"name": "Demon", "type_line": "Creature — Demon", "colors": ["B"], "power": "5", "toughness": "5",
                "text": "Flying", "keywords": ["flying"]})

# "the amount of mana spent to cast it was less than its mana value": their difference
MV_MINUS_SPENT = Count("event", key="spell_mv_minus_spent")

for defn in (
    card("Deluge of Doom", Spell(PumpCreatures(-1, -1, whose="all", per=CardTypesInGraveyard()))),
    card("They Came from the Pipes", When(ENTERS, ManifestDread(), ManifestDread()),
         When(PERMANENT_ENTERS, Draw(1), condition=EventIs(obj="your_creature", face_down=True))),
    card("Demolisher Spawn",
         Delirium(When(ATTACKS, PumpCreatures(4, 4, whose="all", attacking=True, other=True), condition=DELIRIUM,
                                           resolve_if=DELIRIUM))),
    card("Glitch Interpreter",
         When(ENTERS, ReturnThisToHand("battlefield"), ManifestDread(),
              condition=Not(AtLeast(Count("face_down_permanents"))),
              resolve_if=Not(AtLeast(Count("face_down_permanents")))),
         When(YOUR_CREATURES_DEALT_COMBAT_DAMAGE, Draw(1), condition=AmongEventObjects("sources", colorless=True))),
    card("Curator Beastie", Static(EntersWith("+1/+1", 2, others=("Creature",), colorless=True)),
         WhenAny((ENTERS, ATTACKS), ManifestDread())),
    card("Persistent Constrictor",
         When(EACH_UPKEEP, LoseLife(1, who="active"), Counters("-1/-1", on=TARGET),
              targets=(TargetWord("creature", up_to=True, controller="active"),),
              condition=Turn(yours=False))),  # Persist: read from its keyword line (mechanics/persist.py)
    card("Gleeful Arsonist",
         # Undying is read from its keyword line (engine/cards/mechanics/persist.py)
         When(CAST, PowerDamage("event_player"), condition=SpellCast("opponent", not_types=("Creature",)))),
    card("Fear of Sleep Paralysis", Eerie(Tap(stun="always"), targets=("creature_up_to_one",)),
         PlayerRule(RuleChange.STUN_COUNTERS_STAY_ON_OPPONENTS)),  # read by engine/rules/turn.py (CR 122.1d)
    card("Zimone's Hypothesis", Spell(Counters("+1/+1", on="chosen_creature"), ChooseParityBounce())),
    card("Sadistic Shell Game", Spell(ChoosePermanents(who="each_player", not_yours=True), Destroy(of="those"))),
    card("Soaring Lightbringer",
         Static(Gets(keywords=("flying",), on=Yours(("Enchantment", "Creature"), all_types=True))),
         When(YOU_ATTACK_PLAYER, Token("Glimmer", attacking=True))),
    card("Zimone, Mystery Unraveler",
         Landfall(ByResolutionThisTurn(((ManifestDread(),),), otherwise=(TurnFaceUp(),)))),
    card("Shriekwood Devourer", When(YOU_ATTACK, UntapUpToLands())),
    card("Demonic Covenant",
         When(YOU_ATTACK_PLAYER, Draw(1), LoseLife(1), condition=AmongEventObjects("attackers", subtype="Demon")),
         When(END_STEP, Token("Demon 5/5"), Mill(2, if_milled="same_types", then=(SacrificeThis(),)))),
    card("Giggling Skitterspike", AbilityGroup((
        When(ATTACKS, PowerDamage("each_opponent")),
        When(BLOCKS, PowerDamage("each_opponent"), condition=EventIs(obj="this")),
        When(TARGETED_BY_SPELL, PowerDamage("each_opponent"), condition=EventIs(obj="this")))),
        Activate("{5}", Monstrosity(5))),
    card("Kianne, Corrupted Memory", Static(FlashFor(creature=False, power_parity=0)),
         Static(FlashFor(creature=True, power_parity=1)), When("draw", Counters("+1/+1"),
                                                               condition=EventIs(player="you"))),
    card("The Lord of Pain", PlayerRule(RuleChange.OPPONENTS_CANT_GAIN_LIFE),  # read by engine/rules/life.py
         When(CAST, DamageEqualSpellMV(), targets=(TargetWord("player", not_event_player=True),),
              condition=EventIs(first_this_turn="spells_cast"))),
    card("Valgavoth, Harrower of Souls",  # Ward—Pay 2 life: engine/cards/keywords.py, engine/rules/trigger_steps.py
         When(LIFE_LOST, Counters("+1/+1"), Draw(1),
              condition=EventIs(player="opponent", active=True, first_this_turn="life_lost"))),
    card("Ancient Cellarspawn", Discount("subtype:Demon,Horror,Nightmare", 1),
         When(CAST, TargetLoses(MV_MINUS_SPENT), targets=("opponent",),
              condition=AllOf((SpellCast("you"), AtLeast(MV_MINUS_SPENT))))),
    # Rooms (CR 709)
    card("Experimental Lab // Staff Room",
         When(UNLOCK, ManifestDreadThenCounter("+1/+1", 2, also=(("trample", 1),))),
         When(COMBAT_DAMAGE_PLAYER, TurnFaceUp(EVENT, or_counter="+1/+1"), condition=EventIs(obj="your_creature", any_creature=True))),
    card("Polluted Cistern // Dim Oubliette",
         When(LIBRARY_TO_GRAVEYARD, LoseLife(Count("event", key="card_types"), who="each_opponent"), condition=EventIs(player="you")),
         When(UNLOCK, Mill(3), ReturnFromGraveyard(("Creature",), to="battlefield", optional=False))),
    card("Spiked Corridor // Torture Pit", When(UNLOCK, Token("Devil", 3)), Static(DamagePlus(2))),
    card("Secret Arcade // Dusty Parlor", Static(AreAlso(("Enchantment",), to=Yours((), other=False, not_types=("Land",)), spells=True)),
         When(CAST, Counters("+1/+1", Count("event", key="spell_mv"), on=TARGET), targets=("creature_up_to_one",),
              condition=SpellCast("you", types=("Enchantment",)))),
):
    register(defn)
