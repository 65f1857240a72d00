"""Survival (ability word, Duskmourn): "Survival — At the beginning of your second main
phase, if this creature is tapped, [effect]." The "if" is an intervening "if" (CR 603.4):
checked as the phase begins and again as the ability resolves.

Release notes (Überlebenskunst): the ability triggers only if the creature is tapped as
your second main phase begins, and does nothing if it is untapped as the ability resolves.
"""
from __future__ import annotations

from typing import Any

from engine.cards.layer.abilities import When
from engine.cards.vocab.conditions import This
from engine.cards.vocab.core import Effect
from engine.cards.vocab.events import SECOND_MAIN


TAPPED = This("tapped")  # "if this creature is tapped"


def Survival(*effects: Effect, targets: tuple[Any, ...] = (), once: bool = False) -> When:  # noqa: N802
    return When(SECOND_MAIN, *effects, targets=targets, condition=TAPPED, resolve_if=TAPPED,
                word="Survival", once=once)
