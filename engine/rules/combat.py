"""Combat (CR 506-511): declaring attackers and blockers, combat damage.

Keywords that matter here: flying/reach (702.9b, 702.17b), menace (702.111b), defender
(702.3b), vigilance (702.20b), haste (702.10, with 302.6), first and double strike
(702.7, 702.4, 510.4), trample (702.19), deathtouch (702.2c), lifelink (702.15).
"""
from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from engine.actions import Action, IllegalActionError
from engine.rules.damage import deal_damage, permanent_source

if TYPE_CHECKING:
    from engine.game import Game


def attackers(g: "Game") -> list[int]:
    return [o for o in g.st.battlefield if g.st.objects[o].attacking is not None]


def can_attack(g: "Game", oid: int) -> bool:
    """CR 508.1a: an untapped creature without defender that has been under its controller's
    control continuously since the turn began (or has haste)."""
    o = g.st.objects[oid]
    c = g.chars(oid)
    return ("Creature" in c.types and not o.tapped and not o.phased_out and "defender" not in c.keywords
            and (not o.sick or "haste" in c.keywords))


def can_block(g: "Game", blocker: int, attacker: int) -> bool:
    b = g.st.objects[blocker]
    cb, ca = g.chars(blocker), g.chars(attacker)
    if "Creature" not in cb.types or b.tapped or b.phased_out:
        return False
    if "cant_be_blocked" in ca.flags:
        return False
    if "flying" in ca.keywords and not ({"flying", "reach"} & cb.keywords):
        return False
    return True


def ask_attackers(g: "Game") -> None:
    st = g.st
    a = st.active
    if g.config.goldfish and a == 1:
        return
    if any(can_attack(g, o) for o in g.battlefield(a)):
        st.pending = {"player": a, "kind": "attackers", "prompt": "decide.attackers",
                      "params": {"player": g.pname(a)}}


def ask_blockers(g: "Game") -> None:
    st = g.st
    d = g.opponent(st.active)
    atk = attackers(g)
    if not atk or (g.config.goldfish and d == 1):
        return
    if any(can_block(g, b, x) for b in g.battlefield(d) for x in atk):
        st.pending = {"player": d, "kind": "blockers", "prompt": "decide.blockers",
                      "params": {"player": g.pname(d)}}


def attack_actions(g: "Game", p: int, limit: int = 64) -> list[Action]:
    able = [o for o in g.battlefield(p) if can_attack(g, o)]
    out = [Action(p, "attack")]
    d = ("p", g.opponent(p))
    for k in range(1, len(able) + 1):
        for combo in combinations(able, k):
            out.append(Action(p, "attack", pairs=tuple((o, d) for o in combo)))
            if len(out) >= limit:
                return out
    return out


def block_actions(g: "Game", p: int, limit: int = 64) -> list[Action]:
    atk = attackers(g)
    able = [b for b in g.battlefield(p) if any(can_block(g, b, x) for x in atk)]
    out = [Action(p, "block")]
    # single blocks first (one blocker on one attacker), then pairs for menace
    for b in able:
        for x in atk:
            if can_block(g, b, x):
                act = Action(p, "block", pairs=((b, ("o", x)),))
                if _block_legal(g, act.pairs) is None:
                    out.append(act)
    for b1, b2 in combinations(able, 2):
        for x in atk:
            if can_block(g, b1, x) and can_block(g, b2, x):
                out.append(Action(p, "block", pairs=((b1, ("o", x)), (b2, ("o", x)))))
                if len(out) >= limit:
                    return out
    return out


