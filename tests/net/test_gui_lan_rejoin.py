"""Issue #25 item 3: a LAN player whose program died sits down again. The seat's key is kept
on disk on the joining side (app/lan_seats.py; the host has its hash in memory and journal),
Join offers "Rejoin the game"; meanwhile the other tables mark the player disconnected, and
joining with the same name but no key is told why (not "table full"). Loopback only."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from app import lan_seats  # noqa: E402
from app.net_worker import NetWorker  # noqa: E402
from app.settings import Settings  # noqa: E402
from app.shell import lan_flow  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from net_helpers import DECK, lan_dialog, lan_pair  # noqa: E402


pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)


def test_a_crashed_player_rejoins_and_the_table_says_who_is_away(qtbot, tmp_path, monkeypatch):
    w, host, v, bob, address = lan_pair(qtbot, tmp_path)
    kept = lan_seats.saved(address, "bob")
    assert kept is not None and kept.name == "Bob" and kept.token  # on disk, for the next program

    bob.worker.stop()  # Bob's program dies (the host sees the connection end)
    qtbot.waitUntil(lambda: 1 in host.away, timeout=20000)
    qtbot.waitUntil(lambda: w.table.scene.panels[1].info.get("away"), timeout=20000)
    if os.environ.get("LAN_SHOTS"):
        w.grab().save(os.environ["LAN_SHOTS"] + "/lan_disconnected.png")

    # someone else types Bob's name: told that the seat waits for its player, in words
    x = MainWindow(Settings(animations=False))
    qtbot.addWidget(x)
    stranger = lan_flow._enter(x, NetWorker(), address, "Bob", list(DECK), is_host=False)
    qtbot.waitUntil(lambda: "waiting for its player" in x.lan_lobby.info.text(), timeout=20000)
    assert "full" not in x.lan_lobby.info.text()
    stranger.close()

    # Bob starts the program again and joins: "Rejoin the game" puts him back in his seat
    v2 = MainWindow(Settings(animations=False))
    qtbot.addWidget(v2)
    asked = []
    monkeypatch.setattr(lan_flow, "ask_rejoin", lambda window, kept: asked.append(kept) or True)
    back = lan_flow.join_lan(v2, dialog=lan_dialog(v2, tmp_path, host=False, name="Bob", address=address))
    qtbot.waitUntil(lambda: v2.table is not None and v2.table.session is back, timeout=20000)
    assert asked and back.seat == 1 and back.controls == {1}
    qtbot.waitUntil(lambda: 1 not in host.away, timeout=20000)
    qtbot.waitUntil(lambda: not w.table.scene.panels[1].info.get("away"), timeout=20000)
    assert back.observation()["players"][1]["hand_count"] == 7 or back.observation()["players"][1].get("hand")
    back.close()
    host.close()
