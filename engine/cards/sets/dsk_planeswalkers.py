"""Duskmourn's planeswalkers on the card layer: one ability per non-keyword Oracle line
(the ninjutsu line is read by engine/cards/mechanics/ninjutsu.py, the loyalty costs from
the lines themselves). Rules: engine/rules/planeswalkers.py, engine/rules/emblems.py.
Scenarios: tests/scenarios/dsk/kaito_bane_of_nightmares*.toml."""
from __future__ import annotations

from engine.cards.layer.abilities import Gets, Static
from engine.cards.layer.build import card
from engine.cards.vocab.core import TARGET, AllOf
from engine.cards.vocab.counters import Counters
from engine.cards.vocab.groups import YourPermanents
from engine.cards.vocab.hand import Draw
from engine.cards.vocab.library import Surveil
from engine.cards.vocab.tapping import Tap
from engine.cards.sets import register
from engine.cards.vocab.planeswalkers import Emblem, Loyalty
from engine.cards.vocab.conditions import AtLeast, Turn
from engine.cards.vocab.counts import Count, CountersOnThis

for defn in (
    card("Kaito, Bane of Nightmares",
         Static(Gets(keywords=("hexproof",), types_are=("Creature",), subtypes_are=("Ninja",), base_pt=(3, 4)),
                AllOf((Turn(yours=True), AtLeast(CountersOnThis("loyalty"))))),
         Loyalty(Emblem(Static(Gets(1, 1, on=YourPermanents(("Ninja",)))), text="Ninjas you control get +1/+1.")),
         Loyalty(Surveil(2), Draw(Count("opponents_lost_life"))),
         Loyalty(Tap(), Counters("stun", 2, on=TARGET), targets=("creature",))),
):
    register(defn)
