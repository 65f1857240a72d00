"""Per-decision minimum CPU time on engine.bench's crowded pool boards (issue #24), two
checkouts alternated:

    python tests/bench/decision_minimum.py [--rounds 3] [--repeat 3] [--decisions 300]
        [--permanents 40 400] [--gc-stats] [--no-gc] CHECKOUT [CHECKOUT ...]

Plays the same games as `python -m engine.bench --pool-games 1 --crowded-decisions N` (the
same boards, seeds and random agents) and times each decision (the agent's choice plus
`Game.apply`, as the bench times them) with `time.process_time_ns()`. Each round runs, for
each checkout in turn, a fresh child process (cwd: that checkout, its modules first on
sys.path) that plays the whole sequence `--repeat` times; a decision's figure is its minimum
over every repetition of every round, so a moment of load or a first card module loaded
lifts no figure, and the alternation spreads the machine's drift over both checkouts. Prints,
per checkout, the median and mean of those minima at each board size, the 400/40 ratio of
the medians, and the actions' fingerprint (as the bench's --fingerprint: the same games were
played). `--gc-stats`: the collector's runs over the decisions (gc.callbacks), in the last
repetition; `--no-gc`: the collector off in the children (its share of the figures: compare
with a run without it; the decisions make no reference cycles, so nothing piles up).
"""
from __future__ import annotations

import argparse
import gc
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from typing import Any


def _child(permanents: list[int], decisions: int, repeat: int, gc_stats: bool, no_gc: bool) -> dict[str, Any]:
    sys.path.insert(0, os.getcwd())  # the checkout measured
    # lazy: the measured checkout's engine, from the child's working directory (set above)
    from engine.ai.random_agent import RandomAgent
    from engine.bench import NAMES, crowded_setup, _types
    from engine.config import GameConfig
    from engine.decks.pool import implemented_pool
    from engine.game import Game

    pool = [n for n in implemented_pool() if "Instant" not in _types(n) and "Sorcery" not in _types(n)]
    clock = time.process_time_ns
    out: dict[str, Any] = {}
    runs = [0]
    if no_gc:
        gc.disable()
    if gc_stats:
        gc.callbacks.append(lambda phase, info: runs.__setitem__(0, runs[0] + (phase == "start")))
    for n in permanents:
        best: list[int] = []
        fingerprint = ""
        for _ in range(repeat):
            times: list[int] = []
            fp = hashlib.sha256()
            seed = 0
            runs[0] = 0
            while len(times) < decisions:
                setup = crowded_setup(n)
                # as engine/bench.py pool_board, written out: the checkouts measured may predate it
                for i, name in enumerate(NAMES[:2]):
                    side = setup[name]["battlefield"]  # type: ignore[index]
                    for k in range(0, len(side), 2):
                        side[k] = pool[(seed * 7 + k * 13 + i) % len(pool)]
                g = Game(GameConfig(players=NAMES[:2], seed=seed, mode="rules", setup=setup))
                agents = [RandomAgent(seed * 2 + i + 1) for i in range(2)]
                while g.pending is not None and len(times) < decisions:
                    t0 = clock()
                    p = g.pending.player
                    action = agents[p].choose(g, p)
                    g.apply(action)
                    times.append(clock() - t0)
                    fp.update(repr(action).encode())
                seed += 1
            best = times if not best else [min(a, b) for a, b in zip(best, times)]
            fingerprint = fp.hexdigest()[:16]
        out[str(n)] = {"times": best, "fingerprint": fingerprint, "gc_runs": runs[0]}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("checkouts", nargs="*")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--decisions", type=int, default=300)
    ap.add_argument("--permanents", type=int, nargs="*", default=[40, 400])
    ap.add_argument("--gc-stats", action="store_true")
    ap.add_argument("--no-gc", action="store_true")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        print(json.dumps(_child(args.permanents, args.decisions, args.repeat, args.gc_stats, args.no_gc)))
        return 0
    me = os.path.abspath(__file__)
    best: dict[str, dict[str, list[int]]] = {c: {} for c in args.checkouts}
    info: dict[str, dict[str, Any]] = {c: {} for c in args.checkouts}
    for _ in range(args.rounds):
        for c in args.checkouts:
            cmd = [os.path.join(c, ".venv/bin/python"), me, "--child", "--repeat", str(args.repeat),
                   "--decisions", str(args.decisions), "--permanents", *map(str, args.permanents)]
            cmd += ["--gc-stats"] * args.gc_stats + ["--no-gc"] * args.no_gc
            got = json.loads(subprocess.run(cmd, cwd=c, check=True, capture_output=True, text=True).stdout)
            for n, r in got.items():
                was = best[c].get(n)
                best[c][n] = r["times"] if was is None else [min(a, b) for a, b in zip(was, r["times"])]
                info[c][n] = r
    for c in args.checkouts:
        meds = {}
        for n in map(str, args.permanents):
            ts = best[c][n]
            meds[n] = statistics.median(ts) / 1000
            gc_part = f", gc runs {info[c][n]['gc_runs']}" if args.gc_stats else ""
            print(f"{c}: {n} permanents: median {meds[n]:.1f} us, mean {statistics.mean(ts) / 1000:.1f} us "
                  f"(minimum of {args.rounds * args.repeat} per decision), actions "
                  f"{info[c][n]['fingerprint']}{gc_part}")
        if "40" in meds and "400" in meds:
            print(f"{c}: ratio 400/40: {meds['400'] / meds['40']:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
