"""Combat (CR 506-509, 511): declaring attackers and blockers, with the requirements and
restrictions each declaration must obey, and the end of combat. Combat damage (CR 510) is
engine/rules/combat_damage.py.

Keywords that matter here: flying/reach (702.9b, 702.17b), menace (702.111b), defender
(702.3b), vigilance (702.20b), haste (702.10, with 302.6).
"""
from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, Callable

from engine.actions import Action, IllegalActionError
from engine.rules import restrictions, teams
from engine.rules.index import CARDS
from engine.format import name_map, text_of
from engine.naming import public_name
from engine.rules.planeswalkers import defender_of, defenders
from engine.rules.attack_rules import allowed_defenders, attack_tax, forbidden_by, tax_payable
from engine.rules.effects import ObjectRule
from engine.rules.payment import pay_now

if TYPE_CHECKING:
    from engine.rules.context import Context

# (module names: read on the hot path of every blocker listing)
_ATTACKS_DESPITE_DEFENDER = ObjectRule.ATTACKS_DESPITE_DEFENDER
_CANT_ATTACK = ObjectRule.CANT_ATTACK
_CANT_ATTACK_ALONE = ObjectRule.CANT_ATTACK_ALONE
_CANT_BE_BLOCKED = ObjectRule.CANT_BE_BLOCKED
_CANT_BE_BLOCKED_BY = ObjectRule.CANT_BE_BLOCKED_BY
_CANT_BLOCK = ObjectRule.CANT_BLOCK
_CANT_BLOCK_ALONE = ObjectRule.CANT_BLOCK_ALONE
_MUST_BE_BLOCKED = ObjectRule.MUST_BE_BLOCKED


def attackers(g: "Context") -> list[int]:
    return [o for o in g.st.battlefield if g.st.objects[o].attacking is not None]


def can_attack(g: "Context", oid: int) -> bool:
    """CR 508.1a: an untapped creature without defender that has been under its controller's
    control continuously since the turn began (or has haste)."""
    o = g.st.objects[oid]
    c = g.chars(oid)
    return ("Creature" in c.types and not o.tapped and not o.phased_out
            and ("defender" not in c.keywords or _ATTACKS_DESPITE_DEFENDER in c.flags)
            and _CANT_ATTACK not in c.flags  # a "can't attack" restriction (CR 508.1c)
            and restrictions.allowed(g, o.controller)  # "only you and the chosen player can ... attack"
            and (not o.sick or "haste" in c.keywords))


# CR 702.14: landwalk and the basic land type it names (the keyword lines: engine/cards/keywords.py)
LANDWALK = {"plainswalk": "Plains", "islandwalk": "Island", "swampwalk": "Swamp", "mountainwalk": "Mountain",
            "forestwalk": "Forest"}
_LANDWALKS = frozenset(LANDWALK)


def can_block(g: "Context", blocker: int, attacker: int) -> bool:
    """Whether this creature could block that attacker (CR 509.1b), once per position and
    tapped status (the listing of blockers asks it for every pair, one declared pair at a time)."""
    b = g.st.objects[blocker]
    key = ("can_block", blocker, attacker, b.tapped)
    got: bool | None = g.memo.get(key)
    if got is None:
        got = g.memo[key] = _can_block(g, b, blocker, attacker)
    return got


def _can_block(g: "Context", b: Any, blocker: int, attacker: int) -> bool:
    cb, ca = g.chars(blocker), g.chars(attacker)
    if "Creature" not in cb.types or b.tapped or b.phased_out or _CANT_BLOCK in cb.flags:  # CR 509.1b
        return False
    if _CANT_BE_BLOCKED in ca.flags:
        return False
    for flag in ca.flags:  # "can't be blocked by Glimmers / except by black creatures" (CR 509.1b)
        if flag.startswith(_CANT_BE_BLOCKED_BY):
            _, group, value = flag.split(":", 2)
            if (value in cb.subtypes) if group == "subtype" else (value not in cb.colors):
                return False
    if "fear" in ca.keywords and not ("Artifact" in cb.types or "B" in cb.colors):
        return False  # CR 702.36b: fear — only artifact creatures and/or black creatures block it
    if ca.keywords & _LANDWALKS:  # CR 702.14c: the defending player controls a land of that type
        lands = {LANDWALK[k] for k in ca.keywords & _LANDWALKS}
        if any(lands & set(c.subtypes) for _, _, c in g.perms(b.controller) if "Land" in c.types):
            return False
    if "flying" in ca.keywords and not ({"flying", "reach"} & cb.keywords):
        return False
    return True


