"""Machine instructions per decision on engine.bench's crowded pool boards, counted by valgrind
(callgrind), two or more checkouts (issue #24):

    python tools/decision_instructions.py [--permanents 40 400] [--decisions 300] [--gc]
        CHECKOUT [CHECKOUT ...]

Plays the same games as `python -m engine.bench --pool-games 1 --crowded-decisions N` (the same
boards, seeds and random agents) twice in a child process run under `valgrind --tool=callgrind`
(cwd: the checkout, its modules first on sys.path): once to warm up (lazy imports, the memo
tables a bench's later repetitions find), then again with each decision (the agent's choice plus
`Game.apply`, as the bench times them) counted alone — the child calls it through
`functools.reduce`, the C function callgrind collects and dumps after. Prints, per checkout
and board size, the median and mean instructions per decision, and against the first checkout
the per-decision ratios' quartiles.

Unlike CPU time this does not move with the machine's load (eight helpers on two cores read
±5 % on the same code), and unlike tools/decision_opcodes.py's bytecodes it counts the work done
in C (hashing, comparisons, allocation). It does not count what memory costs (cache misses) and
is ~100x slower than a plain run. The collector is off in the counted part unless `--gc`: when a
full collection falls in the 300 decisions is a matter of the allocation counts so far (a
collection in one run and not in the other reads as a 5 % difference in the mean).
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile


def _child(permanents: int, decisions: int, gc_on: bool) -> None:
    sys.path.insert(0, os.getcwd())  # the checkout measured
    # lazy: the measured checkout's engine, from the child's working directory (set above)
    import functools
    import gc
    from engine.ai.random_agent import RandomAgent
    from engine.bench import NAMES, crowded_setup, _types
    from engine.config import GameConfig
    from engine.decks.pool import implemented_pool
    from engine.game import Game

    pool = [n for n in implemented_pool() if "Instant" not in _types(n) and "Sorcery" not in _types(n)]

    def play(counted: bool) -> None:
        count = seed = 0
        while count < decisions:
            setup = crowded_setup(permanents)
            # as engine/bench.py pool_board, written out: the checkouts measured may predate it
            for i, name in enumerate(NAMES[:2]):
                side = setup[name]["battlefield"]  # type: ignore[index]
                for k in range(0, len(side), 2):
                    side[k] = pool[(seed * 7 + k * 13 + i) % len(pool)]
            g = Game(GameConfig(players=NAMES[:2], seed=seed, mode="rules", setup=setup))
            agents = [RandomAgent(seed * 2 + i + 1) for i in range(2)]

            def decide(acc: None, _: int) -> None:
                p = g.pending.player  # type: ignore[union-attr]
                g.apply(agents[p].choose(g, p))

            while g.pending is not None and count < decisions:
                if counted:
                    functools.reduce(decide, (0,), None)  # (counted: see the docstring)
                else:
                    decide(None, 0)
                count += 1
            seed += 1

    play(False)
    if not gc_on:
        gc.disable()
    play(True)


def _counts(folder: str) -> list[int]:
    """Each decision's instructions, from callgrind's dumps (one per decision, in order)."""
    got: dict[int, int] = {}
    for name in os.listdir(folder):
        m = re.fullmatch(r"cg\.(\d+)", name)
        if m is None:
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            for line in f:
                if line.startswith(("summary:", "totals:")):
                    got[int(m.group(1))] = int(line.split()[1])
                    break
    return [got[k] for k in sorted(got)]


def measure(checkout: str, permanents: int, decisions: int, gc_on: bool) -> list[int]:
    """Instructions of each decision in this checkout (a child run under callgrind)."""
    with tempfile.TemporaryDirectory() as out:
        cmd = ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=functools_reduce",
               "--dump-after=functools_reduce", f"--callgrind-out-file={out}/cg",
               os.path.join(checkout, ".venv/bin/python"), os.path.abspath(__file__), "--child",
               "--permanents", str(permanents), "--decisions", str(decisions)] + ["--gc"] * gc_on
        subprocess.run(cmd, cwd=checkout, check=True, capture_output=True)
        counts = _counts(out)
    if len(counts) != decisions:
        raise SystemExit(f"{checkout}: {len(counts)} decisions counted, not {decisions}")
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("checkouts", nargs="*")
    ap.add_argument("--permanents", type=int, nargs="*", default=[40, 400])
    ap.add_argument("--decisions", type=int, default=300)
    ap.add_argument("--gc", action="store_true", help="count the collector's work too")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        _child(args.permanents[0], args.decisions, args.gc)
        return 0
    for n in args.permanents:
        first: list[int] | None = None
        for c in args.checkouts:
            counts = measure(c, n, args.decisions, args.gc)
            line = (f"{c}: {n} permanents: median {statistics.median(counts):,.0f}, "
                    f"mean {statistics.mean(counts):,.0f} instructions per decision")
            if first is None:
                first = counts
            else:
                ratios = sorted(b / a for a, b in zip(first, counts))
                q = [ratios[int(len(ratios) * f)] for f in (0.25, 0.5, 0.75)]
                line += f"; per decision vs the first: quartiles {q[0]:.3f} {q[1]:.3f} {q[2]:.3f}"
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
