"""engine/ai/random_agent.py: the seeded random player picks as it always did — pass at its rate,
otherwise uniformly among the actions other than passing and conceding, whatever their order
(the random playouts and `python -m engine.bench` replay the same games by its seed)."""
from __future__ import annotations

import random

from engine.actions import Action
from engine.ai.random_agent import RandomAgent


def _old_pick(agent: RandomAgent, actions: list[Action]) -> Action:
    """The pick as first written (one Python filter over every action)."""
    if len(actions) > 1 and actions[0].verb == "pass" and agent.rng.random() < agent.pass_weight:
        return actions[0]
    others = [a for a in actions if a.verb not in ("pass", "concede")] or actions
    return agent.rng.choice(others)


def test_same_picks_as_the_plain_filter() -> None:
    verbs = ["pass", "concede", "cast", "activate", "play", "choose"]
    lists = random.Random(7)
    for seed in range(300):
        n = lists.randint(1, 8)
        actions = [Action(0, lists.choice(verbs), obj=i) for i in range(n)]
        if lists.random() < 0.5:  # (the priority listing's shape: `pass` first, then no other)
            actions = [Action(0, "pass")] + [a for a in actions if a.verb not in ("pass", "concede")]
        new, old = RandomAgent(seed), RandomAgent(seed)
        for _ in range(3):
            assert new.pick(actions) == _old_pick(old, actions)
            assert new.rng.getstate() == old.rng.getstate()
