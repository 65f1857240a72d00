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
    for b, ref in a.pairs:
        st.objects[b].blocking.append(ref[1])
        st.objects[ref[1]].blocked = True  # CR 509.1h
    g.touch()
    if a.pairs:
        g.event("block", player=g.pname(a.player),
                pairs=[[st.objects[b].name, st.objects[r[1]].name] for b, r in a.pairs])


def assign(g: "Game", a: Action) -> None:
    """The attacking player divides an attacker's combat damage by hand (CR 510.1c-d, as of
    8 Nov 2024: "divide the damage as they choose among the blocking creatures"; with trample,
    lethal damage to every blocker before any to the player, 702.19b). Without it the default
    applies (SCENARIOS.md): lethal to each blocker in turn, the rest to the last or the player."""
    st = g.st
    x = a.obj
    if st.step != "declare_blockers" or a.player != st.active or x is None or x not in st.objects \
            or st.objects[x].attacking is None or not st.objects[x].blocked:
        raise IllegalActionError("Divide the damage of your blocked attacking creature in the declare "
                                 "blockers step (CR 510.1c).", "assign.when")
    blockers = [b for b in st.battlefield if x in st.objects[b].blocking]
    power = max(0, g.chars(x).power or 0)
    plan: list[tuple[str, int, int]] = []
    for ref, n in a.args:
        if ref[0] == "o" and ref[1] not in blockers:
            raise IllegalActionError("Damage can go only to creatures blocking it (CR 510.1c).", "assign.not_blocker")
        if ref[0] == "p" and ("trample" not in g.chars(x).keywords or ref[1] != st.objects[x].attacking):
            raise IllegalActionError("Only a creature with trample assigns damage to the player (CR 702.19b).",
                                     "assign.no_trample")
        if n < 0:
            raise IllegalActionError("Damage amounts can't be negative.", "assign.negative")
        plan.append((ref[0], ref[1], n))
    if sum(n for _, _, n in plan) != power:
        raise IllegalActionError(f"Assign exactly {power} damage (its power).", "assign.total", power=power)
    to_player = sum(n for k, _, n in plan if k == "p")
    if to_player:
        deathtouch = "deathtouch" in g.chars(x).keywords
        for b in blockers:
            got = sum(n for k, v, n in plan if k == "o" and v == b)
            lethal = 1 if deathtouch else max(0, (g.chars(b).toughness or 0) - st.objects[b].damage)
            if got < lethal:
                raise IllegalActionError("With trample, every blocker must be assigned lethal damage before "
                                         "the player (CR 702.19b).", "assign.trample_lethal")
    st.combat.setdefault("assign", {})[str(x)] = [[k, v, n] for k, v, n in plan]
    g.event("assign", player=g.pname(a.player), card=st.objects[x].name)


def _strikes(g: "Game", oid: int, first_step: bool, has_first_step: bool) -> bool:
    kws = g.chars(oid).keywords
    first = "first strike" in kws or "double strike" in kws
    if not has_first_step:
        return True
    if first_step:
        return first
    return not first or "double strike" in kws or oid in g.st.combat.get("late_first", [])


def deal_combat_damage(g: "Game") -> None:
    """CR 510.1-510.2: assign, then deal all combat damage at once."""
    st = g.st
    atk = attackers(g)
    blockers = [o for o in st.battlefield if st.objects[o].blocking]
    fighters = atk + blockers
    if not st.combat.get("first_strike_done"):
        has_first = any({"first strike", "double strike"} & g.chars(o).keywords for o in fighters)
        st.combat["has_first"] = has_first
        st.combat["first_strike_step"] = has_first
    has_first = st.combat.get("has_first", False)
    first_step = st.combat.get("first_strike_step", False)
    plan: list[tuple[dict[str, Any], dict[str, Any], int]] = []
    for x in atk:
        if x not in st.objects or not _strikes(g, x, first_step, has_first):
            continue
        power = max(0, g.chars(x).power or 0)
        src = permanent_source(g, x)
        blocking_me = [b for b in blockers if x in st.objects[b].blocking]
        manual = st.combat.get("assign", {}).get(str(x))
        if manual and not first_step and sum(n for _, _, n in manual) == power \
                and all(k == "p" or v in blocking_me for k, v, n in manual):
            for k, v, n in manual:  # the division the attacking player asked for
                if n:
                    plan.append((src, {"player": v} if k == "p" else {"obj": v}, n))
            continue
        if not st.objects[x].blocked:
            plan.append((src, {"player": st.objects[x].attacking}, power))
            continue
        if not blocking_me:  # CR 509.1h / 510.1c: blocked, no blockers: no damage unless trample
            if "trample" in g.chars(x).keywords:
                plan.append((src, {"player": st.objects[x].attacking}, power))
            continue
        left = power
        for i, b in enumerate(blocking_me):
            c = g.chars(b)
            lethal = 1 if src["deathtouch"] else max(0, (c.toughness or 0) - st.objects[b].damage)
            last = i == len(blocking_me) - 1
            give = left if (last and "trample" not in g.chars(x).keywords) else min(left, lethal)
            if give:
                plan.append((src, {"obj": b}, give))
            left -= give
        if left > 0 and "trample" in g.chars(x).keywords:  # CR 702.19b
            plan.append((src, {"player": st.objects[x].attacking}, left))
    for b in blockers:
        if not _strikes(g, b, first_step, has_first):
            continue
        for x in st.objects[b].blocking[:1]:
            plan.append((permanent_source(g, b), {"obj": x}, max(0, g.chars(b).power or 0)))
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
