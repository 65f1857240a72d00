"""Combat damage (CR 510): assigning each attacker's damage among its blockers and the player
or planeswalker it attacks, the `assign` decision where the attacking player has a real choice,
and dealing it all at once in the first-strike and regular steps. Split from
engine/rules/combat.py, which declares attackers and blockers (CR 508-509) and ends combat.

Keywords that matter here: first and double strike (702.7, 702.4, 510.4), trample (702.19),
deathtouch (702.2c), lifelink (702.15).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.actions import Action, IllegalActionError
from engine.rules.combat import attackers
from engine.rules.damage import deal_damage, permanent_source
from engine.rules.planeswalkers import attack_ref

if TYPE_CHECKING:
    from engine.rules.context import Context


# ------------------------------------------------------------------ combat damage (CR 510)
# Damage is assigned as each combat damage step begins (CR 510.1), with the characteristics
# at that moment: the first-strike step and the regular step separately (CR 510.4). Where
# the attacking player has a real choice (a creature blocked by two or more creatures, or a
# blocked creature with trample), they face an `assign` decision; otherwise the only
# possible assignment is made at once.

def blockers_of(g: "Context", x: int) -> list[int]:
    """The creatures blocking x, in the order the defending player declared them."""
    st = g.st
    mine = [b for b in st.battlefield if x in st.objects[b].blocking]
    order = st.combat.get("block_order", [])
    return sorted(mine, key=lambda b: (order.index(b) if b in order else len(order), mine.index(b)))


def _strikes(g: "Context", oid: int) -> bool:
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


def _lethal(g: "Context", b: int, deathtouch: bool) -> int:
    """CR 510.1c-d, 702.2c, 702.19b: lethal damage counts damage already marked; with
    deathtouch any nonzero amount is lethal."""
    need = max(0, (g.chars(b).toughness or 0) - g.st.objects[b].damage)
    return min(1, need) if deathtouch else need


def _attacked(g: "Context", x: int) -> tuple[str, int] | None:
    """The player or planeswalker x attacks, as a damage recipient (CR 506.4c, 510.1)."""
    return attack_ref(g, x)


def _power(g: "Context", x: int) -> int:
    return max(0, g.chars(x).power or 0)


def has_choice(g: "Context", x: int) -> bool:
    """A real choice: blocked by two or more creatures, or blocked (by one or more) with trample."""
    if _power(g, x) <= 0 or not g.st.objects[x].blocked:
        return False
    n = len(blockers_of(g, x))
    return n >= 2 or (n >= 1 and "trample" in g.chars(x).keywords)


def default_division(g: "Context", x: int) -> list[tuple[str, int, int]]:
    """SCENARIOS.md: in declaration order, lethal damage to each blocker in turn; the rest to
    the player (or planeswalker) attacked with trample, otherwise to the last blocker."""
    st = g.st
    power = _power(g, x)
    at = _attacked(g, x)  # the player or planeswalker it attacks (CR 506.4c: none if that one left)
    if not st.objects[x].blocked:
        return [(at[0], at[1], power)] if power and at else []
    bl = blockers_of(g, x)
    trample = "trample" in g.chars(x).keywords
    if not bl:  # CR 509.1h, 702.19e: blocked but no blockers left: no damage unless trample
        return [(at[0], at[1], power)] if trample and power and at else []
    deathtouch = "deathtouch" in g.chars(x).keywords
    out: list[tuple[str, int, int]] = []
    left = power
    for i, b in enumerate(bl):
        last = i == len(bl) - 1
        give = left if (last and not trample) else min(left, _lethal(g, b, deathtouch))
        if give:
            out.append(("o", b, give))
        left -= give
    if left > 0 and at is not None:
        out.append((at[0], at[1], left))
    return out


def begin_combat_damage(g: "Context") -> None:
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
    st.combat["partial"] = {}
    need = [x for x in attackers(g) if _strikes(g, x) and has_choice(g, x)]
    if need:
        _ask_assign(g, need)
    else:
        deal_combat_damage(g)


def _ask_assign(g: "Context", need: list[int]) -> None:
    st = g.st
    p = st.objects[need[0]].controller
    st.pending = {"player": p, "kind": "assign", "prompt": "decide.assign",
                  "params": {"player": g.pname(p), "cards": [st.objects[x].name for x in need]},
                  "attackers": list(need)}


def _assigned(plan: list[list[Any]], kind: str, v: int) -> int:
    return sum(n for k, w, n in plan if k == kind and w == v)


def part_error(g: "Context", x: int, plan: list[list[Any]], kind: str, v: int, n: int) -> IllegalActionError | None:
    """Why adding `n -> v` to x's division so far breaks the rules, or None. A part is legal
    only if the division can still be completed legally (CR 510.1a, 510.1c-d, 702.19b)."""
    power = _power(g, x)
    if n < 0:
        return IllegalActionError("assign.negative")
    if n == 0:
        return IllegalActionError("assign.amount")
    bl = blockers_of(g, x)
    trample = "trample" in g.chars(x).keywords
    at = _attacked(g, x)
    if kind == "o" and v not in bl and (kind, v) != at:
        return IllegalActionError("assign.not_blocker")
    if (kind == "p" or (kind, v) == at) and (not trample or (kind, v) != at):
        return IllegalActionError("assign.no_trample")
    left = power - sum(m for _, _, m in plan) - n
    if left < 0:
        return IllegalActionError("assign.total", power=power)
    after = plan + [[kind, v, n]]
    if any((k, w) == at and m for k, w, m in after):
        deathtouch = "deathtouch" in g.chars(x).keywords
        unmet = sum(max(0, _lethal(g, b, deathtouch) - _assigned(after, "o", b)) for b in bl)
        if unmet > left:
            return IllegalActionError("assign.trample_lethal")
    return None


def default_completion(g: "Context", x: int, plan: list[list[Any]]) -> list[list[Any]]:
    """The default for what is left of x's damage after the parts already assigned: in
    declaration order lethal damage to each blocker still short of it, the rest to the player
    attacked with trample, otherwise to the last blocker (SCENARIOS.md)."""
    if not plan:
        return [[k, v, n] for k, v, n in default_division(g, x)]
    bl = blockers_of(g, x)
    deathtouch = "deathtouch" in g.chars(x).keywords
    out = [list(part) for part in plan]
    left = _power(g, x) - sum(n for _, _, n in plan)
    for b in bl:
        give = min(left, max(0, _lethal(g, b, deathtouch) - _assigned(out, "o", b)))
        if give:
            out.append(["o", b, give])
            left -= give
    at = _attacked(g, x)
    if left > 0:
        if "trample" in g.chars(x).keywords or not bl:
            if at is not None:
                out.append([at[0], at[1], left])
        else:
            out.append(["o", bl[-1], left])
    return out


def assign(g: "Context", a: Action) -> None:
    """The answer to the `assign` decision, one part at a time (CR 510.1): `assign X: N ->
    RECIPIENT` adds N of X's damage (X's division is complete when it adds up to X's power);
    `assign X: N -> A, M -> B, ...` is the shorthand for those parts in order and must complete
    X's division; `assign default` completes every division still open with the default."""
    st = g.st
    pend = st.pending
    if a.verb != "assign" or pend is None or pend.get("kind") != "assign":
        raise IllegalActionError("assign.expected")
    need = [x for x in pend["attackers"] if x in st.objects]
    division = st.combat.setdefault("division", {})
    partial: dict[str, list[list[Any]]] = st.combat.setdefault("partial", {})
    if a.choice == ("default",):
        for x in need:
            division[str(x)] = default_completion(g, x, partial.pop(str(x), []))
        need = []
    else:
        x = a.obj
        if x is None or x not in need:
            raise IllegalActionError("assign.not_choosing")
        parts = [(ref[0], ref[1], n) for ref, n in a.args]
        plan = [list(part) for part in partial.get(str(x), [])]
        power = _power(g, x)
        if len(parts) > 1 and sum(n for _, _, n in parts) != power - sum(n for _, _, n in plan):
            raise IllegalActionError("assign.total", power=power)
        for kind, v, n in parts:
            if n == 0 and len(parts) > 1:
                continue
            why = part_error(g, x, plan, kind, v, n)
            if why is not None:
                raise why
            plan.append([kind, v, n])
        if sum(n for _, _, n in plan) < power:
            partial[str(x)] = plan
            st.pending = dict(pend)  # the same decision, with the part noted
            return
        partial.pop(str(x), None)
        division[str(x)] = plan
        need.remove(x)
        g.event("assign", player=g.pname(a.player), card=st.objects[x].name, obj=x)
    st.pending = None
    if need:
        _ask_assign(g, need)
    else:
        deal_later(g)


