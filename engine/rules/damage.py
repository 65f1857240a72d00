"""Damage (CR 120) and its keyword modifiers: deathtouch (702.2), lifelink (702.15),
infect is not in this pool. Damage to a player is life loss (CR 120.3a), to a
planeswalker removes loyalty counters (120.3c), to a creature is marked (120.3e)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any
from engine.rules.index import CARDS
from engine.rules.rule_changes import RuleChange
from engine.rules.replacement import Replacement, choose_next
from engine.rules.resolved import PreventionShield, resolved
from engine.rules.targets import player_rules
from engine.rules.triggers import batch_id

from engine.rules import commander
from engine.state import CARD_KINDS

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


def _replacements(g: "Context", src: dict[str, Any], ref: dict[str, Any], combat: bool) -> list[Replacement]:
    """The replacement and prevention effects that would change how much damage this is
    (CR 614.1a, 615.1a): noncombat damage doubled, N of it prevented (phased-out permanents
    have none, 702.26b), noncombat damage to an opponent plus N, damage to an opponent
    prevented and milled instead (combat damage too). In the order the engine applies them
    when nobody may choose (CR 616.1: see _replaced)."""
    out: list[Replacement] = []
    if not combat:
        out += [Replacement(name, "double", 2) for _, name in CARDS.doubling_sources(g, src.get("controller"))]
    bonuses: list[Replacement] = []
    for sid, fn in g.static_sources():
        prevents = fn.prevents
        if prevents is not None:
            n = int(prevents(g, g.st.objects[sid], ref))
            if n:
                out.append(Replacement(g.chars(sid).name, "prevent", n))
        bonus = fn.damage_bonus
        if bonus is not None and not combat and "player" in ref:
            n = int(bonus(g, g.st.objects[sid], src, ref))
            if n:
                bonuses.append(Replacement(g.chars(sid).name, "bonus", n))
    for e in resolved(g):  # "If a source you control would deal damage this turn, it deals that
        plus = e.damage_plus  # much damage plus N instead" (a resolved ability's, CR 611.2)
        if plus is not None and src.get("controller") == plus.player:
            bonuses.append(Replacement(plus.name, "bonus", plus.n))
        shield = e.prevent_damage  # "Prevent all combat damage that would be dealt this turn ..."
        if shield is not None and _shield_applies(g, shield, src, ref, combat):
            out.append(Replacement(shield.name, "prevent_all", by=shield.controller, token=shield.token))
    return out + bonuses + _mills_instead(g, src, ref)


def _shield_applies(g: "Context", shield: PreventionShield, src: dict[str, Any], ref: dict[str, Any],
                    combat: bool) -> bool:
    """Whether a resolved spell's prevention effect (CR 615.1a) covers this damage: combat
    damage only, to its controller only (`to_player`), not by a creature with the subtype it
    spares ("by non-Spider creatures": a Spider's damage is dealt, CR 205.4b)."""
    if shield.combat and not combat:
        return False
    if shield.to_player is not None and ref.get("player") != shield.to_player:
        return False
    spared = shield.not_subtype
    if spared:
        oid = src.get("obj")
        if oid in g.st.objects and g.st.objects[oid].zone == "battlefield" and spared in g.types_now(oid)[1]:
            return False
    return True


def _mills_instead(g: "Context", src: dict[str, Any], ref: dict[str, Any]) -> list[Replacement]:
    """"If a source you control would deal damage to an opponent, prevent that damage and each
    opponent mills that many cards." — a prevention effect (CR 615.1) of the source's
    controller, one for each permanent that has it; once one prevented the damage the others
    have none left to prevent (ruling: several of them mill once)."""
    me = src.get("controller")
    player = ref.get("player")
    if not isinstance(me, int) or player is None or player == me \
            or RuleChange.DAMAGE_TO_OPPONENTS_MILLS not in player_rules(g, me):
        return []
    return [Replacement(c.name, "prevent_mill", by=oid) for oid, _, c in g.perms(me)
            if c.defn is not None and RuleChange.DAMAGE_TO_OPPONENTS_MILLS in c.defn.player_rules]


def _replaced(g: "Context", src: dict[str, Any], ref: dict[str, Any], amount: int, combat: bool) -> int:
    """The damage after the replacement and prevention effects that apply to it (CR 616.1):
    with two or more, the affected player — the one dealt the damage, or the damaged
    permanent's controller — chooses one to apply, then the next among those that still
    apply (616.1e-f: damage all prevented, a plus-N or doubling no longer applies), combat
    damage too (CR 510.2: each of its events is replaced as it is dealt); a choice is asked
    only where the work can stop for it (Game.can_ask), else the listed order."""
    ways = _replacements(g, src, ref, combat)
    if not ways:
        return amount
    if "player" in ref:
        affected = ref["player"]
    else:
        obj = g.st.objects.get(ref.get("obj", -1))
        affected = obj.controller if obj is not None else None
    target = g.pname(ref["player"]) if "player" in ref else g.st.objects[ref["obj"]].name
    while ways and amount > 0:
        way = ways.pop(choose_next(g, affected, ways, target))
        if way.kind == "double":
            amount *= way.n
        elif way.kind == "bonus":
            amount += way.n
        elif way.kind == "prevent_mill":  # CR 615.1a: all of it prevented, milled instead
            g.event("prevent", amount=amount, to=g.pname(ref["player"]))
            me = src["controller"]
            for p in g.opponents(me):
                top = list(g.st.players[p].library[:amount])  # (all of them if fewer, CR 701.13b)
                g.event("mill", player=g.pname(p), count=len(top))  # said before the cards' lines
                for oid in top:
                    g.move(oid, "graveyard", cause="mill")
            amount = 0
        elif way.kind == "prevent_all":  # CR 615.1a: all of it prevented (a resolved spell's)
            obj = g.st.objects.get(ref.get("obj", -1))
            to = g.pname(ref["player"]) if "player" in ref else (obj.name if obj is not None and not obj.face_down else "")
            g.event("prevent", amount=amount, to=to)
            if way.token and way.by is not None and not g.st.players[way.by].lost:
                for _ in range(amount):  # "For each 1 damage prevented this way, create ..." (CR 615.5)
                    g.create_token(way.by, way.token)
            amount = 0
        else:  # CR 615.1a, 615.7
            prevented = min(way.n, amount)
            amount -= prevented
            obj = g.st.objects.get(ref.get("obj", -1))
            to = g.pname(ref["player"]) if "player" in ref else (obj.name if obj is not None and not obj.face_down else "")
            g.event("prevent", amount=prevented, to=to)
    return amount


def may_ask(g: "Context") -> bool:
    """Whether dealing damage may ask which replacement applies first (two or more effects
    that change damage on the battlefield): work that may do it takes a snapshot first."""
    n = sum(1 for _, fn in g.static_sources()
            if fn.prevents is not None or fn.damage_bonus is not None)
    n += sum(1 for e in resolved(g) if e.damage_plus or e.prevent_damage)  # "deals that much damage plus N" this turn
    players = range(len(g.st.players))
    mills = sum(RuleChange.DAMAGE_TO_OPPONENTS_MILLS in player_rules(g, p) for p in players)
    if n + mills == 0:
        return False
    return n + mills + sum(RuleChange.DOUBLE_NONCOMBAT_DAMAGE_WITH_DELIRIUM in player_rules(g, p)
                           for p in players) >= 2


COLOR_ORDER = "WUBRG"


def source_colors(g: "Context", src: dict[str, Any]) -> str | None:
    """The colours of the damage's source as it deals it (CR 105.2, 120.1), as letters in WUBRG
    order ("" colorless): the object now, or as it last existed (engine/rules/last_known.py)
    if it has left its zone; None when neither is known (the event says so, no guess)."""
    oid = src.get("obj")
    obj = g.st.objects.get(oid) if isinstance(oid, int) else None
    if obj is not None and obj.kind == "emblem":
        return ""  # an emblem has no characteristics but its abilities (CR 114.3)
    if obj is not None and obj.kind in CARD_KINDS:
        colors = g.chars(obj.id).colors  # (a permanent, or a spell on the stack)
    else:  # the source left: an ability whose source is gone (source_info), or a moved object
        lki = g.st.this_turn.get(f"lki:{obj.source if obj is not None else oid}")
        if lki is None or "colors" not in lki:
            return None
        colors = lki["colors"]
    return "".join(k for k in COLOR_ORDER if k in colors)


def deal_damage(g: "Context", src: dict[str, Any], ref: dict[str, Any], amount: int, combat: bool = False,
                gains: dict[Any, list[int]] | None = None) -> int:
    """Deal the damage; returns how much was dealt (0 if it was prevented)."""
    if amount <= 0:
        return 0
    amount = _replaced(g, src, ref, amount, combat)  # CR 614.1a, 615, 616.1
    if amount <= 0:
        return 0
    st = g.st
    if "player" in ref:
        p = st.players[ref["player"]]
        g.update_player(p.index, life=p.life - amount)
        # "if an opponent was dealt 7 or more damage this turn": damage dealt to each player this turn
        st.this_turn[f"damage_to:{p.index}"] = int(st.this_turn.get(f"damage_to:{p.index}", 0)) + amount
        g.event("damage", source=src["name"], player=p.name, amount=amount, combat=combat, src_obj=src.get("obj"),
                source_colors=source_colors(g, src))
        g.triggers.fire("lose_life", player=p.index, amount=amount)  # CR 120.3a: damage is life loss
        if not combat:  # combat damage: once for all of it, in engine/rules/combat_damage.py (CR 510.2)
            g.triggers.fire("player_damaged", player=p.index, amount=amount, combat=combat)
        life_lost = getattr(g, "life_lost", None)
        if life_lost is not None:
            life_lost(p.index, amount)  # CR 120.3a: damage to a player is life loss
        if combat:  # "whenever this creature deals combat damage to a player" (CR 510.2, 603.2)
            g.triggers.fire("combat_damage_player", obj=src.get("obj"), player=p.index, amount=amount)
            commander.combat_damage(g, src.get("obj"), p.index, amount)  # CR 903.10a
        else:  # "whenever a source you control deals noncombat damage to an opponent"
            g.triggers.fire("noncombat_damage_player", controller=src.get("controller"), player=p.index,
                            amount=amount)
    else:
        oid = ref["obj"]
        obj = st.objects.get(oid)
        if obj is None or obj.zone != "battlefield":
            return 0
        c = g.chars(oid)
        if "Planeswalker" in c.types:  # CR 120.3c: loyalty counters are removed
            g.add_counters(oid, "loyalty", -min(amount, obj.counters.get("loyalty", 0)))
        if "Creature" in c.types or "Planeswalker" not in c.types:  # CR 120.3e: marked on a creature
            obj = st.objects[oid]
            g.update(oid, damage=obj.damage + amount,
                     deathtouch_damage=obj.deathtouch_damage or bool(src.get("deathtouch")))
        g.event("damage", source=src["name"], card=obj.name if not obj.face_down else "", obj=oid,
                amount=amount, combat=combat, src_obj=src.get("obj"), source_colors=source_colors(g, src))
        # "Whenever this creature is dealt damage": once for damage dealt at the same time (CR 603.2c)
        g.triggers.fire("dealt_damage", obj=oid, amount=amount, batch=batch_id(g))
        g.triggers.fire("damaged", obj=oid, amount=amount, combat=combat)  # "When ... is dealt damage"
    if src.get("lifelink") and gains is not None:  # gained at once with the source's other damage
        got = gains.setdefault(src.get("obj", src["name"]), [src["controller"], 0])
        got[1] += amount
    elif src.get("lifelink"):  # CR 702.15b: its controller gains that much life
        g.gain_life(src["controller"], amount)
    return amount

