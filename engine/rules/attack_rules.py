"""What a declaration of attackers must obey (CR 508.1a-d, 508.1g-h, 506.5): which creatures can
attack, whom a creature may attack under its requirements, the defending players' restrictions
("can't attack you"), the costs to attack them, and the checks of one declared pair and of the
whole declaration. Declaring is engine/rules/combat.py; the listing of attackers
engine/rules/combat_listing.py.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.actions import IllegalActionError
from engine.rules import restrictions, teams
from engine.rules.effects import ObjectRule
from engine.rules.index import CARDS
from engine.rules.payment import can_pay
from engine.rules.planeswalkers import defenders

if TYPE_CHECKING:
    from engine.rules.context import Context

# (module names: read on the hot path of every attacker listing)
_ATTACKS_DESPITE_DEFENDER = ObjectRule.ATTACKS_DESPITE_DEFENDER
_CANT_ATTACK = ObjectRule.CANT_ATTACK
_CANT_ATTACK_ALONE = ObjectRule.CANT_ATTACK_ALONE


def allowed_defenders(g: "Context", oid: int, defenders: list[Any]) -> tuple[Any, ...]:
    """Whom creature oid may attack under its requirements (CR 508.1d): goad (CR 701.15b),
    and "attacks that player this combat if able" (engine/cards/vocab/attack_requirements.py)
    — that player alone if attackable; when that player goaded it, attacking them or another
    player obeys as many requirements (two each).

    Asked for every creature as attacks are listed, each part of a declaration checked and
    the whole checked: found once per position (g.memo). What it reads — who goaded the
    creature, the effects, the static abilities' taxes and the creature's characteristics —
    empties the memo as it changes (GameBase.touch); the requirement of this combat
    (`combat["must_attack"]`, written without touching) and the defenders are in the key."""
    req = CARDS.required_player(g, oid)
    table: dict[Any, tuple[Any, ...]] | None = g.memo.get("allowed_defenders")
    if table is None:
        table = g.memo["allowed_defenders"] = {}
    key = (oid, req, tuple(defenders))
    got = table.get(key)
    if got is None:
        got = table[key] = tuple(_allowed_defenders(g, oid, defenders, req))
    return got


def _allowed_defenders(g: "Context", oid: int, defenders: list[Any], req: int | None) -> list[Any]:
    # (a creature nobody goaded may attack every defender: goad's answer is `defenders` itself)
    goaded_now = oid in goaded(g, g.st.objects[oid].controller)
    cand = CARDS.goad_allowed_defenders(g, oid, defenders) if goaded_now else defenders
    if req is None or ("p", req) not in defenders:
        return cand
    if attack_tax(g, [(oid, ("p", req))]):
        # CR 508.1d: attacking that player costs something (a tax of theirs): the requirement
        # needn't be obeyed — paying, or attacking someone else, or not attacking at all
        return cand if ("p", req) in cand else cand + [("p", req)]
    return [("p", req)] if ("p", req) in cand else cand + [("p", req)]


def goaded(g: "Context", p: int) -> list[int]:
    """p's permanents that are goaded (CR 701.15b), or under an effect with goad's requirements
    (engine/cards/mechanics/goad.py `goaders`), in the battlefield's order: asked as each
    declaration of attackers is listed and checked, found once per position (g.memo: goad is
    remembered on the permanent and in the effects, and the memo is emptied as either
    changes; no status that keeps the memo, tapped or summoning sick, is read)."""
    got: list[int] | None = g.memo.get(("goaded", p))
    if got is None:
        got = g.memo[("goaded", p)] = CARDS.goaded_among(g, g.battlefield(p))
    return got


def forbidden_by(g: "Context", oid: int, ref: Any) -> int | None:
    """CR 508.1c: a restriction of the defending player's permanents ("Creatures with flying
    can't attack you or planeswalkers you control"): the permanent whose static ability
    forbids creature oid to attack that player or planeswalker (its controller), or None."""
    if ref[0] == "p":
        defender = ref[1]
    else:
        walker = g.st.objects.get(ref[1])
        defender = walker.controller if walker is not None else None
    for sid, fn in g.static_sources():
        check = fn.forbids_attack
        if check is not None and g.st.objects[sid].controller == defender and check(g, g.st.objects[sid], oid):
            return sid
    return None


def attack_tax(g: "Context", pairs: "list[tuple[int, Any]]") -> int:
    """CR 508.1d, 508.1g-h: the generic mana the declaration costs — "Creatures can't attack
    you or planeswalkers you control unless their controller pays {X} for each of those
    creatures" of the defending players' permanents, for each creature declared."""
    total = 0
    for sid, fn in g.static_sources():
        tax = fn.attack_tax
        if tax is None:
            continue
        me = g.st.objects[sid]
        for oid, ref in pairs:
            defender = ref[1] if ref[0] == "p" else g.st.objects[ref[1]].controller
            if defender == me.controller:
                total += int(tax(g, me, oid))
    return total


