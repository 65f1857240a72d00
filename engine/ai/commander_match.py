"""Four-player Commander between computer players (issue #28's benchmark):
`python -m engine.ai.commander_match [--games 20] [--level heuristic] [--seed 0]
[--search-seats K] [--clock wall|cpu] [--decks built|printed]`.

Each game seats the four Commander decks (the built-in ones of implemented cards,
assets/decks/commander/, or with --decks printed the four Duskmourn Commander decks as printed,
assets/decks/commander/official/; rotated one seat further every game), 40 life, the
commanders in the command zone (CR 903), and plays it to the end between computer players of
one level; --search-seats K puts the search level in the first K seats (the search level's
time per decision measured in a game of the benchmark's length; with --clock cpu their budget
counts the deciding thread's CPU time, so that a loaded machine does the work a quiet one would
and the CPU p99 stands for a quiet machine's wall-clock p99). Each seat knows its own
decklist only. After every game, and at a sampled few of its decisions, the engine's
invariants are checked (no card created or lost, no hidden card in any observation,
engine/invariants.py). Prints per game the winner, turns, decisions and CPU seconds; at the
end, per level, the median and p99 time per computer decision (wall clock and the deciding
thread's CPU time: on a loaded machine the wall clock says little) and the median, p99 and
maximum CPU seconds per game.
A game that reaches --max-decisions counts as unfinished (reported, exit status 1).
On a shared machine the games can run in several processes: `--seed S --games N --json F`
each, then `--combine F1 F2 ...` prints the summary over all of them (raw times kept).
"""
from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from engine.ai import adapter
from engine.ai.determinize import Knowledge, seat_world
from engine.ai.match import Agent, make_agent
from engine.config import GameConfig
from engine.decks import read_deck
from engine.decks.samples import commander_decks, printed_commander_decks
from engine.game import Game
from engine.invariants import conserved, no_leak

NAMES = ["Alice", "Bob", "Carol", "Dave"]
MAX_DECISIONS = 20_000
CHECK_SHARE = 0.01  # the share of decisions after which the invariants are checked


def commander_seats(printed: bool = False) -> list[tuple[str, list[str], list[str]]]:
    """The built-in Commander decks, or the printed ones: (name, cards with the commander, commanders)."""
    out = []
    for path in printed_commander_decks() if printed else commander_decks():
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
    times: list[float] = field(default_factory=list)  # wall-clock seconds per decision of the level
    cpus: list[float] = field(default_factory=list)  # the deciding thread's CPU seconds, same decisions
    search_times: list[float] = field(default_factory=list)  # the same of the search seats
    search_cpus: list[float] = field(default_factory=list)


def play_one(seed: int, level: str, seats: int = 4, rotate: int = 0, max_decisions: int = MAX_DECISIONS,
             budget: float = 0.25, search_seats: int = 0, printed: bool = False,
             clock: str = "wall") -> GameResult:
    """One Commander game between computer players, invariants checked along the way (the
    first `search_seats` seats at the search level; `clock` "cpu": their budget counts the
    deciding thread's CPU time, not the wall clock)."""
    table = commander_seats(printed)
    chosen = [table[(rotate + i) % len(table)] for i in range(seats)]
    decks = [cards for _n, cards, _c in chosen]
    g = Game(GameConfig(players=NAMES[:seats], decks=decks, commanders=[c for _n, _d, c in chosen],
                        format="commander", mode="rules", seed=seed))
    n_cards = sum(len(d) for d in decks)
    knows = [Knowledge(decks={i: decks[i]}) for i in range(seats)]
    agents: list[Agent] = [make_agent("search" if i < search_seats else level, seed * 7 + i, knows[i], budget,
                                      clock=time.thread_time if clock == "cpu" else time.perf_counter)
                           for i in range(seats)]
    pick = random.Random(seed)
    times: list[float] = []
    cpus: list[float] = []
    search_times: list[float] = []
    search_cpus: list[float] = []
    cpu0 = time.process_time()
    n = 0
    while not adapter.is_over(g) and n < max_decisions:
        p = adapter.pending_player(g)
        assert p is not None
        # each agent is handed what its seat is shown (adapter.View), and when that does not
        # answer its seat's world, never the game (as the window and a LAN host hand them;
        # engine/ai/determinize.py), the world made outside the decision's time
        t0, c0 = time.perf_counter(), time.thread_time()
        act = agents[p].at_once(adapter.view(g, p))
        wall, cpu_used = time.perf_counter() - t0, time.thread_time() - c0
        if act is None:
            world = seat_world(g, p, knows[p], random.Random(f"{seed}:{p}:{n}"))
            t0, c0 = time.perf_counter(), time.thread_time()
            act = agents[p].choose(world, p)
            wall, cpu_used = wall + time.perf_counter() - t0, cpu_used + time.thread_time() - c0
        if p < search_seats:
            search_times.append(wall)
            search_cpus.append(cpu_used)
        else:
            times.append(wall)
            cpus.append(cpu_used)
        adapter.apply(g, act)
        n += 1
        if pick.random() < CHECK_SHARE:
            conserved(g, n_cards)
            no_leak(g)
    cpu = time.process_time() - cpu0
    conserved(g, n_cards)
    no_leak(g)
    return GameResult(seed, [name for name, _d, _c in chosen], adapter.winner(g), adapter.is_over(g),
                      g.st.turn, n, cpu, times, cpus, search_times, search_cpus)


