"""The heuristic level keeps to a time budget per decision, as the search level does (its
slowest decision took 1.27 s of CPU): measured here by a fake clock that advances by one step
for every engine action and copy a decision makes, so the test counts work, not time. A step
that began just before the deadline used to end past it (a copy and a look-ahead step: the
slowest decision ended ~30 ms past the budget); each step now begins only when one as long as
the longest so far ends by the deadline (engine/ai/pace.py)."""
from __future__ import annotations

from typing import Any

import pytest

from engine.ai import adapter, heuristic
from engine.ai.determinize import Knowledge
from engine.ai.heuristic import HeuristicAgent
from engine.config import GameConfig
from engine.game import Game

STEP = 0.01  # what one engine action or one copy of the game costs on the fake clock
HAND = ["Cult Healer", "Murder", "Piggy Bank", "Soul Warden", "Ragged Playmate", "Enduring Innocence",
        "Clockwork Percussionist", "Scorching Dragonfire", "Glimmerburst", "Fear of Exposure"]


def _crowded() -> Game:
    """Alice's main phase with ten castable spells and a full board on both sides."""
    setup = {"Alice": {"hand": HAND, "battlefield": ["Plains"] * 4 + ["Swamp"] * 4 + ["Mountain"] * 4
                       + ["Forest"] * 4 + ["Island"] * 4 + ["Cult Healer"] * 6,
                       "library": ["Plains"] * 10},
             "Bob": {"battlefield": ["Island"] * 10 + ["Enduring Curiosity", "Piggy Bank"] + ["Cult Healer"] * 6,
                     "library": ["Island"] * 10}, "step": "main1"}
    return Game(GameConfig(decks=[[], []], seed=1, mode="rules", setup=setup))


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _counted(monkeypatch: pytest.MonkeyPatch, clock: FakeClock, step: float = STEP,
             copy: float | None = None) -> None:
    """Each applied action moves the clock on by `step`, each copy of a game by `copy` (`step`)."""
    apply_copy, clone = adapter.apply_copy, Game.clone

    def applied(g: Game, action: Any) -> None:
        clock.now += step
        apply_copy(g, action)

    def cloned(g: Game) -> Game:
        clock.now += step if copy is None else copy
        return clone(g)

    monkeypatch.setattr(adapter, "apply_copy", applied)
    monkeypatch.setattr(Game, "clone", cloned)


def _decide(monkeypatch: pytest.MonkeyPatch, budget: float | None, step: float = STEP,
            copy: float | None = None) -> tuple[float, Any, Game]:
    clock = FakeClock()
    _counted(monkeypatch, clock, step, copy)
    g = _crowded()
    agent = HeuristicAgent(3, Knowledge(decks={0: HAND}), budget=budget, clock=clock)
    start = clock.now
    act = agent.choose(g, 0)
    return clock.now - start, act, g


def test_a_crowded_decision_keeps_to_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    unbounded, _act, _g = _decide(monkeypatch, None)
    assert unbounded > 3 * 0.25          # without a budget this decision does three times the work
    used, act, g = _decide(monkeypatch, 0.25)
    assert used <= 0.25, used          # within the budget: no step runs past it
    assert act in g.legal_actions(0)


@pytest.mark.parametrize("step, copy", [(0.03, None), (0.01, 0.04), (0.04, 0.01), (0.07, 0.07)])
def test_no_step_runs_past_the_budget_whatever_steps_cost(monkeypatch: pytest.MonkeyPatch, step: float,
                                                          copy: float | None) -> None:
    """Steps of ~30 ms (a four-player board): the copy and the step begun just before the
    deadline ran ~30-60 ms past the budget; now the decision ends within it."""
    used, act, g = _decide(monkeypatch, 0.25, step, copy)
    assert used <= 0.25, used
    assert act in g.legal_actions(0)


def test_the_budget_is_the_levels_default_and_counts_cpu_time() -> None:
    agent = HeuristicAgent(0)
    assert agent.budget == heuristic.BUDGET == 0.25
    assert agent.clock is heuristic.time.thread_time
