"""Duskmourn Commander decks (issue #28, part 2): the planeswalkers reprinted in the decks.
A loyalty ability is `Loyalty(*effects, targets=)`, its cost read from its line (CR 606;
engine/cards/vocab/planeswalkers.py); the rest is the general vocabulary. Each ability has a
scenario under tests/scenarios/dsc_reprints/."""
from __future__ import annotations

from engine.cards.layer.abilities import Static, Target, When, WhenAny
from engine.cards.layer.build import card, token
from engine.cards.mechanics.elsewhere import CreatureWhileNotOnBattlefield
from engine.cards.model import CardDef
from engine.cards.sets import register, register_token
from engine.cards.vocab.counters import Counters
from engine.cards.vocab.events import CAST, DRAWS, SPELL_COPIED
from engine.cards.vocab.from_hand import DiscardOrLose
from engine.cards.vocab.hand import Draw, MaxHandSize, PutFromHand
from engine.cards.vocab.library import Mill
from engine.cards.vocab.life import GainLife, LoseLife
from engine.cards.vocab.planeswalkers import Emblem, Loyalty
from engine.cards.vocab.pt_counts import BasePTIsCount
from engine.cards.vocab.counts import Count
from engine.cards.vocab.reflexive import Reflexive
from engine.cards.vocab.removal import Destroy
from engine.cards.vocab.sacrifice import MaySacrifice, Sacrifices
from engine.cards.vocab.returns import ReturnAllToBattlefield
from engine.cards.vocab.reveal import TopCards
from engine.cards.vocab.spells_cast import InstantOrSorceryCast
from engine.cards.vocab.targets import PERMANENT_TYPES
from engine.cards.vocab.tokens import Token

# "a green Treefolk creature token with reach and "This token's power and toughness are each
# equal to the number of lands you control."" (Wrenn and Seven): a characteristic-defining
# ability (CR 604.3, layer 7a)
_TREEFOLK = {"name": "Treefolk", "type_line": "Creature — Treefolk", "colors": ["G"], "power": "0", "toughness": "0",
             "text": "Reach\nThis token's power and toughness are each equal to the number of lands you control.",
             "keywords": ["reach"]}
register_token(token(_TREEFOLK, Static(BasePTIsCount("Land"))), _TREEFOLK)

# "a 1/1 black and green Insect creature token" (Grist, the Hunger Tide; the pool's "Insect" flies)
_INSECT = {"name": "Insect", "def": "Insect 1/1", "type_line": "Creature — Insect", "colors": ["B", "G"], "power": "1",
           "toughness": "1", "text": ""}
register_token(CardDef("Insect 1/1", token=True), _INSECT)

NO_MAXIMUM = "You have no maximum hand size."
OB_NIXILIS = "Whenever a player draws a card, you lose 2 life."

for defn in (
    card("Wrenn and Seven",
         Loyalty(TopCards(4, take="all", types=("Land",), rest="graveyard")),
         Loyalty(PutFromHand(("Land",), tapped=True, any_number=True)),
         Loyalty(Token("Treefolk")),
         Loyalty(ReturnAllToBattlefield(PERMANENT_TYPES, to="hand"), Emblem(Static(MaxHandSize()), text=NO_MAXIMUM))),
    card("Professor Onyx",
         # Magecraft (an ability word): a copy of a spell is not cast (CR 707.10), so it has its own event
         WhenAny((CAST, SPELL_COPIED), LoseLife(2, who="each_opponent"), GainLife(2), condition=InstantOrSorceryCast()),
         Loyalty(LoseLife(1), TopCards(3, take="one", rest="graveyard")),
         Loyalty(Sacrifices(("Creature",), who="each_opponent", greatest_power=True)),
         Loyalty(DiscardOrLose(life=3, times=7))),
    card("Ob Nixilis Reignited",
         Loyalty(Draw(1), LoseLife(1)),
         Loyalty(Destroy(), targets=("creature",)),
         Loyalty(Emblem(When(DRAWS, LoseLife(2)), text=OB_NIXILIS, to="target"), targets=("opponent",))),
    card("Grist, the Hunger Tide",
         CreatureWhileNotOnBattlefield(1, 1, ("Insect",)),
         Loyalty(Mill(1, first=(Token("Insect 1/1"),), if_milled="subtype", subtype="Insect", then=(Counters("loyalty"),),
                      repeat=True)),
         Loyalty(MaySacrifice(Target(("Creature",)), then=(Reflexive(Destroy(), targets=("creature_or_planeswalker",)),))),
         Loyalty(LoseLife(Count("cards_in_graveyard", types=("Creature",)), who="each_opponent"))),
):
    register(defn)