def ask_attackers(g: "Context") -> None:
    """CR 508.1: the active player declares attackers. With shared team turns (CR 805.4a) each
    member of the active team declares for their own creatures, primary player first (805.2);
    the declarations are kept in `combat["team_attacks"]` and take effect together once the
    last member has declared (the team's creatures attack at once)."""
    st = g.st
    members = teams.active_players(g)
    done = st.combat.get("attackers_done", [])
    for a in members:
        if a in done or g.empty_seat(a):
            continue
        if any(can_attack(g, o) for o in g.battlefield(a)):
            st.pending = {"player": a, "kind": "attackers", "prompt": "decide.attackers",
                          "params": {"player": g.pname(a)}}
            return
    held = st.combat.pop("team_attacks", None)
    st.combat.pop("attackers_done", None)
    declared = [(p, [(int(o), (str(r[0]), int(r[1]))) for o, r in pairs]) for p, pairs in held or ()]
    # the team's creatures become attacking at once (CR 508.1f), before any attack trigger:
    # "attacks alone" counts the teammates' attackers too (CR 506.5, the Widow's Walk ruling)
    for _, pairs in declared:
        _become_attacking(g, pairs)
    for p, pairs in declared:
        _attack_triggers(g, p, pairs)


def ask_blockers(g: "Context") -> None:
    """CR 509.1: each defending player declares blockers, in turn order (CR 101.4) when
    several were attacked; `combat["blockers_done"]` remembers who has declared. With shared
    team turns the defending team has one combined block (CR 805.10d): its members declare
    for their own creatures one after another (the team's order, primary first, 805.2), each
    creature may block a creature attacking any player of the team, and the blocks are held in
    `combat["team_blocks"]` until the last member has declared, then made at once."""
    st = g.st
    atk = attackers(g)
    if not atk:
        return
    d = _next_to_block(g, [])
    if d is not None:
        st.pending = {"player": d, "kind": "blockers", "prompt": "decide.blockers",
                      "params": {"player": g.pname(d)}}
        return
    for p, pairs in st.combat.pop("team_blocks", None) or ():
        _block_now(g, p, [(int(b), (str(r[0]), int(r[1]))) for b, r in pairs])


def _next_to_block(g: "Context", skip: list[int]) -> int | None:
    """The next defending player still to declare blockers who could block something (none
    if every one has declared): in turn order, a team in its own order (CR 805.6)."""
    st = g.st
    done = st.combat.get("blockers_done", [])
    foes = set(g.opponents(st.active))
    for d in teams.apnap_order(g):
        if d not in foes or d in done or d in skip or g.empty_seat(d) or st.players[d].lost:
            continue
        mine = _attackers_of(g, d)
        if mine and any(can_block(g, b, x) for b in g.battlefield(d) for x in mine):
            return d
    return None


def blocking_side(g: "Context", p: int) -> tuple[int, ...]:
    """Whose attackers p's creatures may block: p's own (CR 509.1a), or with shared team turns
    those of every player on p's team (CR 805.10d)."""
    if teams.shared_turns(g) and g.st.players[p].team:
        return tuple(teams.team_order(g.st, p))
    return (p,)


def _pool(g: "Context", p: int) -> tuple[int, ...]:
    """The players whose creatures can still join the team's block as p declares: p and the
    teammates who will declare after p (CR 805.10d); p alone without a shared turn."""
    side = blocking_side(g, p)
    if len(side) == 1:
        return side
    key = ("block_pool", p, tuple(g.st.combat.get("blockers_done", ())))
    got: tuple[int, ...] | None = g.memo.get(key)
    if got is None:
        later: list[int] = []
        while True:
            nxt = _next_to_block(g, [p, *later])
            if nxt is None or nxt not in side:
                break
            later.append(nxt)
        got = g.memo[key] = (p, *later)
    return got


