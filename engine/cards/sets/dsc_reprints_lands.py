"""Duskmourn Commander decks (issue #28, part 2): the lands reprinted in the four decks.

Most of them are a shape written once: "This land enters tapped [unless ...]" is
`EntersTapped(unless=)` (CR 614.1c) over a condition of the general vocabulary; the mana lines
(painlands, filter lands, tri-lands, "{1}, {T}: Add {G}{U}.") and cycling lines are read by
engine/cards/mechanics/mana_lines.py and landcycling.py — such a land needs no definition at all
(Adarkar Wastes, Graven Cairns, Ash Barrens ...) and is not listed here. Each card has a
scenario under tests/scenarios/dsc_reprints/."""
from __future__ import annotations

from engine.cards.layer.abilities import Activate, EntersTapped, Static, Target, When
from engine.cards.layer.build import card
from engine.cards.mechanics.hideaway import PlayHidden
from engine.cards.sets import register
from engine.cards.vocab.conditions import AtLeast, ControlsLandType
from engine.cards.vocab.core import Not, TARGET
from engine.cards.vocab.counts import Count
from engine.cards.vocab.damage import Damage
from engine.cards.vocab.events import ENTERS
from engine.cards.vocab.hand import Draw, MaxHandSize
from engine.cards.vocab.library import PutOnLibrary, Scry
from engine.cards.vocab.search import Search, SearchLands
from engine.cards.vocab.life import GainLife, LoseLife
from engine.cards.vocab.mana import ManaIf
from engine.cards.vocab.mana_colors import ManaOfAnyColorIn
from engine.cards.vocab.mass import ExileGraveyard
from engine.cards.vocab.pump import Pump
from engine.cards.vocab.reanimate import ReturnIt
from engine.cards.vocab.reflexive import Reflexive
from engine.cards.vocab.removal import ReturnYours
from engine.cards.vocab.sacrifice import SacrificeThis
from engine.cards.vocab.reveal import TopCards
from engine.cards.vocab.targets import GraveyardCard, TargetWord

TAPPED = EntersTapped()

