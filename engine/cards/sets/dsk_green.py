"""Green Duskmourn cards on the card layer (helper cards_g). One ability per non-keyword
Oracle line; their vocabulary is in engine/cards/vocab/. Each ability has
a scenario under tests/scenarios/dsk/ named after its card."""
from __future__ import annotations

from engine.cards.layer.abilities import (YOUR_CREATURES, YOUR_LANDS, AbilityGroup, Activate, Choose, Gets, Option,
                                          Spell, Static, When, WhenAny)
from engine.cards.layer.build import card
from engine.cards.mechanics.delirium import DELIRIUM, CardTypesInGraveyard, Delirium
from engine.cards.mechanics.manifest_dread import ManifestDread, ManifestDreadThenCounter
from engine.cards.mechanics.rooms import IsRoom
from engine.cards.mechanics.survival import Survival
from engine.cards.model import Activated, CardDef
from engine.cards.sets import register, register_token
from engine.cards.vocab.becomes import Becomes
from engine.cards.vocab.core import TARGET, THIS, If, May
from engine.cards.vocab.costs import AdditionalCost
from engine.cards.vocab.counters import Counters
from engine.cards.vocab.counts import X, Count, CountersOnThis
from engine.cards.vocab.damage import Damage, TargetsDealPower
from engine.cards.vocab.events import ATTACKS, DIES, ENTERS, UNLOCK, EventIs
from engine.cards.vocab.face_down import TurnFaceUp
from engine.cards.vocab.graveyard import GraveyardSpellsThisTurn, ReturnFromGraveyard
from engine.cards.vocab.hand import DiscardOrPayThen, Draw, PutFromHand
from engine.cards.vocab.library import Mill, ShuffleIntoLibraries
from engine.cards.vocab.search import Search
from engine.cards.vocab.mana import ManaAbility
from engine.cards.vocab.player_rules import OpeningHand, PlayerRule
from engine.cards.vocab.pump import Pump, PumpCreatures
from engine.cards.vocab.reanimate import ReturnIt, ReturnTargetToBattlefield
from engine.cards.vocab.reflexive import Reflexive
from engine.cards.vocab.removal import Destroy
from engine.cards.vocab.tapping import Tap
from engine.cards.vocab.targets import (PERMANENT_TYPES, UNTAPPED_CREATURE_YOU_CONTROL, GraveyardCard, Permanent,
                                        TargetWord)
from engine.cards.vocab.those_cards import FromAmongThem
from engine.cards.vocab.tokens import Token
from engine.cards.vocab.conditions import AtLeast
from engine.rules.payment import GRANTED_MANA
from engine.rules.triggers import LANDS_MILLED
from engine.rules.rule_changes import RuleChange

# "a tapped colorless land token named Everywhere that is every basic land type" (Overlord of
# the Hauntwoods): the five basic land types, so the five intrinsic mana abilities (CR 305.6);
# not Basic (release notes, Herrscher des Spukgehölzes). Its German and Italian names are the
# card's printed text's ("namens Überall", "chiamata Ovunque": MTGJSON, assets/cards/dsk.json).
register_token(CardDef("Everywhere", token=True, activated=[Activated(
    tap=True, mana=("W", "U", "B", "R", "G"), label="{T}: Add {W}, {U}, {B}, {R}, or {G}.")]),
    {"name": "Everywhere", "type_line": "Land — Plains Island Swamp Mountain Forest", "colors": [],
     "text": "({T}: Add {W}, {U}, {B}, {R}, or {G}.)", "name_de": "Überall", "name_it": "Ovunque"})

# "a 2/2 green Spider creature token with reach" (Twitching Doll)
register_token(CardDef("Spider", token=True),
               {"name": "Spider", "type_line": "Creature — Spider", "colors": ["G"], "power": "2", "toughness": "2",
                "text": "Reach", "keywords": ["reach"]})

KONA = ("Survival — At the beginning of your second main phase, if Kona is tapped, you may put a permanent card "
        "from your hand onto the battlefield.")
PARTING = ("The owner of target artifact or enchantment an opponent controls shuffles it into their library. "
           "You may shuffle up to four target cards from your graveyard into your library.")
ANTHROPEDE = "When this creature enters, you may discard a card or pay {2}. When you do, destroy target Room."
SHREDDER = "Whenever this Vehicle attacks, you may mill two cards."
FUNGUS = "• Draw a card. Then you may put a land card from your hand onto the battlefield tapped."
SHRIEKER = "{1}{G}: Reveal target face-down permanent. If it's a creature card, you may turn it face up."

