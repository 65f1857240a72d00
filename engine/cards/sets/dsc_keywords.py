"""Duskmourn Commander cards with keyword mechanics of their own (issue #10): blitz (CR
702.152), miracle (702.94), suspend (702.62), goad (701.15), changeling (702.73), retrace (702.81), escape (702.138) — engine/cards/mechanics/. Their keyword lines
are read by those modules, never written here."""
from __future__ import annotations

from engine.cards.layer.abilities import AbilityGroup, Spell, When
from engine.cards.layer.build import card
from engine.cards.vocab.conditions import AtLeast
from engine.cards.vocab.core import AllOf
from engine.cards.vocab.events import ATTACKS, CAST, ENTERS, UPKEEP, EventIs
from engine.cards.vocab.library import Mill, Surveil
from engine.cards.vocab.player_rules import PlayerRule
from engine.cards.vocab.removal import Destroy
from engine.cards.mechanics import escape, miracle
from engine.cards.vocab.tokens import Token, TokenSized
from engine.cards.vocab.reanimate import ReturnTargetToBattlefield
from engine.cards.vocab.returns import ReturnAllToBattlefield
from engine.cards.mechanics.goad import LAND_PLAYED
from engine.cards.model import CardDef
from engine.cards.sets import register, register_token
from engine.cards.vocab.controllers import ControllerSacrificesOrDamage
from engine.cards.vocab.stack import ExileThisSpell
from engine.cards.vocab.targets import GraveyardCard
from engine.cards.vocab.counts import Count
from engine.cards.vocab.counters import Counters
from engine.cards.vocab.life import LoseLife

_BIRD = "Bird 2/2 black"  # "a tapped 2/2 black Bird creature token with flying" (Rendmaw)
register_token(CardDef(_BIRD, token=True),
               {"name": "Bird", "def": _BIRD, "type_line": "Creature — Bird", "colors": ["B"], "power": "2",
                "toughness": "2", "text": "Flying", "keywords": ["flying"]})

_SHAPESHIFTER = "Shapeshifter changeling deathtouch"  # Formless Genesis: X/X, X set as it resolves
register_token(CardDef(_SHAPESHIFTER, token=True, keywords=frozenset({"changeling", "deathtouch"})),
               {"name": "Shapeshifter", "def": _SHAPESHIFTER, "type_line": "Creature — Shapeshifter", "colors": [],
                "power": "0", "toughness": "0", "text": "Changeling\nDeathtouch",
                "keywords": ["changeling", "deathtouch"]})
# "each player creates a tapped [Bird]. The tokens are goaded for the rest of the game."
_GOADED_BIRDS = Token(_BIRD, tapped=True, who="each_player", goaded=True)
# "whenever you play a card with two or more card types" (cast it or play it as a land, CR 305.1, 601.2)
_YOU_PLAY_TWO_TYPES = AllOf((EventIs(player="you"), AtLeast(Count("event", key="card_types"), 2)))

CARDS = [
    card("Formless Genesis", Spell(TokenSized(_SHAPESHIFTER, Count("cards_in_graveyard", types=("Land",))))),
    card("Aminatou, Veil Piercer", When(UPKEEP, Surveil(2)), PlayerRule(miracle.GRANT)),
    card("Metamorphosis Fanatic",
         When(ENTERS, ReturnTargetToBattlefield((("lifelink", 1),)), targets=(GraveyardCard(("Creature",), up_to=True),))),
    card("Redress Fate", Spell(ReturnAllToBattlefield(("Artifact", "Enchantment")))),
    card("Rendmaw, Creaking Nest",
         AbilityGroup((When(ENTERS, _GOADED_BIRDS),
                       When(CAST, _GOADED_BIRDS, condition=_YOU_PLAY_TWO_TYPES),
                       When(LAND_PLAYED, _GOADED_BIRDS, condition=_YOU_PLAY_TWO_TYPES)))),
    card("The Master of Keys", When(ENTERS, Counters("+1/+1", "x"), Mill(0, x_times=2)), PlayerRule(escape.GRANT)),
    card("Star Athlete",
         When(ATTACKS, ControllerSacrificesOrDamage(5), targets=("nonland_permanent_up_to_one",))),
    card("Suspended Sentence",
         Spell(Destroy(), LoseLife(3, who="target_controller"), ExileThisSpell(time_counters=3),
               targets=("creature_opponent_controls",))),
]

for _defn in CARDS:
    register(_defn)
