"""Duskmourn cards written on the card layer (engine/cards/layer/): one ability per
non-keyword Oracle line, keywords and text from the card data. Each ability has a
scenario under tests/scenarios/dsk/."""
from __future__ import annotations

from engine.cards.layer.abilities import Activate, Choose, Entering, EntersTapped, Option, Spell, Target, When, WhenAny
from engine.cards.layer.build import card
from engine.cards.mechanics.eerie import PERMANENT_ENTERS, Eerie
from engine.cards.mechanics.survival import Survival
from engine.cards.sets import register
from engine.cards.vocab.conditions import Controls, LifeAtMost
from engine.cards.vocab.core import EVENT, TARGET, If
from engine.cards.vocab.costs import AdditionalCost, CostsLess
from engine.cards.vocab.counters import Counters
from engine.cards.vocab.damage import Damage
from engine.cards.vocab.delayed import SacrificeAtNextEndStep
from engine.cards.vocab.events import ATTACKS, DIES, END_STEP, ENTERS, UNLOCK, YOU_ATTACK, EventIs
from engine.cards.vocab.hand import Draw
from engine.cards.vocab.library import Surveil
from engine.cards.vocab.life import GainLife, LoseLife
from engine.cards.vocab.pump import Pump, PumpCreatures, RulesFlag
from engine.cards.vocab.reanimate import ReturnIt
from engine.cards.vocab.removal import Destroy, DestroyAll, ExileIfDiesThisTurn, ExileTarget
from engine.cards.vocab.targets import Creatures
from engine.cards.vocab.tokens import Token
from engine.rules.rule_changes import ObjectRule

