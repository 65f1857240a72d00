"""Four-player Commander between computer players (issue #28's benchmark):
`python -m engine.ai.commander_match [--games 20] [--level heuristic] [--seed 0]`.

Each game seats the four built-in Commander decks (assets/decks/commander/, rotated one seat
further every game), 40 life, the commanders in the command zone (CR 903), and plays it to
the end between computer players of one level. Each seat knows its own decklist only. After
every game, and at a sampled few of its decisions, the engine's invariants are checked (no
card created or lost, no hidden card in any observation, engine/invariants.py). Prints per
game the winner, turns, decisions and CPU seconds; at the end the median and p99 wall-clock
time per computer decision and the median, p99 and maximum CPU seconds per game.
A game that reaches --max-decisions counts as unfinished (reported, exit status 1).
"""
from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from engine.ai import adapter
from engine.ai.determinize import Knowledge
from engine.ai.match import Agent, make_agent
from engine.config import GameConfig
from engine.decks import read_deck
from engine.decks.samples import commander_decks
from engine.game import Game
from engine.invariants import conserved, no_leak

NAMES = ["Alice", "Bob", "Carol", "Dave"]
MAX_DECISIONS = 20_000
CHECK_SHARE = 0.01  # the share of decisions after which the invariants are checked


def commander_seats() -> list[tuple[str, list[str], list[str]]]:
    """The built-in Commander decks: (name, cards with the commander, commanders)."""
    out = []
    for path in commander_decks():
        deck = read_deck(path).deck
        lead = deck.card_names("commander")
        out.append((path.stem, deck.card_names() + lead, lead))
    return out


@dataclass
class GameResult:
    seed: int
    decks: list[str]
    winner: int | None
    finished: bool
    turns: int
    decisions: int
    cpu: float
    times: list[float] = field(default_factory=list)


def play_one(seed: int, level: str, seats: int = 4, rotate: int = 0, max_decisions: int = MAX_DECISIONS,
             budget: float = 0.25) -> GameResult:
    """One Commander game between computer players, invariants checked along the way."""
    table = commander_seats()
    chosen = [table[(rotate + i) % len(table)] for i in range(seats)]
    decks = [cards for _n, cards, _c in chosen]
    g = Game(GameConfig(players=NAMES[:seats], decks=decks, commanders=[c for _n, _d, c in chosen],
                        format="commander", mode="rules", seed=seed))
    n_cards = sum(len(d) for d in decks)
    agents: list[Agent] = [make_agent(level, seed * 7 + i, Knowledge(decks={i: decks[i]}), budget)
                           for i in range(seats)]
    pick = random.Random(seed)
    times: list[float] = []
    cpu0 = time.process_time()
    n = 0
    while not adapter.is_over(g) and n < max_decisions:
        p = adapter.pending_player(g)
        assert p is not None
        t0 = time.perf_counter()
        act = agents[p].choose(g, p)
        times.append(time.perf_counter() - t0)
        adapter.apply(g, act)
        n += 1
        if pick.random() < CHECK_SHARE:
            conserved(g, n_cards)
            no_leak(g)
    cpu = time.process_time() - cpu0
    conserved(g, n_cards)
    no_leak(g)
    return GameResult(seed, [name for name, _d, _c in chosen], adapter.winner(g), adapter.is_over(g),
                      g.st.turn, n, cpu, times)


def percentile(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[max(0, math.ceil(len(s) * q) - 1)] if s else 0.0


def run(args: argparse.Namespace, out: Any = sys.stdout) -> list[GameResult]:
    results: list[GameResult] = []
    for i in range(args.games):
        r = play_one(args.seed + i, args.level, args.players, rotate=i, max_decisions=args.max_decisions,
                     budget=args.budget)
        results.append(r)
        who = NAMES[r.winner] + f" ({r.decks[r.winner]})" if r.winner is not None else \
            ("a draw" if r.finished else "unfinished")
        print(f"game {i + 1} (seed {r.seed}): {who}, turn {r.turns}, {r.decisions} decisions, "
              f"{r.cpu:.1f} s CPU", file=out, flush=True)
    times = [t for r in results for t in r.times]
    cpus = [r.cpu for r in results]
    wins: dict[str, int] = {}
    for r in results:
        if r.winner is not None:
            wins[r.decks[r.winner]] = wins.get(r.decks[r.winner], 0) + 1
    unfinished = sum(not r.finished for r in results)
    print(f"{len(results)} {args.players}-player Commander games at the {args.level} level: "
          f"{len(results) - unfinished} finished, {unfinished} unfinished; invariants held", file=out)
    print(f"  wins by deck: {', '.join(f'{k} {v}' for k, v in sorted(wins.items())) or 'none'}", file=out)
    print(f"  per decision ({len(times)}): median {statistics.median(times) * 1000:.2f} ms, "
          f"p99 {percentile(times, 0.99) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms", file=out)
    print(f"  CPU per game: median {statistics.median(cpus):.1f} s, p99 {percentile(cpus, 0.99):.1f} s, "
          f"max {max(cpus):.1f} s", file=out)
    return results


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.ai.commander_match", description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--level", default="heuristic", choices=("random", "heuristic", "search"))
    ap.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--budget", type=float, default=0.25, help="seconds per search decision")
    ap.add_argument("--max-decisions", type=int, default=MAX_DECISIONS)
    results = run(ap.parse_args(argv))
    return 0 if all(r.finished for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
