"""What a computer player answers from without a world (engine/ai/adapter.py `View`, each
agent's `at_once`) and the world it is handed otherwise (engine/ai/determinize.py
`seat_world`, taken once): the view is the same whatever the cards its seat can't see are,
holds no game, gives no observation of a later position; a world is sampled once a decision
(the agent takes it as its own copy) and a fresh one is made for every decision that needs one."""
from __future__ import annotations

import random
from typing import Any

import pytest

import engine.ai.heuristic as heuristic
from engine.ai import adapter
from engine.ai.determinize import Knowledge, determinize, seat_world, taken_world
from engine.ai.heuristic import HeuristicAgent
from engine.ai.match import card_pool
from engine.ai.random_agent import RandomAgent
from engine.ai.search import SearchAgent
from engine.game import Game
from tests.ai.hidden_walk import walk
from tests.ai.positions import RED
from tests.ai.test_ai import _positions, _swap_hidden

POOL = card_pool()
KNOW = Knowledge(decks={0: RED}, pool=POOL)


def _same(a: adapter.View, b: adapter.View) -> bool:
    return (a.kind, a.player, [str(x) for x in a.actions], a.actions, a.info, a.opponents) == \
        (b.kind, b.player, [str(x) for x in b.actions], b.actions, b.info, b.opponents) \
        and a.observation().to_json() == b.observation().to_json()


def test_the_view_is_the_same_whatever_the_hidden_cards_are() -> None:
    rng = random.Random(5)
    for g in _positions(3, 6):
        variant = _swap_hidden(g, 0, rng)
        assert g.dump() != variant.dump()
        a, b = adapter.view(g, 0), adapter.view(variant, 0)
        assert _same(a, b)
        for agent in (HeuristicAgent(1, KNOW), SearchAgent(1, KNOW, iterations=8), RandomAgent(1)):
            again = type(agent)(1, KNOW) if not isinstance(agent, RandomAgent) else RandomAgent(1)
            assert str(agent.at_once(a)) == str(again.at_once(b))


def test_the_view_holds_no_game_and_no_later_observation() -> None:
    g = _positions(3, 1)[0]
    v = adapter.view(g, 0)
    reached: list[str] = []
    walk(v, lambda x, path: reached.append(path) if isinstance(x, Game) or x is g.st else None, "view")
    assert reached == []  # (the observation is made on demand, only of this decision)
    first = v.observation()
    assert v.observation() is first and v.obs() == g.observation(0).to_json()
    g.apply(g.legal_actions(0)[0])
    with pytest.raises(RuntimeError):
        v.observation()  # the decision was answered: nothing of the new position
    g.undo()
    with pytest.raises(RuntimeError):
        v.observation()  # undone: the game is back, but not this view's decision
    with pytest.raises(RuntimeError):
        adapter.view(g, 1 - g.pending.player)  # not deciding: no view


def test_a_world_is_taken_once_by_its_seat_only() -> None:
    g = _positions(3, 1)[0]
    world = seat_world(g, 0, KNOW, random.Random(1))
    assert not taken_world(g, 0)  # the real game is never a world
    assert not taken_world(determinize(g, 0, KNOW, random.Random(1)), 0)  # nor another copy
    assert taken_world(world, 0) and not taken_world(world, 0)  # (the taker may play on it)
    other = seat_world(g, 0, KNOW, random.Random(1))
    assert not taken_world(other, 1)


def _counting(monkeypatch: Any) -> list[int]:
    made: list[int] = []
    real = heuristic.determinize

    def counted(*args: Any) -> Game:
        made.append(1)
        return real(*args)
    monkeypatch.setattr(heuristic, "determinize", counted)
    return made


def test_the_heuristic_samples_no_second_copy_of_its_world(monkeypatch: Any) -> None:
    made = _counting(monkeypatch)
    for g in _positions(11, 4):
        if HeuristicAgent(1, KNOW).at_once(adapter.view(g, 0)) is not None:
            continue
        before = len(made)
        world = seat_world(g, 0, KNOW, random.Random(2))
        assert HeuristicAgent(1, KNOW).choose(world, 0) in g.legal_actions(0)
        assert len(made) == before  # the world was its copy
        assert HeuristicAgent(1, KNOW).choose(g, 0) in g.legal_actions(0)
        assert len(made) == before + 1  # handed the game itself (tests, benchmarks): it samples
        HeuristicAgent(1, KNOW).choose(world, 0)
        assert len(made) == before + 2  # a world already taken is not taken again


def test_a_card_revealed_or_an_undo_gets_a_fresh_world() -> None:
    """Nothing is kept from one decision's world to the next: after an action (one that
    reveals a card too) and after an undo, the world is sampled again from the observation."""
    g = _positions(3, 1)[0]
    first = seat_world(g, 0, KNOW, random.Random(1))
    g.apply(g.legal_actions(g.pending.player)[0])
    while g.pending is not None and g.pending.player != 0:
        g.apply(g.legal_actions(g.pending.player)[0])
    after = seat_world(g, 0, KNOW, random.Random(1))
    assert after is not first and after.st is not first.st
    assert adapter.observe(after, 0) == adapter.observe(g, 0)
    g.undo()
    while g.pending is not None and g.pending.player != 0:
        g.undo()
    undone = seat_world(g, 0, KNOW, random.Random(1))
    assert undone.st is not after.st and adapter.observe(undone, 0) == adapter.observe(g, 0)