def _held_blocks(g: "Context", p: int) -> list[tuple[int, Any]]:
    """The blocks p's teammates have declared this combat, held until the team's last member
    declares (CR 805.10d); none without a shared turn."""
    side = blocking_side(g, p)
    return [(int(b), (str(r[0]), int(r[1]))) for q, pairs in g.st.combat.get("team_blocks", ())
            if q in side for b, r in pairs]


def _defenders(g: "Context", p: int) -> list[Any]:
    """Whom p may attack: each opponent and each planeswalker an opponent controls (CR 506.3,
    508.1b; engine/rules/planeswalkers.py)."""
    return defenders(g, p)


def _declared(g: "Context") -> list[tuple[int, Any]]:
    pend = g.st.pending or {}
    return [(int(o), (str(r[0]), int(r[1]))) for o, r in pend.get("declared", ())]


def attack_actions(g: "Context", p: int) -> list[Action]:
    """`attack done` and one `attacker CARD -> PLAYER` per creature still able and each
    player it may attack: declaring one creature at a time lists every declaration exactly."""
    declared = _declared(g)
    taken = {o for o, _ in declared}
    able = [o for o in g.battlefield(p) if o not in taken and can_attack(g, o)]
    out = [Action(p, "attack", args=("done",))] if _attack_whole_problem(g, p, declared) is None else []
    defenders = _defenders(g, p)
    held, later = _team_attackers(g, p)
    for o in able:
        if len(able) + len(taken) + len(held) < 2 and not later and _CANT_ATTACK_ALONE in g.chars(o).flags:
            continue  # it could never be joined: the declaration would have no legal end (CR 506.5)
        for d in allowed_defenders(g, o, defenders):  # goaded, or told whom to attack (CR 508.1d)
            if forbidden_by(g, o, d) is None and tax_payable(g, p, declared + [(o, d)]):
                out.append(Action(p, "attacker", pairs=((o, d),)))
    return out


def _attackers_of(g: "Context", defender: int) -> list[int]:
    """The creatures the defender's creatures may block: those attacking the defender or a
    planeswalker they control (CR 509.1a), or any player of their team (CR 805.10d)."""
    side = blocking_side(g, defender)
    return [o for o in g.st.battlefield if g.st.objects[o].attacking in side]


def block_actions(g: "Context", p: int) -> list[Action]:
    """`block done` when the declaration so far is legal, and one `blocker CARD -> ATTACKER`
    per pair that leaves a legal declaration still reachable (menace needs a second blocker)."""
    pairs = _held_blocks(g, p) + _declared(g)  # with a team's combined block, the whole so far
    taken = {b for b, _ in pairs}
    atk = _attackers_of(g, p)
    out: list[Action] = []
    if _done_problem(g, p, pairs) is None:
        out.append(Action(p, "block", args=("done",)))
    count: dict[int, int] = {}  # the declaration so far, counted once for every candidate pair
    for _, ref in pairs:
        count[ref[1]] = count.get(ref[1], 0) + 1
    needy = {x for x, n in count.items() if n == 1 and g.has(x, "menace")}
    musts = _musts(g, p)
    blocked = set(count)
    able = [(b, [x for x in atk if can_block(g, b, x)]) for b in g.battlefield(p) if b not in taken]
    can_any = [b for b, xs in able if xs]
    # the canonical texts are made here, from the position's name maps (as text_of writes them)
    own, attacking = name_map(g, "own", p), name_map(g, "attackers", p)
    objects = g.st.objects
    for b, xs in able:
        if xs and len(can_any) + len(taken) < 2 and _CANT_BLOCK_ALONE in g.chars(b).flags:
            continue  # it could never be joined by another blocker (CR 506.5)
        for x in xs:
            n = count.get(x, 0)
            now = (needy - {x}) if n == 1 else (needy | {x}) if n == 0 and g.has(x, "menace") else needy
            if musts and _unmet_requirement(g, p, [], complete=False, blocked=blocked | {x},
                                            taken=taken | {b}) is not None:
                continue
            if _menace_completable(g, p, now, taken | {b}):
                text = (f"blocker {own.get(b) or public_name(objects[b])} -> "
                        f"{attacking.get(x) or public_name(objects[x])}")
                out.append(Action(p, "blocker", pairs=((b, ("o", x)),), text=text))
    return out


