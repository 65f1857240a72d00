"""The search level: flat Monte Carlo over the root's candidate actions.

Information-set style: each round takes a determinized copy (the unknown cards sampled
from what the seat knows, determinize.py), applies every candidate action to a clone of
it and plays on with the cheap heuristic policy for both seats until the end of the next
turn, then evaluates the board (evaluate.py). Candidates share the samples (common random
numbers); the best mean over complete rounds wins, and the heuristic's own choice is kept
unless another one is clearly better. (UCB1 was tried first: with the few dozen rollouts a
decision affords, spreading them evenly over paired samples compares better.)

Budget: `budget` seconds of wall-clock per decision (default 0.25 s; rollouts are cut
short at 90 % of it, so that a decision ends within its budget: issue #28's goal is a p99 of
250 ms per decision, and a budget that may be overrun by 10 % cannot meet it), or exactly `iterations`
rollouts (deterministic: tests and replays use this). Every step of a rollout and of the
heuristic's look-ahead (40 % of the budget) checks the clock, so a decision overruns its
deadline by one engine step at most; a rollout or look-ahead cut short counts for nothing (its
board is not comparable), and a round of rollouts that the quickest rollout so far says cannot
finish in time is not begun (only complete rounds are compared). The cyclic garbage collector
is off during the search (`without_cycle_collection`: its copies leave no cycles). `clock` is what the budget is measured
by: the wall clock (a player waits for it), or for a benchmark on a shared machine the deciding
thread's CPU time (`time.thread_time`: the work a quiet machine would do within the budget).
"""
from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Callable

from engine.actions import Action, ActionError
from engine.ai import adapter
from engine.ai.determinize import Knowledge, determinize, taken_world
from engine.ai.evaluate import evaluate, to_unit
from engine.ai.heuristic import HeuristicAgent, default_choice, idle_moment, obs_seed, playable, spell_prior
from engine.ai.pace import Pace, without_cycle_collection

if TYPE_CHECKING:
    from engine.game import Game

MAX_CANDIDATES = 4
ROLLOUT_TURNS = 1  # play on until the end of the next turn
ROLLOUT_CAP = 400  # decisions per rollout at most
MARGIN = 0.015  # how much better (in win-probability units) an alternative must look


