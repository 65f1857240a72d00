"""Duskmourn Commander (DSC) deck reprints: instants and sorceries (issue #28 part 2), each
written as data over the general vocabulary. Each ability has a scenario under
tests/scenarios/dsc_reprints/."""
from __future__ import annotations

from engine.cards.layer.abilities import Choose, Option, Spell, Target, When
from engine.cards.layer.build import card
from engine.cards.model import CardDef
from engine.cards.sets import register, register_token
from engine.cards.vocab.arrange import LookAtTop, LookSplit, PutBackFromHand
from engine.cards.vocab.becomes import Becomes
from engine.cards.vocab.copies import TokenCopyOfTarget
from engine.cards.vocab.costs import AdditionalCost, CostsLess
from engine.cards.vocab.damage import Damage
from engine.cards.vocab.events import EventIs
from engine.cards.vocab.counts import X, Count
from engine.cards.vocab.graveyard import ReturnFromGraveyard
from engine.cards.vocab.groups import Yours
from engine.cards.vocab.hand import Draw, PutFromHand
from engine.cards.vocab.library import Mill, PutOnLibrary, Scry, ShuffleIntoLibraries, Surveil
from engine.cards.vocab.search import Search, SearchLands
from engine.cards.vocab.life import LoseLife
from engine.cards.vocab.mana import AddMana
from engine.cards.vocab.exile import ExileTopMayPlay
from engine.cards.vocab.face_down import Manifest
from engine.cards.vocab.mass import DestroyAllCounted, ExileGraveyard
from engine.cards.vocab.next_turn import AtNextUpkeep
from engine.cards.vocab.options import DiscardUnless
from engine.cards.vocab.pump import PumpCreatures
from engine.cards.vocab.reanimate import ReturnTargetToBattlefield
from engine.cards.vocab.removal import Bounce, Destroy, ExileTarget, ReturnYours
from engine.cards.vocab.reveal import TopCards
from engine.cards.vocab.stack import Counter
from engine.cards.vocab.target_values import LifeEqualToTarget
from engine.cards.vocab.targets import PERMANENT_TYPES, CardInAGraveyard, TargetWord
from engine.cards.vocab.tokens import Token

# "a 3/3 green Beast creature token" (Beast Within)
register_token(CardDef("Beast 3/3", token=True),
               {"name": "Beast", "def": "Beast 3/3", "type_line": "Creature — Beast", "colors": ["G"],
                "power": "3", "toughness": "3", "text": ""})
# "X 4/4 white Angel creature tokens with flying" (Entreat the Angels, Sigil of the Empty Throne)
register_token(CardDef("Angel 4/4", token=True),
               {"name": "Angel", "def": "Angel 4/4", "type_line": "Creature — Angel", "colors": ["W"],
                "power": "4", "toughness": "4", "text": "Flying", "keywords": ["flying"]})

NONLAND = Target((), nonland=True)
CYCLED = "cycled"  # "When you cycle this card" (engine/rules/activation.py, CR 702.29c)
LAND_FROM_HAND = "You may put a land card from your hand onto the battlefield."
CREATURE_OR_LAND = TargetWord(types=("Creature", "Land"))