for defn in (
    # "This land enters tapped." and nothing else to write (their mana and cycling lines are read)
    *(card(name, TAPPED) for name in (
        "Arcane Sanctum", "Tangled Islet", "Geothermal Bog", "Canyon Slough", "Barren Moor", "Tranquil Thicket",
        "Darkmoss Bridge")),
    # the gain lands and the temples: "When this land enters, you gain 1 life." / "scry 1."
    *(card(name, TAPPED, When(ENTERS, GainLife(1))) for name in ("Bloodfell Caves", "Jungle Hollow", "Thornwood Falls")),
    *(card(name, TAPPED, When(ENTERS, Scry(1))) for name in (
        "Temple of Deceit", "Temple of Enlightenment", "Temple of Malady", "Temple of Malice", "Temple of Mystery",
        "Temple of Silence")),
    # the bouncelands: "When this land enters, return a land you control to its owner's hand."
    *(card(name, TAPPED, When(ENTERS, ReturnYours())) for name in (
        "Azorius Chancery", "Dimir Aqueduct", "Golgari Rot Farm", "Orzhov Basilica", "Simic Growth Chamber")),
    # the check lands: "This land enters tapped unless you control a Swamp or a Mountain."
    *(card(name, EntersTapped(unless=ControlsLandType(types))) for name, types in (
        ("Dragonskull Summit", ("Swamp", "Mountain")), ("Hinterland Harbor", ("Forest", "Island")),
        ("Woodland Cemetery", ("Swamp", "Forest")))),
    card("Castle Vantress", EntersTapped(unless=ControlsLandType(("Island",))), Activate("{2}{U}{U}", Scry(2), tap=True)),
    # "unless you control two or fewer other lands" (the land itself is not on the battlefield yet)
    card("Blackcleave Cliffs", EntersTapped(unless=Not(AtLeast(Count("permanents", "Land"), 3)))),
    card("Smoldering Marsh", EntersTapped(unless=AtLeast(Count("basic_lands"), 2))),
    card("Quandrix Campus", TAPPED, Activate("{4}", Scry(1), tap=True)),
    card("Halimar Depths", TAPPED, When(ENTERS, TopCards(3, take="order"))),
    card("Bojuka Bog", TAPPED, When(ENTERS, ExileGraveyard(), targets=("player",))),
    card("Leechridden Swamp", TAPPED, Activate("{B}", LoseLife(1, who="each_opponent"), tap=True,
                                               condition=AtLeast(Count("permanents_of_color", "B"), 2))),
    card("Myriad Landscape", TAPPED, Activate("{2}", SearchLands(2, basic=True, share_type=True), tap=True, sacrifice=True)),
    # the Thriving lands: "As it enters, choose a color other than white." / "{T}: Add {W} or one
    # mana of the chosen color."
    *(card(name, EntersTapped(choose="color_not:" + colour), ManaOfAnyColorIn("chosen", also=(colour,)))
      for name, colour in (("Thriving Heath", "W"), ("Thriving Isle", "U"), ("Thriving Moor", "B"))),
    # "{T}: Add {W} or {B}. Activate only if you control a Swamp." (CR 602.5b)
    *(card(name, ManaIf(ControlsLandType(("Swamp",)))) for name in (
        "Tainted Field", "Tainted Isle", "Tainted Peak", "Tainted Wood")),
    card("Temple of the False God", ManaIf(AtLeast(Count("permanents", "Land"), 5))),
    # "As this land enters, you may reveal a Swamp or Mountain card from your hand. If you don't,
    # this land enters tapped." (the snarls, CR 614.12b)
    *(card(name, EntersTapped(reveal=types)) for name, types in (
        ("Foreboding Ruins", ("Swamp", "Mountain")), ("Necroblossom Snarl", ("Swamp", "Forest")),
        ("Vineglimmer Snarl", ("Forest", "Island")))),
    card("Command Tower", ManaOfAnyColorIn("commander_identity")),
    card("Exotic Orchard", ManaOfAnyColorIn("opponent_lands")),
    # CR 402.2, 613.7: a static effect on maximum hand size, applied in timestamp order with the
    # others (its ruling: Null Profusion after the Tower wins) — engine/rules/hand_size.py
    card("Reliquary Tower", Static(MaxHandSize())),
    card("Evolving Wilds", Activate("", Search(basic_land=True, to_battlefield_tapped=True), tap=True, sacrifice=True)),
    card("Drownyard Temple", Activate("{3}", ReturnIt(tapped=True, what="this"), zone="graveyard")),
    card("Shivan Gorge", Activate("{2}{R}", Damage(1, to="each_opponent"), tap=True)),
    card("Grim Backwoods", Activate("{2}{B}{G}", Draw(1), tap=True, sacrifice_other=Target(("Creature",)))),
    card("Hall of Heliod's Generosity", Activate("{1}{W}", PutOnLibrary(top=True), tap=True,
                                                 targets=(GraveyardCard(("Enchantment",)),))),
    card("Witch's Clinic", Activate("{2}", Pump(0, 0, ("lifelink",), on=TARGET), tap=True,
                                    targets=(TargetWord(commander=True),))),
    # "When this land enters, sacrifice it. When you do, search ... then shuffle and you gain 1 life."
    card("Obscura Storefront", When(ENTERS, SacrificeThis(then=Reflexive(
        Search(basic_land=True, land_types=("Plains", "Island", "Swamp"), to_battlefield_tapped=True), GainLife(1))))),
    # Hideaway 4 is read from its line (engine/cards/mechanics/hideaway.py); its linked ability:
    card("Mosswort Bridge", TAPPED, Activate("{G}", PlayHidden(AtLeast(Count("total_power"), 10)), tap=True)),
    card("Spinerock Knoll", TAPPED, Activate("{R}", PlayHidden(AtLeast(Count("opponent_damage_this_turn"), 7)), tap=True)),
    # a Forest Dryad land creature: its "{T}: Add {G}." comes from its land type (CR 305.6)
    card("Dryad Arbor"),
):
    register(defn)