def _able_blockers(g: "Context", p: int, x: int, pool: tuple[int, ...] | None = None) -> list[int]:
    """The creatures that could block attacker x as p declares — p's own, and with a team's
    combined block those of the teammates still to declare (`_pool`) — found once per position."""
    pool = _pool(g, p) if pool is None else pool
    key = ("able_blockers", pool, x)
    got: list[int] | None = g.memo.get(key)
    if got is None:
        got = g.memo[key] = [b for q in pool for b in g.battlefield(q) if can_block(g, b, x)]
    return got


def _completable(g: "Context", p: int, pairs: list[tuple[int, Any]]) -> bool:
    """Can these blocks still grow into a legal declaration? Menace (CR 702.111b): each
    attacker blocked by one creature needs one more blocker from those still free — a small
    bipartite matching; "must be blocked if able" (CR 509.1c) must stay satisfiable."""
    count: dict[int, int] = {}
    for _, ref in pairs:
        count[ref[1]] = count.get(ref[1], 0) + 1
    needy = {x for x, n in count.items() if n == 1 and g.has(x, "menace")}
    if pairs and _unmet_requirement(g, p, pairs, complete=False) is not None:
        return False
    return _menace_completable(g, p, needy, {b for b, _ in pairs})


def _menace_completable(g: "Context", p: int, needy: set[int], taken: set[int]) -> bool:
    if not needy:
        return True
    match: dict[int, int] = {}  # blocker -> attacker

    def augment(x: int, seen: set[int]) -> bool:
        for b in _able_blockers(g, p, x):
            if b in seen or b in taken:
                continue
            seen.add(b)
            if b not in match or augment(match[b], seen):
                match[b] = x
                return True
        return False
    return all(augment(x, set()) for x in needy)


def _attack_pair_problem(g: "Context", p: int, oid: int, ref: Any, taken: set[int]) -> IllegalActionError | None:
    st = g.st
    if oid in taken:
        return IllegalActionError("attack.twice")
    o = st.objects.get(oid)
    if o is None or o.controller != p or o.zone != "battlefield":
        return IllegalActionError("attack.not_yours")
    if not can_attack(g, oid):
        if o.sick:
            return IllegalActionError("attack.cant.sick", card=o.name)
        if g.has(oid, "defender"):
            return IllegalActionError("attack.cant.defender", card=o.name)
        return IllegalActionError("attack.cant.tapped", card=o.name)
    ok = (ref[0] == "p" and ref[1] in g.opponents(p)) or (
        ref[0] == "o" and ref[1] in st.objects and st.objects[ref[1]].zone == "battlefield"
        and g.is_type(ref[1], "Planeswalker") and st.objects[ref[1]].controller in g.opponents(p))
    if not ok:
        return IllegalActionError("attack.defender")
    by = forbidden_by(g, oid, ref)
    if by is not None:
        walker = st.objects[ref[1]].controller if ref[0] == "o" else ref[1]
        return IllegalActionError("attack.forbidden", card=o.name, player=g.pname(walker),
                                  source=g.chars(by).name)
    # (whom the listing offers, attack_actions: goaded by the player it must attack, either
    # obeys as many requirements, CR 508.1d — the goad alone would forbid that player)
    if tuple(ref) not in allowed_defenders(g, oid, _defenders(g, p)):
        if tuple(ref) not in CARDS.goad_allowed_defenders(g, oid, _defenders(g, p)) and ref[0] == "p":
            return IllegalActionError("attack.goaded_player", card=o.name)
        req = CARDS.required_player(g, oid)
        return IllegalActionError("attack.required_player", card=o.name, player=g.pname(req or 0))
    return None