def deal_later(g: "Context") -> None:
    """The damage as divided is dealt as the next turn-based work (engine/rules/turn.py
    `run_queue`), which can stop for a choice: CR 616.1, a player chooses the order of the
    replacement and prevention effects that apply to the combat damage dealt to them."""
    g.st.queue.insert(0, {"do": "deal_damage"})


def assign_actions(g: "Context", p: int) -> list[Action]:
    """Every answer to the `assign` decision: `assign default`, then for each creature still
    to divide each legal next part `assign X: N -> RECIPIENT` (exact, no cap; power times
    recipients at most, instead of every division at once)."""
    st = g.st
    pend = st.pending or {}
    partial = st.combat.get("partial", {})
    out = [Action(p, "assign", choice=("default",))]
    for x in pend.get("attackers", []):
        if x not in st.objects:
            continue
        plan = partial.get(str(x), [])
        slots: list[tuple[str, int]] = [("o", b) for b in blockers_of(g, x)]
        at = _attacked(g, x)
        if "trample" in g.chars(x).keywords and at is not None:
            slots.append(at)
        left = _power(g, x) - sum(n for _, _, n in plan)
        # the same rule as part_error, worked out once per creature instead of per part
        deathtouch = "deathtouch" in g.chars(x).keywords
        short = {v: max(0, _lethal(g, v, deathtouch) - _assigned(plan, "o", v)) for k, v in slots
                 if (k, v) != at}
        unmet = sum(short.values())
        to_player = any((k, w) == at and n for k, w, n in plan)
        for k, v in slots:
            if (k, v) == at:
                top = left - unmet  # lethal damage to every blocker must still fit (CR 702.19b)
            elif to_player:
                top = left - (unmet - short[v])  # what this blocker gets beyond its lethal is lost to the others
            else:
                top = left
            for n in range(1, max(0, top) + 1):
                out.append(Action(p, "assign", obj=x, args=(((k, v), n),)))
    return out


