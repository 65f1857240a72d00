"""What the "resolve" event says about the object that resolved (CR 608.1-608.2): a spell, or
an ability (activated or triggered) of a source — so the log never reads an ability resolving
as its card resolving again."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.state import CARD_KINDS

if TYPE_CHECKING:
    from engine.rules.context import Context

SPELL_KINDS = CARD_KINDS  # a spell on the stack (a copy of a spell is a "token" there)


def resolve_params(g: "Context", item: Any) -> dict[str, Any]:
    """The "resolve" event's parameters: `card`, the spell's or the ability's source's name
    ("" when face down: a face-down object has no name, CR 708.4), and `ability`: True for an
    ability (CR 113.3b-c, 608.2), absent for a spell (CR 608.3)."""
    if item.kind in SPELL_KINDS:
        return {"card": "" if item.face_down else item.name}
    # a Room's ability names its door, as its trigger did (CR 709.5)
    name = "" if _source_face_down(g, item) else str(item.ctx.get("door") or item.name)
    return {"card": name, "ability": True}


def _source_face_down(g: "Context", item: Any) -> bool:
    """Whether the ability's source is (or last was, CR 113.7a) face down."""
    if item.source is None:
        return False
    src = g.st.objects.get(item.source) or g.st.lki.get(item.source)
    if src is not None:
        return bool(src.face_down)
    return bool(item.ctx.get("source_lki", {}).get("face_down"))
