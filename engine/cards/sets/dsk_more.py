"""More Duskmourn cards of the sample decks (assets/decks/) on the card layer, so that a
goldfish game with any sample deck runs in rules mode. Each ability has a scenario under
tests/scenarios/dsk/."""
from __future__ import annotations

from engine.cards.layer import (ATTACHED, ATTACKS, ENTERS, TARGET, Activate, Choose, Damage, Draw, ExileTarget, Gets,
                                Option, Spell, Static, Tap, Target, UnlockedDoorsAtLeast, When, card)
from engine.cards.mechanics.eerie import Eerie
from engine.cards.mechanics.manifest_dread import ManifestDread
from engine.cards.mechanics.rooms import IsRoom
from engine.cards.mechanics.survival import Survival
from engine.cards.sets import register
from engine.cards.vocab import (AttachToTarget, BounceTargets, Counter, EachPlayerDiscards, EquippedAttacks, OwnedBy,
                                RevealUntilLand, RulesFlag, SpellOf)

for defn in (
    card("Rampaging Soulrager", Static(Gets(3, 0), UnlockedDoorsAtLeast(2))),
    card("Intruding Soulrager", Activate("", Damage(2, to="each_opponent"), Draw(1), tap=True,
                                         sacrifice_other=IsRoom())),
    card("Stalked Researcher", Eerie(RulesFlag("attacks_despite_defender"))),
    card("Unnerving Grasp", Spell(BounceTargets(), ManifestDread(), targets=("nonland_permanent_up_to_one",))),
    card("Break Down the Door", Choose(Option(ExileTarget(), targets=("artifact",)),
                                       Option(ExileTarget(), targets=("enchantment",)),
                                       Option(ManifestDread()))),
    card("Ripchain Razorkin", Activate("{2}{R}", Draw(1), sacrifice_other=Target(("Land",)))),
    card("Fanatic of the Harrowing", When(ENTERS, EachPlayerDiscards(then=(Draw(1),)))),
    card("House Cartographer", Survival(RevealUntilLand())),
    card("Get Out", Choose(Option(Counter(), targets=(SpellOf(("Creature", "Enchantment")),)),
                           Option(BounceTargets(), targets=(OwnedBy(("Creature", "Enchantment")),
                                                            OwnedBy(("Creature", "Enchantment"), up_to=True))))),
    card("Baseball Bat", When(ENTERS, AttachToTarget(), targets=("creature_you_control",)),
         Static(Gets(1, 1, on=ATTACHED)),
         When(ATTACKS, Tap(), targets=("creature_up_to_one",), condition=EquippedAttacks())),
):
    register(defn)
