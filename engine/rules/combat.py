"""Combat (CR 506-509, 511): asking for and making the declarations of attackers and blockers,
and the end of combat. What a declaration must obey is engine/rules/attack_rules.py and
engine/rules/block_rules.py; the listing of its parts engine/rules/combat_listing.py; combat
damage (CR 510) engine/rules/combat_damage.py.

Keywords that matter here: vigilance (702.20b); the rest are read where the declarations are
checked.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from engine.actions import Action, IllegalActionError
from engine.format import text_of
from engine.rules import restrictions, teams
from engine.rules.attack_rules import able_now, attack_pair_problem, attack_tax, attack_whole_problem
from engine.rules.block_rules import (block_pair_problem, blocking_side, completable, done_problem, held_blocks,
                                      next_to_block)
from engine.rules.combat_listing import declared_pairs
from engine.rules.payment import pay_now
from engine.rules.planeswalkers import defender_of

if TYPE_CHECKING:
    from engine.rules.context import Context

def attackers(g: "Context") -> list[int]:
    return [o for o in g.st.battlefield if g.st.objects[o].attacking is not None]


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
        if restrictions.allowed(g, a) and able_now(g, a):  # (can_attack of a's creatures)
            st.pending = {"player": a, "kind": "attackers", "prompt": "decide.attackers",
                          "params": {"player": g.pname(a)}}
            return
    held = st.combat.pop("team_attacks", None)
    st.combat.pop("attackers_done", None)
    declared = [(p, [(int(o), (str(r[0]), int(r[1]))) for o, r in pairs]) for p, pairs in held or ()]
    # the team's creatures become attacking at once (CR 508.1f), before any attack trigger:
    # "attacks alone" counts the teammates' attackers too (CR 506.5, a Room door's ruling)
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
    d = next_to_block(g, [])
    if d is not None:
        st.pending = {"player": d, "kind": "blockers", "prompt": "decide.blockers",
                      "params": {"player": g.pname(d)}}
        return
    for p, pairs in st.combat.pop("team_blocks", None) or ():
        _block_now(g, p, [(int(b), (str(r[0]), int(r[1]))) for b, r in pairs])


def _record_part(g: "Context", a: Action, oid: int, ref: Any) -> None:
    """One part of a declaration made (`attacker ...` / `blocker ...`): the decision stays open
    and shows it in `chosen` (its text without the verb)."""

    pend = g.st.pending
    assert pend is not None
    # (the action's own text is its canonical text in this position: Game.apply takes only
    # those — listed, read back by parse_action, or written by engine/check.py — and records it)
    text = a.text or text_of(g, a)
    # (the parts so far as the decision holds them: written here alone, as [id, [kind, id]])
    g.st.pending = dict(pend, declared=list(pend.get("declared", ())) + [[oid, list(ref)]],
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
    declared = declared_pairs(g)
    taken = {o for o, _ in declared}
    if a.verb == "attacker":
        if len(a.pairs) != 1:
            raise IllegalActionError("attack.one")
        oid, ref = a.pairs[0]
        why = attack_pair_problem(g, a.player, oid, ref, taken)
        if why is not None:
            raise why
        _record_part(g, a, oid, ref)
        return
    if a.verb != "attack":
        raise IllegalActionError("attack.expected")
    pairs = _whole_declaration(g, a, declared, attack_pair_problem, IllegalActionError("attack.in_parts"))
    why = attack_whole_problem(g, a.player, pairs)
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


def declare_blockers(g: "Context", a: Action) -> None:
    """CR 509.1: one creature at a time (`blocker CARD -> ATTACKER`), then `block done`;
    `block X -> A, Y -> B` (and `block none`) is the whole declaration at once."""
    st = g.st
    declared = declared_pairs(g)
    taken = {b for b, _ in declared}
    if a.verb == "blocker":
        if len(a.pairs) != 1:
            raise IllegalActionError("block.one")
        b, ref = a.pairs[0]
        why = block_pair_problem(g, a.player, b, ref, taken)
        if why is not None:
            raise why
        if not completable(g, a.player, held_blocks(g, a.player) + declared + [(b, ref)]):
            x = st.objects[ref[1]].name
            raise IllegalActionError("block.menace", card=x)
        _record_part(g, a, b, ref)
        return
    if a.verb != "block":
        raise IllegalActionError("block.expected")
    pairs = _whole_declaration(g, a, declared, block_pair_problem, IllegalActionError("block.in_parts"))
    why = done_problem(g, a.player, held_blocks(g, a.player) + pairs)
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

