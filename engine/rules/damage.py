"""Damage (CR 120) and its keyword modifiers: deathtouch (702.2), lifelink (702.15),
infect is not in this pool. Damage to a player is life loss (CR 120.3a), to a
planeswalker removes loyalty counters (120.3c), to a creature is marked (120.3e)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.rules.context import Context


def source_info(g: "Context", item: Any) -> dict[str, Any]:
    """A damage source: the spell itself, or an ability's source as it last existed (CR 113.7a)."""
    oid = item.source if item.kind == "ability" and item.source in g.st.objects else item.id
    if item.kind in ("ability", "trigger") and item.source in g.st.objects:
        oid = item.source
    c = g.chars(oid) if oid in g.st.objects and g.st.objects[oid].zone == "battlefield" else None
    # CR 113.7a: a source that has left the battlefield is used as it last existed there
    kws = c.keywords if c else frozenset(item.ctx.get("lki_keywords", ()))
    return {"obj": oid, "name": item.ctx.get("source_name", item.name), "controller": item.controller,
            "deathtouch": "deathtouch" in kws, "lifelink": "lifelink" in kws}


def permanent_source(g: "Context", oid: int) -> dict[str, Any]:
    c = g.chars(oid)
    o = g.st.objects[oid]
    return {"obj": oid, "name": o.name, "controller": o.controller,
            "deathtouch": "deathtouch" in c.keywords, "lifelink": "lifelink" in c.keywords}


def deal_damage(g: "Context", src: dict[str, Any], ref: dict[str, Any], amount: int, combat: bool = False) -> None:
    if amount <= 0:
        return
    st = g.st
    if "player" in ref:
        p = st.players[ref["player"]]
        g.update_player(p.index, life=p.life - amount)
        g.event("damage", source=src["name"], player=p.name, amount=amount, combat=combat)
        if not combat:  # combat damage: once for all of it, in engine/rules/combat.py (CR 510.2)
            g.triggers.fire("player_damaged", player=p.index, amount=amount, combat=combat)
        if combat:  # "whenever this creature deals combat damage to a player" (CR 510.2, 603.2)
            g.triggers.fire("combat_damage_player", obj=src.get("obj"), player=p.index, amount=amount)
        else:  # "whenever a source you control deals noncombat damage to an opponent"
            g.triggers.fire("noncombat_damage_player", controller=src.get("controller"), player=p.index,
                            amount=amount)
    else:
        oid = ref["obj"]
        obj = st.objects.get(oid)
        if obj is None or obj.zone != "battlefield":
            return
        c = g.chars(oid)
        if "Planeswalker" in c.types and "Creature" not in c.types:
            g.add_counters(oid, "loyalty", -min(amount, obj.counters.get("loyalty", 0)))
        else:
            g.update(oid, damage=obj.damage + amount,
                     deathtouch_damage=obj.deathtouch_damage or bool(src.get("deathtouch")))
        g.event("damage", source=src["name"], card=obj.name if not obj.face_down else "", obj=oid,
                amount=amount, combat=combat)
        g.triggers.fire("damaged", obj=oid, amount=amount, combat=combat)  # "When ... is dealt damage"
    if src.get("lifelink"):  # CR 702.15b: its controller gains that much life
        g.gain_life(src["controller"], amount)
