"""Layer 2: control-changing effects (CR 613.1b, 613.7), applied to the object with the
state-based actions."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules.effects import Layer
from engine.rules.layering import effects_by_object
from engine.rules.resolved import resolved

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.rules.effects import ContinuousEffect
    from engine.rules.second_reading import Index

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
    for oid in to_look_at(g, index):
        obj = g.st.objects.get(oid)
        if obj is None:
            continue
        effs = _control_effects(index.get(oid, ()))
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


def _control_effects(effs: "list[ContinuousEffect] | tuple[()]") -> list["ContinuousEffect"]:
    """An object's control-changing effects (its effects are sorted by layer: the copy effects,
    then the control-changing ones, CR 613.1)."""
    out = []
    for e in effs:
        if e.layer == Layer.CONTROL:
            out.append(e)
        elif e.layer != Layer.COPY:
            break
    return out


def to_look_at(g: "Context", index: "Index") -> list[int]:
    """The permanents control_pass looks at, in the battlefield's order: those with a
    control-changing effect in the index or remembering the controller they had before one
    (their ctx "controlled_from", written by update, which touches) — found once per index
    (kept with it in the memo, as the index is, across status changes:
    GameBase._PERMANENTS_ONLY), not at every state-based action check."""
    kept: tuple[Index, list[int]] | None = g.memo.get("control_objs")
    if kept is not None and kept[0] is index:
        return kept[1]
    got = _made(g, index)
    g.memo["control_objs"] = (index, got)
    return got


# the layers an object's effects may begin with when it has a control-changing one (sorted
# by layer: copy effects, then control-changing ones)
_FIRST = frozenset({Layer.COPY, Layer.CONTROL})


def _made(g: "Context", index: "Index") -> list[int]:
    objects = g.st.objects
    if controlled_from_any(g):
        return [oid for oid in g.st.battlefield if oid in objects and (
            "controlled_from" in objects[oid].ctx or _control_effects(index.get(oid, ())))]
    # (the objects with effects whose first is of layer 1 or 2 — on most boards none — then
    # those of them on the battlefield with a control-changing effect, in its order)
    some = {oid for oid, effs in index.items() if effs and effs[0].layer in _FIRST}
    if not some:
        return []
    return [oid for oid in g.st.battlefield if oid in some and oid in objects and _control_effects(index[oid])]


def control_objs_stale(g: "Context") -> str | None:
    """For engine/cache_check.py: how to_look_at's permanents differ from those read one by one."""
    index = effects_by_object(g)
    kept = to_look_at(g, index)
    made = _made(g, index)
    return None if kept == made else f"permanents with control-changing effects: kept {kept!r}, made {made!r}"
