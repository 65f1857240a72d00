"""How `Game` shows its state to drivers as the contract's values (engine/contract.py): the
open decision, with the public ids of what its options name (CR 400.7: never an id in a hidden
zone), and why the game ended, read from the players who lost."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from engine.contract import Decision, Termination

if TYPE_CHECKING:
    from engine.rules.context import Context


# the kinds of decision for which `reads` is always () (GameBase.pending: nothing to read again)
READS_NOTHING: Final = frozenset({"priority", "mulligan", "attackers", "blockers", "assign"})


def reads(g: Context, p: dict[str, Any]) -> tuple[Any, ...]:
    """What `decision` reads besides the open decision's own dict `p` (kept by identity, never
    changed in place: a choice in parts makes a new one, engine/rules/priority.py _pick): the
    cards in the deciding player's hand and their names for a hand decision (a table move may
    change the hand, not the dict); for options naming objects, which objects exist
    (`_public_refs` reads their zones: an object's zone is set as it is made, a move makes a
    new object, CR 400.7, so the objects made so far and how many are left tell it). The same
    `p` with the same of these makes the same Decision (GameBase.pending keeps it)."""
    kind = p["kind"]
    if kind in ("bottom", "discard"):
        objects = g.st.objects
        return tuple((o, objects[o].name) for o in g.st.players[p["player"]].hand)
    if kind in ("ask", "order_triggers", "targets") and p.get("refs"):
        return (g.st.next_id, len(g.st.objects))
    return ()


def decision(g: Context, p: dict[str, Any]) -> Decision:
    kind = p["kind"]
    chosen = tuple(p.get("chosen", ()))
    if kind in ("bottom", "discard"):
        objects = g.st.objects
        names = [objects[o].name for o in g.st.players[p["player"]].hand if o not in p.get("picked", ())]
        n = p["count"]
        return Decision(kind, p["player"], tuple(dict.fromkeys(names)), n, n, False,
                        p.get("prompt", "decide." + kind), dict(p.get("params", {})), chosen)
    if kind in ("ask", "order_triggers", "targets"):
        n = p.get("count", 1)
        return Decision(kind, p["player"], tuple(p.get("options", ())), p.get("min_count", n), n,
                        bool(p.get("ordered")), p.get("prompt", "decide." + kind), dict(p.get("params", {})), chosen,
                        _public_refs(g, p))
    return Decision(kind, p["player"], (), 0, 0, False, p.get("prompt", "decide." + kind),
                    dict(p.get("params", {})), chosen)


# the public zones whose objects the table shows one by one (CR 400.2): a spell or ability on
# the stack is a target too ("counter target spell", CR 115.1)
_SHOWN: Final = frozenset({"battlefield", "stack"})
# decisions whose refs are no objects: a modal triggered ability's mode numbers (engine/rules/
# trigger_modes.py, CR 700.2b) — read as ids, mode 2 was "the permanent with id 2"
_NOT_OBJECTS: Final = frozenset({"trigger_mode"})


def _public_refs(g: Context, p: dict[str, Any]) -> tuple[int | None, ...]:
    """The ids of the public objects the options name (battlefield and stack only: an id of a
    card in a hidden zone would let others follow it, CR 400.7)."""
    refs = p.get("refs")
    if not isinstance(refs, list) or len(refs) != len(p.get("options", ())) or p.get("where") in _NOT_OBJECTS:
        return ()
    # (each ref's own zone: a choice among a few objects costs no set of the whole battlefield)
    objects = g.st.objects
    out: list[int | None] = []
    for r in refs:
        oid = r[1] if isinstance(r, list) and len(r) == 2 and r[0] == "o" else r
        obj = objects.get(oid) if isinstance(oid, int) and not isinstance(oid, bool) else None
        out.append(oid if obj is not None and obj.zone in _SHOWN else None)
    return tuple(out) if any(o is not None for o in out) else ()


def termination(g: Context, winner: int | None) -> Termination:
    """Why the game ended, read from the players who lost (the state keeps no reason, so
    saved games stay byte-compatible)."""
    if (g.st.outcome or {}).get("reason") == "loop":
        return Termination.LOOP
    losers = [p for p in g.st.players if p.lost and p.index != winner]
    if winner is None and not losers:
        return Termination.OTHER
    if winner is None:
        return Termination.DRAW
    for p in losers:
        if p.conceded:
            continue
        if p.poison >= 10:
            return Termination.POISON
        if p.drew_from_empty:
            return Termination.EMPTY_LIBRARY
        if p.life <= 0:
            return Termination.LIFE
    if any(p.conceded for p in losers):
        return Termination.CONCEDE
    return Termination.OTHER
