"""Duskmourn Commander (DSC) deck reprints: enchantments (issue #28 part 2) — triggered
enchantments, Auras and Sagas (CR 714, engine/cards/mechanics/saga.py), each written as data
over the general vocabulary. Each ability has a scenario under tests/scenarios/dsc_reprints/."""
from __future__ import annotations

from engine.cards.layer.abilities import Option, When
from engine.cards.layer.build import card
from engine.cards.mechanics.eerie import PERMANENT_ENTERS
from engine.cards.mechanics.landfall import Landfall
from engine.cards.mechanics.saga import Chapter
from engine.cards.model import CardDef
from engine.cards.sets import register, register_token
from engine.cards.vocab.conditions import CreatureDiedThisTurn
from engine.cards.vocab.core import EVENT, May
from engine.cards.vocab.damage import DamageToEventPlayer
from engine.cards.vocab.controllers import ControllerSacrificesOrDamage
from engine.cards.vocab.copies import EntersAsCopy, TokenCopyOfTarget
from engine.cards.vocab.events import CAST, CREATURE_DIES, DRAWS, EACH_END_STEP, END_STEP, ENTERS, UPKEEP, EventIs
from engine.cards.vocab.exile import ExileUntilLeaves
from engine.cards.vocab.groups import Yours
from engine.cards.vocab.hand import Discards, Draw
from engine.cards.vocab.library import Mill, Scry
from engine.cards.vocab.search import Search
from engine.cards.vocab.mass import RandomFromGraveyard
from engine.cards.vocab.options import MayPay
from engine.cards.vocab.tapping import Tap
from engine.cards.vocab.life import GainLife, LoseLife
from engine.cards.vocab.pump import Pump, PumpCreatures
from engine.cards.vocab.reanimate import ReturnTargetToBattlefield
from engine.cards.vocab.removal import Destroy
from engine.cards.vocab.sacrifice import Sacrifices
from engine.cards.vocab.spells_cast import SpellCast
from engine.cards.vocab.targets import CardInAGraveyard, OpponentsPermanent, TargetWord
from engine.cards.vocab.tokens import Token

# "a 1/1 white Human Soldier creature token" (Bastion of Remembrance)
register_token(CardDef("Human Soldier", token=True),
               {"name": "Human Soldier", "type_line": "Creature — Human Soldier", "colors": ["W"],
                "power": "1", "toughness": "1", "text": ""})

NONLAND_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Planeswalker")
MORBID_DRAW = "you may draw a card."
TURNED_FACE_UP = "turned_face_up"  # "Whenever a permanent you control is turned face up" (CR 708.8)
DRAW_STEP = "each_step:draw"  # "At the beginning of each player's draw step" (CR 504.1, 603.2)

for defn in (
    card("Bastion of Remembrance", When(ENTERS, Token("Human Soldier")),
         When(CREATURE_DIES, LoseLife(1, who="each_opponent"), GainLife(1), condition=EventIs(controller="you"))),
    card("Deathreap Ritual",
         When(EACH_END_STEP, May(Draw(1), line=MORBID_DRAW), condition=CreatureDiedThisTurn(),
              resolve_if=CreatureDiedThisTurn(), word="Morbid")),
    card("Sigil of the Empty Throne",
         When(CAST, Token("Angel 4/4"), condition=SpellCast("you", types=("Enchantment",)))),
    card("Monologue Tax",
         When(CAST, Token("Treasure"), condition=EventIs(player="opponent", first_this_turn="spells_cast", nth=2))),
    card("Spiteful Visions", When(DRAW_STEP, Draw(1, who="active")), When(DRAWS, DamageToEventPlayer(1))),
    card("Cast Out", When(ENTERS, ExileUntilLeaves(), targets=(OpponentsPermanent(nonland=True),))),
    card("Trail of Mystery",
         When(PERMANENT_ENTERS, May(Search(basic_land=True), line="you may search your library for a basic land card."),
              condition=EventIs(obj="your_creature", face_down=True)),
         When(TURNED_FACE_UP, Pump(2, 2, on=EVENT), condition=EventIs(obj="your_creature"))),
    card("Wilderness Reclamation", When(END_STEP, Tap(on=Yours(("Land",), other=False), untap=True))),
    card("Enchanter's Bane", When(END_STEP, ControllerSacrificesOrDamage("mana_value", by="target"),
                                  targets=("enchantment",))),
    card("Mirrormade", EntersAsCopy(types=("Artifact", "Enchantment"))),
    card("Extravagant Replication",
         When(UPKEEP, TokenCopyOfTarget(), targets=(TargetWord(types=NONLAND_TYPES, yours=True, another=True),))),
    card("Retreat to Coralhelm", Landfall(Option(Tap(untap="may_either"), targets=("creature",)), Option(Scry(1)))),
    # extort (CR 702.101a) written as the triggered ability it stands for: "you gain that much
    # life" — the life the opponents lost (ruling: not the number of opponents)
    card("Life Insurance",
         When(CAST, MayPay("{W/B}", LoseLife(1, who="each_opponent", gain_lost=True)),
              condition=SpellCast("you")),
         When(CREATURE_DIES, LoseLife(1), Token("Treasure"), condition=EventIs(nontoken=True))),
    card("Deadbridge Chant", When(ENTERS, Mill(10)), When(UPKEEP, RandomFromGraveyard(otherwise="hand"))),
    # Sagas (CR 714): one chapter ability per chapter line
    card("The Eldest Reborn",
         Chapter(Sacrifices(("Creature", "Planeswalker"))),
         Chapter(Discards(1)),
         Chapter(ReturnTargetToBattlefield(), targets=(CardInAGraveyard(("Creature", "Planeswalker")),))),
    card("Binding the Old Gods",
         Chapter(Destroy(), targets=(OpponentsPermanent(nonland=True),)),
         Chapter(Search("Forest", to_battlefield_tapped=True)),
         Chapter(PumpCreatures(0, 0, ("deathtouch",)))),
):
    register(defn)