def percentile(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[max(0, math.ceil(len(s) * q) - 1)] if s else 0.0


def run(args: argparse.Namespace, out: Any = sys.stdout) -> list[GameResult]:
    results: list[GameResult] = []
    for i in range(args.games):
        # (the deck rotation follows the seed: shards of a run seat the same decks)
        r = play_one(args.seed + i, args.level, args.players, rotate=args.seed + i,
                     max_decisions=args.max_decisions, budget=args.budget,
                     search_seats=getattr(args, "search_seats", 0), printed=getattr(args, "decks", "built") == "printed",
                     clock=getattr(args, "clock", "wall"))
        results.append(r)
        who = NAMES[r.winner] + f" ({r.decks[r.winner]})" if r.winner is not None else \
            ("a draw" if r.finished else "unfinished")
        print(f"game {i + 1} (seed {r.seed}): {who}, turn {r.turns}, {r.decisions} decisions, "
              f"{r.cpu:.1f} s CPU", file=out, flush=True)
        if getattr(args, "json", None):  # every game so far, raw (for --combine)
            with open(args.json, "w", encoding="utf-8") as fh:
                json.dump([vars(x) for x in results], fh)
    return summarize(results, args.players, args.level, out)


def _per_decision(label: str, wall: list[float], cpu: list[float], out: Any) -> None:
    if not wall:
        return
    line = (f"  per decision at the {label} level ({len(wall)}): wall median {statistics.median(wall) * 1000:.2f} ms, "
            f"p99 {percentile(wall, 0.99) * 1000:.1f} ms, max {max(wall) * 1000:.1f} ms")
    if cpu:
        line += (f"; CPU median {statistics.median(cpu) * 1000:.2f} ms, p99 {percentile(cpu, 0.99) * 1000:.1f} ms, "
                 f"max {max(cpu) * 1000:.1f} ms")
    print(line, file=out)


def summarize(results: list[GameResult], players: int, level: str, out: Any) -> list[GameResult]:
    times = [t for r in results for t in r.times]
    cpus = [r.cpu for r in results]
    wins: dict[str, int] = {}
    for r in results:
        if r.winner is not None:
            wins[r.decks[r.winner]] = wins.get(r.decks[r.winner], 0) + 1
    unfinished = sum(not r.finished for r in results)
    print(f"{len(results)} {players}-player Commander games at the {level} level: "
          f"{len(results) - unfinished} finished, {unfinished} unfinished; invariants held", file=out)
    print(f"  wins by deck: {', '.join(f'{k} {v}' for k, v in sorted(wins.items())) or 'none'}", file=out)
    if times:
        print(f"  per decision ({len(times)}): median {statistics.median(times) * 1000:.2f} ms, "
              f"p99 {percentile(times, 0.99) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms", file=out)
    _per_decision(level, times, [c for r in results for c in r.cpus], out)
    _per_decision("search", [t for r in results for t in r.search_times], [c for r in results for c in r.search_cpus], out)
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
    ap.add_argument("--search-seats", type=int, default=0, help="seats (the first ones) at the search level")
    ap.add_argument("--clock", default="wall", choices=("wall", "cpu"),
                    help="what the search level's budget counts: the wall clock (as a player waits), or the "
                         "deciding thread's CPU time (the work a quiet machine does in it: for a shared machine)")
    ap.add_argument("--decks", default="built", choices=("built", "printed"),
                    help="the built-in decks of implemented cards, or the four decks as printed")
    ap.add_argument("--json", help="write every game's figures (raw decision times) to this file")
    ap.add_argument("--combine", nargs="+", metavar="FILE", help="the summary over files written by --json")
    args = ap.parse_args(argv)
    if args.combine:
        games: list[GameResult] = []
        for path in args.combine:
            with open(path, encoding="utf-8") as fh:
                games += [GameResult(**g) for g in json.load(fh)]
        games.sort(key=lambda r: r.seed)
        for r in games:
            who = NAMES[r.winner] + f" ({r.decks[r.winner]})" if r.winner is not None else \
                ("a draw" if r.finished else "unfinished")
            print(f"seed {r.seed}: {who}, turn {r.turns}, {r.decisions} decisions, {r.cpu:.1f} s CPU")
        results = summarize(games, args.players, args.level, sys.stdout)
    else:
        results = run(args)
    return 0 if all(r.finished for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
