"""Bytecodes per decision on engine.bench's crowded pool boards, load-independent (issue #24):

    python -m tools.decision_opcodes [--permanents 40 400] [--decisions 300] [--top 25]
        [--kinds] [--kind KIND/VERB | --only KIND | --decision N] [--all] [--lines FUNC]
        [--plain] [--dump FILE]

Run it from the root of the checkout to measure (`-m` puts the current directory first on
sys.path); `cd BASE && python /path/to/tools/decision_opcodes.py ...` measures a base checkout
that does not have this tool (the current directory is put first on sys.path below).

Plays the same games as `python -m engine.bench --pool-games 1 --crowded-decisions N` (the
same boards, seeds and random agents; `--plain`: the bench's two-player crowded board of its
own few cards instead) and counts the Python bytecodes each decision runs (sys.settrace with
f_trace_opcodes): the agent's choice plus `Game.apply`, as the bench times them. Prints, per
board size, the actions' fingerprint (as the bench's --fingerprint: the same games were
played), the median, mean and p90 of the counts, the median per kind/verb (`--kinds`: per kind
of decision alone) and, over the decisions within 5 % of the median (`--all`: every decision),
the functions with the most bytecodes of their own ("self") and with those of what they call
("incl", counted once per outermost call), per decision. `--kind priority/pass` or `--only
attackers` narrows that band to one kind (centred on its own median); `--decision N` takes the
Nth decision alone. Compare two commits by running this in each worktree.

Bytecodes are not time: work done in C (hashing, set and list operations, sorting) is not
counted. Check a change that moves work into C with timeit or the bench's `--cpu` pair too (a
memo filter by key sets ran 300 fewer bytecodes per decision and took three times as long).
"""
from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import sys
from collections import Counter
from types import CodeType, FrameType
from typing import Any

sys.path.insert(0, os.getcwd())  # the checkout measured: the current directory (see above)

from engine.ai.random_agent import RandomAgent  # noqa: E402
from engine.bench import NAMES, board_pool, crowded_setup, pool_board  # noqa: E402
from engine.config import GameConfig  # noqa: E402
from engine.game import Game  # noqa: E402


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


def _where(path: str) -> str:
    """A source path relative to the checkout measured (else from its engine/ on)."""
    cwd = os.getcwd() + os.sep
    if path.startswith(cwd):
        return path[len(cwd):]
    cut = path.rfind("/engine/")
    return path[cut + 1:] if cut >= 0 else path


def _label(code: CodeType) -> str:
    return f"{_where(code.co_filename)}:{code.co_firstlineno} {code.co_qualname}"


def measure(permanents: int, decisions: int, lines_of: str = "",
            plain: bool = False) -> tuple[list[int], list[Counting], str, list[str]]:
    """Each decision's bytecodes, its counter and its kind/verb on the bench's pool board of this
    size (engine/bench.py `_pool`); with `plain`, its two-player crowded board of the bench's
    own few cards (`main`'s seats loop). Also the actions' fingerprint."""
    pool = board_pool()
    counts: list[int] = []
    counters: list[Counting] = []
    kinds: list[str] = []  # each decision's kind and the verb of the action taken
    fingerprint = hashlib.sha256()
    seed = 0
    while len(counts) < decisions:
        g = (Game(GameConfig(players=NAMES[:2], seed=seed, mode="rules", setup=crowded_setup(permanents))) if plain
             else pool_board(permanents, seed, pool))
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


def _medians(counts: list[int], kinds: list[str], key: Any) -> str:
    """How many decisions and their median bytecodes, per key of their kind/verb, most first."""
    by: dict[str, list[int]] = {}
    for k, count in zip(kinds, counts):
        by.setdefault(key(k), []).append(count)
    return ", ".join(f"{k} {len(v)} x {statistics.median(v):.0f}"
                     for k, v in sorted(by.items(), key=lambda kv: -len(kv[1])))


