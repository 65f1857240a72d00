"""Never lose a game: leaving a game in progress asks first (new game, restart, open, quit),
the start page offers "Resume game", an autosave survives a crash, and `--lang` is for one
run only."""
from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from app import autosave
from app import settings as settings_mod
from app.i18n import set_language
from app.session import LocalSession
from app.settings import Settings
from app.shell.main_window import MainWindow
from engine.decks import sample_decks
from tests.app.test_shell import answer_leave, window


def playing(qtbot: Any) -> MainWindow:
    w = window(qtbot)
    assert w.goldfish(str(sample_decks()[0]))
    s = w.table.session
    s.submit("keep")
    qtbot.waitUntil(lambda: s.observation()["step"] == "main1", timeout=20000)
    return w


def test_restart_with_the_keyboard_asks_and_stay_keeps_the_game(qtbot: Any) -> None:
    w = playing(qtbot)
    table = w.table
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow, timeout=20000)
    seen = answer_leave(w, "cancel")
    QTest.keyClick(table.view, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)  # Ctrl+R: restart
    assert seen and "in progress" in seen[0]
    assert w.table is table and w.stack.currentWidget() is table  # nothing lost
    w.activateWindow()  # the question took the focus
    qtbot.waitUntil(w.isActiveWindow, timeout=20000)
    table.view.setFocus()
    answer_leave(w, "discard")
    QTest.keyClick(table.view, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert w.table is not table and not w.table.session.can_undo()  # a fresh game


def test_quitting_a_game_in_progress_asks(qtbot: Any) -> None:
    w = playing(qtbot)
    answer_leave(w, "cancel")
    w.close()
    assert w.isVisible()
    answer_leave(w, "discard")
    w.close()
    assert not w.isVisible()


def test_the_start_page_offers_the_game_in_progress(qtbot: Any) -> None:
    w = playing(qtbot)
    table = w.table
    w.show_start()  # no question: the game stays open behind the start page
    assert w.stack.currentWidget() is w.start and w.start.resume.isVisible()
    QTest.mouseClick(w.start.resume, Qt.MouseButton.LeftButton)
    assert w.stack.currentWidget() is table


def test_an_autosave_is_offered_again_after_a_crash(qtbot: Any) -> None:
    w = playing(qtbot)
    s = w.table.session
    s.submit(s.make("draw", args=(1,), player=0))
    qtbot.waitUntil(lambda: autosave.pending_autosave() is not None, timeout=20000)  # written after a pause
    history = [a.text for a in s.game.history]
    # the process dies: no question, no cleanup; the next run finds the autosave
    w.confirm_leave = lambda: True  # type: ignore[method-assign]
    w2 = window(qtbot)
    assert w2.start.resume.isVisible()
    QTest.mouseClick(w2.start.resume, Qt.MouseButton.LeftButton)
    assert w2.table is not None and [a.text for a in w2.table.session.game.history] == history


def test_write_autosave_is_atomic_and_skips_untouched_games(qtbot: Any, tmp_path: Any) -> None:
    s = LocalSession.goldfish(["Forest"] * 40, seed=1)
    path = tmp_path / "a.json"
    assert autosave.write_autosave(s, path) is None and not path.exists()  # nothing done yet
    s.submit("keep")
    assert autosave.write_autosave(s, path) == path
    assert json.loads(path.read_text())["actions"]
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_lang_on_the_command_line_is_for_one_run(tmp_path: Any) -> None:
    s = Settings(language="en")
    settings_mod.set_run_language(s, "de")
    try:
        assert s.language == "de"
        settings_mod.save(s)
        assert json.loads(settings_mod.settings_path().read_text())["language"] == "en"
        s.language = "it"  # chosen in the Settings dialog during the run: saved
        settings_mod.save(s)
        assert json.loads(settings_mod.settings_path().read_text())["language"] == "it"
    finally:
        settings_mod._RUN_LANGUAGE.clear()


def test_an_autosave_that_cannot_be_written_is_said_at_once(qtbot: Any, monkeypatch: Any) -> None:
    """A full disk under the autosave (or a game too long to save): the status bar says so at
    the first failure, once while it keeps failing; the game goes on."""
    w = playing(qtbot)
    s = w.table.session
    failing = [True]
    save = type(s).save

    def full_disk(self: Any, path: Any) -> None:
        if failing[0]:
            raise OSError(28, "No space left on device")
        save(self, path)

    monkeypatch.setattr(type(s), "save", full_disk)
    w.autosave()
    said = w.statusBar().currentMessage()
    assert "the disk is full" in said and "Save game" in said
    w.statusBar().clearMessage()
    w.autosave()
    assert w.statusBar().currentMessage() == ""   # not again while it keeps failing
    failing[0] = False
    w.autosave()
    assert autosave.pending_autosave() is not None
    failing[0] = True
    w.autosave()
    assert "the disk is full" in w.statusBar().currentMessage()


@pytest.mark.parametrize("lang, full, denied", [
    ("de", "der Datenträger ist voll", "keine Berechtigung"),
    ("it", "il disco è pieno", "non ha il permesso"),
])
def test_save_game_says_why_not_in_the_users_language(qtbot: Any, monkeypatch: Any, tmp_path: Path,
                                                      lang: str, full: str, denied: str) -> None:
    """Save game… on a full disk or a folder without permission: the warning names the file
    and the reason in the user's language (it was the system's English "[Errno 28] …")."""
    w = playing(qtbot)
    set_language(lang)
    target = tmp_path / "game.manatable.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text, *a: said.append(text))
    for code, words in ((errno.ENOSPC, full), (errno.EACCES, denied)):
        def refused(self: Any, path: Any, code: int = code) -> None:
            raise OSError(code, os.strerror(code), str(path))
        monkeypatch.setattr(type(w.table.session), "save", refused)
        assert not w.save_game()
        assert str(target) in said[-1] and words in said[-1], said[-1]
        assert "Errno" not in said[-1] and os.strerror(code) not in said[-1]
