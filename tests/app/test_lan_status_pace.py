"""The LAN table's status line at a human pace (session 17's lan3 and session 18's German
four-seat hybrid table: the clock's sentence changed up to 34 times a second during the
programs' automatic passes, and wiped out at once any other sentence). The clock's sentence
is shown at most once a second, always the latest; another sentence stays readable first."""
from __future__ import annotations

import time
from typing import Any

from PySide6.QtWidgets import QMainWindow

from app.net_session import RemoteSession
from app.shell.lan_flow import status_line
from engine.net import protocol as P
from tests.remote_worker import RecordingWorker


def _seated(qtbot: Any) -> tuple[QMainWindow, RemoteSession, list[str]]:
    w = QMainWindow()
    qtbot.addWidget(w)
    session = RemoteSession(RecordingWorker(), [])  # type: ignore[arg-type]
    session.seat = 0
    session.state.players = ["Alice", "Bob", "Computer 1", "Computer 2"]
    status_line(w, session)
    shown: list[str] = []
    w.statusBar().messageChanged.connect(lambda text: shown.append(text) if text else None)
    return w, session, shown


def _clock(seat: int, decision: float = 120.0) -> P.Clock:
    return P.Clock(seat=seat, decision=decision, game=[1800.0] * 4, out_of_time=[], on_timeout="claim")


def test_the_clock_at_four_seats_speaks_at_most_once_a_second_and_ends_on_the_latest(qtbot: Any) -> None:
    w, session, shown = _seated(qtbot)
    started = time.monotonic()
    for k in range(40):  # automatic passes round the table: the deciding seat changes 40 times
        session._on_message(_clock(k % 4))
    session._on_message(_clock(2, 95.0))  # the last: Computer 1 decides
    assert time.monotonic() - started < 0.9  # (the test's premise: all of it within a second)
    assert len(shown) == 1, shown  # the first, at once
    latest = "Computer 1 has 1:35 to decide."
    qtbot.waitUntil(lambda: w.statusBar().currentMessage() == latest, timeout=3000)
    assert len(shown) == 2, shown


def test_another_sentence_is_not_wiped_out_by_the_clock(qtbot: Any) -> None:
    w, session, shown = _seated(qtbot)
    w.lan_status.hold = 0.5  # (the window holds it 4 s; shorter here)
    session.status.emit("Bob is back at the table.")
    for k in range(12):  # (the last: seat 3)
        session._on_message(_clock(k % 4))
    assert w.statusBar().currentMessage() == "Bob is back at the table."
    qtbot.waitUntil(lambda: w.statusBar().currentMessage() == "Computer 2 has 2:00 to decide.", timeout=3000)
    assert shown == ["Bob is back at the table.", "Computer 2 has 2:00 to decide."]


def test_no_clock_sentence_after_the_game_is_over(qtbot: Any) -> None:
    """Session 20's four desktops: a clock sentence still waiting for its turn when the game
    ended was shown 4 s later over "The game is over", naming a player who had 2:00 to decide
    in a game that was over. The end of the game stops the clock's sentences."""
    w, session, shown = _seated(qtbot)
    w.lan_status.hold = 0.3
    session._on_message(_clock(1))  # shown at once
    session._on_message(_clock(3))  # waits for its second
    session.status.emit("The game is over.")  # (what the window says at the end, held)
    session._on_message(P.GameOver(outcome={"winner": "Alice"}, replay=""))
    qtbot.wait(1600)
    assert w.statusBar().currentMessage() == "The game is over.", shown
    assert "Computer 2 has 2:00 to decide." not in shown
