"""Turning a face-down permanent face up (CR 708.8): the one routine the special action
(engine/rules/manual.py: a manifested creature card for its mana cost, CR 701.40b; a morph for
its morph cost, CR 702.37e) and effects ("turn it face up", engine/cards/vocab/face_down.py)
share.

CR 708.8: "As a face-down permanent is turned face up, its copiable values revert to its normal
copiable values. Any effects that have been applied to the face-down permanent still apply to
the face-up permanent." — except an effect that says what the face-down permanent is ("return
it to the battlefield face down ... It's a Forest land.", kept with `while_face_down`), which
ends (the ruling:
"If one of these Forests is turned face up, the effect making it a Forest land will expire.").
Turning it face up is no zone change: nothing enters (CR 708.8) and "whenever ... is turned
face up" triggers (CR 603.2)."""
from __future__ import annotations

from typing import TYPE_CHECKING


from engine.rules.effects import Layer
from engine.rules.layering import effects_by_object
from engine.rules.resolved import resolved

if TYPE_CHECKING:
    from engine.rules.context import Context

WHILE_FACE_DOWN = "while_face_down"  # an effect's key: it applies only while the permanent is face down
# a face-down permanent's note: put onto the battlefield face down by an effect, not manifested —
# it can't be turned face up for its mana cost (CR 701.40b is manifest's rule), only by morph
NOT_MANIFESTED = "not_manifested"


def turn_face_up(g: "Context", p: int, oid: int) -> None:
    """Player p turns the face-down permanent oid face up."""
    obj = g.st.objects[oid]
    g.update(oid, face_down=False)
    # CR 708.8: the effects that last "for as long as it remains face down" end
    g.end_these_effects([e for e in resolved(g) if e.while_face_down and oid in e.ids])
    g.event("turn_face_up", player=g.pname(p), card=obj.name)
    g.mark_turn(f"faceup:{p}")  # "or you turned a permanent face up this turn"
    g.triggers.fire("turned_face_up", obj=oid, player=p)  # "whenever you turn ... face up"


def morph_lost(g: "Context", oid: int) -> bool:
    """Whether an effect makes this face-down permanent lose all abilities (layer 6, CR
    613.1f): it then has no morph ability to turn it face up with (CR 702.37e) — unlike a
    manifested creature card, which is turned face up for its mana cost by the rule of
    manifest (CR 701.40b; the rulings of manifest)."""
    return any(e.layer == Layer.ABILITY and e.remove_all for e in effects_by_object(g).get(oid, ()))
