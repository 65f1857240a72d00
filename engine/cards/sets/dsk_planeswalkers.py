"""Duskmourn's planeswalkers on the card layer: one ability per non-keyword Oracle line
(the ninjutsu line is read by engine/cards/mechanics/ninjutsu.py, the loyalty costs from
the lines themselves). Rules: engine/rules/planeswalkers.py, engine/rules/emblems.py.
Scenarios: tests/scenarios/dsk/kaito_bane_of_nightmares*.toml."""
from __future__ import annotations

from engine.cards.layer import TARGET, Counters, Draw, Gets, Static, Surveil, Tap, card
from engine.cards.sets import register
from engine.cards.vocab_planeswalkers import (BecomesCreature, DuringYourTurnWithCounters, Emblem, Loyalty,
                                              OpponentsWhoLostLifeThisTurn, YoursNow)

for defn in (
    card("Kaito, Bane of Nightmares",
         Static(BecomesCreature(3, 4, ("Ninja",), ("hexproof",)), DuringYourTurnWithCounters("loyalty")),
         Loyalty(Emblem(Static(Gets(1, 1, on=YoursNow("Ninja"))), text="Ninjas you control get +1/+1.")),
         Loyalty(Surveil(2), Draw(OpponentsWhoLostLifeThisTurn())),
         Loyalty(Tap(), Counters("stun", 2, on=TARGET), targets=("creature",))),
):
    register(defn)
