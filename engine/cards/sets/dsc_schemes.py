"""The Archenemy schemes of the Duskmourn Commander decks (CR 314; card data
assets/cards/schemes.json, tools/build_schemes.py). Their abilities work from the command zone
(CR 113.6p: `zone="command"`); the rules of schemes are engine/rules/schemes.py. Each scheme has
scenarios under tests/scenarios/schemes/ quoting its rulings from the release notes."""
from __future__ import annotations

from engine.cards.layer.abilities import Gets, Option, Static, When, WhenChoose
from engine.cards.layer.build import card
from engine.cards.model import CardDef
from engine.cards.sets import register, register_token
from engine.cards.vocab.conditions import AtLeast, LifeAtMost
from engine.cards.vocab.core import CHOSEN, EVENT, TARGET, If, May, Not
from engine.cards.vocab.counts import Count
from engine.cards.vocab.delayed import ExtraTurn, ThisTurn
from engine.cards.vocab.events import ATTACKS, CAST, EACH_END_STEP, END_STEP, UPKEEP, YOU_ATTACK
from engine.cards.vocab.hand import Discards, Draw, MaxHandSize
from engine.cards.vocab.player_rules import PlayerRule
from engine.cards.vocab.pump import Pump, PumpCreatures, RulesFlag
from engine.cards.vocab.prevention import DamagePlus
from engine.cards.vocab.stack import CopySpell
from engine.cards.vocab.targets import PERMANENT_TYPES, TargetWord
from engine.cards.vocab.sacrifice import Sacrifices
from engine.cards.vocab.schemes import (NONLAND, Abandon,
                                        DamageEachNoncommanderOpponentCreature, LandsAtLeast, SetInMotion,
                                        ChooseThreeOpponentPicksGainRest,
                                        PutPermanentPerOpponentCardType, PilesOpponentChooses)
from engine.cards.vocab.library import Mill
from engine.cards.vocab.those_cards import CastWithoutPaying, ChoosePermanents, ExileFromTop, FromAmongThem
from engine.cards.vocab.reflexive import Reflexive
from engine.cards.vocab.groups import YourPermanents, Yours
from engine.cards.vocab.becomes import Becomes, GainControlUntilEot
from engine.cards.vocab.copies import TokenCopyOfTarget
from engine.cards.vocab.mass import DestroyAllCounted
from engine.cards.vocab.life import GainLife
from engine.cards.vocab.players import ChosenPlayerAndYouOnly, RedistributeLifeTotals, UnlessDiscardOrPayLife
from engine.cards.vocab.groups import YourCreatures
from engine.cards.vocab.removal import Destroy, ExileTarget
from engine.cards.vocab.reveal import RevealUntil, TopCards
from engine.rules.rule_changes import ObjectRule, RuleChange
from engine.cards.vocab.damage import DamageEventAmount
from engine.cards.vocab.events import EventIs
from engine.rules.triggers import OPPONENTS, PERMANENT_LEAVES
from engine.cards.vocab.tokens import Token
from engine.cards.vocab.counters import Counters
from engine.rules.schemes import SET_IN_MOTION, YOU_SET_SCHEME

CMD = "command"  # CR 113.6p: a scheme's abilities work in the command zone
SCARECROW = "Scarecrow 4/4 vigilance"  # "a 4/4 colorless Scarecrow artifact creature token with vigilance"
register_token(CardDef(SCARECROW, token=True, keywords=frozenset({"vigilance"})),
               {"name": "Scarecrow", "def": SCARECROW, "type_line": "Artifact Creature — Scarecrow", "colors": [],
                "power": "4", "toughness": "4", "text": "Vigilance", "keywords": ["vigilance"]})
DEMON = "Demon 5/5 flying"  # "a 5/5 black Demon creature token with flying"
register_token(CardDef(DEMON, token=True, keywords=frozenset({"flying"})),
               {"name": "Demon", "def": DEMON, "type_line": "Creature — Demon", "colors": ["B"],
                "power": "5", "toughness": "5", "text": "Flying", "keywords": ["flying"]})
OOZE = "Ooze 2/2 green"  # "a 2/2 green Ooze creature token"
register_token(CardDef(OOZE, token=True),
               {"name": "Ooze", "def": OOZE, "type_line": "Creature — Ooze", "colors": ["G"],
                "power": "2", "toughness": "2", "text": ""})
SIX_LANDS = LandsAtLeast(6)
# "all nonland permanents your opponents control"
OPPONENTS_NONLAND = Yours(PERMANENT_TYPES, other=False, opponents=True, not_types=("Land",))
TWO_DIED = AtLeast(Count("this_turn", key="died"), 2)  # "if two or more creatures died under your control this turn"
DREW_LAST_TURN = AtLeast(Count("this_turn", key="drew_last_turn"))  # "if you drew a card last turn"
BELOW_HALF = LifeAtMost(who="event_player", below_half_starting=True)
# "When combat damage is dealt to you" — once for all of it (the event is once per combat damage
# step for each player, engine/rules/combat_damage.py; its ruling: "nur einmal ausgelöst")
COMBAT_DAMAGE_TO_YOU = EventIs(player="you", combat=True)
_EXILE_UNTIL_NONLAND_CAST = (ExileFromTop(until="nonland"), CastWithoutPaying(of="those"))

