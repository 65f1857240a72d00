"""Load-independent counts of the Commander AI benchmark's work (not collected by pytest):

    cd CHECKOUT && python /path/to/tests/bench/ai_world_counts.py [--seed 0] [--decisions 600] [--opcodes]

Plays the first `--decisions` decisions of `python -m engine.ai.commander_match`'s game of
`--seed` (four heuristic players without a time budget, each handed its seat's world as that
benchmark hands it) in the checkout of the current directory, and counts what a machine's load does not change: the
worlds sampled for a seat (seat_world), the game-state copies (State.copy: each clone) and
snapshots (State.freeze: each checkpoint) with the bytes pickled by both — the C work a
bytecode count does not see — and with `--opcodes` the Python bytecodes run (sys.settrace with
f_trace_opcodes: slow). Run it in two checkouts to compare them.
"""
from __future__ import annotations

import argparse
import os
import sys
from types import FrameType
from typing import Any

sys.path.insert(0, os.getcwd())  # the checkout measured: the current directory

import engine.ai.commander_match as cm  # noqa: E402
from engine.state import State  # noqa: E402

COUNTS = {"worlds": 0, "copies": 0, "freezes": 0, "pickled_bytes": 0, "opcodes": 0}


def count_state() -> None:
    copy, freeze = State.copy, State.freeze

    def counted_copy(self: State) -> State:
        COUNTS["copies"] += 1
        COUNTS["pickled_bytes"] += len(freeze(self))  # (the same dump the copy makes)
        return copy(self)

    def counted_freeze(self: State) -> bytes:
        COUNTS["freezes"] += 1
        data = freeze(self)
        COUNTS["pickled_bytes"] += len(data)
        return data
    State.copy = counted_copy  # type: ignore[method-assign]
    State.freeze = counted_freeze  # type: ignore[method-assign]
    world = getattr(cm, "seat_world", None)  # (a checkout from before worlds: none made)
    if world is None:
        return

    def counted_world(*args: Any) -> Any:
        COUNTS["worlds"] += 1
        return world(*args)
    cm.seat_world = counted_world


def without_budget() -> None:
    """The heuristic's budget off (it counts CPU time): the games played then do not depend on
    the machine's speed, nor on the trace's."""
    make = cm.make_agent

    def unbudgeted(*args: Any, **kw: Any) -> Any:
        agent = make(*args, **kw)
        agent.budget = None
        return agent
    cm.make_agent = unbudgeted


def opcode_trace(frame: FrameType, event: str, arg: Any) -> Any:
    frame.f_trace_opcodes = True
    if event == "opcode":
        COUNTS["opcodes"] += 1
    return opcode_trace


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--decisions", type=int, default=600)
    ap.add_argument("--opcodes", action="store_true")
    args = ap.parse_args(argv)
    count_state()
    without_budget()
    if args.opcodes:
        sys.settrace(opcode_trace)
    r = cm.play_one(args.seed, "heuristic", 4, rotate=args.seed, max_decisions=args.decisions)
    sys.settrace(None)
    print(f"seed {args.seed}, {r.decisions} decisions (turn {r.turns}): " +
          ", ".join(f"{k} {v:,}" for k, v in COUNTS.items() if k != "opcodes" or args.opcodes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
