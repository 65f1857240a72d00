"""Special Guests (SPG 65-73): the eight cards of Duskmourn boosters that the German release
notes describe. Their rulings are scenarios under tests/scenarios/spg/."""
from __future__ import annotations

from engine.cards.layer.abilities import Entering, Spell, Target, When
from engine.cards.layer.build import card
from engine.cards.mechanics.delirium import DELIRIUM, Delirium
from engine.cards.mechanics.eerie import PERMANENT_ENTERS
from engine.cards.sets import register
from engine.cards.vocab.copies import EntersAsCopy
from engine.cards.vocab.costs import AdditionalCost
from engine.cards.vocab.core import If, Not
from engine.cards.vocab.counts import Count
from engine.cards.vocab.damage import Damage, DamageToEventPlayer
from engine.cards.vocab.delayed import ExtraTurn
from engine.cards.vocab.dice import DIE_RESULT, RollDie
from engine.cards.vocab.events import CAST, EventIs
from engine.cards.vocab.library import PutOnLibrary
from engine.cards.vocab.life import GainLife
from engine.cards.vocab.mana import AddMana
from engine.cards.vocab.sacrifice import SacrificeThis
from engine.cards.vocab.reveal import TopCards
from engine.cards.vocab.spells_cast import SpellCast
from engine.cards.vocab.stack import ExileThisSpell
from engine.cards.vocab.tapping import Attach
from engine.cards.vocab.targets import CardInAGraveyard, TargetWord
from engine.cards.vocab.votes import GainControlPerVote, Vote

for defn in (
    # "another creature enters": any controller's (CR 603.6a: creatures entering with it count too)
    card("Soul Warden", When(PERMANENT_ENTERS, GainLife(1), condition=Entering(("Creature",), yours=False))),
    # the mana value the creature last had on the battlefield (CR 113.7a, 601.2h); the spell
    # adds mana as it resolves — it is no mana ability (CR 605.1a)
    card("Sacrifice", AdditionalCost("sacrifice", Target(("Creature",))),
         Spell(AddMana("B", times=Count("remembered", key="sacrificed_mv")))),
    card("Collected Company", Spell(TopCards(6, take=2, fits=TargetWord(types=("Creature",), mv_at_most=3), to="battlefield",
                                            rest="bottom_order"))),
    # {G/P}: green mana or 2 life, chosen as it is cast (engine/rules/costs.py life_ways, CR 107.4f)
    card("Noxious Revival", Spell(PutOnLibrary(top=True), targets=(CardInAGraveyard(),))),
    # "6 damage instead": the graveyard is read as it resolves, the spell not yet in it (CR 608.2c, 608.2n)
    card("Unholy Heat", Spell(If(Not(DELIRIUM), (Damage(2),)), targets=("creature_or_planeswalker",)),
         Delirium(Spell(If(DELIRIUM, (Damage(6),))))),
    # "Enchant player" is read from its line (mechanics/enchant.py); the die and the random
    # opponent come from the game's seeded RNG (CR 706)
    card("Maddening Hex", When(CAST, RollDie(6), DamageToEventPlayer(DIE_RESULT), Attach(to="another_random_opponent"),
                               condition=SpellCast("enchanted", not_types=("Creature",)))),
    # "becomes the target of a spell or ability": anyone's, its controller's too (CR 603.2, 115.10)
    card("Phantasmal Image", EntersAsCopy(add_subtypes=("Illusion",),
                                          grants=(When("becomes_target", SacrificeThis(),
                                                       condition=EventIs(obj="this")),))),
    # voting: CR 701.38; extra turns: CR 500.7; "gain control": layer 2 without duration (CR 613.1b)
    card("Expropriate", Spell(Vote(("time", "money")), ExtraTurn(n=Count("ability", key="time_votes")),
                              GainControlPerVote("money"), ExileThisSpell(), word="Council's dilemma")),
):
    register(defn)