def _attack_whole_problem(g: "Context", p: int, pairs: list[tuple[int, Any]]) -> IllegalActionError | None:
    """Restrictions and requirements on the whole declaration (CR 508.1c-d), checked at
    `attack done`: "can't attack alone" (CR 506.5: the only creature declared as an attacker)."""
    held, later = _team_attackers(g, p)
    team = [o for o, _ in pairs] + held
    if len(team) == 1 and not later and _CANT_ATTACK_ALONE in g.chars(team[0]).flags:
        # CR 506.5: alone = the only creature declared; in a shared team turn the team's
        # declaration is one (CR 805.4a; the Toby ruling: with a teammate's creature it may)
        name = g.st.objects[team[0]].name
        return IllegalActionError("attack.alone", card=name)
    if not tax_payable(g, p, pairs):  # CR 508.1d, 508.1h: a cost to attack that can't be paid
        return IllegalActionError("attack.tax", amount=attack_tax(g, pairs))
    declared = {o for o, _ in pairs}
    for oid in g.battlefield(p):  # CR 701.15b, 508.1d: a goaded creature attacks each combat if able
        if oid not in declared and CARDS.goaders(g, oid) and _could_join(g, p, oid, declared):
            name = g.st.objects[oid].name
            return IllegalActionError("attack.goaded", card=name)
    for oid in g.battlefield(p):  # CR 508.1d: "attacks that player this combat if able"
        req = CARDS.required_player(g, oid)
        if (oid not in declared and req is not None and _could_join(g, p, oid, declared)
                and ("p", req) in _defenders(g, p) and attack_tax(g, [(oid, ("p", req))]) == 0):
            name = g.st.objects[oid].name
            return IllegalActionError("attack.required", card=name, player=g.pname(req))
    return None


def _team_attackers(g: "Context", p: int) -> tuple[list[int], bool]:
    """In a shared team turn (CR 805.4a): the creatures p's teammates have already declared as
    attackers (held until the last member declares), and whether a member still to declare
    could attack with a creature."""
    members = teams.active_players(g)
    if len(members) < 2:
        return [], False
    held = [int(o) for q, pairs in g.st.combat.get("team_attacks", ()) if q != p for o, _ in pairs]
    done = set(g.st.combat.get("attackers_done", ())) | {p}
    later = any(can_attack(g, o) for q in members if q not in done and not g.empty_seat(q)
                for o in g.battlefield(q))
    return held, later


def _could_join(g: "Context", p: int, oid: int, declared: set[int]) -> bool:
    """Could creature oid be added to this declaration without breaking a restriction? A
    requirement is obeyed only as far as the restrictions allow (CR 508.1d): a creature that
    "can't attack alone" (CR 506.5) can join no declaration when no other creature of p could
    attack with it — then "attacks if able" does not make it attack."""
    if not can_attack(g, oid):
        return False
    # CR 508.1d: a cost to attack ("unless their controller pays {X}") need not be paid to obey a
    # requirement — a creature that could attack only by paying one is not required to attack
    if not any(forbidden_by(g, oid, d) is None and attack_tax(g, [(oid, d)]) == 0
               for d in allowed_defenders(g, oid, _defenders(g, p))):
        return False
    if _CANT_ATTACK_ALONE not in g.chars(oid).flags or declared - {oid}:
        return True
    return any(o != oid and can_attack(g, o) for o in g.battlefield(p))


def _record_part(g: "Context", a: Action, declared: list[tuple[int, Any]], oid: int, ref: Any) -> None:
    """One part of a declaration made (`attacker ...` / `blocker ...`): the decision stays open
    and shows it in `chosen` (its text without the verb)."""

    pend = g.st.pending
    assert pend is not None
    text = text_of(g, a)
    g.st.pending = dict(pend, declared=[[o, list(r)] for o, r in declared] + [[oid, list(ref)]],
                        chosen=list(pend.get("chosen", ())) + [text.split(" ", 1)[1]])


def _whole_declaration(g: "Context", a: Action, declared: list[tuple[int, Any]],
                       problem: Callable[..., IllegalActionError | None],
                       in_parts: IllegalActionError) -> list[tuple[int, Any]]:
    """The declaration as a whole: the parts made so far (`... done`), or the shorthand's
    pairs, each checked as its part would be (refused while parts are being made)."""
    if a.args == ("done",):
        return declared
    if declared:
        raise in_parts
    pairs: list[tuple[int, Any]] = []
    for oid, ref in a.pairs:
        why = problem(g, a.player, oid, ref, {o for o, _ in pairs})
        if why is not None:
            raise why
        pairs.append((oid, ref))
    return pairs


