"""Choices of a player whose effect the board evaluation cannot see (engine/ai/heuristic.py
looks ahead one step and scores the board; a restriction that lasts until a later turn leaves
the board as it is).

Choose Your Champion ("When you set this scheme in motion, target opponent chooses a player.
Until your next turn, only you and the chosen player can cast spells and attack with
creatures."):
* the chooser picks the player of its own side with the strongest attack — itself or a
  teammate (CR 904.2: teammates aren't opponents), never the scheme's controller, who may
  cast and attack anyway (choosing them would lock out everyone else);
* the archenemy targets the opponent whose own side is weakest: that opponent will choose
  from their side, so the one left free to act is the least dangerous (with one team of
  opponents every target leads to the same choice).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import Action
from engine.ai import adapter

if TYPE_CHECKING:
    from engine.game import Game

CHAMPION = "Choose Your Champion"


def _attack_power(g: "Game", seat: int) -> float:
    """The seat's creatures' power, a little for its hand (spells it could cast)."""
    power = sum(max(c.power or 0, 0) for _oid, _o, c in adapter.creatures(g, seat))
    return power + 0.5 * len(adapter.game_state(g).players[seat].hand)


def _side(g: "Game", seat: int) -> list[int]:
    return [seat, *adapter.teammates(g, seat)]


def choose(g: "Game", seat: int, actions: list[Action]) -> Action | None:
    """The answer to a Choose Your Champion decision (its target, or the chosen player), or
    None for any other decision."""
    d = g.pending
    if d is None:
        return None
    names = {p.name: p.index for p in adapter.game_state(g).players}
    by_player: list[tuple[Action, int]] = []
    for a in actions:
        p = names.get(adapter.choice(a)[0] if adapter.choice(a) else "")
        if p is not None:
            by_player.append((a, p))
    if not by_player:
        return None
    if d.prompt == "ask.choose_champion":
        side = set(_side(g, seat))
        ours = [(a, p) for a, p in by_player if p in side]
        if not ours:
            return None
        return max(ours, key=lambda ap: (_attack_power(g, ap[1]), ap[1] == seat))[0]
    if d.kind == "targets" and d.params.get("card") == CHAMPION:
        return min(by_player, key=lambda ap: (max(_attack_power(g, q) for q in _side(g, ap[1])), ap[1]))[0]
    return None
