"""Duskmourn cards written on the card layer (engine/cards/layer.py): one ability per
non-keyword Oracle line, keywords and text from the card data. Each ability has a
scenario under tests/scenarios/dsk/."""
from __future__ import annotations

from engine.cards.layer import (ATTACKS, DIES, ENTERS, TARGET, YOU_ATTACK, CantBeBlocked, Controls, Counters, Damage,
                                Destroy, Draw, Entering, ExileTarget, GainLife, If, LoseLife, Pump, PumpYours, Spell,
                                Surveil, Target, Token, When, WhenAny, card)
from engine.cards.mechanics.eerie import PERMANENT_ENTERS
from engine.cards.mechanics.eerie import Eerie
from engine.cards.mechanics.survival import Survival
from engine.cards.model import CardDef
from engine.cards.sets import register, register_token

# "a 1/1 red Gremlin creature token" (Gremlin Tamer, Midnight Mayhem, Razorkin Hordecaller; CR 111.4)
register_token(CardDef("Gremlin", token=True),
               {"name": "Gremlin", "type_line": "Creature — Gremlin", "colors": ["R"], "power": "1",
                "toughness": "1", "text": ""})
# "a 1/1 white Glimmer enchantment creature token" (Glimmerburst, Tunnel Surveyor, Grand Entryway ...)
register_token(CardDef("Glimmer", token=True),
               {"name": "Glimmer", "type_line": "Enchantment Creature — Glimmer", "colors": ["W"], "power": "1",
                "toughness": "1", "text": ""})

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
    card("Enter the Enigma", Spell(CantBeBlocked(), targets=("creature",)), Spell(Draw(1))),
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
    card("Midnight Mayhem", Spell(Token("Gremlin", 3), PumpYours(keywords=("menace", "lifelink", "haste"),
                                                                  subtype="Gremlin"))),
):
    register(defn)
