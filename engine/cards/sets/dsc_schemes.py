"""The Archenemy schemes of the Duskmourn Commander decks (CR 314; card data
assets/cards/schemes.json, tools/build_schemes.py). Their abilities work from the command zone
(CR 113.6p: `zone="command"`); the rules of schemes are engine/rules/schemes.py. Each scheme has
scenarios under tests/scenarios/schemes/ quoting its rulings from the release notes."""
from __future__ import annotations

from engine.cards.layer.abilities import Option, When, WhenChoose
from engine.cards.layer.build import card
from engine.cards.model import CardDef
from engine.cards.sets import register, register_token
from engine.cards.vocab.core import If, May
from engine.cards.vocab.events import END_STEP
from engine.cards.vocab.hand import Draw
from engine.cards.vocab.player_rules import PlayerRule
from engine.cards.vocab.pump import PumpYours
from engine.cards.vocab.removal import Sacrifices
from engine.cards.vocab.schemes import (NONLAND, Abandon, ChooseCreaturesDifferentManaValues,
                                        DamageEachNoncommanderOpponentCreature, LandsAtLeast, SetSchemesNextTime,
                                        SetThatSchemeAgain)
from engine.cards.vocab.tokens import Token
from engine.rules.schemes import SET_IN_MOTION, YOU_SET_SCHEME

CMD = "command"  # CR 113.6p: a scheme's abilities work in the command zone
SCARECROW = "Scarecrow 4/4 vigilance"  # "a 4/4 colorless Scarecrow artifact creature token with vigilance"
register_token(CardDef(SCARECROW, token=True, keywords=frozenset({"vigilance"})),
               {"name": "Scarecrow", "def": SCARECROW, "type_line": "Artifact Creature — Scarecrow", "colors": [],
                "power": "4", "toughness": "4", "text": "Vigilance", "keywords": ["vigilance"]})
SIX_LANDS = LandsAtLeast(6)

for defn in (
    card("Kneel Before My Legions",
         WhenChoose(SET_IN_MOTION, Option(Token(SCARECROW)), Option(PumpYours(3, 3, ("vigilance", "trample"))),
                    zone=CMD)),
    card("You Are Unworthy of Mercy",
         When(SET_IN_MOTION, If(SIX_LANDS, (Sacrifices(NONLAND, n=3),), (Sacrifices(NONLAND),)), zone=CMD)),
    card("Plots That Span Centuries", When(SET_IN_MOTION, SetSchemesNextTime(3), zone=CMD)),
    card("My Laughter Echoes",
         When(YOU_SET_SCHEME, May(Abandon(), line="abandon", then=(SetThatSchemeAgain(),)), zone=CMD)),
    card("You Will Know True Suffering", When(SET_IN_MOTION, DamageEachNoncommanderOpponentCreature(), zone=CMD)),
    card("Running Is Useless", When(SET_IN_MOTION, ChooseCreaturesDifferentManaValues(), zone=CMD)),
    card("My Tendrils Run Deep", PlayerRule("additional_land"),
         When(END_STEP, Draw(2), Abandon(), condition=SIX_LANDS, resolve_if=SIX_LANDS, zone=CMD)),
):
    register(defn)
