"""Rolling dice (CR 706) and what follows from the result; choices made at random.

A die is rolled with the game's seeded random-number generator (engine/state.py), so a game
replays exactly from its configuration and actions, and a scenario fixes a roll with its seed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Step
from engine.cards.vocab.core import source_id
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


@dataclass(frozen=True)
class AttachToRandomOpponent:
    """"Then attach this Aura to another one of your opponents chosen at random." (Maddening
    Hex): an Aura that enchants a player moves to an opponent of its controller other than the
    player it enchants, chosen at random among those still in the game (CR 701.3a: attaching is
    no casting and targets nothing); with no other opponent it stays where it is (ruling). An
    Aura that has left the battlefield is attached to nothing."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            src = source_id(g, item)
            if src is None:
                return
            aura = g.st.objects[src]
            now = aura.ctx.get("enchanted_player")
            others = [p for p in g.opponents(item.controller) if p != now and not g.st.players[p].lost]
            if not others:
                return
            p = others[rng_below(g.st, len(others))] if len(others) > 1 else others[0]
            g.event("chosen", card=aura.name, choice=g.pname(p))
            g.update(src, ctx={**aura.ctx, "enchanted_player": p})
            g.event("attach", player=g.pname(item.controller), card=aura.name, to=g.pname(p))
        return run
