"""Combat (CR 506-511): declaring attackers and blockers, combat damage.

Keywords that matter here: flying/reach (702.9b, 702.17b), menace (702.111b), defender
(702.3b), vigilance (702.20b), haste (702.10, with 302.6), first and double strike
(702.7, 702.4, 510.4), trample (702.19), deathtouch (702.2c), lifelink (702.15).
"""
from __future__ import annotations

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
    if g.empty_seat(a):
        return
    if any(can_attack(g, o) for o in g.battlefield(a)):
        st.pending = {"player": a, "kind": "attackers", "prompt": "decide.attackers",
                      "params": {"player": g.pname(a)}}


def ask_blockers(g: "Game") -> None:
    """CR 509.1: each defending player declares blockers, in turn order (CR 101.4) when
    several were attacked; `combat["blocked_by"]` remembers who has declared."""
    st = g.st
    atk = attackers(g)
    if not atk:
        return
    done = st.combat.get("blockers_done", [])
    for d in g.opponents(st.active):
        if d in done or g.empty_seat(d):
            continue
        mine = [x for x in atk if st.objects[x].attacking == d]
        if mine and any(can_block(g, b, x) for b in g.battlefield(d) for x in mine):
            st.pending = {"player": d, "kind": "blockers", "prompt": "decide.blockers",
                          "params": {"player": g.pname(d)}}
            return


def _defenders(g: "Game", p: int) -> list[Any]:
    """Whom p may attack: each opponent (CR 508.1b; planeswalkers are accepted by
    declare_attackers but not listed, their combat damage goes to their controller)."""
    return [("p", q) for q in g.opponents(p)]


def _declared(g: "Game") -> list[tuple[int, Any]]:
    pend = g.st.pending or {}
    return [(int(o), (str(r[0]), int(r[1]))) for o, r in pend.get("declared", ())]


def attack_actions(g: "Game", p: int) -> list[Action]:
    """`attack done` and one `attacker CARD -> PLAYER` per creature still able and each
    player it may attack: declaring one creature at a time lists every declaration exactly."""
    taken = {o for o, _ in _declared(g)}
    able = [o for o in g.battlefield(p) if o not in taken and can_attack(g, o)]
    out = [Action(p, "attack", args=("done",))]
    defenders = _defenders(g, p)
    for o in able:
        for d in defenders:
            out.append(Action(p, "attacker", pairs=((o, d),)))
    return out


def _attackers_of(g: "Game", defender: int) -> list[int]:
    return [o for o in g.st.battlefield if g.st.objects[o].attacking == defender]


def block_actions(g: "Game", p: int) -> list[Action]:
    """`block done` when the declaration so far is legal, and one `blocker CARD -> ATTACKER`
    per pair that leaves a legal declaration still reachable (menace needs a second blocker)."""
    pairs = _declared(g)
    taken = {b for b, _ in pairs}
    atk = _attackers_of(g, p)
    out: list[Action] = []
    if _block_legal(g, tuple(pairs)) is None:
        out.append(Action(p, "block", args=("done",)))
    for b in g.battlefield(p):
        if b in taken:
            continue
        for x in atk:
            if can_block(g, b, x) and _completable(g, p, pairs + [(b, ("o", x))]):
                out.append(Action(p, "blocker", pairs=((b, ("o", x)),)))
    return out


def _completable(g: "Game", p: int, pairs: list[tuple[int, Any]]) -> bool:
    """Can these blocks still grow into a legal declaration? Menace (CR 702.111b) is the
    only requirement on the whole: each attacker blocked by one creature needs one more
    blocker from those still free — a small bipartite matching."""
    count: dict[int, int] = {}
    for _, ref in pairs:
        count[ref[1]] = count.get(ref[1], 0) + 1
    needy = [x for x, n in count.items() if n == 1 and g.has(x, "menace")]
    if not needy:
        return True
    taken = {b for b, _ in pairs}
    free = [b for b in g.battlefield(p) if b not in taken]
    match: dict[int, int] = {}  # blocker -> attacker

    def augment(x: int, seen: set[int]) -> bool:
        for b in free:
            if b in seen or not can_block(g, b, x):
                continue
            seen.add(b)
            if b not in match or augment(match[b], seen):
                match[b] = x
                return True
        return False
    return all(augment(x, set()) for x in needy)


