"""What a declaration of attackers must obey beyond the attacking creatures themselves (CR
508.1c-d, 508.1g-h): whom a creature may attack under its requirements, the defending
players' restrictions ("can't attack you") and the costs to attack them. Declaring is
engine/rules/combat.py.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.rules.index import CARDS
from engine.rules.payment import can_pay

if TYPE_CHECKING:
    from engine.rules.context import Context


def allowed_defenders(g: "Context", oid: int, defenders: list[Any]) -> list[Any]:
    """Whom creature oid may attack under its requirements (CR 508.1d): goad (CR 701.15b),
    and "attacks that player this combat if able" (engine/cards/vocab/attack_requirements.py)
    — that player alone if attackable; when that player goaded it, attacking them or another
    player obeys as many requirements (two each)."""
    cand = CARDS.goad_allowed_defenders(g, oid, defenders)
    req = CARDS.required_player(g, oid)
    if req is None or ("p", req) not in defenders:
        return cand
    if attack_tax(g, [(oid, ("p", req))]):
        # CR 508.1d: attacking that player costs something (a tax of theirs): the requirement
        # needn't be obeyed — paying, or attacking someone else, or not attacking at all
        return cand if ("p", req) in cand else cand + [("p", req)]
    return [("p", req)] if ("p", req) in cand else cand + [("p", req)]


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