def declare_attackers(g: "Context", a: Action) -> None:
    """CR 508.1: one creature at a time (`attacker CARD -> PLAYER`), then `attack done`;
    `attack A, B -> P` (and `attack none`) is the whole declaration at once."""
    st = g.st
    declared = _declared(g)
    taken = {o for o, _ in declared}
    if a.verb == "attacker":
        if len(a.pairs) != 1:
            raise IllegalActionError("attack.one")
        oid, ref = a.pairs[0]
        why = _attack_pair_problem(g, a.player, oid, ref, taken)
        if why is not None:
            raise why
        _record_part(g, a, declared, oid, ref)
        return
    if a.verb != "attack":
        raise IllegalActionError("attack.expected")
    pairs = _whole_declaration(g, a, declared, _attack_pair_problem, IllegalActionError("attack.in_parts"))
    why = _attack_whole_problem(g, a.player, pairs)
    if why is not None:
        raise why
    tax = attack_tax(g, pairs)
    if tax:  # CR 508.1h-i: the costs to attack are paid (mana abilities activated as needed, 508.1g)
        pay_now(g, a.player, "{%d}" % tax)
    st.pending = None
    if len(teams.active_players(g)) > 1:  # a team's turn: held until every member has declared
        st.combat.setdefault("attackers_done", []).append(a.player)
        st.combat.setdefault("team_attacks", []).append([a.player, [[o, list(r)] for o, r in pairs]])
        st.queue.insert(0, {"do": "attackers"})
        return
    _attack_now(g, a.player, pairs)


def _attack_now(g: "Context", player: int, pairs: list[tuple[int, Any]]) -> None:
    """The declared creatures become attacking creatures (CR 508.1f) and attack triggers
    trigger (CR 508.3)."""
    _become_attacking(g, pairs)
    _attack_triggers(g, player, pairs)


def _become_attacking(g: "Context", pairs: list[tuple[int, Any]]) -> None:
    st = g.st
    for oid, ref in pairs:
        vigilance = g.has(oid, "vigilance")
        defender, walker = defender_of(ref, g)  # CR 506.2: a planeswalker's controller defends it
        g.update(oid, attacking=defender, attacking_obj=walker,
                 tapped=st.objects[oid].tapped or not vigilance)  # CR 508.1f


def _attack_triggers(g: "Context", player: int, pairs: list[tuple[int, Any]]) -> None:
    st = g.st
    if pairs:
        g.event("attack", player=g.pname(player), cards=[st.objects[o].name for o, _ in pairs],
                objs=[o for o, _ in pairs])
        g.triggers.fire("you_attack", player=player,  # CR 508.3d-style "whenever you attack"
                        attackers=[o for o, _ in pairs])  # "... with one or more creatures": which
        for d in sorted({ref[1] for _, ref in pairs if ref[0] == "p"}):  # "... attack a player": once each
            g.triggers.fire("you_attack_player", player=player, defender=d,
                            objs=[o for o, ref in pairs if tuple(ref) == ("p", d)],
                            attackers=[o for o, ref in pairs if tuple(ref) == ("p", d)])
        for oid, _ in pairs:
            g.mark_turn(f"attacked:{oid}")  # "attacks for the first time each turn"
            g.triggers.fire("attacks", player=player, obj=oid, defender=st.objects[oid].attacking)


def _block_legal(g: "Context", pairs: tuple[tuple[int, Any], ...],
                 defender: int | None = None) -> IllegalActionError | None:
    """CR 509.1b-c: restrictions (flying, can't be blocked) and requirements (menace): the
    refusal of the first one these blocks break, or None."""
    count: dict[int, int] = {}
    for b, ref in pairs:
        x = ref[1]
        if not can_block(g, b, x):
            return IllegalActionError("block.cant", card=g.st.objects[b].name, attacker=g.st.objects[x].name)
        count[x] = count.get(x, 0) + 1
    for x, n in count.items():
        if g.has(x, "menace") and n < 2:  # CR 702.111b
            return IllegalActionError("block.menace_alone", card=g.st.objects[x].name)
    if len({b for b, _ in pairs}) == 1 and _CANT_BLOCK_ALONE in g.chars(pairs[0][0]).flags:
        return IllegalActionError("block.alone", card=g.st.objects[pairs[0][0]].name)
    unmet = _unmet_requirement(g, defender, list(pairs)) if defender is not None else None
    if unmet is not None:
        return IllegalActionError("block.must", card=g.st.objects[unmet].name)
    return None


