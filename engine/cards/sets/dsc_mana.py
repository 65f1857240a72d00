"""Duskmourn Commander (DSC), the last three cards: a triggered mana ability (Barbflare
Gremlin, CR 605.1b), a mana ability adding X mana with its own spending restriction (Séance
Board, CR 106.6; the Endless Punishment deck prints it too: one card), and one target word per
opponent (Disorienting Choice, CR 601.2c). Each ability has a scenario under tests/scenarios/dsc/."""
from __future__ import annotations

from engine.cards.layer.abilities import Spell, When
from engine.cards.layer.build import card
from engine.cards.sets import register
from engine.cards.vocab.conditions import CreatureDiedThisTurn, This
from engine.cards.vocab.counters import Counters
from engine.cards.vocab.counts import Count, CountersOnThis
from engine.cards.vocab.events import EACH_END_STEP
from engine.cards.vocab.exile import ControllersMayExileTargets
from engine.cards.vocab.search import SearchLands
from engine.cards.vocab.mana import LandTappedForMana, ManaAbility
from engine.cards.vocab.targets import TargetWord

for defn in (
    card("Barbflare Gremlin", LandTappedForMana(This("tapped"), adds=1, damage=1)),
    # Morbid: an intervening "if" (CR 603.4) — checked as the end step begins and on resolution
    card("Séance Board",
         When(EACH_END_STEP, Counters("soul", 1), condition=CreatureDiedThisTurn(),
              resolve_if=CreatureDiedThisTurn(), word="Morbid"),
         ManaAbility(amount=CountersOnThis("soul"), spend_only=("instant", "sorcery", "demon", "spirit"))),
):
    register(defn)

register(card("Disorienting Choice",
              Spell(ControllersMayExileTargets(), SearchLands(Count("ability", key="chosen_left")),
                    targets=(TargetWord(types=("Artifact", "Enchantment"), up_to=True, each_opponent=True),))))
