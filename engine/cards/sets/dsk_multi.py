"""Duskmourn multicolour cards on the card layer (engine/cards/layer/): one ability per
non-keyword Oracle line, keywords and text from the card data. New vocabulary:
engine/cards/vocab/; maximum hand size: engine/rules/hand_size.py. Each ability
and each release-note ruling has a scenario under tests/scenarios/dsk/."""
from __future__ import annotations

from engine.cards.layer.abilities import Activate, Gets, Spell, Static, Target, When
from engine.cards.layer.build import card
from engine.cards.mechanics.delirium import DELIRIUM, CardTypesInGraveyard, Delirium
from engine.cards.mechanics.eerie import Eerie
from engine.cards.mechanics.manifest_dread import ManifestDread
from engine.cards.mechanics.rooms import LockOrUnlock
from engine.cards.mechanics.survival import Survival
from engine.cards.model import Activated, CardDef
from engine.cards.sets import register, register_token
from engine.cards.vocab.conditions import AtLeast, ByResolutionThisTurn, CastFrom, CreatureDiedThisTurn, PrimeLands
from engine.cards.vocab.copies import BecomeCopy, TokenCopyOfTarget
from engine.cards.vocab.core import AllOf
from engine.cards.vocab.counters import Counters, EntersWith
from engine.cards.vocab.counts import Count, SourcePower
from engine.cards.vocab.damage import Damage
from engine.cards.vocab.events import COMBAT_DAMAGE_PLAYER, END_STEP, ENTERS, UNLOCK, UPKEEP
from engine.cards.vocab.graveyard import CastFromGraveyard, ReturnFromGraveyard
from engine.cards.vocab.groups import YourPermanents, Yours
from engine.cards.vocab.hand import Discards, Draw, MaxHandSize
from engine.cards.vocab.library import Mill, Scry, Surveil
from engine.cards.vocab.mana import AddMana
from engine.cards.vocab.reanimate import ReturnTargetToBattlefield
from engine.cards.vocab.removal import DestroyAll, ExileTarget
from engine.cards.vocab.sacrifice import MaySacrifice
from engine.cards.vocab.reveal import TopCards
from engine.cards.vocab.targets import Creatures, GraveyardCard, TargetWord
from engine.cards.vocab.those_cards import FromAmongThem
from engine.cards.vocab.tokens import Token, TokenSized

FIRST_MAIN = "step:main1"  # "At the beginning of your first main phase" (CR 505.1)
SACRIFICED = "sacrifice_this"  # "When you sacrifice this [permanent]" (CR 701.17a; engine/rules/triggers.py)

# "Primo, the Indivisible, a legendary 0/0 green and blue Fractal creature token" (Zimone). Its
# German and Italian names come from Zimone's printed text (assets/cards/dsk.json, MTGJSON): the
# Italian "crea Primo, l'Indivisibile"; the German "erzeuge Primo den Unteilbaren" is the
# accusative of "Primo der Unteilbare" (the token card's own name is in no data we bundle).
register_token(CardDef("Primo, the Indivisible", token=True),
               {"name": "Primo, the Indivisible", "type_line": "Legendary Creature — Fractal", "colors": ["G", "U"],
                "power": "0", "toughness": "0", "text": "",
                "name_de": "Primo der Unteilbare", "name_it": "Primo, l'Indivisibile"})

# "Shard": an enchantment token with "{2}, Sacrifice this enchantment: Scry 1, then draw a card." (Niko)
register_token(CardDef("Shard", token=True, activated=[Activated(
    cost="{2}", sacrifice=True, steps=[Scry(1).step(), Draw(1).step()],
    label="{2}, Sacrifice this enchantment: Scry 1, then draw a card.")]),
    {"name": "Shard", "type_line": "Enchantment — Shard", "colors": [],
     "text": "{2}, Sacrifice this enchantment: Scry 1, then draw a card."})

