"""The listing of a declaration of attackers or blockers (CR 508.1, 509.1), one creature at a
time (docs/actions.md "Decisions in parts"): `attack done` / `block done` when the declaration
so far may end, and each pair that leaves a legal declaration still reachable. What the pairs
must obey is engine/rules/attack_rules.py and engine/rules/block_rules.py; declaring is
engine/rules/combat.py.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.actions import Action
from engine.format import name_map, ref_text
from engine.naming import public_name
from engine.rules import restrictions
from engine.rules.attack_rules import (able_now, allowed_defenders, attack_whole_problem, attacks_unrestricted,
                                       forbidden_by, tax_payable, team_attackers)
from engine.rules.block_rules import (block_table, done_problem, held_blocks, menace_completable, must_be_blocked,
                                      unmet_requirement)
from engine.rules.effects import ObjectRule
from engine.rules.index import CARDS
from engine.rules.planeswalkers import defenders

if TYPE_CHECKING:
    from engine.rules.context import Context

# (module names: read on the hot path of every listing)
_CANT_ATTACK_ALONE = ObjectRule.CANT_ATTACK_ALONE


def declared_pairs(g: "Context") -> list[tuple[int, Any]]:
    """The pairs declared so far in the open declaration (its parts, kept in the decision).
    Asked as each part is listed and made: read once per part (g.memo, which the parts leave
    as it is), from the last part's answer — each part's decision holds the parts before it
    and one more (combat._record_part), compared by value."""
    pend = g.st.pending or {}
    raw = pend.get("declared")
    if not raw:
        return []
    was = g.memo.get("declared_pairs")
    if was is not None and was[0] is raw:
        return list(was[1])
    if was is not None and len(raw) == len(was[0]) + 1 and raw[:-1] == was[0]:
        o, r = raw[-1]
        got = was[1] + [(int(o), (str(r[0]), int(r[1])))]
    else:
        got = [(int(o), (str(r[0]), int(r[1]))) for o, r in raw]
    g.memo["declared_pairs"] = (raw, got)  # (the entry keeps `raw` alive: no other list takes its identity)
    return list(got)


def attack_actions(g: "Context", p: int) -> list[Action]:
    """`attack done` and one `attacker CARD -> PLAYER` per creature still able and each
    player it may attack: declaring one creature at a time lists every declaration exactly."""
    declared = declared_pairs(g)
    taken = {o for o, _ in declared}
    # (the effects that keep p from attacking are asked once: they are about p, whose
    # creatures these all are — can_attack is able_creature and restrictions.allowed)
    able = [o for o in able_now(g, p) if o not in taken] if restrictions.allowed(g, p) else []
    out = [Action(p, "attack", args=("done",))] if attack_whole_problem(g, p, declared) is None else []
    held, later = team_attackers(g, p)
    # a creature that can't attack alone could never be joined: the declaration would have
    # no legal end (CR 506.5)
    lonely = len(able) + len(taken) + len(held) < 2 and not later
    # without a static ability that forbids or taxes attacks, every pair is allowed and free
    # (forbidden_by None, attack_tax 0): each creature's pairs are the same for every part
    # of the declaration, made once (`_free_pairs`)
    free = attacks_unrestricted(g)
    rows = _free_pairs(g, p) if free else {}
    missing = [o for o in able if o not in rows]
    if missing:
        _add_pairs(g, p, missing, rows, None if free else declared)
    for o in able:
        if not (lonely and _CANT_ATTACK_ALONE in g.chars(o).flags):
            out.extend(rows[o])
    return out


def _free_pairs(g: "Context", p: int) -> dict[int, list[Action]]:
    """p's creatures' pairs (`_add_pairs`) while attacks are unrestricted, kept for the
    position (g.memo: what they are made of — characteristics, whom p may attack, goad,
    names — empties it as it changes) and the combat's requirements (`combat["must_attack"]`,
    written without emptying it: in the key)."""
    key = ("attack_pairs", p, tuple(CARDS.required_players(g).items()))
    got: dict[int, list[Action]] | None = g.memo.get(key)
    if got is None:
        got = g.memo[key] = {}
    return got


def _add_pairs(g: "Context", p: int, creatures: list[int], into: dict[int, list[Action]],
               declared: list[tuple[int, Any]] | None) -> None:
    """For each of these creatures of p its `attacker` actions, one for each player or
    planeswalker it may attack (CR 508.1d: goaded, or told whom to attack) — with a
    restriction or a tax (`declared`, the declaration so far, given), those it may attack now
    and whose cost the declaration leaves payable (CR 508.1c-d, 508.1h). The canonical texts
    are made here, from the position's name maps (as text_of writes them)."""
    whom = defenders(g, p)
    own = name_map(g, "own", p)
    objects = g.st.objects
    who: dict[Any, str] = {}
    for o in creatures:
        name = own.get(o)
        if name is None:  # (as format._ref names it)
            name = public_name(objects[o])
        out = []
        for d in allowed_defenders(g, o, whom):
            if declared is None or (forbidden_by(g, o, d) is None and tax_payable(g, p, declared + [(o, d)])):
                d_text = who.get(d)
                if d_text is None:
                    d_text = who[d] = ref_text(g, d)
                out.append(Action(p, "attacker", pairs=((o, d),), text=f"attacker {name} -> {d_text}"))
        into[o] = out


def block_actions(g: "Context", p: int) -> list[Action]:
    """`block done` when the declaration so far is legal, and one `blocker CARD -> ATTACKER`
    per pair that leaves a legal declaration still reachable (menace needs a second blocker).
    Which creature can block which attacker is p's `block_table`, made once for the whole
    declaration; only what the parts declared so far change is worked out here."""
    pairs = held_blocks(g, p) + declared_pairs(g)  # with a team's combined block, the whole so far
    taken = {b for b, _ in pairs}
    table = block_table(g, p)
    menace = table.menace
    out: list[Action] = []
    if done_problem(g, p, pairs) is None:
        out.append(Action(p, "block", args=("done",)))
    count: dict[int, int] = {}  # the declaration so far, counted once for every candidate pair
    for _, ref in pairs:
        count[ref[1]] = count.get(ref[1], 0) + 1
    needy = {x for x, n in count.items() if n == 1 and x in menace}
    musts = must_be_blocked(g, p)
    blocked = set(count)
    able = [row for row in table.rows if row[0] not in taken] if taken else table.rows
    # (a creature that can't block alone could never be joined by another blocker, CR 506.5)
    lonely = table.alone if len(able) + len(taken) < 2 else ()
    # the canonical texts are made here, from the position's name maps (as text_of writes them)
    own, attacking = name_map(g, "own", p), name_map(g, "attackers", p)
    objects = g.st.objects
    for b, xs in able:
        if b in lonely:
            continue
        b_text = own.get(b) or public_name(objects[b])
        for x in xs:
            n = count.get(x, 0)
            now = (needy - {x}) if n == 1 else (needy | {x}) if n == 0 and x in menace else needy
            if musts and unmet_requirement(g, p, [], complete=False, blocked=blocked | {x},
                                            taken=taken | {b}) is not None:
                continue
            if not now or menace_completable(g, p, now, taken | {b}):
                text = f"blocker {b_text} -> {attacking.get(x) or public_name(objects[x])}"
                out.append(Action(p, "blocker", pairs=((b, ("o", x)),), text=text))
    return out
