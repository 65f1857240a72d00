"""Duskmourn Commander (DSC) deck reprints, the fifth part (issue #28 part 2): the harder
spells, enchantments and creatures left by the first four — attack restrictions (CR 508.1c),
prevention for the turn (CR 615), fights of many tokens (CR 701.12) — each written as data
over the general vocabulary. Each ability has a scenario under tests/scenarios/dsc_reprints/."""
from __future__ import annotations

from engine.cards.layer.abilities import ATTACHED, Activate, Choose, Gets, Option, Spell, Static, When
from engine.cards.layer.build import card
from engine.cards.model import CardDef
from engine.cards.sets import register, register_token
from engine.cards.vocab.attack_requirements import CantAttackYou
from engine.cards.vocab.conditions import AtLeast, Turn
from engine.cards.vocab.costs import Discount
from engine.cards.mechanics.kicker import ALT as KICKER
from engine.cards.vocab.core import TARGET, If, May
from engine.cards.vocab.counters import Counters
from engine.cards.vocab.counts import Count
from engine.cards.vocab.exile import ExileTopMayPlay
from engine.cards.vocab.events import CARD_TO_GRAVEYARD, CAST, END_STEP, ENTERS, SECOND_MAIN, UPKEEP, EventIs
from engine.cards.vocab.hand import Draw
from engine.cards.vocab.damage import Damage, Fight
from engine.cards.vocab.library import Mill
from engine.cards.vocab.life import GainLife, LoseLife
from engine.cards.vocab.mass import ExileAllThenTokenEach
from engine.cards.vocab.player_rules import CastOnlyIf, FlashFor, PlayerRule
from engine.rules.rule_changes import RuleChange
from engine.cards.vocab.prevention import Prevent
from engine.cards.vocab.removal import ExileTarget
from engine.cards.vocab.sacrifice import MaySacrifice
from engine.cards.vocab.reanimate import ReturnTargetToBattlefield
from engine.cards.vocab.targets import PERMANENT_TYPES, GraveyardCard, TargetWord
from engine.cards.vocab.reveal import RevealTopMayCastFree, RevealUntil, TopCards
from engine.cards.vocab.spells_cast import SpellCast
from engine.cards.vocab.tokens import Token, TokenSized, TokensFightEach

# "a 5/5 green Wurm creature token" (Sandwurm Convergence)
register_token(CardDef("Wurm 5/5", token=True),
               {"name": "Wurm", "def": "Wurm 5/5", "type_line": "Creature — Wurm", "colors": ["G"],
                "power": "5", "toughness": "5", "text": ""})
# "a 2/1 white and black Inkling creature token with flying" (Inkshield)
register_token(CardDef("Inkling 2/1", token=True),
               {"name": "Inkling", "def": "Inkling 2/1", "type_line": "Creature — Inkling", "colors": ["W", "B"],
                "power": "2", "toughness": "1", "text": "Flying", "keywords": ["flying"]})
# "a 4/4 green Phyrexian Beast creature token" (Ezuri's Predation); named in German and Italian
# as its printed text names it ("Phyrexianer-Bestie", "Bestia Phyrexiana": assets/cards/dsc_decks.json)
register_token(CardDef("Phyrexian Beast 4/4", token=True),
               {"name": "Phyrexian Beast", "def": "Phyrexian Beast 4/4", "type_line": "Creature — Phyrexian Beast",
                "colors": ["G"], "power": "4", "toughness": "4", "text": "",
                "name_de": "Phyrexianer-Bestie", "name_it": "Bestia Phyrexiana"})
# "a 0/0 green and blue Fractal creature token" (Oversimplify)
register_token(CardDef("Fractal 0/0", token=True),
               {"name": "Fractal", "def": "Fractal 0/0", "type_line": "Creature — Fractal", "colors": ["G", "U"],
                "power": "0", "toughness": "0", "text": ""})

# "an X/X blue Shark creature token with flying" (Shark Typhoon): its size set as it is created
register_token(CardDef("Shark X/X", token=True),
               {"name": "Shark", "def": "Shark X/X", "type_line": "Creature — Shark", "colors": ["U"],
                "power": "0", "toughness": "0", "text": "Flying", "keywords": ["flying"]})

CYCLED = "cycled"  # "When you cycle this card" (engine/rules/activation.py, CR 702.29c)
# Braids's Oracle line: each question shows it, so a player knows what declining costs
BRAIDS_LINE = ("At the beginning of your end step, you may sacrifice an artifact, creature, enchantment, land, or "
               "planeswalker. If you do, each opponent may sacrifice a permanent of their choice that shares a card "
               "type with it. For each opponent who doesn't, that player loses 2 life and you draw a card.")
ARTIFACT_OR_ENCHANTMENT = TargetWord(types=("Artifact", "Enchantment"))

