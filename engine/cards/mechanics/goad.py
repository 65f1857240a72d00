"""Goad (CR 701.15, keyword action): "Each combat, a goaded creature attacks if able and
attacks a player other than the player who goaded it, if able." (CR 701.15b) — until the
duration the effect gives ("for the rest of the game": Rendmaw, Creaking Nest, `Token(...,
who="each_player", goaded=True)`).

Being goaded is not an ability of the creature (ruling: it still must attack after losing
all its abilities): the players who goaded it are remembered on the permanent
(`ctx["goaded_by"]`), for as long as it stays this object (CR 400.7). The requirements are
combat rules (engine/rules/attack_rules.py, CR 508.1d): the attack declaration is complete only
with every goaded creature that is able to attack among the attackers, each attacking a
player other than one who goaded it if it can (in a two-player game a creature goaded by its
controller's only opponent attacks that opponent; one goaded by its own controller must
attack). A creature that is tapped, summoning sick or can't attack doesn't have to (CR
508.1c-d); a creature goaded again by the same player is goaded once (CR 701.15c).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable
from engine.rules.attack_rules import attack_tax
from engine.rules.resolved import attacked_others_than

if TYPE_CHECKING:
    from engine.cards.model import Step
    from engine.rules.context import Context
    from engine.state import Obj


def goad(g: "Context", oid: int, player: int) -> None:
    """Player `player` goads the permanent (CR 701.15a, 701.15c: once per player)."""
    obj = g.st.objects[oid]
    by = list(obj.ctx.get("goaded_by", []))
    if player not in by:
        g.update(oid, ctx={**obj.ctx, "goaded_by": by + [player]})


ATTACK_OTHERS = "attack_others_than"  # the effect's part (written): the player its creatures attack others than


def goaders(g: "Context", oid: int) -> list[int]:
    """The players who goaded the permanent, and those whose effect "creatures your opponents
    control attack each combat if able and attack a player other than you if able" reaches it
    (Kardur, Doomscourge: the same requirements as goad, CR 508.1d, 701.15b, for every creature
    of that player's opponents, those coming under their control later too)."""
    obj = g.st.objects.get(oid)
    if obj is None:
        return []
    by = list(obj.ctx.get("goaded_by", []))
    for p in attacked_others_than(g):
        if p != obj.controller and p not in by and obj.controller in g.opponents(p):
            by.append(p)
    return by


def goaded_among(g: "Context", oids: Iterable[int]) -> list[int]:
    """Those of these permanents that `goaders` names anyone for, in their order: the effects
    "attack a player other than you" read once for all of them (the attack declaration's
    checks ask it of every creature of the attacking player)."""
    others = attacked_others_than(g)
    objects = g.st.objects
    out = []
    for oid in oids:
        obj = objects.get(oid)
        if obj is not None and (obj.ctx.get("goaded_by") or any(
                p != obj.controller and obj.controller in g.opponents(p) for p in others)):
            out.append(oid)
    return out


def allowed_defenders(g: "Context", oid: int, defenders: list[Any]) -> list[Any]:
    """The players a goaded creature may attack: those other than its goaders if any can be
    attacked, else any (CR 701.15b). A player it could attack only by paying a cost (Sphere of
    Safety's) doesn't count as one it can attack: costs need not be paid to obey a requirement
    (CR 508.1d; ruling, Kardur, Doomscourge) — it may still attack that player, paying."""
    by = goaders(g, oid)
    if not by:
        return defenders
    others = [d for d in defenders if not (d[0] == "p" and d[1] in by)]
    if not any(attack_tax(g, [(oid, d)]) == 0 for d in others):
        return defenders
    return others


LAND_PLAYED = "land_played"  # a player played a land (player, obj), CR 305.1


@dataclass(frozen=True)
class OpponentsCreaturesAttackOthers:
    """"until your next turn, creatures your opponents control attack each combat if able and
    attack a player other than you if able" (CR 611.2b: it ends as your next turn begins; it
    reaches creatures that come under their control later, the ruling of Kardur)."""

    def step(self) -> "Step":
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            g.add_effect("rules", [], until=f"your_next_turn:{item.controller}",
                         **{ATTACK_OTHERS: item.controller})
        return run
