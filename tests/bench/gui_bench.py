"""GUI benchmark (not collected by pytest): `python tests/bench/gui_bench.py [--skip-import]`.

Measures, on this machine, offscreen:
* time to first window: process start until the main window is shown (`manatable
  --quit-when-shown`), median of 5, with the built-in cards and with a 33,000-card
  imported database;
* peak RSS of those runs (resource.getrusage of the child);
* repaint time while dragging a card with 300 and 600 cards on the battlefield.
Targets (issue "The table"): first window <= 0.5 s built-in, <= 0.6 s with 33,000 cards;
peak RSS <= 150 MB; drag repaint <= 8 ms at 300 cards.
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def first_window(home: Path, runs: int = 5) -> tuple[float, float]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "MANATABLE_HOME": str(home)}
    times, rss = [], 0.0
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, "-m", "app.main", "--quit-when-shown"], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=120)
        wall = time.perf_counter() - t0
        if out.returncode != 0 or "shown" not in out.stdout:
            raise SystemExit(f"the app did not start: {out.stderr[-2000:]}")
        times.append(wall)
        rss = max(rss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, before) / 1.0
    return statistics.median(times), rss / 1024  # ru_maxrss is in KiB on Linux


def drag_repaint(n_cards: int, moves: int = 60) -> float:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # lazy: a script: QT_QPA_PLATFORM is set first (and the checkout on sys.path by main())
    from PySide6.QtCore import QPointF
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    # lazy: a script: QT_QPA_PLATFORM is set first (and the checkout on sys.path by main())
    from app.selftest import CARDS
    from app.session import LocalSession
    from app.settings import Settings
    from app.table.widget import TableWidget
    from engine.config import GameConfig
    from engine.game import Game

    side = [CARDS[i % len(CARDS)] for i in range(n_cards // 2)]
    setup = {"You": {"battlefield": side, "library": ["Forest"] * 5},
             "Bob": {"battlefield": list(side), "library": ["Forest"] * 5}}
    game = Game(GameConfig(players=["You", "Bob"], mode="hybrid", setup=setup, goldfish=True))
    table = TableWidget(LocalSession(game, 0), Settings(animations=False))
    table.resize(1600, 1000)
    table.show()
    for _ in range(10):
        app.processEvents()
    item = next(i for i in table.scene.cards.values() if i.mine and i.zone == "battlefield")
    viewport = table.view.viewport()
    start = item.pos()
    times = []
    view = table.view
    for k in range(moves):
        old = view.mapFromScene(item.sceneBoundingRect()).boundingRect()
        item.setPos(start + QPointF(3 * k, 2 * k))  # what a drag does on each mouse move
        new = view.mapFromScene(item.sceneBoundingRect()).boundingRect()
        t0 = time.perf_counter()
        # the view repaints only what changed (MinimalViewportUpdate): the card's old and new place
        viewport.repaint(old.united(new).adjusted(-6, -6, 6, 6))
        times.append(time.perf_counter() - t0)
    full = []
    for _ in range(10):
        t0 = time.perf_counter()
        viewport.repaint()
        full.append(time.perf_counter() - t0)
    print(f"  (a full repaint of the whole table with {n_cards} cards: {statistics.median(full) * 1000:.1f} ms)")
    table.close()
    return statistics.median(times) * 1000


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--skip-import", action="store_true", help="skip the 33,000-card database run")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "builtin"
        t, rss = first_window(home)
        print(f"first window, built-in cards: {t:.3f} s (median of 5), peak RSS {rss:.0f} MB")
        if not args.skip_import:
            big = Path(tmp) / "big"
            src = Path(tmp) / "AtomicCards.json"
            subprocess.run([sys.executable, str(ROOT / "tests/bench/gen_mtgjson.py"), str(src)], check=True,
                           capture_output=True)
            env = {**os.environ, "MANATABLE_HOME": str(big)}
            subprocess.run([sys.executable, "-m", "engine.cards", "import", str(src)], cwd=ROOT, env=env,
                           check=True, capture_output=True)
            t, rss = first_window(big)
            print(f"first window, 33,000 imported cards: {t:.3f} s (median of 5), peak RSS {rss:.0f} MB")
        for n in (300, 600):
            print(f"drag repaint, {n} cards on the battlefield: {drag_repaint(n):.1f} ms (median of 60 moves)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
