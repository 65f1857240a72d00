"""Duskmourn white cards and lands (helper cards_w) on the card layer: one ability per
non-keyword Oracle line, keywords and text from the card data. Each ability has a scenario
under tests/scenarios/dsk/; the German release-note rulings of each card are quoted by a
scenario or listed in tests/rulings_not_encoded.toml."""
from __future__ import annotations

from engine.cards.layer import (ATTACHED, DIES, ENTERS, TARGET, UNLOCK, YOU_ATTACK, Activate, Counters, GainLife,
                                Gets, Spell, Static, When, card)
from engine.cards.mechanics.manifest_dread import ManifestDread
from engine.cards.sets import register
from engine.cards.vocab import Search
from engine.cards.vocab_cards_w_zones import (CreatureCardPowerAtMost, CreatureWith, ExileUntilLeaves, GraveyardCard,
                                              LookAtTopTake, OpponentsPermanent, ReturnTargetToBattlefield, TapTarget)

for defn in (
    card("Emerge from the Cocoon", Spell(ReturnTargetToBattlefield(), GainLife(3),
                                         targets=(GraveyardCard(("Creature",)),))),
    card("Fear of Immobility", When(ENTERS, TapTarget(stun_if_opponent=True), targets=(CreatureWith(up_to=True),))),
    card("Living Phone", When(DIES, LookAtTopTake(5, CreatureCardPowerAtMost(2)))),
    card("Sheltered by Ghosts", When(ENTERS, ExileUntilLeaves(), targets=(OpponentsPermanent(nonland=True),)),
         Static(Gets(1, 0, ("lifelink", "ward {2}"), on=ATTACHED))),
    card("Surgical Suite // Hospital Room",
         When(UNLOCK, ReturnTargetToBattlefield(), targets=(GraveyardCard(("Creature",), mv_at_most=3),)),
         When(YOU_ATTACK, Counters("+1/+1", on=TARGET), targets=("attacking_creature",))),
    card("Trapped in the Screen", When(ENTERS, ExileUntilLeaves(),
                                       targets=(OpponentsPermanent(("Artifact", "Creature", "Enchantment")),))),
    card("Unsettling Twins", When(ENTERS, ManifestDread())),
    # lands
    card("Terramorphic Expanse", Activate("", Search(basic_land=True, to_battlefield_tapped=True), tap=True,
                                          sacrifice=True)),
):
    register(defn)
