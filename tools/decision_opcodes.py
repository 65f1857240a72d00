"""Bytecodes per decision on engine.bench's crowded pool boards, load-independent (issue #24):
`python -m tools.decision_opcodes [--permanents 40 400] [--decisions 300] [--top 25]`
(from the worktree's root: `-m` puts it first on sys.path, a script path would not).

Plays the same games as `python -m engine.bench --pool-games 1 --crowded-decisions N` (the
same boards, seeds and random agents) and counts the Python bytecodes each decision runs
(sys.settrace with f_trace_opcodes): the legal-action listing plus the apply, as the bench
times them. Prints, per board size, the median, mean and p90 of the counts, the actions'
fingerprint (as the bench's --fingerprint: the same games were played) and, over the
decisions within 5 % of the median, the functions with the most bytecodes of their own
("self") and with those of what they call ("incl", counted once per outermost call), per
median-band decision. Compare two commits by running this in each worktree.

Bytecodes are not time: work done in C (hashing, set and list operations, sorting) is not
counted. Check a change that moves work into C with timeit or the bench's `--cpu` pair too (a
memo filter by key sets ran 300 fewer bytecodes per decision and took three times as long).
"""
from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
from collections import Counter
from types import CodeType, FrameType
from typing import Any

from engine.ai.random_agent import RandomAgent
from engine.bench import NAMES, crowded_setup, _types
from engine.config import GameConfig
from engine.decks.pool import implemented_pool
from engine.game import Game


class Counting:
    """A trace function counting bytecodes: in all, per code object (own), and per code object
    including its callees (at its outermost active call)."""

    def __init__(self, lines_of: str = "") -> None:
        self.lines_of = lines_of  # a function name: its bytecodes per line too
        self.lines: Counter[tuple[str, int]] = Counter()
        self.total = 0
        self.own: Counter[CodeType] = Counter()
        self.incl: Counter[CodeType] = Counter()
        self._open: Counter[CodeType] = Counter()  # active frames per code (recursion)
        self._starts: list[int] = []

    def trace(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event == "opcode":
            self.total += 1
            self.own[frame.f_code] += 1
            if self.lines_of and frame.f_code.co_name == self.lines_of:
                self.lines[(frame.f_code.co_filename, frame.f_lineno)] += 1
        elif event == "call":
            frame.f_trace_opcodes = True
            self._open[frame.f_code] += 1
            self._starts.append(self.total)
            return self.trace
        elif event == "return":
            code = frame.f_code
            start = self._starts.pop() if self._starts else self.total
            self._open[code] -= 1
            if not self._open[code]:
                self.incl[code] += self.total - start
        return self.trace


def _label(code: CodeType) -> str:
    path = code.co_filename
    cut = path.rfind("/engine/")
    return f"{path[cut + 1:] if cut >= 0 else path}:{code.co_firstlineno} {code.co_name}"


def measure(permanents: int, decisions: int, lines_of: str = "") -> tuple[list[int], list[Counting], str, list[str]]:
    """Each decision's bytecodes (and its counter) on the bench's pool board of this size."""
    pool = [n for n in implemented_pool() if "Instant" not in _types(n) and "Sorcery" not in _types(n)]
    counts: list[int] = []
    counters: list[Counting] = []
    kinds: list[str] = []  # each decision's kind and the verb of the action taken
    fingerprint = hashlib.sha256()
    seed = 0
    while len(counts) < decisions:
        setup = crowded_setup(permanents)
        for i, name in enumerate(NAMES[:2]):  # as engine/bench.py _pool
            side = setup[name]["battlefield"]  # type: ignore[index]
            for k in range(0, len(side), 2):
                side[k] = pool[(seed * 7 + k * 13 + i) % len(pool)]
        g = Game(GameConfig(players=NAMES[:2], seed=seed, mode="rules", setup=setup))
        agents = [RandomAgent(seed * 2 + i + 1) for i in range(2)]
        while g.pending is not None and len(counts) < decisions:
            p = g.pending.player
            kind = g.pending.kind
            counter = Counting(lines_of)
            sys.settrace(counter.trace)
            try:
                action = agents[p].choose(g, p)
                g.apply(action)
            finally:
                sys.settrace(None)
            counts.append(counter.total)
            counters.append(counter)
            kinds.append(f"{kind}/{action.verb}")
            fingerprint.update(repr(action).encode())
        seed += 1
    return counts, counters, fingerprint.hexdigest()[:16], kinds


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--permanents", type=int, nargs="*", default=[40, 400])
    ap.add_argument("--decisions", type=int, default=300)
    ap.add_argument("--kind", default="", help="profile the decisions of this kind/verb (priority/pass) around their median")
    ap.add_argument("--lines", default="", help="also the median band's bytecodes per line of functions of this name")
    ap.add_argument("--dump", default="", help="write each decision's board size, kind/verb and bytecodes to this file")
    ap.add_argument("--decision", type=int, default=-1, help="profile this decision (its index) alone")
    ap.add_argument("--top", type=int, default=25, help="functions shown per board (0: none)")
    args = ap.parse_args(argv)
    for n in args.permanents:
        counts, counters, fp, kinds = measure(n, args.decisions, args.lines)
        ordered = sorted(counts)
        med = statistics.median(ordered)
        p90 = ordered[int(len(ordered) * 0.9) - 1]
        print(f"pool board, {n} permanents: {len(counts)} decisions, median {med:.0f}, "
              f"mean {statistics.mean(counts):.0f}, p90 {p90} bytecodes per decision, actions {fp}")
        if args.dump:
            with open(args.dump, "a", encoding="utf-8") as f:
                f.writelines(f"{n} {k} {count}\n" for k, count in zip(kinds, counts))
        by_kind: dict[str, list[int]] = {}
        for k, count in zip(kinds, counts):
            by_kind.setdefault(k, []).append(count)
        print("  by kind/verb: " + ", ".join(f"{k} {len(v)} x {statistics.median(v):.0f}" for k, v in
                                            sorted(by_kind.items(), key=lambda kv: -len(kv[1]))))
        if not args.top:
            continue
        if args.decision >= 0:
            med = counts[args.decision]
        elif args.kind:  # (that kind's own median)
            med = statistics.median([k for k, kind in zip(counts, kinds) if kind.startswith(args.kind)] or [0])
        near = [i for i, k in enumerate(counts) if abs(k - med) <= 0.05 * med and kinds[i].startswith(args.kind)
                and (args.decision < 0 or i == args.decision)]
        band = [counters[i] for i in near]
        own: Counter[CodeType] = Counter()
        incl: Counter[CodeType] = Counter()
        for c in band:
            own.update(c.own)
            incl.update(c.incl)
        print(f"  {len(band)} decisions within 5 % of the median "
              f"({', '.join(f'{k} {n}' for k, n in Counter(kinds[i] for i in near).most_common())}); per decision:")
        print("  self:")
        for code, k in own.most_common(args.top):
            print(f"  {k / len(band):8.0f}  {_label(code)}")
        print("  incl:")
        for code, k in incl.most_common(args.top):
            print(f"  {k / len(band):8.0f}  {_label(code)}")
        if args.lines:
            lines: Counter[tuple[str, int]] = Counter()
            for c in band:
                lines.update(c.lines)
            print(f"  lines of {args.lines}:")
            for (path, line), k in sorted(lines.items(), key=lambda kv: (kv[0][0], kv[0][1] or 0)):
                print(f"  {k / len(band):8.1f}  {path[path.rfind('/engine/') + 1:]}:{line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
