"""Predefined tokens (CR 111.10) and the tokens Duskmourn cards create (CR 111.4)."""
from __future__ import annotations

from engine.cards.model import Activated, CardDef
from engine.cards.sets import register_token

# CR 111.10a: a Treasure is "Artifact — Treasure" with "{T}, Sacrifice this token: Add one
# mana of any color."
register_token(CardDef("Treasure", token=True, activated=[Activated(
    tap=True, sacrifice=True, mana=("W", "U", "B", "R", "G"),
    label="{T}, Sacrifice this token: Add one mana of any color.")]),
    {"name": "Treasure", "type_line": "Artifact — Treasure", "colors": [],
     "text": "{T}, Sacrifice this token: Add one mana of any color."})
# "a 1/1 red Gremlin creature token" (Gremlin Tamer, Midnight Mayhem, Razorkin Hordecaller)
register_token(CardDef("Gremlin", token=True),
               {"name": "Gremlin", "type_line": "Creature — Gremlin", "colors": ["R"], "power": "1",
                "toughness": "1", "text": ""})
# "1/1 black and green Insect creature tokens with flying" (Broodspinner, The Swarmweaver)
register_token(CardDef("Insect", token=True),
               {"name": "Insect", "type_line": "Creature — Insect", "colors": ["B", "G"], "power": "1",
                "toughness": "1", "text": "Flying", "keywords": ["flying"]})
# "two 2/1 white Insect creature tokens with flying" (Overlord of the Mistmoors): another Insect
register_token(CardDef("Insect 2/1", token=True),
               {"name": "Insect", "def": "Insect 2/1", "type_line": "Creature — Insect", "colors": ["W"],
                "power": "2", "toughness": "1", "text": "Flying", "keywords": ["flying"]})
# "a 1/1 white Glimmer enchantment creature token" (Glimmerburst, Tunnel Surveyor, Grand Entryway ...)
register_token(CardDef("Glimmer", token=True),
               {"name": "Glimmer", "type_line": "Enchantment Creature — Glimmer", "colors": ["W"], "power": "1",
                "toughness": "1", "text": ""})
# "an X/X blue Spirit creature token with flying" (Unwilling Vessel, Misty Salon): its size is
# set as it is created
register_token(CardDef("Spirit X/X", token=True),
               {"name": "Spirit", "def": "Spirit X/X", "type_line": "Creature — Spirit", "colors": ["U"],
                "power": "0", "toughness": "0", "text": "Flying", "keywords": ["flying"]})