def _attack_pair_problem(g: "Game", p: int, oid: int, ref: Any, taken: set[int]) -> IllegalActionError | None:
    st = g.st
    if oid in taken:
        return IllegalActionError("A creature can attack only once (CR 508.1a).", "attack.twice")
    o = st.objects.get(oid)
    if o is None or o.controller != p or o.zone != "battlefield":
        return IllegalActionError("You can attack only with creatures you control (CR 508.1a).", "attack.not_yours")
    if not can_attack(g, oid):
        why = ("it has summoning sickness (CR 302.6)" if o.sick else
               "it has defender (CR 702.3b)" if g.has(oid, "defender") else "it is tapped (CR 508.1a)")
        return IllegalActionError(f"{o.name} can't attack: {why}.", "attack.cant", card=o.name)
    ok = (ref[0] == "p" and ref[1] in g.opponents(p)) or (
        ref[0] == "o" and ref[1] in st.objects and st.objects[ref[1]].zone == "battlefield"
        and g.is_type(ref[1], "Planeswalker") and st.objects[ref[1]].controller in g.opponents(p))
    if not ok:
        return IllegalActionError("Attack an opponent or a planeswalker they control (CR 506.3, 508.1b).",
                                  "attack.defender")
    return None


def _attack_whole_problem(g: "Game", p: int, pairs: list[tuple[int, Any]]) -> IllegalActionError | None:
    """Restrictions and requirements on the whole declaration (CR 508.1c-d), checked at
    `attack done`. None of the implemented cards has one yet ("can't attack alone" etc.)."""
    return None


def declare_attackers(g: "Game", a: Action) -> None:
    """CR 508.1: one creature at a time (`attacker CARD -> PLAYER`), then `attack done`;
    `attack A, B -> P` (and `attack none`) is the whole declaration at once."""
    st = g.st
    declared = _declared(g)
    taken = {o for o, _ in declared}
    if a.verb == "attacker":
        if len(a.pairs) != 1:
            raise IllegalActionError("Declare one attacker at a time: attacker CARD -> PLAYER.", "attack.one")
        oid, ref = a.pairs[0]
        why = _attack_pair_problem(g, a.player, oid, ref, taken)
        if why is not None:
            raise why
        pend = st.pending
        assert pend is not None
        from engine.format import text_of
        st.pending = dict(pend, declared=[[o, list(r)] for o, r in declared] + [[oid, list(ref)]],
                          chosen=list(pend.get("chosen", ())) + [text_of(g, a)[len("attacker "):]])
        return
    if a.verb != "attack":
        raise IllegalActionError("Declare attackers: attacker CARD -> PLAYER, then attack done; or attack "
                                 "CARD, CARD -> PLAYER, or attack none (CR 508.1).", "attack.expected")
    if a.args == ("done",):
        pairs = declared
    else:
        if declared:
            raise IllegalActionError("Attackers are being declared one at a time: go on, or write attack done.",
                                     "attack.in_parts")
        pairs = []
        for oid, ref in a.pairs:
            why = _attack_pair_problem(g, a.player, oid, ref, {o for o, _ in pairs})
            if why is not None:
                raise why
            pairs.append((oid, ref))
    why = _attack_whole_problem(g, a.player, pairs)
    if why is not None:
        raise why
    st.pending = None
    for oid, ref in pairs:
        o = st.objects[oid]
        o.attacking = ref[1] if ref[0] == "p" else st.objects[ref[1]].controller
        if not g.has(oid, "vigilance"):  # CR 508.1f
            o.tapped = True
    g.touch()
    if pairs:
        g.event("attack", player=g.pname(a.player), cards=[st.objects[o].name for o, _ in pairs],
                objs=[o for o, _ in pairs])
        g.triggers.fire("you_attack", player=a.player)  # CR 508.3d-style "whenever you attack"
        for oid, _ in pairs:
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


