"""The GUI side of hostile files: a locked card database, backups offered for restoring,
many unknown names, damaged recent-decks and autosave files, names as plain text."""
from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from app.decks.database_window import CardDatabaseWindow
from app.decks.dialogs import MAX_ROWS, UnknownCardsDialog
from app.decks.editor import DeckEditor
from app.decks.library import CardLibrary
from app.decks.widgets import CardPreview
from engine.cards.db import CardDB
from engine.decks import deck_from_text
from engine.decks.storage import autosave_path


def test_a_locked_database_leaves_the_editor_working(home: Path, _template_db: Path,
                                                      monkeypatch) -> None:
    target = home / "data" / "cards.sqlite"
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(_template_db, target)
    before = target.read_bytes()
    other = sqlite3.connect(target, isolation_level=None)
    other.execute("PRAGMA locking_mode = EXCLUSIVE")
    other.execute("BEGIN EXCLUSIVE")
    other.execute("INSERT INTO meta (key, value) VALUES ('x', 'y')")
    monkeypatch.setattr(CardDB, "busy_timeout", 0.2)
    try:
        lib = CardLibrary(image_dirs=[])
        db = lib.db
        assert db.path != target and db.read_only
        assert db.notices[0].key == "cards.db_locked"
        assert lib.record("Cult Healer") is not None
        report = db.import_file(Path(__file__).parents[1] / "fixtures/cards/AtomicCards.json")
        assert report.error is not None and report.error.key == "import.read_only"
        lib.pixmaps.shutdown()
        db.close()
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert target.read_bytes() == before
    assert not list(target.parent.glob("cards.sqlite.corrupt-*"))


def test_the_database_window_offers_backups(qtbot, library, english) -> None:
    db = library.db
    healthy = db.path.with_name("cards.sqlite.corrupt-20240101-000000")
    shutil.copy(db.path, healthy)
    window = CardDatabaseWindow(None, library)
    qtbot.addWidget(window)
    window.show()
    assert window.restore_button.isVisible()
    window.ask_backup = lambda names: names[0]
    text = window.restore_backup()
    assert "was restored" in text and "cards" in text
    assert library.db.count() >= 300
    window.close()


def test_many_unknown_names_make_a_bounded_dialog(qtbot, library, english) -> None:
    loaded = deck_from_text("".join(f"1 Zzqx Nothing {i}\n" for i in range(1000)),
                            library.resolver())
    dialog = UnknownCardsDialog(loaded.unknown, library)
    qtbot.addWidget(dialog)
    assert dialog.table.rowCount() == MAX_ROWS
    assert dialog.more_label.isVisibleTo(dialog) and "1000" in dialog.more_label.text()


def test_damaged_recent_list_and_autosave_are_set_aside(qtbot, library, english, home) -> None:
    config = home / "config"
    config.mkdir(parents=True, exist_ok=True)
    (config / "recent_decks.json").write_text("[" * 100_000)
    bad = autosave_path("untitled-1")
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_text('{"key": "untitled-1", "deck": {"version": 1, "zones": '
                   '{"main": [{"name": "Murder", "count": 1000000000}]}}}')
    editor = DeckEditor(library=library, on_goldfish=lambda *a: None)
    qtbot.addWidget(editor)
    editor.ask_recover = lambda deck: pytest.fail("an absurd autosave was offered")
    editor.recover_untitled()
    editor.fill_recent_menu()
    assert (config / "recent_decks.json.damaged-1").exists()
    assert bad.with_name(bad.name + ".damaged-1").exists()
    assert "set aside" in editor.statusBar().currentMessage()


def test_card_names_are_plain_text_in_the_preview(qtbot, library, english) -> None:
    preview = CardPreview(library=library)
    qtbot.addWidget(preview)
    preview.show_card('<img src="/etc/x.png" width=20000><b>Evil</b>')
    for label in preview.findChildren(QLabel):
        if label.text():
            assert label.textFormat() == Qt.TextFormat.PlainText or "<img" not in label.text()
    assert "&lt;img" in preview.caption.text()
    assert preview.width() < 5000