for defn in (
    card("Moldering Gym // Weight Room", When(UNLOCK, Search(basic_land=True, to_battlefield_tapped=True)),
         When(UNLOCK, ManifestDreadThenCounter(n=3))),
    card("Overlord of the Hauntwoods", WhenAny((ENTERS, ATTACKS), Token("Everywhere", tapped=True))),
    card("Kona, Rescue Beastie", Survival(PutFromHand(line=KONA))),
    card("Valgavoth's Onslaught", Spell(ManifestDreadThenCounter(n=X, times=X))),
    card("Hauntwoods Shrieker", When(ATTACKS, ManifestDread()),
         Activate("{1}{G}", TurnFaceUp(TARGET, reveal=True, line=SHRIEKER), targets=(TargetWord(face_down=True),))),
    card("Altanak, the Thrice-Called",
         When("becomes_target", Draw(1), condition=EventIs(obj="this", controller="opponent")),
         Activate("{1}{G}", ReturnTargetToBattlefield(tapped=True), zone="hand", discard=True,
                  targets=(GraveyardCard(("Land",)),))),
    # the creature an opponent controls is announced first, then one or two of yours (the
    # optional second target last: CR 601.2c lets "one or two" stop there)
    card("Coordinated Clobbering", Spell(TargetsDealPower("first_target", tap=True), targets=(
        "creature_opponent_controls", UNTAPPED_CREATURE_YOU_CONTROL,
        Permanent(("Creature",), untapped=True, yours=True, up_to=True)))),
    card("Rootwise Survivor",
         Survival(Counters("+1/+1", 3, on=TARGET),
                  Becomes(("Creature",), ("Elemental",), power=0, toughness=0, until="never"),
                                       Pump(0, 0, ("haste",), on=TARGET, until="your_next_turn"),
                                       targets=(Permanent(("Land",), yours=True, up_to=True),))),
    card("Tyvar, the Pummeler", Activate("", Pump(0, 0, ("indestructible",)), Tap(on=THIS),
                                         tap_other=Permanent(("Creature",), untapped=True)),
         Activate("{3}{G}{G}", PumpCreatures(by=Count("greatest_power")))),
    card("Say Its Name", Spell(Mill(3), ReturnFromGraveyard(("Creature", "Land"))),
         Activate("", Search(named="Altanak, the Thrice-Called", zones=("graveyard", "hand", "library")), zone="graveyard", exile_named=2,
                  sorcery=True)),
    card("Balustrade Wurm",
         Delirium(Activate("{2}{G}{G}", ReturnIt(what="this", counters=(("finality", 1),)), zone="graveyard",
                           sorcery=True,
                           condition=DELIRIUM))),
    card("Omnivorous Flytrap", Delirium(AbilityGroup(tuple(
        When(event, Counters("+1/+1", 2, on="divided"),
             If(AtLeast(CardTypesInGraveyard(), 6), (Counters("+1/+1", "double", on="each_target"),)),
             targets=("creature", "creature_up_to_one"), condition=DELIRIUM, resolve_if=DELIRIUM)
        for event in (ENTERS, ATTACKS))))),
    card("Cathartic Parting", Spell(
        ShuffleIntoLibraries(),
        May(ShuffleIntoLibraries(indices=(1, 2, 3, 4), yours=True), line=PARTING),
        targets=(Permanent(("Artifact", "Enchantment"), opponent=True),
                 *(GraveyardCard(up_to=True) for _ in range(4))))),
    card("Anthropede", When(ENTERS, DiscardOrPayThen("{2}", line=ANTHROPEDE,
                                                     then=Reflexive(Destroy(), targets=(IsRoom(),))))),
    card("Enduring Vitality", Static(Gets(flags=(GRANTED_MANA,), on=YOUR_CREATURES)),
         When(DIES, ReturnIt(only_enchantment=True))),
    card("Greenhouse // Rickety Gazebo", Static(Gets(flags=(GRANTED_MANA,), on=YOUR_LANDS)),
         When(UNLOCK, Mill(4), FromAmongThem(2, types=PERMANENT_TYPES))),
    card("Monstrous Emergence", AdditionalCost("choose", Permanent(("Creature",)), reveal=("Creature",)),
         Spell(Damage(Count("ability", key="chosen_power")), targets=("creature",))),
    card("Walk-In Closet // Forgotten Cellar", PlayerRule(RuleChange.PLAY_LANDS_FROM_GRAVEYARD),
         When(UNLOCK, GraveyardSpellsThisTurn())),
    card("Insidious Fungus", Activate("{2}", sacrifice=True, choose=Choose(
        Option(Destroy(), targets=("artifact",)),
        Option(Destroy(), targets=("enchantment",)),
        Option(Draw(1), PutFromHand(("Land",), tapped=True, line=FUNGUS))))),
    card("Fear of Exposure", AdditionalCost("tap", Permanent(("Creature", "Land"), untapped=True), n=2)),
    card("Leyline of Mutation", OpeningHand(), PlayerRule(RuleChange.ALT_COST_WUBRG)),
    # its second ability makes mana only for turning a permanent face up; it is used while that
    # special action is paid (engine/rules/payment.py mana_sources, Alternative), not activated on its own
    card("Overgrown Zealot", ManaAbility(), ManaAbility(amount=2, spend_only=("face_up",))),
    card("Hedge Shredder", When(ATTACKS, May(Mill(2), line=SHREDDER)),
         When(LANDS_MILLED, ReturnIt(tapped=True, mine=True, what="event_cards"))),  # Crew 1: mechanics/crew.py
    card("Twitching Doll", ManaAbility(counter="nest"),
         Activate("", Token("Spider", CountersOnThis()), tap=True, sacrifice=True, sorcery=True)),
):
    register(defn)
