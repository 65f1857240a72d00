"""The heuristic level's combat (engine/ai/heuristic.py): a simple simulation of each
attacker against every possible block. Attack when the attacker survives every block or
trades up, all-in when it is lethal, keep defenders home when the crack-back would be lethal;
block to kill attackers, to trade even or up, and chump only to survive."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import Action
from engine.ai import adapter
from engine.ai.evaluate import creature_value
from engine.ai.threat import attack_preference

if TYPE_CHECKING:
    from engine.game import Game


def _stats(g: "Game", oid: int) -> tuple[int, int, frozenset[str]]:
    c = adapter.chars(g, oid)
    o = adapter.game_state(g).objects[oid]
    return (c.power or 0), (c.toughness or 0) - o.damage, frozenset(c.keywords)


def _value(g: "Game", oid: int) -> float:
    c = adapter.chars(g, oid)
    return creature_value(c.power or 0, c.toughness or 0, c.keywords)


def kills(g: "Game", a: int, b: int) -> bool:
    """Does creature a kill creature b in a fight between them (one block)?"""
    pa, _ta, ka = _stats(g, a)
    _pb, tb, kb = _stats(g, b)
    if "indestructible" in kb or pa <= 0:
        return False
    return pa >= tb or "deathtouch" in ka


def survives(g: "Game", a: int, b: int) -> bool:
    """Does a survive a fight with b (first strike considered)?"""
    if not kills(g, b, a):
        return True
    ka, kb = _stats(g, a)[2], _stats(g, b)[2]
    a_first = bool({"first strike", "double strike"} & ka) and not ({"first strike", "double strike"} & kb)
    return a_first and kills(g, a, b)


def plan_attack(g: "Game", seat: int, actions: list[Action],
                prefer: dict[int, float] | None = None) -> set[tuple[int, tuple[str, int]]]:
    st = adapter.game_state(g)
    # the opponent to attack: the most preferred by threat (engine/ai/threat.py, read from the
    # seat's observation; a rollout without one reads its copy's public state the same way);
    # 2 players: the opponent
    opps = adapter.opponents(g, seat) or [seat]
    if prefer is None and len(opps) > 1:
        prefer = attack_preference(adapter.observe(g, seat), seat)
    opp = max(opps, key=lambda o: ((prefer or {}).get(o, 0.0), -st.players[o].life, -opps.index(o)))
    options: dict[int, tuple[str, int]] = {}
    for act in actions:
        for oid, ref in adapter.pairs(act):
            if ref == ("p", opp) or oid not in options:
                options[oid] = ref
    declared = dict(adapter.declared_pairs(g))  # a declaration in parts: already attacking
    if not options:
        return set(declared.items())
    # who may block: the attacked player's creatures — with shared team turns any member's of
    # their team (CR 805.10d: a team's one combined block)
    defending = [opp, *adapter.teammates(g, opp)] if adapter.shared_turns(g) else [opp]
    blockers = [oid for d in defending for oid, o, _c in adapter.creatures(g, d) if not o.tapped]
    attack: list[int] = []
    for x in options:
        can = [b for b in blockers if adapter.can_block(g, b, x)]
        pa, _ta, ka = _stats(g, x)
        if "menace" in ka and len(can) < 2:
            can = []
        safe = True
        for b in can:
            if not survives(g, x, b):
                # a trade is fine when the blocker is worth as much (trading up)
                if not (kills(g, x, b) and _value(g, b) >= _value(g, x) * 0.9):
                    safe = False
                    break
        if safe and pa > 0:
            attack.append(x)
    life = st.players[opp].life
    powers = sorted((_stats(g, a)[0] * (2 if "double strike" in _stats(g, a)[2] else 1)
                     for a in [*options, *declared]), reverse=True)
    if sum(powers[len(blockers):]) >= life:  # even if each blocker stops one of the biggest: lethal
        attack = list(options)
    attack += list(declared)
    options = {**options, **declared}
    # keep defenders home when their crack-back would kill me
    me_life = st.players[seat].life
    # (several opponents: the one with the most power may strike back, whoever is attacked; a
    # team with a shared turn strikes back together, CR 805.10a)
    sides = [[o, *adapter.teammates(g, o)] if adapter.shared_turns(g) else [o] for o in opps]
    their_power = max((sorted((_stats(g, b)[0] for o in side for b, _o, _c in adapter.creatures(g, o)), reverse=True)
                       for side in sides), key=sum)
    if sum(powers[len(blockers):]) < life:
        def home() -> list[int]:
            return [oid for oid, o, c in adapter.creatures(g, seat)
                    if not o.tapped and (oid not in attack or "vigilance" in c.keywords)]
        while set(attack) - set(declared) and sum(their_power[len(home()):]) >= me_life:
            attack.remove(max(set(attack) - set(declared), key=lambda x: (_stats(g, x)[1], -x)))
    return {(a, options[a]) for a in attack}


def plan_block(g: "Game", seat: int, actions: list[Action]) -> set[tuple[int, tuple[str, int]]]:
    st = adapter.game_state(g)
    able: dict[int, set[int]] = {}
    for a in actions:
        for b, ref in adapter.pairs(a):
            able.setdefault(b, set()).add(ref[1])
    declared = {b: ref[1] for b, ref in adapter.declared_pairs(g)}  # blocks declared so far
    held = adapter.blocked_by_teammates(g, seat)  # the team's block so far (CR 805.10d)
    attackers = sorted(({x for s in able.values() for x in s} - held) | set(declared.values()),
                       key=lambda x: (-_value(g, x), x))
    used: set[int] = set(declared)
    plan: dict[int, int] = dict(declared)

    def dmg(x: int) -> int:
        p, _t, k = _stats(g, x)
        return p * (2 if "double strike" in k else 1)
    for x in attackers:
        if x in declared.values():
            continue
        best, best_score = None, 0.0
        for b in sorted(able):
            if b in used or x not in able[b]:
                continue
            kill, live = kills(g, b, x), survives(g, b, x)
            if kill and live:
                score = _value(g, x) + 2.0
            elif live:
                score = 0.3 * dmg(x)
            elif kill and _value(g, x) >= _value(g, b) - 0.5:
                score = _value(g, x) - _value(g, b) + 0.5
            else:
                continue
            if "menace" in _stats(g, x)[2]:
                continue
            if score > best_score:
                best, best_score = b, score
        if best is not None:
            plan[best] = x
            used.add(best)
    # chump only to survive: block the biggest unblocked attackers with the cheapest creatures
    life = st.players[seat].life
    unblocked = [x for x in attackers if x not in plan.values()]
    incoming = sum(dmg(x) for x in unblocked)
    for x in sorted(unblocked, key=lambda x: -dmg(x)):
        if incoming < life:
            break
        if "menace" in _stats(g, x)[2]:
            continue
        cands = [b for b in able if b not in used and x in able[b]]
        if not cands:
            continue
        b = min(cands, key=lambda b: (_value(g, b), b))
        plan[b] = x
        used.add(b)
        if "trample" not in _stats(g, x)[2]:
            incoming -= dmg(x)
        else:
            incoming -= min(dmg(x), max(_stats(g, b)[1], 0))
    return {(b, ("o", x)) for b, x in plan.items()}
