"""AI-vs-AI matches, headless: `python -m engine.ai.match DECK_A DECK_B --games N --levels heuristic,search`.

DECK_A / DECK_B: a deck file or a sample deck name from assets/decks (e.g. furnace_red);
`rotate` for either one cycles the five sample decks (every pairing, both seats). Level A
plays DECK_A; the seats alternate every game. Prints level A's win rate with a 95 % Wilson
interval and each level's decision times (median, p99, max). Each AI knows its own
decklist; `--known-decks` also tells it the opponent's. Each is shown its seat's view of the
decision (engine/ai/adapter.py `View`), and when that does not answer it, handed its seat's
world (engine/ai/determinize.py `seat_world`: the hidden cards sampled), as the window and a
LAN host do, never the game; the time to sample the world is not in the decision times.
"""
from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from itertools import product
from pathlib import Path
from typing import Any, Callable, Protocol

from engine.actions import Action
from engine.ai import adapter
from engine.ai.determinize import Knowledge, seat_world
from engine.ai.heuristic import HeuristicAgent
from engine.ai.random_agent import RandomAgent
from engine.ai.search import SearchAgent
from engine.config import GameConfig
from engine.decks.files import read_deck
from engine.decks.samples import sample_decks
from engine.game import Game

LEVELS = ("random", "heuristic", "search")
MAX_DECISIONS = 6000  # a game that runs longer is a draw


class Agent(Protocol):
    def choose(self, game: Game, seat: int) -> Action: ...

    def at_once(self, view: adapter.View) -> Action | None: ...


def card_pool() -> list[str]:
    """What a seat guesses an unknown deck from: the sample decks' cards."""
    out: list[str] = []
    for p in sample_decks():
        out += read_deck(p).deck.card_names()
    return out


def make_agent(level: str, seed: int, knowledge: Knowledge | None = None, budget: float = 0.25,
               iterations: int | None = None, clock: Callable[[], float] = time.perf_counter) -> Agent:
    if level == "random":
        return RandomAgent(seed)
    if level == "heuristic":
        return HeuristicAgent(seed, knowledge)
    if level == "search":
        return SearchAgent(seed, knowledge, budget=budget, iterations=iterations, clock=clock)
    raise ValueError(f"Unknown level {level!r}; use one of {', '.join(LEVELS)}.")


def load_deck(spec: str) -> tuple[str, list[str]]:
    path = Path(spec)
    if not path.exists():
        named = [p for p in sample_decks() if p.stem == spec]
        if not named:
            names = ", ".join(p.stem for p in sample_decks())
            raise SystemExit(f"No deck file or sample deck called {spec!r} (samples: {names}).")
        path = named[0]
    return path.stem, read_deck(path).deck.card_names()


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def play(decks: list[list[str]], agents: list[Agent], seed: int,
         times: list[list[float]] | None = None, knowledge: list[Knowledge] | None = None) -> int | None:
    """One game; returns the winning seat (None: a draw or the decision cap). With each
    seat's `knowledge` an agent is handed its seat's world, else the game itself."""
    g = Game(GameConfig(players=["A", "B"], decks=decks, seed=seed, mode="rules"))
    n = 0
    while not adapter.is_over(g) and n < MAX_DECISIONS:
        p = adapter.pending_player(g)
        assert p is not None
        # the answer from what the seat is shown, else one on its world (made outside the time)
        t0 = time.perf_counter()
        act = agents[p].at_once(adapter.view(g, p)) if knowledge is not None else None
        took = time.perf_counter() - t0
        if act is None:
            world = g if knowledge is None else seat_world(g, p, knowledge[p], random.Random(f"{seed}:{p}:{n}"))
            t0 = time.perf_counter()
            act = agents[p].choose(world, p)
            took += time.perf_counter() - t0
        if times is not None:
            times[p].append(took)
        adapter.apply(g, act)
        n += 1
    return adapter.winner(g)


def pairings(a: str, b: str) -> list[tuple[tuple[str, list[str]], tuple[str, list[str]]]]:
    if a == "rotate" or b == "rotate":
        samples = [(p.stem, read_deck(p).deck.card_names()) for p in sample_decks()]
        left = samples if a == "rotate" else [load_deck(a)]
        right = samples if b == "rotate" else [load_deck(b)]
        return list(product(left, right))
    return [(load_deck(a), load_deck(b))]


