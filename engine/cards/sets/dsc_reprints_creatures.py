"""The creatures reprinted in the four Duskmourn Commander decks (assets/cards/dsc_decks.json),
written as data over the general vocabulary: enters and dies triggers, "whenever a creature
... enters / dies", static pumps and activated abilities. Each ability has a scenario under
tests/scenarios/dsc_reprints/."""
from __future__ import annotations

from engine.cards.layer.abilities import AbilityGroup, Activate, Gets, Static, Target, When, WhenAny
from engine.cards.layer.build import card
from engine.cards.mechanics.delirium import DELIRIUM, Delirium
from engine.cards.mechanics.eerie import PERMANENT_ENTERS
from engine.cards.mechanics.landfall import Landfall
from engine.cards.model import CardDef
from engine.cards.sets import register, register_token
from engine.cards.vocab.conditions import AtLeast, Controls
from engine.cards.vocab.copies import TokenCopyOfTarget
from engine.cards.vocab.core import THIS, AllOf, If, May
from engine.cards.vocab.costs import ActivateWith, Discount
from engine.cards.vocab.counters import Counters
from engine.cards.vocab.counts import Count
from engine.cards.vocab.damage import EVENT_AMOUNT, Damage, DamageEventAmount, DamageToEventPlayer, Fight
from engine.cards.vocab.events import END_STEP, ATTACKS, CARD_TO_GRAVEYARD, CAST, COMBAT_DAMAGE_PLAYER, CREATURE_DIES, DAMAGED, \
    DIES, DRAWS, ENTERS, LEAVE_GRAVEYARD, PERMANENT_TO_GRAVEYARD, SACRIFICED, TURNED_FACE_UP, UPKEEP, EventIs
from engine.cards.vocab.exile import ExileTopMayPlay
from engine.cards.vocab.face_down import Manifest
from engine.cards.vocab.graveyard import ReturnTargetCard
from engine.cards.vocab.groups import Grants, Yours
from engine.cards.vocab.hand import Draw, DrawThatMany, MaxHandSize
from engine.cards.vocab.library import Mill, Scry, ShuffleIntoLibraries, Surveil
from engine.cards.vocab.search import Search, SearchBasicLands
from engine.cards.vocab.life import GainLife, LoseLife, TargetLoses
from engine.cards.vocab.player_rules import PlayerRule
from engine.cards.vocab.pump import Pump, PumpCreatures, RulesFlag
from engine.cards.vocab.reflexive import Reflexive
from engine.cards.vocab.removal import Bounce, Destroy, ExileTarget, ReturnYours
from engine.cards.vocab.sacrifice import MaySacrifice
from engine.cards.vocab.spells_cast import DamageEqualSpellMV, SpellCast
from engine.cards.vocab.tapping import Tap
from engine.cards.vocab.targets import CardInAGraveyard, GraveyardCard, TargetWord
from engine.cards.vocab.tokens import Token
from engine.rules.rule_changes import ObjectRule, RuleChange
from engine.rules.triggers import OPPONENTS


# "four 1/1 green Insect creature tokens with flying and deathtouch" (Hornet Queen, CR 111.4)
register_token(CardDef("Insect 1/1 flying deathtouch", token=True),
               {"name": "Insect", "def": "Insect 1/1 flying deathtouch", "type_line": "Creature — Insect",
                "colors": ["G"], "power": "1", "toughness": "1", "text": "Flying, deathtouch",
                "keywords": ["flying", "deathtouch"]})

# "three 1/2 green Spider creature tokens with reach" (Ishkanah, Grafwidow)
register_token(CardDef("Spider 1/2 reach", token=True),
               {"name": "Spider", "def": "Spider 1/2 reach", "type_line": "Creature — Spider", "colors": ["G"],
                "power": "1", "toughness": "2", "text": "Reach", "keywords": ["reach"]})
# "a 1/1 green Insect creature token" (Scute Swarm)
register_token(CardDef("Insect 1/1 green", token=True),
               {"name": "Insect", "def": "Insect 1/1 green", "type_line": "Creature — Insect", "colors": ["G"],
                "power": "1", "toughness": "1", "text": ""})
# "a 5/3 green Elemental creature token" (Titania, Nature's Force)
register_token(CardDef("Elemental 5/3", token=True),
               {"name": "Elemental", "def": "Elemental 5/3", "type_line": "Creature — Elemental", "colors": ["G"],
                "power": "5", "toughness": "3", "text": ""})
