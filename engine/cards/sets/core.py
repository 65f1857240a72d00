"""The core Duskmourn cards that need only the core rules (issue "Engine core").

Each definition cites the rules it relies on; rulings quoted are from the German
Duskmourn release notes (shared seed 004) where the card has one.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import effects as fx
from engine.cards.model import Activated, CardDef, TargetSpec, Triggered
from engine.cards.sets import register, register_token

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

CREATURE = TargetSpec("creature", "target creature")

# Murder, Pyroclasm, Winter's Intervention, Give In to Violence, Horrid Vigor, Enter the
# Enigma, Piggy Bank and Friendly Teddy are written on the card layer (sets/dsk_layer.py).

# Ruling (Sengendes Drachenfeuer): "Falls die Kreatur oder der Planeswalker, die bzw. der als
# Ziel gewählt wurde, in diesem Zug stirbt, wird sie bzw. er stattdessen ins Exil geschickt,
# auch wenn das Sengende Drachenfeuer nicht der Grund dafür ist." — hence a turn-long
# replacement effect on that permanent, not only on the spell's own damage.
register(CardDef("Scorching Dragonfire",
                 spell_targets=[TargetSpec("creature_or_planeswalker", "target creature or planeswalker")],
                 spell_steps=[fx.exile_if_dies_this_turn(), fx.damage_target(3)]))



def _tapped_target_discount(g: "Context", obj: "Obj", targets: list[object]) -> int:
    """"This spell costs {3} less to cast if it targets a tapped creature." (CR 601.2f)"""
    for t in targets:
        if isinstance(t, dict) and "obj" in t and g.st.objects[t["obj"]].tapped:
            return 3
    return 0


register(CardDef("Seized from Slumber", spell_targets=[CREATURE], spell_steps=[fx.destroy()],
                 cost_reduction=_tapped_target_discount))



def _power_2_or_less(g: "Context", obj: "Obj") -> bool:
    p = g.chars(obj.id).power
    return p is not None and p <= 2


register(CardDef("Ragged Playmate", activated=[Activated(
    cost="{1}", tap=True,
    targets=[TargetSpec("creature", "target creature with power 2 or less", extra=_power_2_or_less)],
    steps=[fx.cant_be_blocked()], label="{1}, {T}: Target creature with power 2 or less can't be blocked this turn.")]))


register(CardDef("Bear Trap", keywords=frozenset({"flash"}), activated=[Activated(
    cost="{3}", tap=True, sacrifice=True, targets=[CREATURE], steps=[fx.damage_target(3)],
    label="{3}, {T}, Sacrifice this artifact: It deals 3 damage to target creature.")]))

# Slavering Branchsnapper and Daggermaw Megalodon need no definition: their keyword and
# landcycling lines are read from the data (engine/cards/mechanics/landcycling.py).

register(CardDef("Piranha Fly", keywords=frozenset({"flying"}), enters_tapped=lambda g, o: True))

register(CardDef("Lionheart Glimmer", ward="{2}", keywords=frozenset({"ward"}), triggered=[Triggered(
    "you_attack", [fx.pump_yours(1, 1)],
    label="Whenever you attack, creatures you control get +1/+1 until end of turn.")]))

# Ruling (Falsch zurückgekehrt): the creature returns only if it was put into a graveyard
# by this spell — an indestructible creature stays where it is (CR 702.12b).
register(CardDef("Come Back Wrong", spell_targets=[CREATURE], spell_steps=[fx.destroy_and_reanimate()]))


def _campground_tapped(g: "Context", obj: "Obj") -> bool:
    """"This land enters tapped unless a player has 13 or less life." (CR 614.1c)"""
    return not any(p.life <= 13 for p in g.st.players)


register(CardDef("Abandoned Campground", enters_tapped=_campground_tapped,
                 activated=[Activated(tap=True, mana=("W", "U"), label="{T}: Add {W} or {U}.")]))

# CR 111.10a: a Treasure is "Artifact — Treasure" with "{T}, Sacrifice this token: Add one
# mana of any color."
register_token(CardDef("Treasure", token=True, activated=[Activated(
    tap=True, sacrifice=True, mana=("W", "U", "B", "R", "G"),
    label="{T}, Sacrifice this token: Add one mana of any color.")]),
    {"name": "Treasure", "type_line": "Artifact — Treasure", "colors": [],
     "text": "{T}, Sacrifice this token: Add one mana of any color."})