def declare_attackers(g: "Game", a: Action) -> None:
    st = g.st
    if a.verb != "attack":
        raise IllegalActionError("Declare attackers: attack CARD, CARD -> PLAYER, or attack none (CR 508.1).",
                                 "attack.expected")
    seen = set()
    for oid, ref in a.pairs:
        if oid in seen:
            raise IllegalActionError("A creature can attack only once (CR 508.1).", "attack.twice")
        seen.add(oid)
        o = st.objects.get(oid)
        if o is None or o.controller != a.player or o.zone != "battlefield":
            raise IllegalActionError("You can attack only with creatures you control (CR 508.1a).",
                                     "attack.not_yours")
        if not can_attack(g, oid):
            why = ("it has summoning sickness (CR 302.6)" if o.sick else
                   "it has defender (CR 702.3b)" if g.has(oid, "defender") else "it is tapped (CR 508.1a)")
            raise IllegalActionError(f"{o.name} can't attack: {why}.", "attack.cant", card=o.name)
        if ref != ("p", g.opponent(a.player)) and not (ref[0] == "o" and g.is_type(ref[1], "Planeswalker")):
            raise IllegalActionError("Attack an opponent or a planeswalker they control (CR 506.3).",
                                     "attack.defender")
    st.pending = None
    for oid, ref in a.pairs:
        o = st.objects[oid]
        o.attacking = ref[1] if ref[0] == "p" else g.opponent(a.player)
        if not g.has(oid, "vigilance"):  # CR 508.1f
            o.tapped = True
    g.touch()
    if a.pairs:
        g.event("attack", player=g.pname(a.player), cards=[st.objects[o].name for o, _ in a.pairs],
                objs=[o for o, _ in a.pairs])
        g.triggers.fire("you_attack", player=a.player)  # CR 508.3d-style "whenever you attack"
        for oid, _ in a.pairs:
            g.triggers.fire("attacks", player=a.player, obj=oid)


def _block_legal(g: "Game", pairs: tuple[tuple[int, Any], ...]) -> str | None:
    """CR 509.1b-c: restrictions (flying, can't be blocked) and requirements (menace)."""
    count: dict[int, int] = {}
    for b, ref in pairs:
        x = ref[1]
        if not can_block(g, b, x):
            return f"{g.st.objects[b].name} can't block {g.st.objects[x].name} (CR 509.1b)."
        count[x] = count.get(x, 0) + 1
    for x, n in count.items():
        if g.has(x, "menace") and n < 2:  # CR 702.111b
            return f"{g.st.objects[x].name} has menace: it can't be blocked except by two or more creatures."
    return None


def declare_blockers(g: "Game", a: Action) -> None:
    st = g.st
    if a.verb != "block":
        raise IllegalActionError("Declare blockers: block CARD -> ATTACKER, ... or block none (CR 509.1).",
                                 "block.expected")
    seen = set()
    for b, ref in a.pairs:
        o = st.objects.get(b)
        if o is None or o.controller != a.player or o.zone != "battlefield":
            raise IllegalActionError("You can block only with creatures you control (CR 509.1a).",
                                     "block.not_yours")
        if b in seen:
            raise IllegalActionError("A creature can block only one attacker (CR 509.1a).", "block.twice")
        seen.add(b)
        if ref[0] != "o" or st.objects.get(ref[1]) is None or st.objects[ref[1]].attacking is None:
            raise IllegalActionError("Block an attacking creature.", "block.not_attacker")
    why = _block_legal(g, a.pairs)
    if why:
        raise IllegalActionError(why, "block.illegal")
    st.pending = None
    note_blocks(g, [b for b, _ in a.pairs])
    for b, ref in a.pairs:
        st.objects[b].blocking.append(ref[1])
        st.objects[ref[1]].blocked = True  # CR 509.1h
    g.touch()
    if a.pairs:
        g.event("block", player=g.pname(a.player),
                pairs=[[st.objects[b].name, st.objects[r[1]].name] for b, r in a.pairs])


# ------------------------------------------------------------------ combat damage (CR 510)
# Damage is assigned as each combat damage step begins (CR 510.1), with the characteristics
# at that moment: the first-strike step and the regular step separately (CR 510.4). Where
# the attacking player has a real choice (a creature blocked by two or more creatures, or a
# blocked creature with trample), they face an `assign` decision; otherwise the only
# possible assignment is made at once.

def blockers_of(g: "Game", x: int) -> list[int]:
    """The creatures blocking x, in the order the defending player declared them."""
    st = g.st
    mine = [b for b in st.battlefield if x in st.objects[b].blocking]
    order = st.combat.get("block_order", [])
    return sorted(mine, key=lambda b: (order.index(b) if b in order else len(order), mine.index(b)))


def note_blocks(g: "Game", blockers: list[int]) -> None:
    """Remember the declaration order (the default assignment follows it). Call on each block."""
    order = g.st.combat.setdefault("block_order", [])
    order.extend(b for b in blockers if b not in order)