def _block_pair_problem(g: "Game", p: int, b: int, ref: Any, taken: set[int]) -> IllegalActionError | None:
    st = g.st
    o = st.objects.get(b)
    if o is None or o.controller != p or o.zone != "battlefield":
        return IllegalActionError("You can block only with creatures you control (CR 509.1a).", "block.not_yours")
    if b in taken:
        return IllegalActionError("A creature can block only one attacker (CR 509.1a).", "block.twice")
    if ref[0] != "o" or st.objects.get(ref[1]) is None or st.objects[ref[1]].attacking is None:
        return IllegalActionError("Block an attacking creature.", "block.not_attacker")
    if st.objects[ref[1]].attacking != p:
        return IllegalActionError("Block a creature that is attacking you (CR 509.1a).", "block.not_attacking_you")
    if not can_block(g, b, ref[1]):
        return IllegalActionError(f"{o.name} can't block {st.objects[ref[1]].name} (CR 509.1b).", "block.illegal")
    return None


def declare_blockers(g: "Game", a: Action) -> None:
    """CR 509.1: one creature at a time (`blocker CARD -> ATTACKER`), then `block done`;
    `block X -> A, Y -> B` (and `block none`) is the whole declaration at once."""
    st = g.st
    declared = _declared(g)
    taken = {b for b, _ in declared}
    if a.verb == "blocker":
        if len(a.pairs) != 1:
            raise IllegalActionError("Declare one blocker at a time: blocker CARD -> ATTACKER.", "block.one")
        b, ref = a.pairs[0]
        why = _block_pair_problem(g, a.player, b, ref, taken)
        if why is not None:
            raise why
        if not _completable(g, a.player, declared + [(b, ref)]):
            x = st.objects[ref[1]].name
            raise IllegalActionError(f"{x} has menace and no other creature of yours could block it too "
                                     "(CR 702.111b).", "block.menace", card=x)
        pend = st.pending
        assert pend is not None
        from engine.format import text_of
        st.pending = dict(pend, declared=[[o, list(r)] for o, r in declared] + [[b, list(ref)]],
                          chosen=list(pend.get("chosen", ())) + [text_of(g, a)[len("blocker "):]])
        return
    if a.verb != "block":
        raise IllegalActionError("Declare blockers: blocker CARD -> ATTACKER, then block done; or block "
                                 "CARD -> ATTACKER, ..., or block none (CR 509.1).", "block.expected")
    if a.args == ("done",):
        pairs = declared
    else:
        if declared:
            raise IllegalActionError("Blockers are being declared one at a time: go on, or write block done.",
                                     "block.in_parts")
        pairs = []
        for b, ref in a.pairs:
            why = _block_pair_problem(g, a.player, b, ref, {o for o, _ in pairs})
            if why is not None:
                raise why
            pairs.append((b, ref))
    why_text = _block_legal(g, tuple(pairs))
    if why_text:
        raise IllegalActionError(why_text, "block.illegal")
    st.pending = None
    if len(st.players) > 2:  # the next defending player declares next (two players: only one)
        st.combat.setdefault("blockers_done", []).append(a.player)
        st.queue.insert(0, {"do": "blockers"})
    for b, ref in pairs:
        st.objects[b].blocking.append(ref[1])
        st.objects[ref[1]].blocked = True  # CR 509.1h
    g.touch()
    if pairs:
        g.event("block", player=g.pname(a.player),
                pairs=[[st.objects[b].name, st.objects[r[1]].name] for b, r in pairs])


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
