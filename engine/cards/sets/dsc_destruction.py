"""Duskmourn Commander (DSC), more of its new cards: Convert to Slime and others, played in
ordinary two- to four-player games. Each ability has a scenario under tests/scenarios/dsc/."""
from __future__ import annotations

from engine.cards.layer.abilities import Spell, When
from engine.cards.layer.build import card
from engine.cards.vocab.events import ATTACKS, CREATURE_DIES, END_STEP, UNLOCK, EventIs
from engine.cards.vocab.hand import Draw
from engine.cards.vocab.library import Mill
from engine.cards.vocab.player_rules import PlayerRule
from engine.cards.mechanics.delirium import DELIRIUM, Delirium
from engine.cards.model import CardDef
from engine.cards.sets import register, register_token
from engine.cards.vocab.core import AllOf, If
from engine.cards.vocab.damage import Damage
from engine.cards.vocab.tokens import Token, TokenSized
from engine.cards.vocab.as_enters import AsEntersChoose
from engine.cards.vocab.conditions import This
from engine.cards.vocab.removal import Destroy, ReturnYours
from engine.cards.vocab.graveyard_exile import ExileCardTypesPutPermanent
from engine.cards.vocab.targets import TargetWord
from engine.cards.vocab.counts import Count
from engine.rules.rule_changes import RuleChange

# "an X/X green Ooze creature token" (Convert to Slime): its size is set as it is created
register_token(CardDef("Ooze", token=True),
               {"name": "Ooze", "type_line": "Creature — Ooze", "colors": ["G"], "power": "0", "toughness": "0",
                "text": ""})

for defn in (
    card("Convert to Slime",
         Spell(Destroy(of="each_target"),
               targets=(TargetWord("artifact", up_to=True, word=0), TargetWord("creature", up_to=True, word=1),
                        TargetWord("enchantment", up_to=True, word=2))),
         Delirium(Spell(If(DELIRIUM, (TokenSized("Ooze", Count("remembered", key="destroyed_mv")),))))),
    # Rooms (CR 709); Access Maze's alternative cost is engine/rules/costs.py hand_life_cost
    card("Cramped Vents // Access Maze",
         When(UNLOCK, Damage(6, gain_excess=True), targets=("creature_opponent_controls",)),
         PlayerRule(RuleChange.CAST_FROM_HAND_FOR_LIFE)),
    card("Winter, Cynical Opportunist", When(ATTACKS, Mill(3)),
         Delirium(When(END_STEP, ExileCardTypesPutPermanent(4, resolve_if=DELIRIUM), condition=DELIRIUM))),
    card("Phenomenon Investigators", AsEntersChoose(words=("Believe", "Doubt")),
         When(CREATURE_DIES, Token("Horror"), condition=AllOf((This("chose:Believe"), EventIs(controller="you", nontoken=True)))),
         When(END_STEP, ReturnYours((), may=True, owned=True, not_types=("Land",), then=(Draw(1),)),
              condition=This("chose:Doubt"))),
):
    register(defn)
