"""Session 16 noticed that at a LAN table the chat line had the focus at the start, so Space
typed a blank into it instead of passing. Checked on a real LAN table on 127.0.0.1 (offscreen
and under Xvfb, session 17): the table's view has the focus once the lobby closes; this keeps it
so — Space, sent where the keyboard sends it, reaches the table, not the chat line."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from typing import Any  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from tests.net.net_helpers import lan_pair  # noqa: E402

pytestmark = pytest.mark.usefixtures("gui_home")


def test_space_at_the_start_of_a_lan_table_reaches_the_table(qtbot: Any, tmp_path: Any) -> None:
    w, host, v, bob, _ = lan_pair(qtbot, tmp_path)
    for window in (v, w):  # each window as its player brings it to the front
        window.show()
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=20000)
        focus = QApplication.focusWidget()
        assert focus is window.table.view, focus
        QTest.keyClick(focus, Qt.Key.Key_Space)
        assert window.table.log.entry.text() == ""
    bob.close()
    host.close()