def _strikes(g: "Game", oid: int) -> bool:
    """CR 510.4, 702.7b-c: in the first-strike step only creatures with first or double strike
    deal damage; in the regular step those that had neither as the first-strike step began,
    plus those that have double strike now. (A creature given first strike after the
    first-strike step still deals damage; one that already struck without double strike
    doesn't.)"""
    st = g.st
    if not st.combat.get("has_first"):
        return True
    kws = g.chars(oid).keywords
    if st.combat.get("first_strike_step"):
        return bool({"first strike", "double strike"} & kws)
    return oid not in st.combat.get("had_first", []) or "double strike" in kws


def _lethal(g: "Game", b: int, deathtouch: bool) -> int:
    """CR 510.1c-d, 702.2c, 702.19b: lethal damage counts damage already marked; with
    deathtouch any nonzero amount is lethal."""
    need = max(0, (g.chars(b).toughness or 0) - g.st.objects[b].damage)
    return min(1, need) if deathtouch else need


def _power(g: "Game", x: int) -> int:
    return max(0, g.chars(x).power or 0)


def has_choice(g: "Game", x: int) -> bool:
    """A real choice: blocked by two or more creatures, or blocked (by one or more) with trample."""
    if _power(g, x) <= 0 or not g.st.objects[x].blocked:
        return False
    n = len(blockers_of(g, x))
    return n >= 2 or (n >= 1 and "trample" in g.chars(x).keywords)


def default_division(g: "Game", x: int) -> list[tuple[str, int, int]]:
    """SCENARIOS.md: in declaration order, lethal damage to each blocker in turn; the rest to
    the player (or planeswalker) attacked with trample, otherwise to the last blocker."""
    st = g.st
    power = _power(g, x)
    if not st.objects[x].blocked:
        return [("p", st.objects[x].attacking, power)] if power else []  # type: ignore[list-item]
    bl = blockers_of(g, x)
    trample = "trample" in g.chars(x).keywords
    if not bl:  # CR 509.1h, 702.19e: blocked but no blockers left: no damage unless trample
        return [("p", st.objects[x].attacking, power)] if trample and power else []  # type: ignore[list-item]
    deathtouch = "deathtouch" in g.chars(x).keywords
    out: list[tuple[str, int, int]] = []
    left = power
    for i, b in enumerate(bl):
        last = i == len(bl) - 1
        give = left if (last and not trample) else min(left, _lethal(g, b, deathtouch))
        if give:
            out.append(("o", b, give))
        left -= give
    if left > 0:
        out.append(("p", st.objects[x].attacking, left))  # type: ignore[arg-type]
    return out


def division_error(g: "Game", x: int, plan: list[tuple[str, int, int]]) -> IllegalActionError | None:
    """Why a division breaks the rules (the refusal to raise), or None (CR 510.1c-d, 702.19b)."""
    st = g.st
    bl = blockers_of(g, x)
    trample = "trample" in g.chars(x).keywords
    power = _power(g, x)
    for kind, v, n in plan:
        if n < 0:
            return IllegalActionError("Damage amounts can't be negative.", "assign.negative")
        if kind == "o" and v not in bl:
            return IllegalActionError("Damage can go only to creatures blocking it (CR 510.1c).",
                                      "assign.not_blocker")
        if kind == "p" and (not trample or v != st.objects[x].attacking):
            return IllegalActionError("Only a creature with trample assigns damage to the player or planeswalker "
                                      "it attacks (CR 702.19b).", "assign.no_trample")
    if sum(n for _, _, n in plan) != power:
        return IllegalActionError(f"Assign exactly {power} damage (the creature's power, CR 510.1a).",
                                  "assign.total", power=power)
    if any(n for k, _, n in plan if k == "p"):
        deathtouch = "deathtouch" in g.chars(x).keywords
        for b in bl:
            got = sum(n for k, v, n in plan if k == "o" and v == b)
            if got < _lethal(g, b, deathtouch):
                return IllegalActionError("With trample, every blocker must be assigned lethal damage before the "
                                          "player (CR 702.19b).", "assign.trample_lethal")
    return None


def begin_combat_damage(g: "Game") -> None:
    """The turn-based action of a combat damage step (CR 510.1): decide whether there is a
    first-strike step, then ask the attacking player where they have a choice, or deal."""
    st = g.st
    if "has_first" not in st.combat:  # the first combat damage step of this combat
        fighters = attackers(g) + [o for o in st.battlefield if st.objects[o].blocking]
        had = [o for o in fighters if {"first strike", "double strike"} & g.chars(o).keywords]
        st.combat["has_first"] = bool(had)
        st.combat["first_strike_step"] = bool(had)  # CR 510.4
        st.combat["had_first"] = had
    st.combat["division"] = {}
    need = [x for x in attackers(g) if _strikes(g, x) and has_choice(g, x)]
    if need:
        _ask_assign(g, need)
    else:
        deal_combat_damage(g)


