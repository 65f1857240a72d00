"""Landfall (ability word, CR 207.2c): "Landfall — Whenever a land you control enters, [effect]."

    card("Zimone, Mystery Unraveler", Landfall(...effects...))
    card("Retreat to Coralhelm", LandfallChoose(Option(...), Option(...)))
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.cards.layer.abilities import Option, When, WhenChoose
from engine.cards.mechanics.eerie import PERMANENT_ENTERS
from engine.cards.vocab.core import Effect

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


def _land_you_control(g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
    oid = params.get("obj")
    return (oid in g.st.objects and g.st.objects[oid].controller == me.controller
            and g.is_type(oid, "Land"))


def Landfall(*effects: Effect, targets: tuple[Any, ...] = ()) -> When:  # noqa: N802 (reads like the card)
    w = When(PERMANENT_ENTERS, *effects, targets=targets, condition=_land_you_control)
    object.__setattr__(w, "word", "Landfall")
    return w


def LandfallChoose(*options: Option) -> WhenChoose:  # noqa: N802 (reads like the card)
    """"Landfall — Whenever a land you control enters, choose one —" and its bullets (CR 700.2b:
    the mode and its targets are chosen as the ability is put on the stack)."""
    w = WhenChoose(PERMANENT_ENTERS, *options, condition=_land_you_control)
    object.__setattr__(w, "word", "Landfall")
    return w