for defn in (
    card("Kneel Before My Legions",
         WhenChoose(SET_IN_MOTION, Option(Token(SCARECROW)), Option(PumpCreatures(3, 3, ("vigilance", "trample"))),
                    zone=CMD)),
    card("You Are Unworthy of Mercy",
         When(SET_IN_MOTION, If(SIX_LANDS, (Sacrifices(NONLAND, n=3),), (Sacrifices(NONLAND),)), zone=CMD)),
    card("Plots That Span Centuries", When(SET_IN_MOTION, SetInMotion(next_time=3), zone=CMD)),
    card("My Laughter Echoes",
         When(YOU_SET_SCHEME, May(Abandon(), line="abandon", then=(SetInMotion(of="event"),)), zone=CMD)),
    card("You Will Know True Suffering", When(SET_IN_MOTION, DamageEachNoncommanderOpponentCreature(), zone=CMD)),
    card("Running Is Useless", When(SET_IN_MOTION, ChoosePermanents(any_number=True, different="mana_value"),
                                             Destroy(of="those"), zone=CMD)),
    card("My Tendrils Run Deep", PlayerRule(RuleChange.ADDITIONAL_LAND),
         When(END_STEP, Draw(2), Abandon(), condition=SIX_LANDS, resolve_if=SIX_LANDS, zone=CMD)),
    card("Mine Is the Only Truth", When(CAST, Draw(1), zone=CMD),
         When(UPKEEP, Abandon(), condition=DREW_LAST_TURN, resolve_if=DREW_LAST_TURN, zone=CMD)),
    card("Dark Wings Bring Your Downfall", When(YOU_ATTACK, Token(DEMON, attacking=True), zone=CMD),
         When(EACH_END_STEP, Abandon(), condition=TWO_DIED, resolve_if=TWO_DIED, zone=CMD)),
    card("You Cannot Hide from Me",
         When("step:beginning_of_combat", Pump(2, 2, ("vigilance",), on=TARGET), RulesFlag(ObjectRule.CANT_BE_BLOCKED, on=TARGET),
              targets=(TargetWord("creature", up_to=True),), zone=CMD),
         When(END_STEP + OPPONENTS, Abandon(), condition=BELOW_HALF, zone=CMD)),
    card("I Am Never Alone", When(SET_IN_MOTION, TokenCopyOfTarget(of="your_commander", nonlegendary=True), zone=CMD)),
    card("My Wings Enfold All",
         WhenChoose(SET_IN_MOTION, Option(Draw(2)), Option(ThisTurn("each_instant_or_sorcery", CopySpell(of=EVENT))),
                    zone=CMD)),
    card("I Am Duskmourn", When(END_STEP, CastWithoutPaying(then=(Abandon(),)), zone=CMD)),
    # "exile cards from the top of your library until you exile a nonland card. You may cast that
    # card without paying its mana cost. Then if you control six or more lands, repeat this process once."
    card("No Secret Is Hidden from Me",
         When(SET_IN_MOTION, *_EXILE_UNTIL_NONLAND_CAST, If(SIX_LANDS, _EXILE_UNTIL_NONLAND_CAST), zone=CMD)),
    card("When Will You Learn?",
         When(SET_IN_MOTION, ExileFromTop(whose="each_opponent"), CastWithoutPaying("any", of="those"), zone=CMD)),
    card("Power Without Equal",
         When(SET_IN_MOTION, Draw(3), MaxHandSize(until="your_next_turn"), CastWithoutPaying(3, if_lands=6),
              zone=CMD)),
    # any spell: a copy of a permanent spell becomes a token as it resolves (CR 608.3f, 111.12;
    # engine/rules/priority.py _finish)
    card("Reality Is Mine to Control",
         When(CAST, May(Abandon(), line="abandon", then=(CopySpell(of=EVENT),)),
              condition=EventIs(player="you"), zone=CMD)),
    card("Your Own Face Mocks You",
         When(SET_IN_MOTION, TokenCopyOfTarget(of="each_target"),
              Token(SCARECROW, Count("difference", types=(2, Count("ability", key="copies_made")))),
              targets=(TargetWord("creature", up_to=True, opponent=True), TargetWord("creature", up_to=True, opponent=True)), zone=CMD)),
    card("Your Mistake Is My Triumph",
         When(SET_IN_MOTION, Mill(3, who="each_player"), FromAmongThem(1, types=PERMANENT_TYPES, to="battlefield"),
              zone=CMD)),
    card("My Will Is Irresistible", When(SET_IN_MOTION, ChooseThreeOpponentPicksGainRest(3), targets=("opponent",),
                                         zone=CMD)),
    card("Only I Know What Awaits", When(SET_IN_MOTION, PutPermanentPerOpponentCardType(), zone=CMD)),
    card("Choose Your Demise", When(SET_IN_MOTION, PilesOpponentChooses(4), zone=CMD)),
    card("A Premonition of Your Demise",
         When(SET_IN_MOTION, TopCards(2, take="all"),
              If(AtLeast(Count("those", type="nonland")),
                 (Reflexive(DamageEventAmount(), targets=("any",), amount=Count("those", type="nonland", key="mana_value")),)),
              zone=CMD)),
    card("Choose Your Champion", When(SET_IN_MOTION, ChosenPlayerAndYouOnly(), targets=("opponent",), zone=CMD)),
    card("I Am Untouchable", PlayerRule(RuleChange.HEXPROOF, shares_line=True), Static(Gets(keywords=("hexproof",), on=YourPermanents())),
         When("player_damaged", Token(SCARECROW), Abandon(), condition=COMBAT_DAMAGE_TO_YOU, zone=CMD)),
    card("I Call for Slaughter", When(SET_IN_MOTION, Token("Devil", 3, gain=("haste",)), DamagePlus(1, this_turn=True), zone=CMD)),
    card("I Will Savor Your Agony",
         WhenChoose(SET_IN_MOTION, Option(Destroy(), targets=("creature",)), Option(Draw(1, who=TARGET), targets=("player",)),
                    Option(GainLife(5, who=TARGET), targets=("player",)), choose=3, repeat=True, zone=CMD)),
    card("My Crushing Masterstroke",
         When(SET_IN_MOTION, GainControlUntilEot(OPPONENTS_NONLAND, untap=True, haste=True, attacks_owner=True), zone=CMD)),
    card("You Live Only Because I Will It", When(SET_IN_MOTION, RedistributeLifeTotals(), zone=CMD)),
    card("Your Plans Mean Nothing",
         When(SET_IN_MOTION, Discards("hand", who="each_target"),
              Draw(Count("difference", types=(Count("ability", key="discarded", whose="that_player"), 1)),
                   who="each_opponent"),
              If(AtLeast(Count("ability", key="discarded", whose="controller")), (Draw(7),)),
              targets=(TargetWord("player", up_to=True, any_number=True),), zone=CMD)),
    # reprinted older schemes of the decks (no rulings in the release notes)
    card("Behold the Power of Destruction",
         When(SET_IN_MOTION, DestroyAllCounted((), nonland=True, whose="target"), targets=("opponent",), zone=CMD)),
    card("My Wealth Will Bury You",
         When(SET_IN_MOTION, Token("Treasure", Count("max", types=(Count("permanents", types=("Artifact", "Enchantment"), whose="opponents"), 4))), zone=CMD)),
    card("Your Nightmares Are Delicious",
         When(SET_IN_MOTION, Discards(who="each_opponent", down_to=5),
              If(Not(AtLeast(Count("ability", key="discarded"), 3)), (Draw(3),)), zone=CMD)),
    card("My Followers Ascend",
         When(SET_IN_MOTION, If(AtLeast(Count("permanents", type="Creature")), (Counters("+1/+1", 5, on="your_creature"),
                                             Pump(0, 0, ("flying", "vigilance"), on=CHOSEN)),
                                (Token(SCARECROW),)), zone=CMD)),
    card("Fear My Authority", Static(YourCreatures(2, 2, ("fear",))),
         When(UPKEEP, UnlessDiscardOrPayLife(3, then=(Abandon(),)), zone=CMD)),
    card("My Champion Stands Supreme", Static(Gets(keywords=("ward {2}",), on=Yours(types=(), other=False, commander=True))),
         When(ATTACKS, Counters("+1/+1", 2, on=EVENT), condition=EventIs(obj="your_commander", any_creature=True), zone=CMD),
         When(PERMANENT_LEAVES, Abandon(), condition=EventIs(obj="your_commander", any_creature=True), zone=CMD)),
    card("You Exist Only to Amuse",
         WhenChoose(SET_IN_MOTION, Option(Token("Devil", 3)),
                    Option(Becomes(power=1, toughness=1, on=Yours(other=False, opponents=True), loses_all=True,
                                   until="your_next_turn")),
                    all_if=SIX_LANDS, zone=CMD)),
    card("Chaos Is My Plaything",
         When(SET_IN_MOTION, ExileTarget(of="each_target"),
              RevealUntil(PERMANENT_TYPES, to="battlefield", who="each_player"),
              targets=(TargetWord("permanent", each_opponent=True),), zone=CMD)),
    card("Time Bends to My Will", When(SET_IN_MOTION, ExtraTurn(skip_untap=True), zone=CMD)),
    card("Rot Like the Scum You Are", When(SET_IN_MOTION, Token(OOZE, counters=Count("permanents", "Land", whose="opponents")), zone=CMD)),
):
    register(defn)