def _ask_assign(g: "Game", need: list[int]) -> None:
    st = g.st
    p = st.objects[need[0]].controller
    st.pending = {"player": p, "kind": "assign", "prompt": "decide.assign",
                  "params": {"player": g.pname(p), "cards": [st.objects[x].name for x in need]},
                  "attackers": list(need)}


def assign(g: "Game", a: Action) -> None:
    """The answer to the `assign` decision: `assign default` (every creature still to divide
    gets the default), or one creature's division `assign X: N -> BLOCKER, M -> PLAYER`."""
    st = g.st
    pend = st.pending
    if a.verb != "assign" or pend is None or pend.get("kind") != "assign":
        raise IllegalActionError("Assign combat damage: assign default, or assign ATTACKER: N -> BLOCKER, "
                                 "M -> PLAYER (CR 510.1).", "assign.expected")
    need = [x for x in pend["attackers"] if x in st.objects]
    division = st.combat.setdefault("division", {})
    if a.choice == ("default",):
        need = []
    else:
        x = a.obj
        if x not in need:
            raise IllegalActionError("That creature has no combat damage to divide now (CR 510.1).",
                                     "assign.not_choosing")
        plan = [(ref[0], ref[1], n) for ref, n in a.args]
        why = division_error(g, x, plan)  # type: ignore[arg-type]
        if why is not None:
            raise why
        division[str(x)] = [[k, v, n] for k, v, n in plan]
        need.remove(x)
        g.event("assign", player=g.pname(a.player), card=st.objects[x].name)  # type: ignore[index]
    st.pending = None
    if need:
        _ask_assign(g, need)
    else:
        deal_combat_damage(g)


def _compositions(total: int, parts: int) -> Any:
    if parts == 1:
        yield (total,)
        return
    for first in range(total, -1, -1):
        for rest in _compositions(total - first, parts - 1):
            yield (first,) + rest


def assign_actions(g: "Game", p: int) -> list[Action]:
    """Every answer to the `assign` decision: `assign default`, then each legal division of
    each creature still to divide (compositions of its power; exact, no cap)."""
    st = g.st
    pend = st.pending or {}
    out = [Action(p, "assign", choice=("default",))]
    for x in pend.get("attackers", []):
        if x not in st.objects:
            continue
        slots: list[tuple[str, int]] = [("o", b) for b in blockers_of(g, x)]
        if "trample" in g.chars(x).keywords:
            slots.append(("p", st.objects[x].attacking))  # type: ignore[arg-type]
        for amounts in _compositions(_power(g, x), len(slots)):
            plan = [(k, v, n) for (k, v), n in zip(slots, amounts)]
            if division_error(g, x, plan) is None:
                out.append(Action(p, "assign", obj=x, args=tuple(((k, v), n) for k, v, n in plan if n)))
    return out


def deal_combat_damage(g: "Game") -> None:
    """CR 510.1-510.2: every striking creature's damage, as divided, dealt at once."""
    st = g.st
    division = st.combat.get("division", {})
    plan: list[tuple[dict[str, Any], dict[str, Any], int]] = []
    for x in attackers(g):
        if not _strikes(g, x):
            continue
        src = permanent_source(g, x)
        chosen = division.get(str(x))
        parts = [(k, v, n) for k, v, n in chosen] if chosen is not None else default_division(g, x)
        for k, v, n in parts:
            if n:
                plan.append((src, {"player": v} if k == "p" else {"obj": v}, n))
    for b in [o for o in st.battlefield if st.objects[o].blocking]:
        if not _strikes(g, b):
            continue
        for x in st.objects[b].blocking[:1]:
            plan.append((permanent_source(g, b), {"obj": x}, _power(g, b)))
    st.combat["division"] = {}
    for src, ref, n in plan:
        deal_damage(g, src, ref, n, combat=True)


def end_combat(g: "Game") -> None:
    """CR 511.3: creatures stop being attacking and blocking creatures."""
    for oid in g.st.battlefield:
        o = g.st.objects[oid]
        o.attacking = None
        o.blocking = []
        o.blocked = False
    g.st.combat = {}
    g.touch()
