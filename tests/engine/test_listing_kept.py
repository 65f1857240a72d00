"""The listing's caches across positions on the benchmark's crowded pool boards (issue #24): a
plain card's cast ways kept with the payability questions they asked (engine/rules/cast_way.py),
a steady permanent's offered actions kept with its target questions and name map
(engine/rules/listing.py), mana actions written with their texts — checked against a copy of
the game with empty caches after every action (engine/cache_check.py), and the same actions
listed as a fresh listing of the same position would."""
from __future__ import annotations

import pytest

from engine.ai.random_agent import RandomAgent
from engine.bench import board_pool, pool_board
from engine.game import Game
from engine.rules.listing import priority_actions


def _pool_board(permanents: int, seed: int) -> Game:
    """The benchmark's crowded board with pool permanents mixed in (engine/bench.py pool_board)."""
    return pool_board(permanents, seed, board_pool())


@pytest.mark.parametrize("permanents, decisions", [(40, 120), (400, 25)])
def test_pool_boards_with_caches_checked(checked: None, permanents: int, decisions: int) -> None:
    g = _pool_board(permanents, 0)
    agents = [RandomAgent(1), RandomAgent(2)]
    for _ in range(decisions):
        if g.pending is None:
            break
        p = g.pending.player
        g.apply(agents[p].choose(g, p))  # (each action checked: cache_check.verify)
    assert g.history, "the board was played"


def test_a_second_listing_is_the_same() -> None:
    """A listing made with every cache warm lists the same actions, texts and all, as the first."""
    g = _pool_board(40, 1)
    agents = [RandomAgent(3), RandomAgent(4)]
    listed = 0
    for _ in range(120):
        if g.pending is None:
            break
        p = g.pending.player
        if g.pending.kind == "priority":
            first = priority_actions(g, p)
            assert priority_actions(g, p) == first
            texts = [a.text for a in g.legal_actions(p)]
            assert all(texts) and texts == [a.text for a in g.legal_actions(p)]
            listed += 1
        g.apply(agents[p].choose(g, p))
    assert listed
