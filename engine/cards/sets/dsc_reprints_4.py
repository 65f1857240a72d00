"""Reprints of the Duskmourn Commander decks (assets/cards/dsc_decks.json), the fourth group:
the harder creatures, spells and enchantments (delayed "whenever a creature dies this turn",
goad-like attack requirements, abilities triggered by activations, costs that exile or return
their source, lands that are creatures), written as data over the general vocabulary. Each
ability has a scenario under tests/scenarios/dsc_reprints/."""
from __future__ import annotations

from engine.cards.layer.abilities import Activate, Gets, Option, Spell, Static, Target, When, WhenAny, WhenChoose
from engine.cards.layer.build import card
from engine.cards.mechanics.goad import OpponentsCreaturesAttackOthers
from engine.cards.mechanics.hideaway import PlayHidden
from engine.cards.sets import register
from engine.cards.vocab.arrange import LookSplit
from engine.cards.vocab.attack_requirements import PumpThisBy
from engine.cards.vocab.conditions import AtLeast
from engine.cards.vocab.costs import AdditionalCost
from engine.cards.vocab.core import TARGET, May
from engine.cards.vocab.counters import Counters, EntersWith
from engine.cards.vocab.counts import Count, CountersOnThis
from engine.cards.vocab.damage import Damage, DamageToEventPlayer
from engine.cards.vocab.delayed import ThisTurn
from engine.cards.vocab.events import ABILITY_ACTIVATED, ATTACKS, CAST, CREATURE_DIES, DIES, END_STEP, ENTERS, \
    PERMANENT_EXILED, TARGETED_BY_SPELL, TURNED_FACE_UP, UPKEEP, EventIs
from engine.cards.vocab.exile import ExileTopMayPlay
from engine.cards.vocab.face_down import Manifest
from engine.cards.vocab.graveyard import CastFromGraveyard, ReturnTargetCard, ReturnThisToHand
from engine.cards.vocab.groups import AreAlso, Yours
from engine.cards.vocab.search import SearchBasicLands
from engine.cards.vocab.library import Mill
from engine.cards.vocab.life import GainLife, LoseLife
from engine.cards.vocab.mass import RandomFromGraveyard
from engine.cards.vocab.player_rules import PlayerRule
from engine.cards.vocab.pump import PumpCreatures
from engine.cards.vocab.reanimate import ReturnIt
from engine.cards.vocab.removal import ExileTarget
from engine.cards.vocab.reveal import TopCards
from engine.cards.vocab.spells_cast import SpellCast
from engine.cards.vocab.stack import Counter
from engine.cards.vocab.targets import GraveyardCard, TargetWord
from engine.rules.rule_changes import RuleChange

_EACH_OTHER_CREATURE_SHRINKS = PumpCreatures(-1, -1, whose="all", other=True)