def tax_payable(g: "Context", p: int, pairs: "list[tuple[int, Any]]") -> bool:
    """Whether player p can pay what the declaration costs (CR 508.1h)."""
    n = attack_tax(g, pairs)
    return n == 0 or can_pay(g, p, "{%d}" % n)


def can_attack(g: "Context", oid: int) -> bool:
    """CR 508.1a: an untapped creature without defender that has been under its controller's
    control continuously since the turn began (or has haste)."""
    return able_creature(g, oid) and restrictions.allowed(g, g.st.objects[oid].controller)


def able_creature(g: "Context", oid: int) -> bool:
    """can_attack without the effects that keep its controller from attacking ("only you and
    the chosen player can ... attack", engine/rules/restrictions.py): what the creature itself
    decides (the listing asks those effects once for all of the player's creatures)."""
    o = g.st.objects[oid]
    c = g.chars(oid)
    return ("Creature" in c.types and not o.tapped and not o.phased_out
            and ("defender" not in c.keywords or _ATTACKS_DESPITE_DEFENDER in c.flags)
            and _CANT_ATTACK not in c.flags  # a "can't attack" restriction (CR 508.1c)
            and (not o.sick or "haste" in c.keywords))


def attack_candidates(g: "Context", p: int) -> list[tuple[int, bool]]:
    """p's permanents that `able_creature` allows but for tapped status and summoning
    sickness, each with whether it has haste, in the battlefield's order: found once per
    position (g.memo). What it reads — characteristics and phasing — empties the memo as it
    changes; tapped status and summoning sickness, which do not (GameBase.update's
    QUIET_FIELDS), are read where it is used (`able_now`)."""
    got: list[tuple[int, bool]] | None = g.memo.get(("attack_candidates", p))
    if got is None:
        got = []
        for oid in g.battlefield(p):
            c = g.chars(oid)
            if ("Creature" in c.types and not g.st.objects[oid].phased_out
                    and ("defender" not in c.keywords or _ATTACKS_DESPITE_DEFENDER in c.flags)
                    and _CANT_ATTACK not in c.flags):
                got.append((oid, "haste" in c.keywords))
        g.memo[("attack_candidates", p)] = got
    return got


def able_now(g: "Context", p: int) -> list[int]:
    """p's creatures for which `able_creature` holds now, in the battlefield's order."""
    objects = g.st.objects
    return [oid for oid, haste in attack_candidates(g, p)
            if not objects[oid].tapped and (haste or not objects[oid].sick)]


def attacks_unrestricted(g: "Context") -> bool:
    """Whether no permanent's static ability forbids or taxes attacks now (CR 508.1c-d): then
    forbidden_by is None and attack_tax 0 for every creature and defender. Kept with the list
    of static abilities it was read from (GameEffects.static_sources hands out the same list
    while the static abilities are the same, and a new one when they change; the entry keeps
    the list alive, so another list can't take its identity)."""
    sources = g.static_sources()
    was = g.chars_kept.get("attacks_unrestricted")
    if was is not None and was[0] is sources:
        answer: bool = was[1]
        return answer
    answer = all(fn.forbids_attack is None and fn.attack_tax is None for _, fn in sources)
    g.chars_kept["attacks_unrestricted"] = (sources, answer)
    return answer


