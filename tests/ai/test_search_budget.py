"""The search level keeps to its time budget (issue #28: p99 per decision ≤ 250 ms) without
answering worse: a look-ahead that runs out of time judges nothing instead of a half-resolved
board; a rollout's passes are the same with or without a listing; a search decision leaves no
garbage for the cyclic collector (it runs with the collector off)."""
from __future__ import annotations

import gc
import random
from itertools import product

from engine.actions import Action
from engine.ai import adapter
from engine.ai.adapter import TurnInfo
from engine.ai.determinize import Knowledge, determinize
from engine.ai.evaluate import evaluate
from engine.ai.heuristic import idle_moment, look_ahead, moment_ok
from engine.ai.match import card_pool
from engine.ai.search import SearchAgent
from engine.config import GameConfig
from engine.game import Game
from tests.ai.positions import RED, choice_positions, heuristic_pair

STEPS = ("untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "combat_damage", "end_of_combat", "main2", "end", "cleanup")


def _positions(seed: int, count: int) -> list[Game]:
    """Positions of a heuristic game where seat 0 has a choice of several actions."""
    return choice_positions(seed, count, heuristic_pair(seed), every=4, steps=1500, from_turn=3)


def test_idle_moment_is_when_every_action_is_refused() -> None:
    """A rollout passes without a listing exactly when the policy would refuse every listed
    action (moment_ok) — for every step, stack and whose turn."""
    for step, stack, top, active in product(STEPS, (0, 1, 2), (None, 0, 1), (0, 1)):
        if (stack == 0) != (top is None):
            continue
        info = TurnInfo(5, step, active, stack, top, (active,))
        refused = not any(moment_ok(info, 0, Action(0, verb, text=verb))
                          for verb in ("play", "cast", "activate", "unlock"))
        assert idle_moment(info, 0) == refused, (step, stack, top, active)


def test_out_of_time_look_ahead_judges_nothing() -> None:
    """A look-ahead whose deadline passes before the spell has resolved gives no value (the
    caster's board with the spell not yet resolved would look like a card lost for nothing);
    with time it gives the resolved board's value."""
    setup = {"Alice": {"hand": ["Scorching Dragonfire"], "battlefield": ["Mountain"] * 5,
                       "library": ["Mountain"] * 5},
             "Bob": {"battlefield": ["Enduring Curiosity"], "library": ["Island"] * 5}, "step": "main1"}
    g = Game(GameConfig(decks=[[], []], seed=1, mode="rules", setup=setup))
    cast = next(a for a in g.legal_actions(0) if a.verb == "cast")
    assert look_ahead(g, 0, cast, deadline=1.0, clock=lambda: 2.0) is None
    value = look_ahead(g, 0, cast, deadline=1.0, clock=lambda: 0.0)
    # the same cast on a copy, both players passing until the stack is empty: the Dragonfire
    # has exiled Bob's creature, and the look-ahead's value is that board's
    half = adapter.clone(g)
    adapter.apply_copy(half, cast)
    resolved = adapter.clone(half)
    while adapter.game_state(resolved).stack:
        adapter.apply_copy(resolved, Action(adapter.pending_player(resolved), "pass", text="pass"))
    st = adapter.game_state(resolved)
    assert [st.objects[o].name for o in st.players[1].exile] == ["Enduring Curiosity"]
    assert value == evaluate(resolved, 0)
    assert value > evaluate(half, 0)  # (the spell still on the stack reads as a card lost for nothing)


def test_no_time_for_a_copy_answers_with_a_pass() -> None:
    """A clock already past 40 % of the budget after the observation: no copy is made, no
    rollout played; at priority the answer is the pass."""
    know = Knowledge(decks={0: RED}, pool=card_pool())
    ticks = iter(range(0, 10_000, 10))
    for g in _positions(21, 6):
        agent = SearchAgent(4, know, budget=0.25, clock=lambda: float(next(ticks)))
        act = agent.choose(g, 0)
        assert act in g.legal_actions(0)
        assert agent.last_iterations == 0
        if adapter.pending_kind(g) == "priority":
            assert adapter.is_pass(act)


def test_a_search_decision_leaves_no_cyclic_garbage() -> None:
    """Everything a search decision makes (determinized copies, rollouts, look-aheads) is freed
    by reference counting: with the collector off during it nothing is left for later."""
    know = Knowledge(decks={0: RED}, pool=card_pool())
    positions = _positions(5, 4)
    assert positions
    gc.collect()
    was_on = gc.isenabled()
    gc.disable()
    try:
        left = 0
        for g in positions:
            agent = SearchAgent(2, know, iterations=8)
            assert agent.choose(g, 0) in g.legal_actions(0)
            rng = random.Random(3)
            look_ahead(determinize(g, 0, know, rng), 0, g.legal_actions(0)[0])
            left += gc.collect()
        assert left == 0
    finally:
        if was_on:
            gc.enable()


def test_the_collector_is_on_again_after_a_search_decision() -> None:
    know = Knowledge(decks={0: RED}, pool=card_pool())
    g = _positions(21, 1)[0]
    assert gc.isenabled()
    SearchAgent(4, know, iterations=4).choose(g, 0)
    assert gc.isenabled()
