"""Rolling dice (CR 706) and what follows from the result. (An Aura attached to an opponent
chosen at random: vocab/tapping.py `Attach(to="another_random_opponent")`.)

A die is rolled with the game's seeded random-number generator (engine/state.py), so a game
replays exactly from its configuration and actions, and a scenario fixes a roll with its seed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Step
from engine.state import rng_below

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

DIE_RESULT = "die"  # "equal to the result": the die this resolving ability rolled last (ctx["die"])


@dataclass(frozen=True)
class RollDie:
    """"roll a d6": its controller rolls a die with that many faces (CR 706.1: a d6 has six),
    each result equally likely (CR 706.2; SplitMix64 modulo 6 is off by less than 2^-61). The
    result is logged for all players and kept for the instructions after it (DIE_RESULT)."""
    sides: int

    def step(self) -> Step:
        sides = self.sides

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            result = rng_below(g.st, sides) + 1
            ctx[DIE_RESULT] = result
            g.event("roll", player=g.pname(item.controller), sides=sides, result=result)
        return run
