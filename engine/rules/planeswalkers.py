"""Planeswalkers (CR 306) and their loyalty abilities (CR 606), and attacking them (CR 506.3).

* 306.5b: a planeswalker enters the battlefield with its printed loyalty in loyalty counters
  (`starting_loyalty` in engine/rules/loyalty.py, called as any permanent enters, engine/rules/zones.py).
* 606.3: a player may activate a loyalty ability of a permanent they control only any time
  they could cast a sorcery, and only if no player has activated a loyalty ability of that
  permanent this turn (`loyalty_problem`); 606.4: its cost is adding or removing loyalty
  counters (`pay_loyalty`); 606.6: a negative cost can't be paid with too few counters.
  The cost comes from the card's own line ("+1: ...", "−2: ..."), see
  engine/cards/vocab/planeswalkers.py `Loyalty`.
* 120.3c: damage dealt to a planeswalker removes that many loyalty counters and 704.5i
  puts a planeswalker with no loyalty into its owner's graveyard (engine/rules/damage.py,
  engine/rules/sba.py).
* 506.3, 508.1b: a creature may attack a planeswalker an opponent controls; `defenders`
  lists whom. An attacker remembers the planeswalker it attacks in `Obj.attacking_obj`
  (its defending player, CR 506.2, stays in `Obj.attacking`). 506.4c: if that planeswalker
  leaves the battlefield (or stops being a planeswalker) the creature keeps attacking but,
  unblocked, deals no combat damage (`damage_ref`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.actions import IllegalActionError
from engine.rules.casting import sorcery_timing

if TYPE_CHECKING:
    from engine.rules.carddef import Activated
    from engine.rules.context import Context


def loyalty_problem(g: "Context", p: int, oid: int, ab: "Activated") -> IllegalActionError | None:
    """Why p can't activate this loyalty ability of `oid` now (CR 606.3, 606.6), or None."""
    if ab.loyalty is None:
        return None
    st = g.st
    name = st.objects[oid].name
    if not sorcery_timing(g, p):
        return IllegalActionError("activate.loyalty_timing")
    if st.this_turn.get(f"loyalty:{oid}"):
        return IllegalActionError("activate.loyalty_once", card=name)
    if ab.loyalty < 0 and st.objects[oid].counters.get("loyalty", 0) < -ab.loyalty:
        return IllegalActionError("activate.loyalty_counters", card=name)
    return None


def pay_loyalty(g: "Context", oid: int, ab: "Activated") -> None:
    """CR 606.4: the loyalty cost is paid by putting or removing that many loyalty counters;
    the permanent has had a loyalty ability activated this turn (606.3)."""
    if ab.loyalty is None:
        return
    g.mark_turn(f"loyalty:{oid}")
    if ab.loyalty:
        g.add_counters(oid, "loyalty", ab.loyalty)


def defenders(g: "Context", p: int) -> list[tuple[str, int]]:
    """Whom p's creatures may attack (CR 506.3, 508.1b): each opponent, then each
    planeswalker an opponent controls (in timestamp order)."""
    key = ("defenders", p)  # (asked for every creature that might attack: once per position)
    got: list[tuple[str, int]] | None = g.memo.get(key)
    if got is None:
        got = [("p", q) for q in g.opponents(p)]
        foes = set(g.opponents(p))
        got += [("o", oid) for oid in g.battlefield() if g.st.objects[oid].controller in foes
                and g.is_type(oid, "Planeswalker")]
        g.memo[key] = got
    return list(got)


def defender_of(ref: Any, g: "Context") -> tuple[int, int | None]:
    """(defending player, attacked planeswalker or None) for a declared defender (CR 506.2)."""
    if ref[0] == "p":
        return int(ref[1]), None
    return g.st.objects[int(ref[1])].controller, int(ref[1])


def attack_ref(g: "Context", x: int) -> tuple[str, int] | None:
    """What attacker x attacks: ("p", player) or ("o", planeswalker); None when the
    planeswalker it attacked has left combat (CR 506.4c)."""
    o = g.st.objects[x]
    if o.attacking is None:
        return None
    if o.attacking_obj is None:
        return ("p", o.attacking)
    pw = g.st.objects.get(o.attacking_obj)
    if pw is None or pw.zone != "battlefield" or pw.phased_out or not g.is_type(pw.id, "Planeswalker"):
        return None
    return ("o", pw.id)
