"""Phasing (CR 702.26): phasing out and in, directly and indirectly.

* 702.26a: in each player's untap step, before untapping, that player's phased-in permanents
  with phasing phase out and, simultaneously, the permanents that phased out under that
  player's control phase in.
* 702.26b: a phased-out permanent is treated as though it does not exist (the engine's
  `battlefield()`, `perms()` and the static abilities leave it out).
* 702.26d: phasing is no zone change: no "enters" or "leaves the battlefield" ability
  triggers, the object stays the same one (counters, attachments, the same id).
* 702.26g: when a permanent phases out, the Auras and Equipment attached to it phase out
  with it ("indirectly"); such a permanent does not phase in by itself but along with the
  permanent it is attached to.
* 506.4: a permanent that phases out is removed from combat (it no longer exists for the
  rules, so it can neither deal nor be dealt combat damage); an attacker it blocked stays
  blocked (509.1h).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.rules.context import Context

INDIRECT = "phased_indirectly"  # marks, in Obj.ctx, a permanent that phased out indirectly


def phase_out(g: "Context", oid: int, indirect: bool = False) -> None:
    """CR 702.26b, 702.26g: `oid` phases out, and with it what is attached to it."""
    st = g.st
    obj = st.objects[oid]
    if obj.phased_out or obj.zone != "battlefield":
        return
    ctx = {k: v for k, v in obj.ctx.items() if k != INDIRECT}
    if indirect:
        ctx[INDIRECT] = True
    g.update(oid, phased_out=True, attacking=None, blocking=[], blocked=False, ctx=ctx)  # CR 506.4
    for other in st.battlefield:
        o = st.objects[other]
        if oid in o.blocking:
            g.update(other, blocking=[b for b in o.blocking if b != oid])
    for other in list(st.battlefield):
        if st.objects[other].attached_to == oid and not st.objects[other].phased_out:
            phase_out(g, other, indirect=True)  # CR 702.26g: phases out indirectly


def phase_in(g: "Context", oid: int) -> None:
    """CR 702.26c, 702.26g: `oid` phases in, and the permanents that phased out indirectly
    with it (attached to it) phase in along with it."""
    st = g.st
    obj = st.objects[oid]
    if not obj.phased_out:
        return
    g.update(oid, phased_out=False, ctx={k: v for k, v in obj.ctx.items() if k != INDIRECT})
    for other in list(st.battlefield):
        o = st.objects[other]
        if o.attached_to == oid and o.phased_out and o.ctx.get(INDIRECT):
            phase_in(g, other)


def untap_step(g: "Context", player: int) -> None:
    """CR 702.26a: the phasing event of `player`'s untap step (CR 502.1)."""
    st = g.st
    mine = [o for o in st.battlefield if st.objects[o].controller == player]
    going_in = [o for o in mine if st.objects[o].phased_out and not st.objects[o].ctx.get(INDIRECT)]
    going_out = [o for o in mine if not st.objects[o].phased_out and g.has(o, "phasing")]
    for oid in going_out:
        phase_out(g, oid)
    for oid in going_in:
        phase_in(g, oid)
