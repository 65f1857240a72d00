"""The 24 levelers of Rise of the Eldrazi on the card layer. Level up, the level symbols'
P/T and keywords and the bands' plain mana abilities are read by
engine/cards/mechanics/level_up.py; each other line of a band gets its ability here, in
printed order, and that ability exists only while the leveler is in its band (CR 710.2, as
numbered in the level up rules excerpt). Scenarios: tests/scenarios/roe/."""
from __future__ import annotations

from engine.cards.layer.abilities import Activate, Gets, Static, When
from engine.cards.layer.build import card
from engine.cards.mechanics.regenerate import Regenerate
from engine.cards.model import CardDef
from engine.cards.sets import register, register_token
from engine.cards.vocab.conditions import Turn
from engine.cards.vocab.core import TARGET
from engine.cards.vocab.damage import Damage
from engine.cards.vocab.delayed import ExtraTurn
from engine.cards.vocab.events import ATTACKS, EACH_END_STEP
from engine.cards.vocab.groups import Grants, Yours
from engine.cards.vocab.hand import Discard, Draw
from engine.cards.vocab.prevention import Prevent
from engine.cards.vocab.pump import Pump
from engine.cards.vocab.stack import CopySpell, SpellOf
from engine.cards.vocab.tokens import Token
from engine.rules.rule_changes import ObjectRule

# "a 3/3 green Elephant creature token" (Kazandu Tuskcaller)
register_token(CardDef("Elephant", token=True),
               {"name": "Elephant", "type_line": "Creature — Elephant", "colors": ["G"], "power": "3",
                "toughness": "3", "text": ""})

for defn in (
    # keywords only: nothing to write but the name
    card("Caravan Escort"),
    card("Ikiral Outrider"),
    card("Knight of Cliffhaven"),
    card("Student of Warfare"),
    card("Skywatcher Adept"),
    card("Nirkana Cutthroat"),
    card("Beastbreaker of Bala Ged"),
    card("Halimar Wavewatch"),  # Islandwalk (CR 702.14)
    card("Transcendent Master", Static(Gets(keywords=("indestructible",)))),
    card("Hada Spy Patrol", Static(Gets(flags=(ObjectRule.CANT_BE_BLOCKED,))), Static(Gets(flags=(ObjectRule.CANT_BE_BLOCKED,)))),
    card("Zulaport Enforcer", Static(Gets(flags=(ObjectRule.cant_be_blocked_by(not_color="B"),)))),
    card("Kabira Vindicator", Static(Gets(1, 1, on=Yours())), Static(Gets(2, 2, on=Yours()))),
    card("Coralhelm Commander", Static(Gets(1, 1, on=Yours(subtype="Merfolk")))),
    card("Brimstone Mage", Activate("", Damage(1), tap=True, targets=("any",)),
         Activate("", Damage(3), tap=True, targets=("any",))),
    card("Guul Draz Assassin", Activate("{B}", Pump(-2, -2, on=TARGET), tap=True, targets=("creature",)),
         Activate("{B}", Pump(-4, -4, on=TARGET), tap=True, targets=("creature",))),
    card("Enclave Cryptologist", Activate("", Draw(1), Discard(), tap=True), Activate("", Draw(1), tap=True)),
    card("Kargan Dragonlord", Activate("{R}", Pump(1, 0))),
    card("Kazandu Tuskcaller", Activate("", Token("Elephant"), tap=True), Activate("", Token("Elephant", 2), tap=True)),
    # LEVEL 1-4 "{T}: Add {G}{G}." is read by the mechanic; LEVEL 5+ grants it to the Elves
    card("Joraga Treespeaker", Static(Grants("{T}: Add {G}{G}.", to=Yours(subtype="Elf", other=False)))),
    card("Echo Mage",  # CR 707.10 (engine/cards/vocab/stack.py)
         Activate("{U}{U}", CopySpell(), tap=True, targets=(SpellOf(("Instant", "Sorcery")),)),
         Activate("{U}{U}", CopySpell(2), tap=True, targets=(SpellOf(("Instant", "Sorcery")),))),
    card("Hedron-Field Purists", Static(Prevent(1)), Static(Prevent(2))),  # CR 615 (vocab/prevention.py)
    card("Lighthouse Chronologist",  # CR 500.7, 603.4 (engine/cards/vocab/delayed.py)
         When(EACH_END_STEP, ExtraTurn(), condition=Turn(yours=False), resolve_if=Turn(yours=False))),
    card("Null Champion", Activate("{B}", Regenerate())),  # CR 701.19 (engine/cards/mechanics/regenerate.py)
    card("Lord of Shatterskull Pass", When(ATTACKS, Damage(6, to="each_creature_defending_player"))),
):
    register(defn)