class SearchAgent:
    level = "search"

    def __init__(self, seed: int = 0, knowledge: Knowledge | None = None, budget: float = 0.25,
                 iterations: int | None = None, clock: Callable[[], float] = time.perf_counter) -> None:
        self.seed = seed
        self.clock = clock
        self.knowledge = knowledge or Knowledge()
        self.budget = budget
        self.iterations = iterations
        self.heuristic = HeuristicAgent(seed, self.knowledge)
        self.heuristic.clock = clock
        self.rollout_policy = HeuristicAgent(seed, self.knowledge, simulate=False)
        self.last_iterations = 0
        self.weights: dict[int, float] | None = None  # the opponents' shares by threat (threat.py)

    def choose(self, game: "Game", seat: int) -> Action:
        start = self.clock()
        self.last_iterations = 0
        view = adapter.view(game, seat)
        quick = self.at_once(view)
        if quick is not None:
            return quick
        # (a collection the process owes runs here, in the listing above, inside this
        # decision's time: the deadlines below see it)
        with without_cycle_collection():
            return self._search(game, seat, start, playable(view.actions), view.kind)

    def at_once(self, view: "adapter.View") -> Action | None:
        """The answer that needs no world, from what the seat is shown alone: the one listed
        action, or a pass when passing is all that is listed; None: the search (choose)."""
        actions = playable(view.actions)
        if len(actions) == 1 or (view.kind == "priority" and all(adapter.is_pass(a) for a in actions)):
            return actions[0]
        return None

    def _search(self, game: "Game", seat: int, start: float, actions: list[Action], kind: str) -> Action:
        obs = adapter.observe(game, seat)
        self.heuristic.memory.see(obs, seat)  # whom to fear (threat.py): this observation only
        self.heuristic.obs = (seat, obs)
        self.weights = self.heuristic.weights(game, seat)
        if self.iterations is None and self.clock() > start + 0.4 * self.budget:
            # (out of time before a copy to read: the answer that needs none)
            return next((a for a in actions if adapter.is_pass(a)), None) or default_choice(actions)
        rng = random.Random(obs_seed(self.seed, obs))
        self.heuristic.pace = Pace(self.clock)  # (this decision's steps, engine/ai/pace.py)
        # a seat's world handed to this agent is its first sample (engine/ai/determinize.py
        # `seat_world`; the rollouts play on clones of their samples, never on one)
        first = game if taken_world(game, seat) else \
            self.heuristic.pace.timed(determinize, game, seat, self.knowledge, rng, obs)
        # the heuristic's own answer (its look-ahead gets at most 40 % of the budget)
        self.heuristic.deadline = None if self.iterations is not None else start + 0.4 * self.budget
        preferred = self.heuristic.decide(first, seat, kind, actions)
        if kind in ("mulligan", "bottom", "discard", "assign"):
            return preferred  # the heuristic's rules are good enough here
        cands = candidates(first, seat, kind, actions, preferred)
        if len(cands) == 1:
            return cands[0]
        samples = [first]
        # rollouts stop at 90 % of the budget; new ones start only before 80 % of it (the last
        # 10 % covers the last evaluation and the answer: the budget is a cap, not a target)
        deadline = None if self.iterations is not None else start + self.budget * 0.9
        # Common random numbers: every candidate is played out on the same samples in turn,
        # so the comparison between two candidates sees the same hidden cards (less noise
        # than independent samples, which matters with a few dozen rollouts).
        values: list[list[float]] = [[] for _ in cands]
        it = 0
        k = 0
        done = False
        fastest = 0.0  # the quickest rollout so far (what the rest of a round costs at least)
        while not done:
            if k >= len(samples):  # a fresh sample each round (the rollouts are deterministic)
                now = self.clock()
                if self.iterations is None and (now >= start + self.budget * 0.8 or (
                        deadline is not None and now + fastest * len(cands) > deadline)):
                    break  # (no time for another round: no sample for it either)
                samples.append(determinize(game, seat, self.knowledge, rng, obs))
            sample = samples[k]
            for i, cand in enumerate(cands):
                if self.iterations is not None:
                    if it >= self.iterations:
                        done = True
                        break
                else:
                    now = self.clock()
                    # only complete rounds count: a round that can't be finished in time is
                    # not begun (nor a rollout of it), the time is not spent for nothing
                    if now >= start + self.budget * 0.8 or (deadline is not None and it
                                                            and now + fastest * (len(cands) - i) > deadline):
                        done = True
                        break
                began = self.clock()
                value = self.rollout(sample, seat, cand, rng, deadline)
                if value is None:  # cut short by the deadline: not comparable, not counted
                    done = True
                    break
                took = self.clock() - began
                fastest = took if it == 0 else min(fastest, took)
                values[i].append(value)
                it += 1
            k += 1
        self.last_iterations = it
        rounds = min(len(v) for v in values)
        if rounds == 0:
            return preferred
        # only complete rounds count: each candidate on the same samples
        means = [sum(v[:rounds]) / rounds for v in values]
        best = max(range(len(cands)), key=lambda i: (means[i], -i))
        if means[best] > means[0] + MARGIN:
            return cands[best]
        return cands[0]

    def rollout(self, sample: "Game", seat: int, action: Action, rng: random.Random,
                deadline: float | None) -> float | None:
        """Play `action` on a clone of `sample` and on with the cheap policy to the end of the
        next turn; the board's value for `seat` in (0, 1). None when `deadline` passes first
        (checked at every step: one step is the longest the budget may be overrun by)."""
        g = adapter.clone(sample)
        try:
            adapter.apply_copy(g, action)
        except ActionError:
            return 0.0
        st = adapter.game_state(g)
        stop_turn = st.turn + ROLLOUT_TURNS
        policy = self.rollout_policy
        for _ in range(ROLLOUT_CAP):
            if adapter.is_over(g) or adapter.game_state(g).turn > stop_turn:
                break
            if deadline is not None and self.clock() > deadline:
                return None
            who = adapter.pending_player(g)
            assert who is not None
            kind = adapter.pending_kind(g) or ""
            if kind == "priority" and idle_moment(adapter.turn_info(g), who):
                # the policy passes whatever is listed (moment_ok refuses every action now): no
                # listing needed — most of a four-player rollout's decisions are these passes
                adapter.apply_copy(g, Action(who, "pass", text="pass"))
                continue
            acts = [a for a in adapter.legal(g, who) if not adapter.is_mana_ability(a) and a.verb != "concede"]
            if not acts:
                break
            adapter.apply_copy(g, policy.decide(g, who, kind, acts))
        return to_unit(evaluate(g, seat, self.weights))


def candidates(g: "Game", seat: int, kind: str, actions: list[Action], preferred: Action) -> list[Action]:
    """The heuristic's choice first, then a few alternatives worth a look."""
    out = [preferred]
    rest = [a for a in actions if a is not preferred and a != preferred]
    if kind == "priority":
        passing = [a for a in rest if adapter.is_pass(a)]
        plays = sorted((a for a in rest if a.verb in ("play", "cast", "activate", "unlock")),
                       key=lambda a: -spell_prior(g, seat, a))
        rest = passing + plays
    elif kind in ("attackers", "blockers"):
        # none, everything, and the declarations closest to the heuristic's
        mine = set(adapter.pairs(preferred))
        order = {id(a): i for i, a in enumerate(rest)}
        rest.sort(key=lambda a: (len(set(adapter.pairs(a)) ^ mine), order[id(a)]))
        if rest and rest[-1] not in rest[:MAX_CANDIDATES - 2]:
            rest = rest[:MAX_CANDIDATES - 2] + [rest[-1]]
    for a in rest:
        if len(out) >= MAX_CANDIDATES:
            break
        out.append(a)
    return out
