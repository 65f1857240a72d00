"""Duskmourn Commander (DSC): cards with a requirement or an extra cost — Ursine Monstrosity
("attacks that player this combat if able", CR 508.1d), Into the Pit (Disorienting Choice is in dsc_mana.py).
Each ability has a scenario under tests/scenarios/dsc/."""
from __future__ import annotations

from engine.cards.layer.abilities import When
from engine.cards.layer.build import card
from engine.cards.mechanics.delirium import CardTypesInGraveyard
from engine.cards.mechanics import cast_from_top
from engine.cards.sets import register
from engine.cards.vocab.player_rules import PlayerRule
from engine.cards.vocab.attack_requirements import AttacksRandomOpponentThisCombat, PumpThisBy
from engine.cards.vocab.library import Mill
from engine.rules.rule_changes import RuleChange

BEGINNING_OF_COMBAT = "step:beginning_of_combat"  # "At the beginning of combat on your turn" (CR 507.1)

for defn in (
    card("Ursine Monstrosity",
         When(BEGINNING_OF_COMBAT, Mill(1), AttacksRandomOpponentThisCombat(),
              PumpThisBy(CardTypesInGraveyard(), keywords=("indestructible",)))),
    # "You may look at the top card ..." and "You may cast spells from the top ...":
    # engine/cards/mechanics/cast_from_top.py
    card("Into the Pit", PlayerRule(RuleChange.LOOK_AT_LIBRARY_TOP), PlayerRule(cast_from_top.GRANT)),
):
    register(defn)
