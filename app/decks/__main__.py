"""`python -m app.decks [DECK]` opens the deck editor on its own;
`python -m app.decks --database` the card database window;
`python -m app.decks screenshots [--lang en de]` rewrites docs/screenshots/deck_editor*.png.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QApplication

from app.decks import open_card_browser, open_deck_editor
from app.decks.database_window import CardDatabaseWindow
from app.decks.editor import DeckEditor
from app.decks.importer import ImportDialog
from app.decks.library import shared_library
from app.i18n import set_language
from engine.decks import sample_decks

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def _app() -> object:
    return QApplication.instance() or QApplication(sys.argv[:1])


def _settle(rounds: int = 5) -> None:
    for _ in range(rounds):
        shared_library().pixmaps.flush()
        QCoreApplication.processEvents()


def screenshots(langs: list[str], out: Path = SCREENSHOTS) -> list[Path]:
    """The editor with a sample deck (deck list + preview, statistics, sample hand) and the
    import progress dialog, per language."""


    _app()
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    deck_path = next(p for p in sample_decks() if p.name == "rakdos_rampage.cod")
    for lang in langs:
        set_language(lang)
        editor = DeckEditor()
        editor.resize(1480, 900)
        editor.hand_view.rng = random.Random(7)
        editor.show()
        editor.open_path(deck_path, confirmed=True)
        editor.browser.search_box.setText("t:creature mv<=3")
        editor.browser.run_search()
        editor.deck_view.select_card("main", "Friendly Teddy")
        editor.deck_view.setFocus()
        _settle()
        editor.preview.show_card("Friendly Teddy")
        _settle()
        suffix = "" if lang == "en" else f"_{lang}"
        path = out / f"deck_editor{suffix}.png"
        editor.grab().save(str(path))
        written.append(path)

        editor.tabs.setCurrentWidget(editor.stats_view)
        editor.stats_view.select_card("Murder")
        _settle()
        path = out / f"deck_editor_stats{suffix}.png"
        editor.grab().save(str(path))
        written.append(path)

        editor.tabs.setCurrentWidget(editor.hand_view)
        editor.hand_view.new_hand()
        _settle()
        editor.hand_view.retranslate()
        _settle()
        path = out / f"deck_editor_hand{suffix}.png"
        editor.grab().save(str(path))
        written.append(path)
        editor.doc.discard_autosave()
        editor.doc.undo_stack.setClean()
        editor.close()

        window = CardDatabaseWindow(None, shared_library())
        window.resize(1240, 720)
        window.show()
        window.browser.search_box.setText("t:kreatur" if lang == "de" else "t:creature")
        window.browser.run_search()
        dialog = ImportDialog(shared_library(), "AllPrintings.json", window)
        dialog.show()
        # What the dialog shows a few seconds into a real import (no file is read here)
        dialog._progress(187 * 1024 * 1024, 412 * 1024 * 1024)
        _settle()
        shot = window.grab()
        popup = dialog.grab()
        painter = QPainter(shot)
        x = (shot.width() - popup.width()) // 2
        y = (shot.height() - popup.height()) // 3
        painter.fillRect(x - 1, y - 1, popup.width() + 2, popup.height() + 2, QColor("#555555"))
        painter.drawPixmap(x, y, popup)
        painter.end()
        path = out / f"deck_editor_import{suffix}.png"
        shot.save(str(path))
        written.append(path)
        dialog.hide()
        window.close()
    set_language("en")
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.decks")
    parser.add_argument("deck", nargs="?", help="a deck file to open, or 'screenshots'")
    parser.add_argument("--database", action="store_true", help="open the card database window")
    parser.add_argument("--lang", nargs="*", default=None, help="UI language(s)")
    args = parser.parse_args(argv)
    if args.deck == "screenshots":
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        for path in screenshots(args.lang or ["en", "de"]):
            print(path)
        return 0
    app = _app()
    if args.lang:
        set_language(args.lang[0])
    window = open_card_browser() if args.database else open_deck_editor(deck_path=args.deck)
    window.show()
    return int(app.exec())  # type: ignore[attr-defined]


if __name__ == "__main__":
    raise SystemExit(main())
