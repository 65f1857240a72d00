"""The status line of a LAN table at a human pace. The table's clock (engine/net/clock.py)
says who decides and how long they have at every change of the deciding seat; at four seats
the programs' automatic passes change it many times a second (session 17 counted up to 34
sentences a second on a four-seat hybrid table), a flicker nobody can read, which also wiped
out at once any other sentence ("Bob is back at the table."). Here the clock's sentence is
shown at most once per `every_ms`, always the latest one (the last is never lost: it is
shown when its time comes), and never over another sentence younger than `hold_ms`."""
from __future__ import annotations

import time
from typing import Callable

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QStatusBar

CLOCK_EVERY_MS = 1000  # at most one clock sentence a second
HOLD_MS = 4000  # another sentence stays readable this long before the clock's replaces it
SHOWN_MS = 20000  # how long a sentence stays on the status line (the clock's is renewed)


class StatusPace(QObject):
    """Between a LAN table's sentences and the window's status line (app/shell/lan_flow.py)."""

    def __init__(self, bar: QStatusBar, every_ms: int = CLOCK_EVERY_MS, hold_ms: int = HOLD_MS,
                 now: Callable[[], float] = time.monotonic) -> None:
        super().__init__(bar)
        self.bar = bar
        self.every, self.hold = every_ms / 1000, hold_ms / 1000
        self.now = now
        self.latest = ""  # the clock's sentence not shown yet
        self.clock_at = float("-inf")  # when the clock's last sentence was shown
        self.held_until = float("-inf")  # another sentence is shown until then
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self._show_clock)

    def say(self, text: str, timeout_ms: int = SHOWN_MS) -> None:
        """Another sentence (a player back, a refusal ...): shown at once (for `timeout_ms`; 0:
        until replaced), held `hold_ms` before the clock's may replace it."""
        self.bar.showMessage(text, timeout_ms)
        self.held_until = self.now() + self.hold

    def clock(self, text: str) -> None:
        """The clock's sentence: shown now if its pace and the held sentence allow, else the
        latest is shown when they do. "" (nobody's clock runs: the game is over) drops the one
        still waiting, which would name a decider of a game that has ended."""
        self.latest = text
        if not text:
            self.timer.stop()
            return
        if not self.timer.isActive():
            self._show_clock()

    def _show_clock(self) -> None:
        if not self.latest:
            return
        t = self.now()
        due = max(self.clock_at + self.every, self.held_until)
        if t < due:
            self.timer.start(max(1, int((due - t) * 1000) + 1))
            return
        self.bar.showMessage(self.latest, SHOWN_MS)
        self.latest, self.clock_at = "", t


def say(window: QObject, text: str, timeout_ms: int = 0) -> None:
    """A sentence on the window's status line, through its LAN table's pace when it has one."""
    pace = getattr(window, "lan_status", None)
    if isinstance(pace, StatusPace):
        pace.say(text, timeout_ms)
    else:
        window.statusBar().showMessage(text, timeout_ms)  # type: ignore[attr-defined]
