"""Duskmourn Commander decks (issue #28, part 2): the artifacts reprinted in the four decks.

Mana rocks are data over the general vocabulary: "one mana of any color in your commander's
color identity" and "... that a land an opponent controls could produce" are
`ManaOfAnyColorIn(where)` (engine/cards/vocab/mana_colors.py, the lands' too); the Signets'
"{1}, {T}: Add {W}{U}." and the Talismans' painful lines are read from their lines
(engine/cards/mechanics/mana_lines.py) and need no definition. Equipment is a `Static(Gets(...,
on=ATTACHED))`; its Equip line is read (mechanics/equip.py). Each card has a scenario under
tests/scenarios/dsc_reprints/."""
from __future__ import annotations

from engine.cards.layer.abilities import ATTACHED, YOUR_CREATURES, Activate, Gets, Static, When
from engine.cards.layer.build import card
from engine.cards.sets import register
from engine.cards.vocab.counts import Count
from engine.cards.vocab.events import CREATURE_DIES, EventIs
from engine.cards.vocab.face_down import Manifest
from engine.cards.vocab.from_hand import PutFromHandOnTop
from engine.cards.vocab.hand import Draw, MaxHandSize
from engine.cards.vocab.mana_colors import ManaOfAnyColorIn
from engine.cards.vocab.options import MayPay
from engine.cards.vocab.reanimate import ReturnTargetToBattlefield
from engine.cards.vocab.targets import GraveyardCard
from engine.rules.rule_changes import ObjectRule

ITS_POWER = Count("event", key="power")  # "X, where X is its power" (the creature that died)

for defn in (
    card("Arcane Signet", ManaOfAnyColorIn("commander_identity")),
    card("Commander's Sphere", ManaOfAnyColorIn("commander_identity"), Activate("", Draw(1), sacrifice=True)),
    card("Fellwar Stone", ManaOfAnyColorIn("opponent_lands")),
    card("Mind Stone", Activate("{1}", Draw(1), tap=True, sacrifice=True)),
    card("Thought Vessel", Static(MaxHandSize())),  # CR 402.2, 613.7: in timestamp order
    card("Brainstone", Activate("{2}", Draw(3), PutFromHandOnTop(2), tap=True, sacrifice=True)),
    card("Scroll of Fate", Activate("", Manifest(zone="hand"), tap=True)),
    card("Lightning Greaves", Static(Gets(0, 0, ("haste", "shroud"), on=ATTACHED))),
    card("Whispersilk Cloak", Static(Gets(0, 0, ("shroud",), (ObjectRule.CANT_BE_BLOCKED,), on=ATTACHED))),
    card("Basilisk Collar", Static(Gets(0, 0, ("deathtouch", "lifelink"), on=ATTACHED))),
    card("Mask of Griselbrand", Static(Gets(0, 0, ("flying", "lifelink"), on=ATTACHED)),
         When(CREATURE_DIES, MayPay("", Draw(ITS_POWER), life=ITS_POWER), condition=EventIs(obj="attached"))),
    card("Whip of Erebos", Static(Gets(0, 0, ("lifelink",), on=YOUR_CREATURES)),
         Activate("{2}{B}{B}", ReturnTargetToBattlefield(haste=True, exile_at_end=True), tap=True, sorcery=True,
                  targets=(GraveyardCard(("Creature",)),))),
    # Séance Board (Endless Punishment) is a DSC new card: engine/cards/sets/dsc_mana.py
):
    register(defn)
