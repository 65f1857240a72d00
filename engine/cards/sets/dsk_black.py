"""Black Duskmourn cards on the card layer (helper cards_b): graveyards, sacrifice, life
and "return it". Vocabulary: engine/cards/vocab/. Each ability has a
scenario under tests/scenarios/dsk/ (file names start with the card's name)."""
from __future__ import annotations

from engine.cards.layer.abilities import Activate, Choose, Gets, Option, Spell, Static, Target, When, WhenAny
from engine.cards.layer.build import card
from engine.cards.mechanics.delirium import DELIRIUM, Delirium
from engine.cards.mechanics.manifest_dread import ManifestDread
from engine.cards.mechanics.survival import Survival
from engine.cards.model import CardDef
from engine.cards.sets import register, register_token
from engine.cards.vocab.conditions import AtLeast, Controls, This
from engine.cards.vocab.core import THIS, If, May, Not
from engine.cards.vocab.costs import AdditionalCost
from engine.cards.vocab.counts import Count
from engine.cards.vocab.events import (ATTACKS, COMBAT_DAMAGE_PLAYER, CREATURE_DIES, DAMAGED, DIES, END_STEP, ENTERS,
                                       GAIN_LIFE, LEAVE_GRAVEYARD, PLAYER_DAMAGED, SACRIFICED, UNLOCK, UPKEEP, EventIs)
from engine.cards.vocab.graveyard import ReturnFromGraveyard, ReturnTargetCard
from engine.cards.vocab.hand import DiscardAnyNumber, Discards, Draw, LookAtHandDiscard
from engine.cards.vocab.library import Mill
from engine.cards.vocab.search import Search
from engine.cards.vocab.those_cards import ExileFromTop
from engine.cards.vocab.life import GainLife, LoseHalfLife, LoseLife, TargetLoses
from engine.cards.vocab.options import MayPay
from engine.cards.vocab.player_rules import OpeningHand, PlayerRule
from engine.cards.vocab.pump import Pump, PumpCreatures
from engine.cards.vocab.reanimate import ReturnIt
from engine.cards.vocab.reflexive import Reflexive
from engine.cards.vocab.removal import Destroy, DestroyIt
from engine.cards.vocab.sacrifice import Punisher, Sacrifices
from engine.cards.vocab.reveal import TopCards
from engine.cards.vocab.tapping import Tap
from engine.cards.vocab.targets import GraveyardCard, OpponentPlayer
from engine.cards.vocab.tokens import Token
from engine.cards.vocab.returns import ReturnAllToBattlefield
from engine.rules.rule_changes import ObjectRule, RuleChange

# "a 2/2 black Horror enchantment creature token" (Defiled Crypt)
register_token(CardDef("Horror", token=True),
               {"name": "Horror", "type_line": "Enchantment Creature — Horror", "colors": ["B"], "power": "2",
                "toughness": "2", "text": ""})
# "a 6/6 black Demon creature token with flying" (Ritual Chamber)
register_token(CardDef("Demon 6/6", token=True),
               {"name": "Demon", "type_line": "Creature — Demon", "colors": ["B"], "power": "6",
                "toughness": "6", "text": "Flying", "keywords": ["flying"]})

CREATURE_CARD = GraveyardCard(("Creature",))
# "return that card to the battlefield under your control with a finality counter on it"
RETURN_FINAL = ReturnIt(mine=True, counters=(("finality", 1),))
NO_GLIMMER = Not(AtLeast(Count("defending_player_creatures", "Glimmer")))  # "... controls no Glimmer creatures"

