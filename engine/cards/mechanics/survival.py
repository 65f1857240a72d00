"""Survival (ability word, Duskmourn): "Survival — At the beginning of your second main
phase, if this creature is tapped, [effect]." The "if" is an intervening "if" (CR 603.4):
checked as the phase begins and again as the ability resolves.

Release notes (Überlebenskunst): the ability triggers only if the creature is tapped as
your second main phase begins, and does nothing if it is untapped as the ability resolves.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.cards.layer.abilities import When
from engine.cards.vocab.core import Effect
from engine.cards.vocab.events import SECOND_MAIN

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


def _tapped(g: "Context", me: "Obj", params: dict[str, Any] | None = None) -> bool:
    return bool(me.tapped)


def Survival(*effects: Effect, targets: tuple[Any, ...] = (), once: bool = False) -> When:  # noqa: N802
    return When(SECOND_MAIN, *effects, targets=targets, condition=_tapped, resolve_if=lambda g, src: src.tapped,
                word="Survival", once=once)