for defn in (
    # removal (CR 701.8 destroy, 406.2 exile)
    card("Counterspell", Spell(Counter(), targets=("spell",))),
    card("Arcane Denial", Spell(Counter(), AtNextUpkeep(Draw(2, up_to=True), who="target_controller"), targets=("spell",)),
         Spell(AtNextUpkeep(Draw(1)))),
    card("Chaos Warp", Spell(ShuffleIntoLibraries(), TopCards(1, "all", types=PERMANENT_TYPES, to="battlefield", rest="top",
                                                             whose="target_owner"), targets=(TargetWord(),))),
    card("Utter End", Spell(ExileTarget(), targets=(NONLAND,))),
    card("Infernal Grasp", Spell(Destroy(), LoseLife(2), targets=("creature",))),
    card("Bedevil", Spell(Destroy(), targets=(Target(("Artifact", "Creature", "Planeswalker")),))),
    card("Putrefy", Spell(Destroy(regenerate=False), targets=(Target(("Artifact", "Creature")),))),
    card("Swords to Plowshares",
         Spell(ExileTarget(), LifeEqualToTarget("power", who="target_controller"), targets=("creature",))),
    card("Feed the Swarm",
         Spell(Destroy(), LifeEqualToTarget("mana_value", lose=True),
               targets=(TargetWord(types=("Creature", "Enchantment"), opponent=True),))),
    card("Beast Within", Spell(Destroy(), Token("Beast 3/3", who="target_controller"), targets=(TargetWord(),))),
    # "six target nonland permanents": one word "target", six different objects (CR 115.3)
    card("Aether Gale", Spell(Bounce(), targets=(NONLAND,) * 6)),
    card("Reality Shift", Spell(ExileTarget(), Manifest(who="target_controller"), targets=("creature",))),
    card("Rakdos Charm", Choose(Option(ExileGraveyard(), targets=("player",)), Option(Destroy(), targets=("artifact",)),
                                Option(Damage(1, to="its_controller", by="each_creature")))),
    # sweepers
    card("Blasphemous Act", CostsLess(Count("all_permanents", type="Creature")), Spell(Damage(13, to="each_creature"))),
    card("Terminus", Spell(PutOnLibrary(all_of=("Creature",)))),
    card("Culling Ritual", Spell(DestroyAllCounted((), nonland=True, mv_at_most=2),
                                 AddMana("B|G", times=Count("remembered", key="destroyed")))),
    card("Time Wipe", Spell(ReturnYours(("Creature",)), DestroyAllCounted())),
    card("Decree of Pain", Spell(DestroyAllCounted(regenerate=False), Draw(Count("remembered", key="destroyed"))),
         When(CYCLED, PumpCreatures(-2, -2, whose="all"), condition=EventIs(obj="this"), zone="graveyard")),
    # card draw
    card("Harmonize", Spell(Draw(3))),
    card("Thirst for Meaning", Spell(Draw(3), DiscardUnless(2, ("Enchantment",)))),
    card("Night's Whisper", Spell(Draw(2), LoseLife(2))),
    card("Sign in Blood", Spell(Draw(2, who="target"), LoseLife(2, who="target"), targets=("player",))),
    card("Blood Pact", Spell(Draw(2, who="target"), LoseLife(2, who="target"), targets=("player",))),
    card("Read the Bones", Spell(Scry(2), Draw(2), LoseLife(2))),
    card("Otherworldly Gaze", Spell(Surveil(3))),
    card("Growth Spiral", Spell(Draw(1), PutFromHand(("Land",), line=LAND_FROM_HAND))),
    card("Eureka Moment", Spell(Draw(2), PutFromHand(("Land",), line=LAND_FROM_HAND))),
    card("Mulch", Spell(TopCards(4, "all", rest="graveyard", types=("Land",)))),
    card("Grisly Salvage", Spell(TopCards(5, "may_one", rest="graveyard", fits=CREATURE_OR_LAND))),
    card("Grapple with the Past", Spell(Mill(3), ReturnFromGraveyard(("Creature", "Land")))),
    # the top of the library (engine/cards/vocab/arrange.py)
    card("Ponder", Spell(LookAtTop(3)), Spell(Draw(1))),
    card("Portent", Spell(LookAtTop(3, who="target"), targets=("player",)), Spell(AtNextUpkeep(Draw(1)))),
    card("Brainstorm", Spell(Draw(3), PutBackFromHand(2))),
    card("Telling Time", Spell(LookSplit(3, hand=1, top=1, rest="bottom"))),
    card("Diabolic Vision", Spell(LookSplit(5, hand=1, rest="top"))),
    # creatures
    card("Biomass Mutation", Spell(Becomes(power=X, on=Yours(other=False)))),
    card("Overwhelming Stampede", Spell(PumpCreatures(0, 0, ("trample",), by=Count("greatest_power")))),
    # ramp (CR 701.23 search)
    card("Rampant Growth", Spell(Search(basic_land=True, to_battlefield_tapped=True))),
    card("Explosive Vegetation", Spell(SearchLands(2, basic=True))),
    card("Harrow", AdditionalCost("sacrifice", Target(("Land",))), Spell(SearchLands(2, basic=True, tapped=False))),
    card("Cultivate", Spell(SearchLands(2, basic=True, to_hand=1))),
    # graveyard and tokens
    # (the life is lost after the creature is on the battlefield, the card's mana value as it
    # was in the graveyard: Reanimate's rulings; CR 608.2c, 608.2h)
    card("Reanimate", Spell(ReturnTargetToBattlefield(), LifeEqualToTarget("mana_value", lose=True),
                            targets=(CardInAGraveyard(("Creature",)),))),
    card("Cackling Counterpart", Spell(TokenCopyOfTarget(), targets=("creature_you_control",))),
    card("Entreat the Angels", Spell(Token("Angel 4/4", X))),
    # exile the top eight; a land onto the battlefield; one free spell of each nonland card type
    card("Aminatou's Augury", Spell(ExileTopMayPlay(8, until="this_turn", land="put", cast="spells",
                                                    free="per_card_type"))),
):
    register(defn)
