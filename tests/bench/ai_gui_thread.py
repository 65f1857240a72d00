"""The computer players' work on the GUI thread (not collected by pytest):

    python tests/bench/ai_gui_thread.py [--players 4] [--level heuristic] [--turns 12] [--seed 4]

A Commander game in the local window's session (app/ai_session.py, offscreen, no table drawn):
you in seat 0 (keep, pass, declare nothing, else the first listed answer), computer players in
the others. Every call the session makes on the GUI thread for a computer decision is timed —
`_think` (the answer from the seat's view, or the seat's world sampled for the worker) and
`_collect` (the worker's answer applied) — as wall-clock and the GUI thread's CPU time
(time.thread_time: the worker's thinking aside). Prints the median, p99 and maximum per call
and how many took over 100 ms (a window that long without events feels frozen), and the GUI
thread's CPU for the whole game.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication  # noqa: E402

from app.ai_session import AISession  # noqa: E402
from engine.decks import read_deck  # noqa: E402
from engine.decks.samples import commander_decks  # noqa: E402

FROZEN = 0.1  # seconds: a GUI-thread call longer than this freezes the window noticeably


def timed(calls: list[tuple[float, float]], fn: Callable[[], None]) -> Callable[[], None]:
    def wrapper() -> None:
        t0, c0 = time.perf_counter(), time.thread_time()
        fn()
        calls.append((time.perf_counter() - t0, time.thread_time() - c0))
    return wrapper


def answer(s: AISession) -> None:
    acts = s.legal_actions()
    pick = next((a for a in acts if a.verb == "keep"), None) or next((a for a in acts if a.verb == "pass"), None) \
        or next((a for a in acts if a.args == ("done",)), None) or acts[0]
    s.submit(pick)


def play(players: int, level: str, turns: int, seed: int) -> dict[str, Any]:
    app = QApplication.instance() or QApplication([])
    paths = commander_decks()[:players]
    cards = [read_deck(p).deck for p in paths]
    leads = [d.card_names("commander") for d in cards]
    decks = [d.card_names("main") + lead for d, lead in zip(cards, leads)]
    s = AISession.commander_game(decks, leads, level, players=["You", "C1", "C2", "C3"][:players], seed=seed,
                                 pause_ms=0)
    calls: list[tuple[float, float]] = []
    s._think = timed(calls, s._think)  # type: ignore[method-assign]
    s._later.timeout.disconnect()
    s._later.timeout.connect(s._think)
    s._collect = timed(calls, s._collect)  # type: ignore[method-assign]
    s._poll.timeout.disconnect()
    s._poll.timeout.connect(s._collect)
    c0, t0 = time.thread_time(), time.perf_counter()
    while s.game.outcome is None and s.game.st.turn <= turns:
        if not s.is_thinking() and s.deciding_seat() == s.seat:
            answer(s)
        app.processEvents()
        time.sleep(0.001)
    s.close()
    return {"calls": calls, "gui_cpu": time.thread_time() - c0, "wall": time.perf_counter() - t0,
            "turn": s.game.st.turn, "computer": s.ai_actions}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    ap.add_argument("--level", default="heuristic", choices=("random", "heuristic", "search"))
    ap.add_argument("--turns", type=int, default=12)
    ap.add_argument("--seed", type=int, default=4)
    args = ap.parse_args(argv)
    r = play(args.players, args.level, args.turns, args.seed)
    calls = r["calls"]
    walls = sorted(w for w, _c in calls)
    cpus = sorted(c for _w, c in calls)

    def p99(xs: list[float]) -> float:
        return xs[max(0, int(len(xs) * 0.99) - 1)]
    print(f"{args.players} players, {args.level}, to turn {r['turn']}: {r['computer']} computer answers, "
          f"{len(calls)} GUI-thread calls")
    print(f"  per call wall: median {statistics.median(walls) * 1000:.2f} ms, p99 {p99(walls) * 1000:.1f} ms, "
          f"max {walls[-1] * 1000:.1f} ms; over {FROZEN * 1000:.0f} ms: {sum(w > FROZEN for w in walls)}")
    print(f"  per call GUI-thread CPU: median {statistics.median(cpus) * 1000:.2f} ms, p99 {p99(cpus) * 1000:.1f} ms, "
          f"max {cpus[-1] * 1000:.1f} ms; over {FROZEN * 1000:.0f} ms: {sum(c > FROZEN for c in cpus)}")
    print(f"  GUI thread CPU for the game: {r['gui_cpu']:.2f} s of {r['wall']:.1f} s wall")
    return 0


if __name__ == "__main__":
    sys.exit(main())