for defn in (
    card("Sandwurm Convergence", Static(CantAttackYou(("flying",))), When(END_STEP, Token("Wurm 5/5"))),
    card("Crawling Sensation",
         When(UPKEEP, May(Mill(2), line="you may mill two cards.")),
         # "one or more ... for the first time each turn": cards put there at once trigger it once
         When(CARD_TO_GRAVEYARD, Token("Insect 1/1 green"), condition=EventIs(player="you", types=("Land",)),
              once_each_turn=True)),
    card("Return to Dust",
         Spell(ExileTarget(), If(Turn(True, main_phase=True, cast=True), (ExileTarget(index=1),)),
               targets=(ARTIFACT_OR_ENCHANTMENT,
                        TargetWord(types=("Artifact", "Enchantment"), up_to=True)))),
    card("Arachnogenesis",
         Spell(Token("Spider 1/2 reach", Count("attacking_you")),
               Prevent(this_turn=True, combat=True, to="", not_subtype="Spider"))),
    card("Inkshield", Spell(Prevent(this_turn=True, combat=True, to="you", token="Inkling 2/1"))),
    card("Ezuri's Predation", Spell(TokensFightEach("Phyrexian Beast 4/4"))),
    card("Oversimplify", Spell(ExileAllThenTokenEach("Fractal 0/0"))),
    card("Shark Typhoon",
         When(CAST, TokenSized("Shark X/X", Count("event", key="spell_mv")), condition=SpellCast("you", not_types=("Creature",))),
         When(CYCLED, TokenSized("Shark X/X", Count("event", key="x")), condition=EventIs(obj="this"), zone="graveyard")),
    card("Inscription of Abundance",
         Choose(Option(Counters("+1/+1", 2, on=TARGET), targets=("creature",)),
                Option(GainLife(Count("greatest_power", key="target_player"), who=TARGET), targets=("player",)),
                Option(Fight(who="target"), targets=(TargetWord("creature", yours=True, word=1),
                                                      TargetWord("creature", not_yours=True, word=2))),
                more_if_alt=KICKER)),
    card("Combustible Gearhulk",
         When(ENTERS, May(Draw(3), who=TARGET, otherwise=(Mill(3, then=(Damage(Count("ability", key="milled_mv")),)),),
                      line="Target opponent may have you draw three cards."),
              targets=("opponent",))),
    card("Vial Smasher the Fierce",
         When(CAST, Damage(Count("event", key="spell_mv"), to="random_opponent"), condition=EventIs(player="you", first_this_turn="spells_cast"))),
    card("Braids, Arisen Nightmare",
         When(END_STEP, MaySacrifice(TargetWord(types=("Artifact", "Creature", "Enchantment", "Land", "Planeswalker")),
                                     then=(MaySacrifice(who="each_opponent", shares_with="sacrificed",
                                                        otherwise=(LoseLife(2, who="that_player"), Draw(1)),
                                                        line=BRAIDS_LINE),),
                                     itself=True, line=BRAIDS_LINE))),
    card("Rakdos, Lord of Riots", CastOnlyIf(AtLeast(Count("opponents_lost_life"))),
         Discount("Creature", 1, per=Count("life_opponents_lost"))),
    card("Florian, Voldaren Scion", When(SECOND_MAIN, TopCards(Count("life_opponents_lost"), take="one", to="exile_play", rest="bottom"))),
    card("Old Stickfingers", When(CAST, RevealUntil(("Creature",), to="graveyard", n="spell_x"), zone="stack"),
         Static(Gets(pt_is=Count("cards_in_graveyard", types=("Creature",))))),
    card("Spirit-Sister's Call",
         When(END_STEP, MaySacrifice(shares_with="target", itself=True,
                                     then=(ReturnTargetToBattlefield(exile_if_leaves=True),)),
              targets=(GraveyardCard(PERMANENT_TYPES),))),
    card("Sphere of Safety", Static(CantAttackYou(tax=Count("permanents", "Enchantment")))),
    card("Theater of Horrors",
         When(UPKEEP, ExileTopMayPlay(until="with_this", rule=RuleChange.PLAY_EXILED_WITH_THIS_IF_OPPONENT_LOST_LIFE)),
         PlayerRule(RuleChange.PLAY_EXILED_WITH_THIS_IF_OPPONENT_LOST_LIFE),
         Activate("{3}{R}", Damage(1), targets=("opponent_or_planeswalker",))),
    card("Rashmi, Eternities Crafter",
         When(CAST, RevealTopMayCastFree(), condition=EventIs(player="you", first_this_turn="spells_cast"))),
    card("One with the Multiverse", PlayerRule(RuleChange.LOOK_AT_LIBRARY_TOP),
         PlayerRule((RuleChange.PLAY_LANDS_FROM_LIBRARY_TOP, RuleChange.CAST_FROM_LIBRARY_TOP)),
         PlayerRule(RuleChange.FREE_CAST_ONCE_EACH_TURN)),
    card("Timely Ward", FlashFor(if_targets=TargetWord(commander=True)), Static(Gets(keywords=("indestructible",), on=ATTACHED))),
):
    register(defn)