# "three 5/5 green Wurm creature tokens with trample" (Worldspine Wurm)
register_token(CardDef("Wurm 5/5 trample", token=True),
               {"name": "Wurm", "def": "Wurm 5/5 trample", "type_line": "Creature — Wurm", "colors": ["G"],
                "power": "5", "toughness": "5", "text": "Trample", "keywords": ["trample"]})

_ANOTHER_CREATURE_OPPONENT = EventIs(controller="opponent", types=("Creature",))

for defn in (
    # --- lands from the library ---
    card("Solemn Simulacrum", When(ENTERS, May(SearchBasicLands())), When(DIES, May(Draw(1)))),
    card("Sakura-Tribe Elder", Activate("", SearchBasicLands(), sacrifice=True)),
    card("Burnished Hart", Activate("{3}", SearchBasicLands(2), sacrifice=True)),
    card("Yavimaya Elder", When(DIES, May(SearchBasicLands(2, to="hand"))),
         Activate("{2}", Draw(1), sacrifice=True)),
    card("Greater Tanuki",  # Channel (an ability word): the cost is paid from the hand (CR 602.2)
         Activate("{2}{G}", SearchBasicLands(), zone="hand", discard=True)),
    card("Citanul Hierophants", Static(Grants("{T}: Add {G}.", to=Yours(other=False)))),
    card("Tatyova, Benthic Druid", Landfall(GainLife(1), Draw(1))),
    # --- cards and life ---
    card("Mesa Enchantress", When(CAST, May(Draw(1)), condition=SpellCast("you", types=("Enchantment",)))),
    card("Fate Unraveler", When(DRAWS, DamageToEventPlayer(1), condition=EventIs(player="opponent"))),
    card("Stormfist Crusader", When(UPKEEP, Draw(1, who="each_player"), LoseLife(1, who="each_player"))),
    card("Blood Seeker", When(PERMANENT_ENTERS, May(LoseLife(1, who="event_controller")),
                              condition=_ANOTHER_CREATURE_OPPONENT)),
    card("Blood Artist", When(CREATURE_DIES, TargetLoses(1), GainLife(1), targets=("player",))),
    card("Falkenrath Noble", When(CREATURE_DIES, TargetLoses(1), GainLife(1), targets=("player",))),
    card("Morbid Opportunist", When(CREATURE_DIES, Draw(1), condition=EventIs(obj="another"), once_each_turn=True)),
    card("Massacre Wurm", When(ENTERS, PumpCreatures(-2, -2, whose="opponents")),
         When(CREATURE_DIES, LoseLife(2, who="event_controller"), condition=EventIs(controller="opponent"))),
    card("Nightshade Harvester", When(PERMANENT_ENTERS, LoseLife(1, who="event_controller"), Counters("+1/+1"),
                                      condition=EventIs(controller="opponent", types=("Land",)))),
    card("Rampaging Ferocidon", PlayerRule(RuleChange.PLAYERS_CANT_GAIN_LIFE),  # read by engine/rules/life.py
         When(PERMANENT_ENTERS, DamageToEventPlayer(1, key="controller"),
              condition=EventIs(obj="another", types=("Creature",)))),
    card("Kaervek the Merciless", When(CAST, DamageEqualSpellMV(), targets=("any",), condition=SpellCast("opponent"))),
    card("Mayhem Devil", When(SACRIFICED, Damage(1), targets=("any",))),
    # --- combat damage ---
    card("Hydra Omnivore", When(COMBAT_DAMAGE_PLAYER, Damage(EVENT_AMOUNT, to="each_other_opponent"),
                                condition=EventIs(player="opponent"))),
    card("Trygon Predator", When(COMBAT_DAMAGE_PLAYER, May(Destroy()),
        targets=(TargetWord(types=("Artifact", "Enchantment"), controller="event_player"),))),
    # --- graveyard ---
    card("Auramancer", When(ENTERS, May(ReturnTargetCard()), targets=(GraveyardCard(("Enchantment",), up_to=True),))),
    card("Stitcher's Supplier", WhenAny((ENTERS, DIES), Mill(3))),
    card("Haywire Mite", When(DIES, GainLife(2)),
         Activate("{G}", ExileTarget(), sacrifice=True,
                  targets=(TargetWord(types=("Artifact", "Enchantment"), not_types=("Creature",)),))),
    # --- tokens, pumps, keywords ---
    card("Hornet Queen", When(ENTERS, Token("Insect 1/1 flying deathtouch", 4))),
    card("Gnarlwood Dryad", Delirium(Static(Gets(2, 2), DELIRIUM))),
    # --- characteristic-defining power and toughness, counts ---
    card("Body of Knowledge", Static(Gets(pt_is=Count("cards_in_hand"))),
         Static(MaxHandSize()), When(DAMAGED, DrawThatMany(), condition=EventIs(obj="this"))),
    card("Carrion Grub", Static(Gets(1, 0, per=Count("greatest_power_in_graveyard"))), When(ENTERS, Mill(4))),
    card("Moldgraf Millipede",
         When(ENTERS, Mill(3), Counters("+1/+1", Count("cards_in_graveyard", types=("Creature",))))),
    card("Gray Merchant of Asphodel",
         When(ENTERS, LoseLife(Count("devotion", key="B"), who="each_opponent", gain_lost=True))),
    # --- delirium ---
    card("Deathcap Cultivator", Delirium(Static(Gets(keywords=("deathtouch",)), DELIRIUM))),
    card("Grim Flayer", When(COMBAT_DAMAGE_PLAYER, Surveil(3)), Delirium(Static(Gets(2, 2), DELIRIUM))),
    card("Ishkanah, Grafwidow",
         Delirium(When(ENTERS, Token("Spider 1/2 reach", 3), condition=DELIRIUM, resolve_if=DELIRIUM)),
         Activate("{6}{B}", TargetLoses(Count("permanents", type="Spider")), targets=("opponent",))),
    card("Obsessive Skinner", When(ENTERS, Counters("+1/+1", on="target"), targets=("creature",)),
         Delirium(When(UPKEEP + OPPONENTS, Counters("+1/+1", on="target"), targets=("creature",),
                       condition=DELIRIUM, resolve_if=DELIRIUM))),
    # --- enchantments ---
    card("Starfield Mystic", Discount("Enchantment", 1),
         When(PERMANENT_TO_GRAVEYARD, Counters("+1/+1"), condition=EventIs(controller="you", types=("Enchantment",)))),
    card("Doomwake Giant", When(PERMANENT_ENTERS, PumpCreatures(-1, -1, whose="opponents"),
                                condition=EventIs(controller="you", types=("Enchantment",)), word="Constellation")),
    card("Aesi, Tyrant of Gyre Strait", PlayerRule(RuleChange.ADDITIONAL_LAND), Landfall(May(Draw(1)))),
    card("Skola Grovedancer", When(CARD_TO_GRAVEYARD, GainLife(1), condition=EventIs(player="you", types=("Land",))),
         Activate("{2}{G}", Mill(1))),
    card("Worldspine Wurm", When(DIES, Token("Wurm 5/5 trample", 3)),
         When(CARD_TO_GRAVEYARD, ShuffleIntoLibraries(("this_card",)), condition=EventIs(obj="this"),
              zone="graveyard")),
    card("Prognostic Sphinx", ActivateWith("", Pump(0, 0, ("hexproof",)), Tap(on=THIS), discard=1),
         When(ATTACKS, Scry(3))),
    card("Brash Taunter", When(DAMAGED, DamageEventAmount(), targets=("opponent",), condition=EventIs(obj="this")),
         Activate("{2}{R}", Fight(), tap=True, targets=(TargetWord("creature", another=True),))),
    # --- copies ---
    card("Giant Adephage", When(COMBAT_DAMAGE_PLAYER, TokenCopyOfTarget(of="this"))),
    card("Scute Swarm", Landfall(If(AtLeast(Count("permanents", type="Land"), 6), (TokenCopyOfTarget(of="this"),),
                                    (Token("Insect 1/1 green"),)))),
    card("Ondu Spiritdancer", When(PERMANENT_ENTERS, May(TokenCopyOfTarget(of="event"), once_each_turn=True),
                                   condition=EventIs(controller="you", types=("Enchantment",)))),
    card("Nightmare Shepherd",
         When(CREATURE_DIES, May(ExileTarget(of="event_card"), then=(TokenCopyOfTarget(1, 1, add_subtypes=("Nightmare",), of="event"),)),
              condition=EventIs(controller="you", obj="another", nontoken=True))),
    # --- removal, graveyards ---
    card("Noxious Gearhulk", When(ENTERS, May(Destroy(gain="toughness")),
                                  targets=(TargetWord("creature", another=True),))),
    card("Scavenging Ooze", Activate("{G}", ExileTarget(if_types=("Creature",), then=(Counters("+1/+1"), GainLife(1))),
                                     targets=(CardInAGraveyard(),))),
    card("Syr Konrad, the Grim", AbilityGroup((
        When(CREATURE_DIES, Damage(1, to="each_opponent"), condition=EventIs(obj="another")),
        When(CARD_TO_GRAVEYARD, Damage(1, to="each_opponent"),
             condition=EventIs(types=("Creature",), from_zone="not:battlefield")),
        When(LEAVE_GRAVEYARD, Damage(1, to="each_opponent"), condition=EventIs(player="you", types=("Creature",))))),
         Activate("{1}{B}", Mill(1, who="each_player"))),
    card("Moon-Blessed Cleric", When(ENTERS, May(Search(card_type="Enchantment", to_top=True)),
                                     word="Divine Intervention")),
    card("Archetype of Imagination", Static(Gets(keywords=("flying",), on=Yours(other=False))),
         Static(Gets(cant_have=("flying",), on=Yours(opponents=True)))),
    card("Kederekt Parasite", When(DRAWS, May(DamageToEventPlayer(1)),
                                   condition=AllOf((EventIs(player="opponent"), Controls(color="R"))),
                                   resolve_if=Controls(color="R"))),
    # --- Gods (CR 700.5 devotion) ---
    card("Mogis, God of Slaughter",
         Static(Gets(lose_types=("Creature",)), condition=AtLeast(Count("devotion", key="BR"), 7), negate=True),
         When(UPKEEP + OPPONENTS, MaySacrifice(Target(("Creature",)), who="event_player",
                                               otherwise=(DamageToEventPlayer(2),),
                                               line="At the beginning of each opponent's upkeep, Mogis deals 2 damage "
                                                    "to that player unless they sacrifice a creature of their choice."))),
    card("Thunderfoot Baloth",  # (it has trample itself: "other creatures ... have trample" adds nothing to it)
         Static(Gets(2, 2, ("trample",), on=Yours(other=False)), condition=Controls(commander=True), word="Lieutenant")),
    card("Kefnet the Mindful",
         Static(Gets(flags=(ObjectRule.CANT_ATTACK, ObjectRule.CANT_BLOCK)), condition=AtLeast(Count("cards_in_hand"), 7), negate=True),
         Activate("{3}{U}", Draw(1), ReturnYours(("Land",), may=True))),
    card("Titania, Nature's Force", PlayerRule(RuleChange.PLAY_FORESTS_FROM_GRAVEYARD),  # read by engine/format.py
         When(PERMANENT_ENTERS, Token("Elemental 5/3"), condition=EventIs(controller="you", subtype="Forest")),
         When(CREATURE_DIES, May(Mill(3)), condition=EventIs(controller="you", subtype="Elemental"))),
    card("Verge Rangers", PlayerRule(RuleChange.LOOK_AT_LIBRARY_TOP),
         PlayerRule(RuleChange.PLAY_LANDS_FROM_LIBRARY_TOP_IF_BEHIND)),  # read by engine/format.py
    card("Dream Eater", When(ENTERS, Surveil(4, then=Reflexive(
        May(Bounce()), targets=(TargetWord("permanent", opponent=True, not_types=("Land",)),))))),
    card("Temur War Shaman", When(ENTERS, Manifest()),
         When(TURNED_FACE_UP, May(Fight(who="event")), targets=(TargetWord("creature", not_yours=True),),
              condition=EventIs(player="you", types=("Creature",)))),
    card("Arvinox, the Mind Flail",
         Static(Gets(lose_types=("Creature",)), condition=AtLeast(Count("permanents", whose="not_owned"), 3), negate=True),
         When(END_STEP, ExileTopMayPlay(of="bottom", whose="each_opponent", face_down=True, until="exiled",
                                        cast="permanent_spells", any_color=True))),
    card("Suspicious Bookcase", Activate("{3}", RulesFlag(ObjectRule.CANT_BE_BLOCKED, on="target"), tap=True,
                                         targets=("creature",))),
):
    register(defn)
