"""Duskmourn cards of the set mechanics beyond Eerie and Survival: Delirium
(mechanics/delirium.py), manifest dread and face-down permanents (mechanics/manifest_dread.py)
and more Rooms. Each ability has a scenario under tests/scenarios/dsk/."""
from __future__ import annotations

from engine.cards.layer.abilities import AbilityGroup, Gets, Spell, Static, Target, When
from engine.cards.layer.build import card
from engine.cards.mechanics.delirium import DELIRIUM, Delirium
from engine.cards.mechanics.eerie import PERMANENT_ENTERS
from engine.cards.mechanics.manifest_dread import (MANIFESTED, DreadCardToHand, FaceDownEnters, ManifestDread,
                                                   ManifestDreadThenCounter)
from engine.cards.mechanics.survival import Survival
from engine.cards.sets import register
from engine.cards.vocab.core import EVENT, TARGET, If, May
from engine.cards.vocab.costs import CostsLess
from engine.cards.vocab.counters import Counters
from engine.cards.vocab.events import ATTACKS, DIES, ENTERS, UNLOCK, UPKEEP, YOU_ATTACK, EventIs
from engine.cards.vocab.graveyard import ReturnFromGraveyard
from engine.cards.vocab.library import Mill, Surveil
from engine.cards.vocab.search import Search
from engine.cards.vocab.pump import Pump
from engine.cards.vocab.removal import Destroy
from engine.rules.rule_changes import ObjectRule

TURNED_FACE_UP = "turned_face_up"

for defn in (
    # Delirium
    card("Wildfire Wickerfolk", Delirium(Static(Gets(1, 1, ("trample",)), DELIRIUM))),
    card("Spineseeker Centipede", When(ENTERS, Search(basic_land=True)),
         Delirium(Static(Gets(1, 2, ("vigilance",)), DELIRIUM))),
    card("Drag to the Roots", Delirium(CostsLess(2, DELIRIUM)),
         Spell(Destroy(), targets=(Target((), nonland=True),))),
    card("Hand That Feeds", Delirium(When(ATTACKS, Pump(2, 0, ("menace",)), condition=DELIRIUM))),
    card("Violent Urge", Spell(Pump(1, 0, ("first strike",), on=TARGET), targets=("creature",)),
         Delirium(Spell(If(DELIRIUM, (Pump(0, 0, ("double strike",), on=TARGET),))))),
    card("Patchwork Beastie",
         Delirium(Static(Gets(flags=(ObjectRule.CANT_ATTACK, ObjectRule.CANT_BLOCK)), DELIRIUM, negate=True)),
         When(UPKEEP, May(Mill(1), line="At the beginning of your upkeep, you may mill a card."))),
    # manifest dread and face-down permanents
    card("Manifest Dread", Spell(ManifestDread())),
    card("Bashful Beastie", When(DIES, ManifestDread())),
    card("Unwanted Remake", Spell(Destroy(), ManifestDread("target_controller"), targets=("creature",))),
    card("Defiant Survivor", Survival(ManifestDread())),
    card("Under the Skin", Spell(ManifestDread()), Spell(ReturnFromGraveyard())),
    card("Growing Dread", When(ENTERS, ManifestDread()),
         When(TURNED_FACE_UP, Counters("+1/+1", on=EVENT), condition=EventIs(player="you"))),
    card("Threats Around Every Corner", When(ENTERS, ManifestDread()),
         When(PERMANENT_ENTERS, Search(basic_land=True, to_battlefield_tapped=True), condition=FaceDownEnters())),
    card("Cryptid Inspector", AbilityGroup((
        When(PERMANENT_ENTERS, Counters("+1/+1"), condition=FaceDownEnters()),
        When(TURNED_FACE_UP, Counters("+1/+1"), condition=EventIs(player="you"))))),
    card("Paranormal Analyst", When(MANIFESTED, DreadCardToHand(), condition=EventIs(player="you"))),
    # Rooms
    card("Ticket Booth // Tunnel of Hate", When(UNLOCK, ManifestDread()),
         When(YOU_ATTACK, Pump(0, 0, ("double strike",), on=TARGET), targets=("attacking_creature",))),
    card("Underwater Tunnel // Slimy Aquarium", When(UNLOCK, Surveil(2)), When(UNLOCK, ManifestDreadThenCounter())),
):
    register(defn)