def attack_pair_problem(g: "Context", p: int, oid: int, ref: Any, taken: set[int]) -> IllegalActionError | None:
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
    if tuple(ref) not in allowed_defenders(g, oid, defenders(g, p)):
        if tuple(ref) not in CARDS.goad_allowed_defenders(g, oid, defenders(g, p)) and ref[0] == "p":
            return IllegalActionError("attack.goaded_player", card=o.name)
        req = CARDS.required_player(g, oid)
        return IllegalActionError("attack.required_player", card=o.name, player=g.pname(req or 0))
    return None


def attack_whole_problem(g: "Context", p: int, pairs: list[tuple[int, Any]]) -> IllegalActionError | None:
    """Restrictions and requirements on the whole declaration (CR 508.1c-d), checked at
    `attack done`: "can't attack alone" (CR 506.5: the only creature declared as an attacker)."""
    held, later = team_attackers(g, p)
    team = [o for o, _ in pairs] + held
    if len(team) == 1 and not later and _CANT_ATTACK_ALONE in g.chars(team[0]).flags:
        # CR 506.5: alone = the only creature declared; in a shared team turn the team's
        # declaration is one (CR 805.4a; the Toby ruling: with a teammate's creature it may)
        name = g.st.objects[team[0]].name
        return IllegalActionError("attack.alone", card=name)
    if not tax_payable(g, p, pairs):  # CR 508.1d, 508.1h: a cost to attack that can't be paid
        return IllegalActionError("attack.tax", amount=attack_tax(g, pairs))
    declared = {o for o, _ in pairs}
    for oid in goaded(g, p):  # CR 701.15b, 508.1d: a goaded creature attacks each combat if able
        if oid not in declared and could_join(g, p, oid, declared):
            name = g.st.objects[oid].name
            return IllegalActionError("attack.goaded", card=name)
    required = CARDS.required_players(g)
    if required:
        for oid in g.battlefield(p):  # CR 508.1d: "attacks that player this combat if able"
            req = required.get(oid)
            if (oid not in declared and req is not None and could_join(g, p, oid, declared)
                    and ("p", req) in defenders(g, p) and attack_tax(g, [(oid, ("p", req))]) == 0):
                name = g.st.objects[oid].name
                return IllegalActionError("attack.required", card=name, player=g.pname(req))
    return None


def team_attackers(g: "Context", p: int) -> tuple[list[int], bool]:
    """In a shared team turn (CR 805.4a): the creatures p's teammates have already declared as
    attackers (held until the last member declares), and whether a member still to declare
    could attack with a creature."""
    members = teams.active_players(g)
    if len(members) < 2:
        return [], False
    held = [int(o) for q, pairs in g.st.combat.get("team_attacks", ()) if q != p for o, _ in pairs]
    done = set(g.st.combat.get("attackers_done", ())) | {p}
    later = any(restrictions.allowed(g, q) and able_now(g, q) for q in members  # (can_attack of q's)
                if q not in done and not g.empty_seat(q))
    return held, later


def could_join(g: "Context", p: int, oid: int, declared: set[int]) -> bool:
    """Could creature oid be added to this declaration without breaking a restriction? A
    requirement is obeyed only as far as the restrictions allow (CR 508.1d): a creature that
    "can't attack alone" (CR 506.5) can join no declaration when no other creature of p could
    attack with it — then "attacks if able" does not make it attack."""
    if not can_attack(g, oid):
        return False
    # CR 508.1d: a cost to attack ("unless their controller pays {X}") need not be paid to obey a
    # requirement — a creature that could attack only by paying one is not required to attack
    if not any(forbidden_by(g, oid, d) is None and attack_tax(g, [(oid, d)]) == 0
               for d in allowed_defenders(g, oid, defenders(g, p))):
        return False
    if _CANT_ATTACK_ALONE not in g.chars(oid).flags or declared - {oid}:
        return True
    return any(o != oid and can_attack(g, o) for o in g.battlefield(p))

