"""Landfall (ability word, CR 207.2c): "Landfall — Whenever a land you control enters, [effect]."

    card("Zimone, Mystery Unraveler", Landfall(...effects...))
    card("Retreat to Coralhelm", Landfall(Option(...), Option(...)))
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.cards.layer.abilities import Option, When, WhenChoose
from engine.cards.mechanics.eerie import PERMANENT_ENTERS

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


def _land_you_control(g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
    oid = params.get("obj")
    return (oid in g.st.objects and g.st.objects[oid].controller == me.controller
            and g.is_type(oid, "Land"))


def Landfall(*effects: Any, targets: tuple[Any, ...] = ()) -> When | WhenChoose:  # noqa: N802 (reads like the card)
    """The ability; with Options it is modal, "Landfall — Whenever a land you control enters,
    choose one —" and its bullets (CR 700.2b: the mode and its targets are chosen as the
    ability is put on the stack)."""
    if effects and all(isinstance(e, Option) for e in effects):
        options: tuple[Option, ...] = effects
        w: When | WhenChoose = WhenChoose(PERMANENT_ENTERS, *options, condition=_land_you_control)
    else:
        w = When(PERMANENT_ENTERS, *effects, targets=targets, condition=_land_you_control)
    object.__setattr__(w, "word", "Landfall")
    return w