for defn in (
    card("Innocuous Rat", When(DIES, ManifestDread())),
    card("Live or Die", Choose(Option(ReturnTargetCard("battlefield"), targets=(CREATURE_CARD,)),
                               Option(Destroy(), targets=("creature",)))),
    # Ruling: targets are chosen before costs are paid (CR 602.2b): it can't target itself
    card("Valgavoth's Faithful", Activate("{3}{B}", ReturnTargetCard("battlefield"), sacrifice=True, sorcery=True,
                                          targets=(CREATURE_CARD,))),
    card("Defiled Crypt // Cadaver Lab",
         When(LEAVE_GRAVEYARD, Token("Horror"), condition=EventIs(player="you"), once_each_turn=True),
         When(UNLOCK, ReturnTargetCard("hand"), targets=(CREATURE_CARD,))),
    card("Commune with Evil", Spell(TopCards(4), GainLife(3))),
    card("Demonic Counsel", Spell(If(DELIRIUM, (), (Search("Demon"),))),
         Delirium(Spell(If(DELIRIUM, (Search(),))))),
    card("Fear of the Dark", When(ATTACKS, Pump(0, 0, ("menace", "deathtouch")), condition=NO_GLIMMER,
                                  resolve_if=NO_GLIMMER)),
    card("Unholy Annex // Ritual Chamber",
         When(END_STEP, Draw(1), If(Controls("Demon"), (LoseLife(2, who="each_opponent"), GainLife(2)),
                                    (LoseLife(2),))),
         When(UNLOCK, Token("Demon 6/6"))),
    card("Overlord of the Balemurk", WhenAny((ENTERS, ATTACKS), Mill(4), ReturnFromGraveyard(
        ("Creature", "Planeswalker"), except_creature_subtype="Avatar"))),
    card("Vile Mutilator", AdditionalCost("sacrifice", Target(("Creature", "Enchantment"))),
         When(ENTERS, Sacrifices(("Enchantment",), nontoken=True), Sacrifices(("Creature",), nontoken=True))),
    card("Popular Egotist",
         Activate("{1}{B}", Pump(0, 0, ("indestructible",)), Tap(on=THIS),
                  sacrifice_other=Target(("Creature", "Enchantment"))),
         When(SACRIFICED, TargetLoses(1), GainLife(1), targets=(OpponentPlayer(),), condition=EventIs(player="you"))),
    card("Unstoppable Slasher", When(COMBAT_DAMAGE_PLAYER, LoseHalfLife()),
         When(DIES, ReturnIt(tapped=True, counters=(("stun", 2),)), condition=This("without_counters"))),
    card("Enduring Tenacity",
         When(GAIN_LIFE, TargetLoses(), targets=(OpponentPlayer(),), condition=EventIs(player="you")),
         When(DIES, ReturnIt(only_enchantment=True), condition=This("creature"))),
    card("Sporogenic Infection",
         When(ENTERS, Sacrifices(("Creature",), who="target", except_attached=True), targets=("player",)),
         When(DAMAGED, DestroyIt(), condition=EventIs(obj="attached"))),
    card("Cracked Skull", When(ENTERS, LookAtHandDiscard(), targets=("player",)),
         When(DAMAGED, DestroyIt(), condition=EventIs(obj="attached"))),
    card("Doomsday Excruciator",
         When(ENTERS, ExileFromTop(whose="each_player", all_but_bottom=6, face_down=True), condition=This("cast")),
         When(UPKEEP, Draw(1))),
    card("Funeral Room // Awakening Hall",
         When(CREATURE_DIES, LoseLife(1, who="each_opponent"), GainLife(1), condition=EventIs(controller="you")),
         When(UNLOCK, ReturnAllToBattlefield(("Creature",)))),
    card("Resurrected Cultist",
         Delirium(Activate("{2}{B}{B}", ReturnIt(what="this", counters=(("finality", 1),)), sorcery=True,
                           zone="graveyard",
                                                  condition=DELIRIUM))),
    card("Leyline of the Void", OpeningHand(), PlayerRule(RuleChange.EXILE_OPPONENTS_CARDS)),
    card("Let's Play a Game", Delirium(Choose(Option(PumpCreatures(-1, -1, whose="opponents")), Option(Discards(2)),
                                              Option(LoseLife(3, who="each_opponent"), GainLife(3)),
                                              more_if=DELIRIUM))),
    card("Osseous Sticktwister", Delirium(When(END_STEP, Punisher(), condition=DELIRIUM, resolve_if=DELIRIUM))),
    card("Cynical Loner", Static(Gets(flags=(ObjectRule.cant_be_blocked_by(subtype="Glimmer"),))),
         Survival(May(Search(to_graveyard=True),
                      line="Survival — At the beginning of your second main phase, if this creature is tapped, you "
                           "may search your library for a card, put it into your graveyard, then shuffle."))),
    card("Meathook Massacre II",
         When(ENTERS, Sacrifices(("Creature",), who="each_player", n=Count("remembered", key="x"))),
         When(CREATURE_DIES, MayPay("", RETURN_FINAL, life=3), condition=EventIs(controller="you")),
         When(CREATURE_DIES, MayPay("", life=3, who="event_controller", otherwise=(RETURN_FINAL,)),
              condition=EventIs(controller="opponent"))),
    card("Grievous Wound", PlayerRule(RuleChange.ENCHANTED_PLAYER_CANT_GAIN_LIFE),
         When(PLAYER_DAMAGED, LoseHalfLife(), condition=EventIs(player="enchanted"))),
    # Ward—Sacrifice three nonland permanents: a keyword line (engine/cards/keywords.py, rules/trigger_steps.py);
    # the replacement remembers each card it exiles with this Valgavoth and gives its controller the
    # permission of the last line, paid with life (engine/rules/zones.py, format.py, costs.py:
    # life_cost); the last line's marker names that permission
    card("Valgavoth, Terror Eater", PlayerRule(RuleChange.EXILE_CARDS_YOU_DIDNT_CONTROL), PlayerRule(RuleChange.PLAY_EXILED_WITH_THIS)),
    card("Miasma Demon", When(ENTERS, DiscardAnyNumber(then=Reflexive(PumpCreatures(-2, -2, whose="targets"),
                                                                   targets=("creature_up_to_one",))))),
):
    register(defn)