def deal_combat_damage(g: "Context") -> None:
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
    gains: dict[Any, list[int]] = {}
    dealt = [deal_damage(g, src, ref, n, combat=True, gains=gains) for src, ref, n in plan]
    # CR 702.15b, 510.2: a lifelink source's combat damage to several recipients is dealt at
    # once: its controller gains the total as one event (a "gain that much plus N" replacement applies once)
    for controller, total in gains.values():
        g.gain_life(controller, total)
    hurt: dict[int, int] = {}
    for (src, ref, n), d in zip(plan, dealt):
        if "player" in ref and d > 0:
            hurt[ref["player"]] = hurt.get(ref["player"], 0) + d
    for p, n in sorted(hurt.items()):  # "Whenever [a player] is dealt damage": once for the combat damage
        g.triggers.fire("player_damaged", player=p, amount=n, combat=True)
    # "Whenever one or more creatures you control deal combat damage to a player" (CR 603.2c:
    # once per combat damage step for all of them; prevented damage is not dealt, CR 615.1)
    # ruling (Bodenloses Becken // Umkleidekabine): once for each player dealt combat damage
    for p, victim in sorted({(src["controller"], ref["player"]) for (src, ref, n), d in zip(plan, dealt)
                             if "player" in ref and d > 0}):
        sources = [src["obj"] for (src, ref, n), d in zip(plan, dealt)  # which creatures ("one or more colorless creatures")
                   if src["controller"] == p and ref.get("player") == victim and d > 0]
        g.triggers.fire("creatures_dealt_combat_damage", player=p, damaged=victim, sources=sources)
