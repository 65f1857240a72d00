"""Bytecodes per decision on the bench's crowded pool boards (issue #24): a load-independent
count to compare two checkouts where wall time is noise.

    cd CHECKOUT && python /path/to/tools/decision_kinds.py [--permanents 40 400]
        [--decisions 300] [--top 25] [--kinds]

It plays the decisions of `python -m engine.bench`'s crowded pool boards (the same boards,
seeds and random agents, so the same actions: compare the printed fingerprint with the bench's)
and counts the Python bytecodes each decision runs — the agent's choice and `Game.apply`, as
the bench times them — with sys.settrace's opcode events. Printed per board: the median, mean
and p90 of the counts; with `--kinds` the median per kind of decision (priority, attack,
block ...) and how many there are; with `--top N` the functions that ran the most bytecodes
of their own (exclusive) and, separately, with their callees (inclusive), summed over the
decisions within 10 % of the median (`--all`: over every decision).

The checkout measured is the current directory (put first on sys.path here), so the tool
measures a base checkout that does not have it.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import sys
from collections import Counter
from typing import Any

sys.path.insert(0, os.getcwd())  # the checkout measured: the current directory (see above)

from engine.ai.random_agent import RandomAgent  # noqa: E402
from engine.bench import NAMES, _types, crowded_setup  # noqa: E402
from engine.config import GameConfig  # noqa: E402
from engine.decks.pool import implemented_pool  # noqa: E402
from engine.game import Game  # noqa: E402


class Counts:
    """Opcode events of one traced call, per code object (exclusive and inclusive)."""

    def __init__(self) -> None:
        self.total = 0
        self.own: Counter[Any] = Counter()
        self.incl: Counter[Any] = Counter()
        self._stack: list[tuple[Any, int]] = []

    def trace(self, frame: Any, event: str, arg: Any) -> Any:
        if event == "call":
            frame.f_trace_opcodes = True
            self._stack.append((frame.f_code, self.total))
            return self._local
        return None

    def _local(self, frame: Any, event: str, arg: Any) -> Any:
        if event == "opcode":
            self.total += 1
            self.own[frame.f_code] += 1
        elif event == "return" and self._stack:
            code, start = self._stack.pop()
            if all(c is not code for c, _ in self._stack):  # (recursion counted once, outermost)
                self.incl[code] += self.total - start
        return self._local


def _kind(g: Game) -> str:
    p = g.pending
    if p is None:
        return "none"
    return str(p.kind)


def _label(code: Any) -> str:
    path = code.co_filename
    cwd = os.getcwd() + os.sep
    if path.startswith(cwd):
        path = path[len(cwd):]
    return f"{path}:{code.co_firstlineno} {code.co_qualname}"


def decisions(n: int, limit: int, plain: bool = False) -> list[tuple[str, Counts]]:
    """The bench's crowded pool board of n permanents (engine/bench.py `_pool`), traced; with
    `plain`, its two-player crowded board of the bench's own few cards (`main`'s seats loop)."""
    pool = [x for x in implemented_pool() if "Instant" not in _types(x) and "Sorcery" not in _types(x)]
    out: list[tuple[str, Counts]] = []
    fp = hashlib.sha256()
    seed = 0
    while len(out) < limit:
        setup = crowded_setup(n)
        for i, name in enumerate(NAMES[:2] if not plain else ()):  # (the same board with pool permanents)
            side = setup[name]["battlefield"]  # type: ignore[index]
            for k in range(0, len(side), 2):
                side[k] = pool[(seed * 7 + k * 13 + i) % len(pool)]
        g = Game(GameConfig(players=NAMES[:2], seed=seed, mode="rules", setup=setup))
        agents = [RandomAgent(seed * 2 + i + 1) for i in range(2)]
        while g.pending is not None and len(out) < limit:
            kind = _kind(g)
            c = Counts()
            sys.settrace(c.trace)
            try:
                p = g.pending.player
                action = agents[p].choose(g, p)
                g.apply(action)
            finally:
                sys.settrace(None)
            out.append((kind, c))
            fp.update(repr(action).encode())
        seed += 1
    print(f"{n} permanents{' (plain board)' if plain else ''}: actions {fp.hexdigest()[:16]}")
    return out


def report(n: int, got: list[tuple[str, Counts]], top: int, every: bool, kinds: bool, only: str | None) -> None:
    totals = sorted(c.total for _, c in got)
    med = statistics.median(totals)
    p90 = totals[int(len(totals) * 0.9) - 1]
    print(f"{n} permanents: {len(got)} decisions, bytecodes median {med:.0f}, "
          f"mean {statistics.mean(totals):.0f}, p90 {p90}")
    if kinds:
        by: dict[str, list[int]] = {}
        for k, c in got:
            by.setdefault(k, []).append(c.total)
        for k, xs in sorted(by.items(), key=lambda kv: -len(kv[1])):
            print(f"  {k:16} {len(xs):4} decisions, median {statistics.median(xs):8.0f}")
    if top:
        band = [c for k, c in got if (every or abs(c.total - med) <= 0.1 * med) and (only is None or k == only)]
        own: Counter[Any] = Counter()
        incl: Counter[Any] = Counter()
        for c in band:
            own.update(c.own)
            incl.update(c.incl)
        m = max(len(band), 1)
        which = "" if only is None else f" of kind {only}"
        print(f"  {len(band)} decisions{which} {'(all)' if every else 'within 10 % of the median'}; per decision:")
        print("  exclusive:")
        for code, v in own.most_common(top):
            print(f"    {v / m:9.0f}  {_label(code)}")
        print("  inclusive:")
        for code, v in incl.most_common(top):
            print(f"    {v / m:9.0f}  {_label(code)}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--permanents", type=int, nargs="*", default=[40, 400])
    ap.add_argument("--decisions", type=int, default=300)
    ap.add_argument("--top", type=int, default=0, help="functions to list by bytecodes (0: none)")
    ap.add_argument("--plain", action="store_true",
                    help="the bench's two-player crowded board of its own cards, not the pool board")
    ap.add_argument("--all", action="store_true", help="sum the functions over every decision, not the median's")
    ap.add_argument("--kinds", action="store_true", help="the median per kind of decision")
    ap.add_argument("--only", help="sum the functions over decisions of this kind only (attackers, blockers ...)")
    args = ap.parse_args(argv)
    for n in args.permanents:
        report(n, decisions(n, args.decisions, args.plain), args.top, args.all, args.kinds, args.only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
