"""Green Duskmourn cards on the card layer (helper cards_g). One ability per non-keyword
Oracle line; the vocabulary they brought is engine/cards/vocab_cards_g.py. Each ability has
a scenario under tests/scenarios/dsk/ named after its card."""
from __future__ import annotations

from engine.cards.layer import ATTACKS, ENTERS, UNLOCK, Activate, Activated, Search, Spell, When, WhenAny, card
from engine.cards.mechanics.manifest_dread import ManifestDread, ManifestDreadThenCounter
from engine.cards.mechanics.survival import Survival
from engine.cards.model import CardDef
from engine.cards.sets import register, register_token
from engine.cards.vocab_cards_g import (X, FaceDownPermanent, ManifestDreadTimes, PutFromHand, RevealMayTurnFaceUp,
                                        TappedToken)

# "a tapped colorless land token named Everywhere that is every basic land type" (Overlord of
# the Hauntwoods): the five basic land types, so the five intrinsic mana abilities (CR 305.6);
# not Basic (release notes, Herrscher des Spukgehölzes)
register_token(CardDef("Everywhere", token=True, activated=[Activated(
    tap=True, mana=("W", "U", "B", "R", "G"), label="{T}: Add {W}, {U}, {B}, {R}, or {G}.")]),
    {"name": "Everywhere", "type_line": "Land — Plains Island Swamp Mountain Forest", "colors": [],
     "text": "({T}: Add {W}, {U}, {B}, {R}, or {G}.)"})

KONA = ("Survival — At the beginning of your second main phase, if Kona is tapped, you may put a permanent card "
        "from your hand onto the battlefield.")
SHRIEKER = "{1}{G}: Reveal target face-down permanent. If it's a creature card, you may turn it face up."

for defn in (
    card("Moldering Gym // Weight Room", When(UNLOCK, Search(basic_land=True, to_battlefield_tapped=True)),
         When(UNLOCK, ManifestDreadThenCounter(n=3))),
    card("Overlord of the Hauntwoods", WhenAny((ENTERS, ATTACKS), TappedToken("Everywhere"))),
    card("Kona, Rescue Beastie", Survival(PutFromHand(line=KONA))),
    card("Valgavoth's Onslaught", Spell(ManifestDreadTimes(X, counters=X))),
    card("Hauntwoods Shrieker", When(ATTACKS, ManifestDread()),
         Activate("{1}{G}", RevealMayTurnFaceUp(line=SHRIEKER), targets=(FaceDownPermanent(),))),
):
    register(defn)
