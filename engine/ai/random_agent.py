"""A seeded random player: picks among the legal actions, passing less often than not, so
games move forward (used by the random-playout test and `python -m engine.bench`)."""
from __future__ import annotations

import random
from operator import itemgetter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.ai.adapter import View
    from engine.game import Game


class RandomAgent:
    def __init__(self, seed: int = 0, pass_weight: float = 0.35) -> None:
        self.rng = random.Random(seed)
        self.pass_weight = pass_weight

    def choose(self, game: "Game", player: int) -> "Action":
        actions = game.legal_actions(player)
        if not actions:
            raise RuntimeError("asked to act without a decision")
        return self.pick(actions)

    def at_once(self, view: "View") -> "Action":
        """Always answers from what the seat is shown: a random player needs no world."""
        if not view.actions:
            raise RuntimeError("asked to act without a decision")
        return self.pick(view.actions)

    def pick(self, actions: list["Action"]) -> "Action":
        if len(actions) > 1 and actions[0].verb == "pass" and self.rng.random() < self.pass_weight:
            return actions[0]
        # the actions other than passing and conceding: with priority the listing gives `pass`
        # first and no other such verb, other decisions neither (found in C: a crowded board
        # lists hundreds of actions)
        verbs = list(map(_VERB, actions))
        passes = verbs.count("pass")
        if passes == 0 and "concede" not in verbs:
            others = actions
        elif passes == 1 and verbs[0] == "pass" and "concede" not in verbs:
            others = actions[1:] or actions
        else:
            others = [a for a in actions if a.verb not in ("pass", "concede")] or actions
        return self.rng.choice(others)


_VERB = itemgetter(1)  # (Action.verb, read in C)


def play_game(game: "Game", seed: int = 0, max_decisions: int = 5000) -> int:
    """Play random-vs-random to the end (or the decision cap); returns decisions made."""
    n = game.num_players
    agents = [RandomAgent(seed * n + i + 1) for i in range(n)]
    n = 0
    while game.pending is not None and n < max_decisions:
        p = game.pending.player
        game.apply(agents[p].choose(game, p))
        n += 1
    return n