for defn in (
    card("Disturbing Mirth", When(ENTERS, MaySacrifice(Target(("Enchantment", "Creature")), then=(Draw(2),))),
         When(SACRIFICED, ManifestDread())),
    card("Peer Past the Veil", Spell(Discards("hand", "you"), Draw(CardTypesInGraveyard()))),
    card("Restricted Office // Lecture Hall", When(UNLOCK, DestroyAll(Creatures(power_at_least=3))),
         Static(Gets(keywords=("hexproof",), on=YourPermanents(other=True)))),
    card("Roaring Furnace // Steaming Sauna",
         When(UNLOCK, Damage(Count("cards_in_hand")), targets=("creature_opponent_controls",)),
         Static(MaxHandSize()), When(END_STEP, Draw(1))),
    card("Smoky Lounge // Misty Salon", When(FIRST_MAIN, AddMana("RR", spend_only=("room", "unlock"))),
         When(UNLOCK, TokenSized("Spirit X/X", Count("unlocked_doors")))),
    # Flashback is read from its keyword line (engine/cards/mechanics/flashback.py)
    card("Rite of the Moth", Spell(ReturnTargetToBattlefield((("finality", 1),)), targets=(GraveyardCard(("Creature",)),))),
    # "If you do, this creature enters with a +1/+1 counter on it." (the same line, CR 614.1c)
    card("Undead Sprinter", EntersWith("+1/+1", 1, CastFrom("graveyard"), shares_line=True),
         CastFromGraveyard(CreatureDiedThisTurn(not_subtype="Zombie"))),
    card("The Swarmweaver", When(ENTERS, Token("Insect", 2)),
         Delirium(Static(Gets(1, 1, ("deathtouch",), on=YourPermanents(("Insect", "Spider"))), DELIRIUM))),
    card("Rip, Spawn Hunter", Survival(TopCards(SourcePower(), take="any", types=("Creature",), subtypes=("Vehicle",),
                                                       different="power", revealed=True, rest="bottom"))),
    card("Nashi, Searcher in the Dark",
         When(COMBAT_DAMAGE_PLAYER, Mill(Count("event", key="amount")),
              FromAmongThem("any", types=("Enchantment",), supertypes=("Legendary",), otherwise=(Counters("+1/+1"),)))),
    card("The Jolly Balloon Man", Activate("{1}", TokenCopyOfTarget(1, 1, ("R",), ("Balloon",), ("flying", "haste"),
                                                             sacrifice_next_end=True),
                                           tap=True, sorcery=True, targets=("another_creature_you_control",))),
    card("Niko, Light of Hope", When(ENTERS, Token("Shard", 2)),
         Activate("{2}", BecomeCopy(on=Yours((), subtype="Shard", other=False), until="next_end_step"),
                  ExileTarget(return_at="next_end_step"), tap=True,
                  targets=(TargetWord("creature", yours=True, nonlegendary=True),))),
    card("Marina Vendrell", When(ENTERS, TopCards(7, "all", rest="bottom", types=("Enchantment",))),
         Activate("", LockOrUnlock(), tap=True, sorcery=True, targets=("room_you_control",))),
    card("Victor, Valgavoth's Seneschal", Eerie(ByResolutionThisTurn(
        ((Surveil(2),), (Discards(),),
         (ReturnFromGraveyard(("Creature",), to="battlefield", optional=False, whose="any"),))))),
    card("Winter, Misanthropic Guide", When(UPKEEP, Draw(2, who="each_player")),
         Delirium(Static(MaxHandSize("each_opponent", Count("difference", types=(7, CardTypesInGraveyard()))), DELIRIUM))),
    card("Zimone, All-Questioning",
         When(END_STEP, Token("Primo, the Indivisible", counters=Count("permanents", "Land")),
              condition=AllOf((AtLeast(Count("this_turn", key="land_entered")),
                               PrimeLands())), resolve_if=PrimeLands())),
):
    register(defn)