def run(args: argparse.Namespace, out: Any = sys.stdout) -> dict[str, Any]:
    levels = args.levels.split(",")
    if len(levels) != 2 or any(lv not in LEVELS for lv in levels):
        raise SystemExit(f"--levels takes two of {', '.join(LEVELS)}, e.g. heuristic,search.")
    pool = card_pool()
    pairs = pairings(args.deck_a, args.deck_b)
    score = 0.0
    games = 0
    times: dict[str, list[float]] = {levels[0] + " (A)": [], levels[1] + " (B)": []}
    per_deck: dict[str, list[float]] = {}
    for i in range(args.games):
        (name_a, deck_a), (name_b, deck_b) = pairs[(i // 2) % len(pairs)]
        seat_a = i % 2
        decks = [deck_a, deck_b] if seat_a == 0 else [deck_b, deck_a]
        seed = args.seed + i
        agents: list[Agent] = []
        knows: list[Knowledge] = []
        for seat in (0, 1):
            level = levels[0] if seat == seat_a else levels[1]
            know = Knowledge(decks={seat: decks[seat]}, pool=pool)
            if args.known_decks:
                know.decks[1 - seat] = decks[1 - seat]
            agents.append(make_agent(level, seed * 7 + seat, know, args.budget, args.iterations))
            knows.append(know)
        seat_times: list[list[float]] = [[], []]
        w = play(decks, agents, seed, seat_times, knows)
        times[levels[0] + " (A)"] += seat_times[seat_a]
        times[levels[1] + " (B)"] += seat_times[1 - seat_a]
        result = 1.0 if w == seat_a else 0.5 if w is None else 0.0
        score += result
        games += 1
        per_deck.setdefault(f"{name_a} vs {name_b}", []).append(result)
        if args.report_every and games % args.report_every == 0 and games < args.games:
            summarize(levels, score, games, per_deck, times, out)
        if args.verbose:
            print(f"game {i + 1}: {levels[0]} ({name_a}, seat {seat_a}) vs {levels[1]} ({name_b}): "
                  f"{'win' if result == 1 else 'draw' if result == 0.5 else 'loss'}", file=out, flush=True)
    return summarize(levels, score, games, per_deck, times, out)


def summarize(levels: list[str], score: float, games: int, per_deck: dict[str, list[float]],
              times: dict[str, list[float]], out: Any) -> dict[str, Any]:
    lo, hi = wilson(score, games)
    print(f"{levels[0]} (A) vs {levels[1]} (B): {games} games, A scores {score:g} = {score / games:.1%} "
          f"(95 % Wilson interval {lo:.1%} - {hi:.1%})", file=out)
    for key, res in sorted(per_deck.items()):
        print(f"  {key}: {sum(res):g}/{len(res)}", file=out)
    summary: dict[str, Any] = {"games": games, "score": score, "wilson": (lo, hi), "times": {}}
    for label, ts in times.items():
        if not ts:
            continue
        ts = sorted(ts)
        med, p99, mx = statistics.median(ts), ts[max(0, math.ceil(len(ts) * 0.99) - 1)], ts[-1]
        summary["times"][label] = (med, p99, mx)
        print(f"  {label}: {len(ts)} decisions, median {med * 1000:.2f} ms, p99 {p99 * 1000:.1f} ms, "
              f"max {mx * 1000:.1f} ms", file=out)
    return summary


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.ai.match", description=__doc__.splitlines()[0])
    ap.add_argument("deck_a")
    ap.add_argument("deck_b")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--levels", default="heuristic,search")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--budget", type=float, default=0.25, help="seconds per search decision")
    ap.add_argument("--iterations", type=int, default=None, help="rollouts per search decision instead of time")
    ap.add_argument("--known-decks", action="store_true", help="each AI knows the opponent's decklist")
    ap.add_argument("--verbose", "-v", action="store_true")
    ap.add_argument("--report-every", type=int, default=0, help="print the summary so far every N games")
    run(ap.parse_args(argv))
    return 0


if __name__ == "__main__":
    sys.exit(main())
