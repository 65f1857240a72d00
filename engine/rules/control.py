"""Layer 2: control-changing effects (CR 613.1b, 613.7), applied to the object with the
state-based actions."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules.effects import Layer
from engine.rules.layering import effects_by_object
from engine.rules.resolved import resolved

if TYPE_CHECKING:
    from engine.rules.context import Context

def controlled_from_any(g: "Context") -> bool:
    """Whether a permanent remembers the controller it had before a control-changing effect
    (its ctx "controlled_from", written below by update, which touches; a permanent that enters
    is a new object with none): kept until the next touch (GameBase._PERMANENTS_ONLY), not
    walked again at every state-based action check after a status change."""
    got: bool | None = g.memo.get("controlled_from")
    if got is None:
        objects = g.st.objects
        got = g.memo["controlled_from"] = any("controlled_from" in objects[o].ctx for o in g.st.battlefield)
    return got


def control_pass(g: "Context") -> bool:
    """Layer 2 (CR 613.1b): control-changing effects ("You control enchanted creature."),
    the latest timestamp winning (CR 613.7). Control is stored on the object; a permanent
    whose control-changing effects have ended returns to the controller it had before them.
    A permanent that changes controller is removed from combat (CR 506.4) and is "summoning
    sick" again (CR 302.6). Run with the state-based actions; True if anything changed."""
    changed = False
    # most positions have no control-changing effect at all: then nothing to do, and no need to
    # read every static ability for the index (the SBA check runs after every action)
    if not (any(fn.controls for _, fn in g.static_sources())
            or any(e.layer == Layer.CONTROL for e in resolved(g)) or controlled_from_any(g)):
        return False
    index = effects_by_object(g)
    for oid in list(g.st.battlefield):
        obj = g.st.objects.get(oid)
        if obj is None:
            continue
        effs = []
        for e in index.get(oid, ()):  # (sorted by layer: copy effects, then control-changing ones)
            if e.layer == Layer.CONTROL:
                effs.append(e)
            elif e.layer != Layer.COPY:
                break
        if not effs and "controlled_from" not in obj.ctx:
            continue  # (no control-changing effect on it, now or before)
        want = max(effs, key=lambda e: e.ts).controller if effs else obj.ctx.get("controlled_from")
        if want is None or want == obj.controller:
            if not effs and "controlled_from" in obj.ctx:
                g.update(oid, ctx={k: v for k, v in obj.ctx.items() if k != "controlled_from"})
            continue
        ctx = dict(obj.ctx)
        if effs:
            ctx.setdefault("controlled_from", obj.controller)
        else:
            ctx.pop("controlled_from", None)
        g.update(oid, controller=want, ctx=ctx, sick=True, attacking=None, blocking=[], blocked=False)
        g.event("control", card=obj.name if not obj.face_down else "", player=g.pname(want))
        changed = True
    return changed
