"""Positions to ask an agent about: copies of a game between two agents, taken where seat 0
chooses among more than one action (mana abilities aside)."""
from __future__ import annotations

from typing import Sequence

from engine.ai import adapter
from engine.ai.determinize import Knowledge
from engine.ai.heuristic import HeuristicAgent
from engine.ai.match import Agent, load_deck
from engine.config import GameConfig
from engine.game import Game

RED = load_deck("furnace_red")[1]
SKIES = load_deck("haunted_skies")[1]


def choice_positions(seed: int, count: int, agents: Sequence[Agent], *,
                     every: int, steps: int, from_turn: int = 0) -> list[Game]:
    """Up to `count` copies from a Furnace Red vs Haunted Skies game of `agents` (seat 0's
    first): seat 0's choices at every `every`-th step from turn `from_turn`, in `steps` steps."""
    g = Game(GameConfig(decks=[RED, SKIES], seed=seed, mode="rules"))
    out: list[Game] = []
    n = 0
    while not adapter.is_over(g) and len(out) < count and n < steps:
        p = adapter.pending_player(g)
        assert p is not None
        acts = [a for a in g.legal_actions(p) if not adapter.is_mana_ability(a)]
        if p == 0 and len(acts) > 1 and n % every == 0 and g.turn >= from_turn:
            out.append(g.clone())
        g.apply(agents[p].choose(g, p))
        n += 1
    return out


def heuristic_pair(seed: int) -> list[HeuristicAgent]:
    """Two heuristic agents, each knowing only its own deck."""
    return [HeuristicAgent(seed + s, Knowledge(decks={s: (RED, SKIES)[s]})) for s in (0, 1)]
