"""Turns: extra turns (CR 500.7) and "at the beginning of each ..." steps, whoever's turn it is.

    When(EACH_END_STEP, ExtraTurn(), condition=NotYourTurn(), resolve_if=NotYourTurn())
        # "At the beginning of each end step, if it's not your turn, take an extra turn after this one."

engine/rules/turn.py fires "each_step:upkeep" and "each_step:end" for every player's turn
(the "step:..." events are only for "your" steps) and takes the extra turns, the most
recently created first, then goes on in turn order from the turn that created them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Step

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

EACH_END_STEP = "each_step:end"  # "At the beginning of each end step" (CR 513.1, 603.2)
EACH_UPKEEP = "each_step:upkeep"  # "At the beginning of each upkeep" (CR 503.1)


@dataclass(frozen=True)
class NotYourTurn:
    """"if it's not your turn": usable as a trigger condition (g, me, params) and as an
    intervening "if" checked again on resolution (g, me), CR 603.4."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any] | None = None) -> bool:
        return g.st.active != me.controller


@dataclass(frozen=True)
class ExtraTurn:
    """"take an extra turn after this one" (CR 500.7): the ability's controller."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            g.st.extra_turns.insert(0, item.controller)  # CR 500.7: the most recent is taken first
            g.event("extra_turn", player=g.pname(item.controller))
        return run
