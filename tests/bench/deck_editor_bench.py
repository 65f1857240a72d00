"""Deck editor benchmark: the browser and the import dialog on a 33,000-card database.

    python tests/bench/deck_editor_bench.py [--cards 33000] [--file AtomicCards.json]

Measures, offscreen, in a private MANATABLE_HOME:
* import through ImportDialog's worker thread: seconds, and the longest gap between two
  ticks of a 10 ms timer on the GUI thread meanwhile (how responsive the window stays);
* searching in the browser (count + first page + view update), median of 5, per query;
* scrolling the result table from top to bottom (pages read, seconds);
* opening a sample deck in the editor, and one "+" edit (list, validation, statistics).
Targets: GUI gap during import <= 100 ms, search <= 50 ms, one edit <= 30 ms.
Measured (2 cores, offscreen): import ~6.8 s with gaps of 55-80 ms, searches 17-34 ms,
opening a deck ~40 ms, one edit ~10 ms.
Not collected by pytest (no test_ prefix) and does nothing on import.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
QUERIES = ["", "angel", "t:creature c:w mv<=2", 'o:"draw a card"', "(t:sorcery OR t:instant) c:r",
           "r>=rare pow>=4"]


def main() -> None:
    parser = argparse.ArgumentParser(description="Deck editor benchmark.")
    parser.add_argument("--cards", type=int, default=33000)
    parser.add_argument("--file", type=Path, help="an existing card file instead of a synthetic one")
    parser.add_argument("--keep", type=Path, help="work in this folder and keep its files")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory() as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        os.environ["MANATABLE_HOME"] = str(work)
        run(work, args.cards, args.file)


def run(work: Path, cards: int, card_file: Path | None) -> None:
    # lazy: a script: main() puts the checkout on sys.path, sets QT_QPA_PLATFORM and MANATABLE_HOME first
    from PySide6.QtCore import QElapsedTimer, QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    # lazy: a script: main() puts the checkout on sys.path, sets QT_QPA_PLATFORM and MANATABLE_HOME first
    from app.decks.database_window import CardDatabaseWindow
    from app.decks.editor import DeckEditor
    from app.decks.library import shared_library
    from engine.decks import sample_decks

    if card_file is None:
        # lazy: a script: main() puts the checkout on sys.path, sets QT_QPA_PLATFORM and MANATABLE_HOME first
        from tests.bench.gen_mtgjson import generate
        card_file = work / "AtomicCards.json"
        size = generate(card_file, cards)
        print(f"generated {card_file.name}: {cards} cards, {size / 1e6:.1f} MB")
    library = shared_library()
    window = CardDatabaseWindow(None, library)
    window.show()

    # -- import through the dialog, watching the GUI thread -------------------------------
    gaps: list[float] = []
    clock = QElapsedTimer()
    clock.start()
    last = [clock.elapsed()]

    def tick() -> None:
        now = clock.elapsed()
        gaps.append(now - last[0])
        last[0] = now

    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(tick)
    start = time.perf_counter()
    dialog = window.import_file(card_file)
    assert dialog is not None
    app.processEvents()              # the dialog is up: from here on the window must respond
    last[0] = clock.elapsed()
    timer.start()
    while dialog.report is None:
        app.processEvents()
        time.sleep(0.002)
    seconds = time.perf_counter() - start
    timer.stop()
    report = dialog.report
    if not report.ok:
        sys.exit(f"import failed: {report.error}")
    print(f"import via dialog: {seconds:.2f} s, {report.cards_added} cards added, "
          f"{library.db.count()} in the database; longest GUI-thread gap "
          f"{max(gaps):.0f} ms (median tick {statistics.median(gaps):.0f} ms)")
    dialog.close()

    # -- searching and scrolling ----------------------------------------------------------
    browser = window.browser
    for query in QUERIES:
        times = []
        for _ in range(5):
            browser.search_box.setText(query)
            t0 = time.perf_counter()
            browser.run_search()
            app.processEvents()
            times.append(time.perf_counter() - t0)
        print(f"search {query!r:34} {statistics.median(times) * 1000:6.1f} ms  "
              f"{browser.model.total} cards")
    browser.search_box.setText("")
    browser.run_search()
    app.processEvents()
    fetches = browser.model.fetches
    t0 = time.perf_counter()
    bar = browser.table.verticalScrollBar()
    steps = 0
    while bar.value() < bar.maximum():
        bar.setValue(bar.value() + bar.pageStep())
        app.processEvents()
        steps += 1
    print(f"scrolled {browser.model.total} rows page by page ({steps} screens) in "
          f"{time.perf_counter() - t0:.2f} s; {browser.model.fetches - fetches} pages of "
          f"{browser.model.page_size} read")
    t0 = time.perf_counter()
    browser.table.scrollToBottom()
    app.processEvents()
    print(f"jump to the last row: {(time.perf_counter() - t0) * 1000:.1f} ms")

    # -- the editor -------------------------------------------------------------------------
    editor = DeckEditor(library=library, on_goldfish=lambda *a: None)
    editor.show()
    path = next(p for p in sample_decks() if p.name == "rakdos_rampage.cod")
    t0 = time.perf_counter()
    editor.open_path(path, confirmed=True)
    app.processEvents()
    print(f"open a 67-card deck: {(time.perf_counter() - t0) * 1000:.1f} ms")
    times = []
    for _ in range(20):
        t0 = time.perf_counter()
        editor.doc.add("Murder", 1, "side")
        app.processEvents()
        times.append(time.perf_counter() - t0)
    print(f"one edit (list, validation, statistics): median "
          f"{statistics.median(times) * 1000:.1f} ms")
    editor.doc.undo_stack.setClean()
    editor.close()
    window.close()
    library.pixmaps.shutdown()


if __name__ == "__main__":
    main()
