"""Duskmourn Auras and Equipment on the card layer: Enchant and Equip are read from the
data (engine/cards/mechanics/enchant.py, equip.py); "Enchanted/Equipped creature ..." is a
static ability on the permanent it is attached to. Scenarios: tests/scenarios/dsk/."""
from __future__ import annotations

from engine.cards.layer.abilities import ATTACHED, Gets, Static, When
from engine.cards.layer.build import card
from engine.cards.mechanics.manifest_dread import ManifestDreadThenAttach
from engine.cards.sets import register
from engine.cards.vocab.counts import Count
from engine.cards.vocab.events import ENTERS
from engine.cards.vocab.tokens import Token

for defn in (
    card("Frantic Strength", Static(Gets(2, 2, ("trample",), on=ATTACHED))),
    card("Ethereal Armor", Static(Gets(1, 1, ("first strike",), on=ATTACHED, per=Count("permanents", "Enchantment")))),
    card("Glimmerlight", When(ENTERS, Token("Glimmer")), Static(Gets(1, 1, on=ATTACHED))),
    card("Killer's Mask", When(ENTERS, ManifestDreadThenAttach()), Static(Gets(keywords=("menace",), on=ATTACHED))),
    card("Cursed Windbreaker", When(ENTERS, ManifestDreadThenAttach()),
         Static(Gets(keywords=("flying",), on=ATTACHED))),
    card("Conductive Machete", When(ENTERS, ManifestDreadThenAttach()), Static(Gets(2, 1, on=ATTACHED))),
):
    register(defn)