def _musts(g: "Context", p: int) -> list[int]:
    """Attackers of player p (or p's team, CR 805.10d) with the requirement "must be blocked if
    able" (CR 509.1c), found once per position (block_actions asks for every possible pair)."""
    if p < 0:
        return []
    key = ("musts", blocking_side(g, p))
    got: list[int] | None = g.memo.get(key)
    if got is None:
        got = g.memo[key] = [x for x in _attackers_of(g, p) if _MUST_BE_BLOCKED in g.chars(x).flags]
    return got


def _max_matching(g: "Context", p: int, musts: list[int], taken: set[int],
                  pool: tuple[int, ...] | None = None) -> int:
    """The most of these attackers that p's creatures not in `taken` can block, each by one
    creature — or by two if it has menace (a restriction the requirement must not break,
    CR 509.1c): the largest group of them whose blocker slots can all be filled at once."""
    for k in range(len(musts), 0, -1):
        for group in combinations(musts, k):
            slots = [x for x in group for _ in range(2 if g.has(x, "menace") else 1)]
            if _fills(g, p, slots, taken, pool):
                return k
    return 0


def _fills(g: "Context", p: int, slots: list[int], taken: set[int], pool: tuple[int, ...] | None = None) -> bool:
    """Can every slot (an attacker, listed once per blocker it needs) get its own blocker?"""
    match: dict[int, int] = {}  # blocker -> slot index

    def augment(i: int, seen: set[int]) -> bool:
        for b in _able_blockers(g, p, slots[i], pool):
            if b in seen or b in taken:
                continue
            seen.add(b)
            if b not in match or augment(match[b], seen):
                match[b] = i
                return True
        return False
    return all(augment(i, set()) for i in range(len(slots)))


def _unmet_requirement(g: "Context", p: int, pairs: list[tuple[int, Any]], complete: bool = True,
                       blocked: set[int] | None = None, taken: set[int] | None = None) -> int | None:
    """CR 509.1c: the declaration must obey as many "must be blocked if able" requirements as
    possible. Every creature of p can block at most one attacker here, so the most that can be
    obeyed is a maximum matching of those attackers with p's creatures; a (partial)
    declaration falls short when the blocked ones plus what its free creatures could still
    block are fewer. Returns an attacker left unblocked, or None."""
    musts = _musts(g, p)
    if not musts:
        return None
    side = blocking_side(g, p)  # the most the whole team's creatures could obey (CR 805.10d)
    best: int | None = g.memo.get(("musts_best", side))
    if best is None:
        best = g.memo[("musts_best", side)] = _max_matching(g, p, musts, set(), side)
    if blocked is None:
        blocked = {ref[1] for _, ref in pairs}
    left = [x for x in musts if x not in blocked]
    if taken is None:
        taken = {b for b, _ in pairs}
    reach = _max_matching(g, p, left, taken) if not complete and left else 0
    if len(musts) - len(left) + reach < best:
        return left[0] if left else musts[0]
    return None


def _block_pair_problem(g: "Context", p: int, b: int, ref: Any, taken: set[int]) -> IllegalActionError | None:
    st = g.st
    o = st.objects.get(b)
    if o is None or o.controller != p or o.zone != "battlefield":
        return IllegalActionError("block.not_yours")
    if b in taken:
        return IllegalActionError("block.twice")
    if ref[0] != "o" or st.objects.get(ref[1]) is None or st.objects[ref[1]].attacking is None:
        return IllegalActionError("block.not_attacker")
    if st.objects[ref[1]].attacking not in blocking_side(g, p):  # (a teammate: CR 805.10d)
        return IllegalActionError("block.not_attacking_you")
    if not can_block(g, b, ref[1]):
        return IllegalActionError("block.cant", card=o.name, attacker=st.objects[ref[1]].name)
    return None