for defn in (
    # the first cards, moved onto the layer without a scenario changing
    card("Murder", Spell(Destroy(), targets=("creature",))),
    card("Pyroclasm", Spell(Damage(2, to="each_creature"))),
    # Ruling (Winterliche Intervention): "Falls die Kreatur, die als Ziel gewählt wurde, ein
    # illegales Ziel ist, während die Winterliche Intervention verrechnet werden soll, wird der
    # Zauberspruch nicht verrechnet. Du erhältst keine Lebenspunkte dazu." (CR 608.2b)
    card("Winter's Intervention", Spell(Damage(2), GainLife(2), targets=("creature",))),
    card("Give In to Violence", Spell(Pump(2, 2, ("lifelink",), on=TARGET), targets=("creature",))),
    card("Horrid Vigor", Spell(Pump(0, 0, ("deathtouch", "indestructible"), on=TARGET), targets=("creature",))),
    card("Enter the Enigma", Spell(RulesFlag(ObjectRule.CANT_BE_BLOCKED, on=TARGET), targets=("creature",)), Spell(Draw(1))),
    card("Piggy Bank", When(DIES, Token("Treasure"))),
    card("Friendly Teddy", When(DIES, Draw(1, who="each_player"))),
    card("Grasping Longneck", When(DIES, GainLife(2))),
    card("Friendly Ghost", When(ENTERS, Pump(2, 4, on=TARGET), targets=("creature",))),
    card("Cult Healer", Eerie(Pump(0, 0, ("lifelink",)))),
    card("Erratic Apparition", Eerie(Pump(1, 1))),
    card("Balemurk Leech", Eerie(LoseLife(1, who="each_opponent"))),
    card("Gremlin Tamer", Eerie(Token("Gremlin"))),
    card("Optimistic Scavenger", Eerie(Counters("+1/+1", 1, on=TARGET), targets=("creature",))),
    card("Cautious Survivor", Survival(GainLife(2))),
    card("Acrobatic Cheerleader", Survival(Counters("flying", 1), once=True)),
    card("Shrewd Storyteller", Survival(Counters("+1/+1", 1, on=TARGET), targets=("creature",))),
    card("Withering Torment", Spell(Destroy(), LoseLife(2), targets=(Target(("Creature", "Enchantment")),))),
    card("Exorcise", Spell(ExileTarget(), targets=(Target(("Artifact", "Enchantment", "Creature"),
                                                          creature_power_at_least=4),))),
    card("Vicious Clown", When(PERMANENT_ENTERS, Pump(2, 0),
                               condition=Entering(("Creature",), power_at_most=2))),
    card("Dashing Bloodsucker", Eerie(Pump(2, 0, ("lifelink",)))),
    card("Shroudstomper", WhenAny((ENTERS, ATTACKS), LoseLife(2, who="each_opponent"), GainLife(2), Draw(1))),
    card("Fear of Lost Teeth", When(DIES, Damage(1), GainLife(1), targets=("any",))),
    card("Glimmerburst", Spell(Draw(2), Token("Glimmer"))),
    card("Tunnel Surveyor", When(ENTERS, Token("Glimmer"))),
    card("Hardened Escort", When(ATTACKS, Pump(1, 0, ("indestructible",), on=TARGET),
                                 targets=("another_creature_you_control",))),
    card("Flesh Burrower", When(ATTACKS, Pump(0, 0, ("deathtouch",), on=TARGET),
                                targets=("another_creature_you_control",))),
    card("Razorkin Hordecaller", When(YOU_ATTACK, Token("Gremlin"))),
    card("Most Valuable Slayer", When(YOU_ATTACK, Pump(1, 0, ("first strike",), on=TARGET),
                                      targets=("attacking_creature",))),
    card("Glimmer Seeker", Survival(If(Controls("Glimmer"), (Draw(1),), (Token("Glimmer"),)))),
    card("Wary Watchdog", WhenAny((ENTERS, DIES), Surveil(1))),
    card("Fear of Surveillance", When(ATTACKS, Surveil(1))),
    card("Appendage Amalgam", When(ATTACKS, Surveil(1))),
    card("Skullsnap Nuisance", Eerie(Surveil(1))),
    card("Midnight Mayhem", Spell(Token("Gremlin", 3), PumpCreatures(keywords=("menace", "lifelink", "haste"),
                                                                  subtype="Gremlin"))),
    # the rest of the first definitions (once engine/cards/sets/core.py and dsk.py)
    # Ruling (Sengendes Drachenfeuer): "Falls die Kreatur oder der Planeswalker, die bzw. der als
    # Ziel gewählt wurde, in diesem Zug stirbt, wird sie bzw. er stattdessen ins Exil geschickt,
    # auch wenn das Sengende Drachenfeuer nicht der Grund dafür ist." — a turn-long replacement
    # effect on that permanent, not only on the spell's own damage.
    card("Scorching Dragonfire", Spell(ExileIfDiesThisTurn(), Damage(3), targets=("creature_or_planeswalker",))),
    card("Seized from Slumber", CostsLess(3, if_targets=Creatures(tapped=True)), Spell(Destroy(), targets=("creature",))),
    card("Ragged Playmate", Activate("{1}", RulesFlag(ObjectRule.CANT_BE_BLOCKED, on=TARGET), tap=True,
                                     targets=(Target(("Creature",), power_at_most=2),))),
    card("Bear Trap", Activate("{3}", Damage(3), tap=True, sacrifice=True, targets=("creature",))),
    card("Piranha Fly", EntersTapped()),
    card("Lionheart Glimmer", When(YOU_ATTACK, PumpCreatures(1, 1))),
    # Ruling (Falsch zurückgekehrt): the creature returns only if it was put into a graveyard
    # by this spell — an indestructible creature stays where it is (CR 702.12b).
    card("Come Back Wrong", Spell(Destroy(), ReturnIt(what="destroyed", types=("Creature",), mine=True),
                                  SacrificeAtNextEndStep(of="returned", yours=True), targets=("creature",))),
    card("Split Up", Choose(Option(DestroyAll(Creatures(tapped=True))), Option(DestroyAll(Creatures(tapped=False))))),
    card("Final Vengeance", AdditionalCost("sacrifice", Target(("Creature", "Enchantment"))),
         Spell(ExileTarget(), targets=("creature",))),
    # Ruling (Herrscher der Dampfbilge, Unheilsdrohend): "Falls du dich entscheidest, die
    # Unheilsdrohend-Kosten statt der Manakosten zu bezahlen, wirkst du trotzdem den Zauberspruch."
    # — it is cast and enters as a permanent: its enters ability triggers though it is no creature.
    card("Overlord of the Boilerbilges", WhenAny((ENTERS, ATTACKS), Damage(4), targets=("any",))),
    card("Derelict Attic // Widow's Walk", When(UNLOCK, Draw(2), LoseLife(2)),
         When(ATTACKS, Pump(1, 0, ("deathtouch",), on=EVENT),
              condition=EventIs(obj="yours", alone=True, any_creature=True))),
    card("Glassworks // Shattered Yard", When(UNLOCK, Damage(4), targets=("creature_opponent_controls",)),
         When(END_STEP, Damage(1, to="each_opponent"))),
    # the Duskmourn dual lands: "This land enters tapped unless a player has 13 or less life."
    # (CR 614.1c); their mana line is read from the data (mechanics/mana_lines.py)
    *(card(land, EntersTapped(unless=LifeAtMost(13))) for land in (
        "Abandoned Campground", "Bleeding Woods", "Etched Cornfield", "Lakeside Shack", "Murky Sewer",
        "Neglected Manor", "Peculiar Lighthouse", "Raucous Carnival", "Razortrap Gorge", "Strangled Cemetery")),
):
    register(defn)