for defn in (
    card("Nyx Weaver", When(UPKEEP, Mill(2)),
         Activate("{1}{B}{G}", ReturnTargetCard(), targets=(GraveyardCard(),), self_to="exile")),
    card("Massacre Girl",  # the delayed ability is made as the enters ability resolves (CR 603.7a)
         When(ENTERS, _EACH_OTHER_CREATURE_SHRINKS, ThisTurn("creature_dies", _EACH_OTHER_CREATURE_SHRINKS))),
    card("Harsh Mentor",
         When(ABILITY_ACTIVATED, DamageToEventPlayer(2),
              condition=EventIs(player="opponent", types=("Artifact", "Creature", "Land")))),
    card("Tectonic Giant",
         WhenChoose(ATTACKS, Option(Damage(3, to="each_opponent")), Option(ExileTopMayPlay(2, choose_one=True)),
                    also=((TARGETED_BY_SPELL, EventIs(obj="this", player="opponent")),))),
    card("Kardur, Doomscourge", When(ENTERS, OpponentsCreaturesAttackOthers()),
         When(CREATURE_DIES, LoseLife(1, who="each_opponent"), GainLife(1), condition=EventIs(attacking=True))),
    card("Moldgraf Monstrosity", When(DIES, ExileTarget(of="event_card"), RandomFromGraveyard(2))),
    card("Ashaya, Soul of the Wild", Static(Gets(pt_is=Count("permanents", type="Land"))),
         Static(AreAlso(("Land",), ("Forest",), to=Yours(other=False, nontoken=True)))),
    card("Multani, Yavimaya's Avatar",
         Static(Gets(1, 1, per=Count("sum", types=(Count("permanents", type="Land"),
                                                   Count("cards_in_graveyard", types=("Land",)))))),
         Activate("{1}{G}", ReturnThisToHand(), zone="graveyard", sacrifice_other=Target(("Land",)),
                  other_action="return", other_n=2)),
    card("Arixmethes, Slumbering Isle", EntersWith("slumber", 5, tapped=True),
         Static(Gets(lose_types=("Creature",), add_types=("Land",)), condition=AtLeast(CountersOnThis("slumber"))),
         When(CAST, May(Counters("slumber", -1)), condition=SpellCast("you"))),
    card("Athreos, Shroud-Veiled",
         Static(Gets(lose_types=("Creature",)), condition=AtLeast(Count("devotion", key="WB"), 7), negate=True),
         When(END_STEP, Counters("coin", 1, on=TARGET), targets=(TargetWord("creature", another=True),)),
         WhenAny((CREATURE_DIES, PERMANENT_EXILED), ReturnIt(mine=True, also_exile=True),
                 condition=EventIs(had_counter="coin", types=("Creature",)))),
    card("Demon of Fate's Design", PlayerRule(RuleChange.CAST_ENCHANTMENT_FOR_LIFE),  # read by engine/rules/costs.py
         Activate("{2}{B}", PumpThisBy(Count("ability", key="sacrificed_mv"), toughness=False),
                  sacrifice_other=Target(("Enchantment",)))),
    card("Augur of Autumn", PlayerRule(RuleChange.LOOK_AT_LIBRARY_TOP), PlayerRule(RuleChange.PLAY_LANDS_FROM_LIBRARY_TOP),
         # engine/cards/mechanics/cast_creatures_from_top.py with its coven condition
         PlayerRule(RuleChange.CAST_CREATURES_FROM_LIBRARY_TOP_COVEN, word="Coven")),
    card("Cemetery Tampering",  # Hideaway 5 is read from its line (engine/cards/mechanics/hideaway.py)
         When(UPKEEP, May(Mill(3)), PlayHidden(AtLeast(Count("cards_in_graveyard"), 20)))),
    card("Yedora, Grave Gardener",
         When(CREATURE_DIES, May(ReturnIt(face_down_as="Forest")),
              condition=EventIs(controller="you", obj="another", nontoken=True))),
    card("Whisperwood Elemental", When(END_STEP, Manifest()),
         Activate("", ThisTurn("dies", Manifest(), on=Yours(other=False, nontoken=True, face_up=True)),
                  sacrifice=True)),
    card("Primordial Mist", When(END_STEP, May(Manifest())),
         Activate("", ExileTopMayPlay(of="cost", until="this_turn"), sacrifice_other=TargetWord(face_down=True), other_action="exile")),
    # morph and megamorph are read from their lines (engine/cards/mechanics/morph.py, CR 702.37)
    card("Kheru Spellsnatcher", When(TURNED_FACE_UP, Counter(exile_cast_free=True), targets=("spell",),
                                     condition=EventIs(obj="this"))),
    card("Deathmist Raptor",
         When(TURNED_FACE_UP, May(ReturnIt(what="this", face="choose")), condition=EventIs(obj="yours"),
              zone="graveyard")),
    # an Adventurer card (engine/cards/mechanics/adventure.py, CR 715): the creature's line,
    # then the Adventure's (done only when cast as it)
    card("Beanstalk Giant // Fertile Footsteps", Static(Gets(pt_is=Count("permanents", type="Land"))),
         Spell(SearchBasicLands(tapped=False))),
    card("Shigeki, Jukai Visionary",
         Activate("{1}{G}", TopCards(4, take="may_one", fits=TargetWord("card", types=("Land",)), rest="graveyard",
                                     to="battlefield_tapped", revealed=True), tap=True, self_to="hand"),
         Activate("{X}{X}{G}{G}", ReturnTargetCard(each=True), zone="hand", discard=True,  # Channel (CR 602.2)
                  targets=(TargetWord("card_in_your_graveyard", nonlegendary=True, per_x=True),))),
    card("Skaab Ruinator", AdditionalCost("exile_from_graveyard", GraveyardCard(("Creature",)), n=3),
         CastFromGraveyard()),
    # delve (CR 702.66, engine/rules/delve.py) and spectacle (CR 702.137,
    # engine/cards/mechanics/spectacle.py) are read from their keyword lines
    card("Dig Through Time", Spell(LookSplit(7, hand=2, rest="bottom"))),
    card("Light Up the Stage", Spell(ExileTopMayPlay(2))),
):
    register(defn)