def _band(args: argparse.Namespace, counts: list[int], kinds: list[str]) -> list[int]:
    """The decisions whose functions are listed: see the module's docstring."""
    if args.decision >= 0:
        return [args.decision]
    chosen = [i for i, k in enumerate(kinds)
              if k.startswith(args.kind) and (args.only is None or k.split("/")[0] == args.only)]
    if args.all or not chosen:
        return chosen
    med = statistics.median(counts[i] for i in chosen)
    return [i for i in chosen if abs(counts[i] - med) <= 0.05 * med]


def report(args: argparse.Namespace, counts: list[int], counters: list[Counting], kinds: list[str]) -> None:
    """The functions with the most bytecodes (and, with --lines, the lines) over the band."""
    near = _band(args, counts, kinds)
    band = [counters[i] for i in near]
    m = max(len(band), 1)
    own: Counter[CodeType] = Counter()
    incl: Counter[CodeType] = Counter()
    for c in band:
        own.update(c.own)
        incl.update(c.incl)
    which = f"(decision {args.decision})" if args.decision >= 0 else "(all)" if args.all else "within 5 % of the median"
    print(f"  {len(band)} decisions {which} "
          f"({', '.join(f'{k} {n}' for k, n in Counter(kinds[i] for i in near).most_common())}); per decision:")
    print("  self:")
    for code, k in own.most_common(args.top):
        print(f"  {k / m:8.0f}  {_label(code)}")
    print("  incl:")
    for code, k in incl.most_common(args.top):
        print(f"  {k / m:8.0f}  {_label(code)}")
    if args.lines:
        lines: Counter[tuple[str, int]] = Counter()
        for c in band:
            lines.update(c.lines)
        print(f"  lines of {args.lines}:")
        for (path, line), k in sorted(lines.items(), key=lambda kv: (kv[0][0], kv[0][1] or 0)):
            print(f"  {k / m:8.1f}  {_where(path)}:{line}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--permanents", type=int, nargs="*", default=[40, 400])
    ap.add_argument("--decisions", type=int, default=300)
    ap.add_argument("--plain", action="store_true",
                    help="the bench's two-player crowded board of its own cards, not the pool board")
    ap.add_argument("--kinds", action="store_true", help="also the median per kind of decision (verbs together)")
    ap.add_argument("--kind", default="", help="list the functions of the decisions of this kind/verb (priority/pass)")
    ap.add_argument("--only", help="list the functions of the decisions of this kind (attackers, blockers ...)")
    ap.add_argument("--decision", type=int, default=-1, help="list the functions of this decision (its index) alone")
    ap.add_argument("--all", action="store_true", help="over every decision chosen, not those near their median")
    ap.add_argument("--lines", default="", help="also the band's bytecodes per line of functions of this name")
    ap.add_argument("--dump", default="", help="append each decision's board size, kind/verb and bytecodes to this file")
    ap.add_argument("--top", type=int, default=25, help="functions shown per board (0: none)")
    args = ap.parse_args(argv)
    for n in args.permanents:
        counts, counters, fp, kinds = measure(n, args.decisions, args.lines, args.plain)
        ordered = sorted(counts)
        p90 = ordered[int(len(ordered) * 0.9) - 1]
        print(f"{'plain' if args.plain else 'pool'} board, {n} permanents: {len(counts)} decisions, "
              f"median {statistics.median(ordered):.0f}, mean {statistics.mean(counts):.0f}, "
              f"p90 {p90} bytecodes per decision, actions {fp}")
        if args.dump:
            with open(args.dump, "a", encoding="utf-8") as f:
                f.writelines(f"{n} {k} {count}\n" for k, count in zip(kinds, counts))
        print("  by kind/verb: " + _medians(counts, kinds, lambda k: k))
        if args.kinds:
            print("  by kind: " + _medians(counts, kinds, lambda k: k.split("/")[0]))
        if args.top:
            report(args, counts, counters, kinds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
