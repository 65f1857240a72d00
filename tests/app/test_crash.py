"""Crash handling as a user meets it: a bug in a slot (or a worker thread) during a goldfish
game shows a dialog naming the error and the log file, the traceback is in the log, and the
game is autosaved and opens again with the same history."""
from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from app import crash
from app.settings import Settings
from app.shell.main_window import MainWindow
from engine.decks import sample_decks

SHOTS = os.environ.get("MANATABLE_SHOTS")  # a folder: the dialog is saved there as a PNG


def _playing(qtbot: Any) -> MainWindow:
    w = MainWindow(Settings(animations=False))
    qtbot.addWidget(w)
    w.show()
    assert w.goldfish(str(sample_decks()[0]))
    s = w.table.session
    s.submit("keep")
    qtbot.waitUntil(lambda: s.observation()["step"] == "main1", timeout=20000)
    return w


@pytest.mark.qt_no_exception_capture  # our hook, not pytest-qt's, must see the error
def test_an_error_in_a_slot_shows_a_dialog_logs_and_autosaves(qtbot: Any) -> None:
    w = _playing(qtbot)
    history = [a.text for a in w.table.session.game.history]
    handler = crash.install(w)
    try:
        button = QPushButton("bug", w)
        button.clicked.connect(lambda: (_ for _ in ()).throw(RuntimeError("the table fell over")))
        button.show()
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: handler.dialog is not None and handler.dialog.isVisible(), timeout=20000)
        text = handler.dialog.text()
        log_file = crash.log_path()
        assert "RuntimeError: the table fell over" in text
        assert str(log_file) in text
        assert log_file.is_file() and "RuntimeError: the table fell over" in log_file.read_text(encoding="utf-8")
        assert "Traceback" in log_file.read_text(encoding="utf-8")
        saved = log_file.parent.parent / crash.AUTOSAVE_NAME
        assert saved.is_file() and str(saved) in text
        if SHOTS:
            handler.dialog.grab().save(str(Path(SHOTS) / "crash_dialog.png"))
        # a second error while the dialog is open only adds to the log
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert handler.shown == 1
        handler.dialog.accept()
        qtbot.waitUntil(lambda: handler.dialog is None, timeout=20000)
        # nothing lost: the autosave opens with the same actions (leaving the running game
        # asks first; that question is tested in test_shell.py)
        w.confirm_leave = lambda *a, **k: True  # type: ignore[method-assign]
        assert w.load_game(str(saved))
        assert [a.text for a in w.table.session.game.history] == history
    finally:
        handler.uninstall()


@pytest.mark.qt_no_exception_capture
def test_an_error_in_a_worker_thread_reaches_the_gui_thread(qtbot: Any) -> None:
    w = _playing(qtbot)
    handler = crash.install(w)
    try:
        def work() -> None:
            raise ValueError("a worker thread failed")
        t = threading.Thread(target=work)
        t.start()
        t.join(5)
        qtbot.waitUntil(lambda: handler.dialog is not None, timeout=20000)
        assert "ValueError: a worker thread failed" in handler.dialog.text()
        handler.dialog.accept()
    finally:
        handler.uninstall()


def test_without_a_game_the_dialog_says_nothing_needed_saving(qtbot: Any) -> None:
    w = MainWindow(Settings(animations=False))
    qtbot.addWidget(w)
    path, saved = crash.report(KeyError, KeyError("x"), None, None)
    assert saved is None and path.is_file()
    assert "nothing needed saving" in crash.message(KeyError("x"), path, saved)
