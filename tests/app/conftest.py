"""GUI tests run offscreen with their own MANATABLE_HOME."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402

from app.i18n import set_language  # noqa: E402
from app.settings import Settings  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from app.table import handover  # noqa: E402


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("MANATABLE_HOME", str(tmp_path / "home"))
    set_language("en")
    yield
    set_language("en")


class TableDriver:
    """A main window at a table against computer players, answered through its prompt bar as
    a user would (the English labels): keep, no attacks, no blocks, next turn / pass."""

    def __init__(self, qtbot, window):  # type: ignore[no-untyped-def]
        self.qtbot = qtbot
        self.w = window

    def click(self, *labels: str) -> bool:
        for label in labels:
            for b in self.w.table.prompt_bar.buttons:
                if b.isEnabled() and b.text() == label:
                    self.qtbot.mouseClick(b, Qt.MouseButton.LeftButton)
                    return True
        return False

    def play(self, until_turn: int, on_priority=None, each=None, timeout: int = 120000,  # type: ignore[no-untyped-def]
             steps: int = 400) -> None:
        """Answer your decisions until the turn `until_turn` or the game's end. on_priority(s)
        may act at your priority (True: it did); each(s) sees every decision of yours."""
        s = self.w.table.session
        for _ in range(steps):
            self.qtbot.waitUntil(lambda: s.game.outcome is not None or
                                 (not s.is_thinking() and s.deciding_seat() == s.seat), timeout=timeout)
            if s.game.outcome is not None or s.game.st.turn >= until_turn:
                return
            if each is not None:
                each(s)
            dec = s.game.pending
            if dec.prompt.startswith("ask.commander"):  # CR 903.9: your commander may go home
                assert self.click("Yes")
            elif dec.kind == "mulligan":
                assert self.click("Keep")
            elif dec.kind == "attackers":
                assert self.click("Don't attack")
            elif dec.kind == "blockers":
                assert self.click("Don't block")
            elif dec.kind == "priority":
                if on_priority is None or not on_priority(s):
                    assert self.click("Next turn", "Pass", "Resolve")
            else:  # any other choice: the first listed answer
                s.submit(s.legal_actions()[0])


@pytest.fixture
def computer_table(qtbot):  # type: ignore[no-untyped-def]
    """open(width, height): a main window of that size, shown, animations off, with its driver."""
    def open_(width: int, height: int) -> TableDriver:
        w = MainWindow(Settings(animations=False))
        qtbot.addWidget(w)
        w.resize(width, height)
        w.show()
        return TableDriver(qtbot, w)
    return open_


@pytest.fixture
def main_window(qtbot):  # type: ignore[no-untyped-def]
    """open(language, **settings): a main window in that language (the UI's language set too;
    `_home` sets English back), shown, animations off, closed at the end without asking."""
    def open_(language: str = "en", **settings):  # type: ignore[no-untyped-def]
        set_language(language)
        w = MainWindow(Settings(language=language, animations=False, **settings))
        qtbot.addWidget(w, before_close_func=lambda w: setattr(w, "confirm_leave", lambda: True))
        w.show()
        return w
    return open_


@pytest.fixture
def italian():  # type: ignore[no-untyped-def]
    """The UI language Italian for one test, English again after it."""
    set_language("it")
    yield
    set_language("en")


@pytest.fixture
def german():  # type: ignore[no-untyped-def]
    """The UI language German for one test, English again after it."""
    set_language("de")
    yield
    set_language("en")


@pytest.fixture
def quick_cover(monkeypatch):  # type: ignore[no-untyped-def]
    """The hand-over button's delay against a stray click, short: for the hot seat tests, which
    ask for it in their `pytestmark` (not autouse: other tests keep the real delay)."""
    monkeypatch.setattr(handover, "ARM_MS", 30)