def declare_blockers(g: "Context", a: Action) -> None:
    """CR 509.1: one creature at a time (`blocker CARD -> ATTACKER`), then `block done`;
    `block X -> A, Y -> B` (and `block none`) is the whole declaration at once."""
    st = g.st
    declared = _declared(g)
    taken = {b for b, _ in declared}
    if a.verb == "blocker":
        if len(a.pairs) != 1:
            raise IllegalActionError("block.one")
        b, ref = a.pairs[0]
        why = _block_pair_problem(g, a.player, b, ref, taken)
        if why is not None:
            raise why
        if not _completable(g, a.player, _held_blocks(g, a.player) + declared + [(b, ref)]):
            x = st.objects[ref[1]].name
            raise IllegalActionError("block.menace", card=x)
        _record_part(g, a, declared, b, ref)
        return
    if a.verb != "block":
        raise IllegalActionError("block.expected")
    pairs = _whole_declaration(g, a, declared, _block_pair_problem, IllegalActionError("block.in_parts"))
    why = _done_problem(g, a.player, _held_blocks(g, a.player) + pairs)
    if why is not None:
        raise why
    st.pending = None
    if len(st.players) > 2:  # the next defending player declares next (two players: only one)
        st.combat.setdefault("blockers_done", []).append(a.player)
        st.queue.insert(0, {"do": "blockers"})
    if len(blocking_side(g, a.player)) > 1:  # a team's combined block: made once all have declared
        st.combat.setdefault("team_blocks", []).append([a.player, [[b, list(r)] for b, r in pairs]])
        return
    _block_now(g, a.player, pairs)


def _done_problem(g: "Context", p: int, pairs: list[tuple[int, Any]]) -> IllegalActionError | None:
    """Why p may not end their declaration with these blocks (the team's so far, CR 805.10d):
    the last to declare makes the whole block, which must be legal (CR 509.1b-c); a team
    member before them leaves one the teammates still to declare can complete."""
    if _pool(g, p) == (p,):
        return _block_legal(g, tuple(pairs), p)
    if not _completable(g, p, pairs):
        x = next((r[1] for _, r in pairs if g.has(r[1], "menace")), pairs[0][1][1] if pairs else None)
        return IllegalActionError("block.menace", card=g.st.objects[x].name if x is not None else "")
    return None


def _block_now(g: "Context", player: int, pairs: list[tuple[int, Any]]) -> None:
    """The declared creatures become blocking creatures (CR 509.1g-h) and block triggers
    trigger (CR 509.3)."""
    st = g.st
    note_blocks(g, [b for b, _ in pairs])  # the default damage assignment follows this order
    newly = []
    for b, ref in pairs:
        g.update(b, blocking=[*st.objects[b].blocking, ref[1]])
        if not st.objects[ref[1]].blocked and ref[1] not in newly:
            newly.append(ref[1])
        g.update(ref[1], blocked=True)  # CR 509.1h
    for x in newly:  # CR 509.3c: "whenever a creature becomes blocked"
        g.triggers.fire("becomes_blocked", obj=x, player=st.objects[x].controller)
    if pairs:
        g.event("block", player=g.pname(player),
                pairs=[[st.objects[b].name, st.objects[r[1]].name] for b, r in pairs],
                pair_objs=[[b, r[1]] for b, r in pairs])  # (by identity: engine/redaction.py)
        for b in dict.fromkeys(b for b, _ in pairs):  # CR 509.1i: "whenever this creature blocks"
            g.triggers.fire("blocks", player=player, obj=b)


def note_blocks(g: "Context", blockers: list[int]) -> None:
    """Remember the declaration order (the default assignment follows it). Call on each block."""
    order = g.st.combat.setdefault("block_order", [])
    order.extend(b for b in blockers if b not in order)


def end_combat(g: "Context") -> None:
    """CR 511.3: creatures stop being attacking and blocking creatures."""
    for oid in g.st.battlefield:
        o = g.st.objects[oid]
        if o.attacking is not None or o.blocking or o.blocked:
            g.update(oid, attacking=None, blocking=[], blocked=False)
    g.st.combat = {}
