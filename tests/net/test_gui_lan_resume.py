"""Issue #25 item 4: closing the host's window during a game asks first; the host then
resumes the table from its journal in the GUI (File ▸ Resume a LAN game, as
`manatable-server --resume`) and the joined player's program sits down again by itself.
Closing a joined player's window asks too. Loopback only."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import QTimer  # noqa: E402

from app.settings import Settings  # noqa: E402
from app.shell import lan_flow  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from net_helpers import keep_hands, lan_pair  # noqa: E402


pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)


def _answer(window, label: str, seen: list[str]) -> None:
    """Click `label` on the window's leave question when it opens."""
    def click() -> None:
        box = window.leave_box
        if box is None or not box.isVisible():
            QTimer.singleShot(20, click)
            return
        seen.append(box.text())
        next(b for b in box.buttons() if b.text() == label).click()
    QTimer.singleShot(0, click)


def test_the_host_is_asked_then_resumes_and_the_player_comes_back(qtbot, tmp_path):
    w, host, v, bob, address = lan_pair(qtbot, tmp_path)
    keep_hands(qtbot, [host, bob])  # (the journal has actions to replay)
    turn = host.state.obs["turn"]

    # a player closing mid-game is asked; "Stay in the game" keeps the window open
    seen: list[str] = []
    _answer(v, "Stay in the game", seen)
    assert not v.close() and seen and "five minutes" in seen[0]

    # the host closing is asked; Quit stops the table
    seen = []
    _answer(w, "Quit", seen)
    assert w.close() and "You are hosting a game" in seen[0]
    qtbot.waitUntil(lambda: not host.worker.live, timeout=20000)

    # the host starts again: File ▸ Resume a LAN game
    w2 = MainWindow(Settings(animations=False))
    qtbot.addWidget(w2)
    assert "resume_lan" in w2.app_actions
    again = lan_flow.resume_lan(w2, bind="127.0.0.1", announce=False)
    assert again is not None
    qtbot.waitUntil(lambda: w2.table is not None and w2.table.session is again, timeout=20000)
    assert again.seat == 0 and again.observation()["turn"] == turn
    # Bob's program was retrying all along: it sits down again by itself
    qtbot.waitUntil(lambda: again.worker.server.room.seats[1].peer is not None, timeout=20000)
    qtbot.waitUntil(lambda: 1 not in again.away, timeout=20000)
    assert bob.observation()["turn"] == turn
    bob.close()
    again.close()
