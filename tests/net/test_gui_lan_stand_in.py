"""Issue #25 item 3, what was left: a LAN player whose program died need not hold the table up
for five minutes. On the host's table the absent player's panel offers "Let the computer play for
NAME until they are back": the computer decides for the seat from its own view, the seat no longer
concedes by absence, and the player who rejoins with the seat's key plays again. Loopback only."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from app.settings import Settings  # noqa: E402
from app.shell import lan_flow  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from app.table.menus import panel_menu  # noqa: E402
from net_helpers import for_up_to, keep_hands, lan_dialog, lan_pair  # noqa: E402


pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)


def test_the_host_lets_the_computer_play_for_an_absent_player(qtbot, tmp_path, monkeypatch):
    w, host, v, bob, address = lan_pair(qtbot, tmp_path)
    keep_hands(qtbot, [host, bob])
    room = host.worker.server.room

    def entry(label: str):
        menu = panel_menu(w.table.interaction, w.table.scene.panels[1])
        return next((a for a in menu.actions() if a.text() == label), None)

    offer = "Let the computer play for Bob until they are back"
    assert entry(offer) is None                      # Bob is at the table: nothing to offer
    bob.worker.stop()                                # Bob's program dies
    qtbot.waitUntil(lambda: 1 in host.away, timeout=20000)
    qtbot.waitUntil(lambda: entry(offer) is not None, timeout=20000)
    entry(offer).trigger()
    # no concession by absence any more (both set by the host's thread: waited for together)
    qtbot.waitUntil(lambda: room.seats[1].agent is not None and room.seats[1].dropped_at is None, timeout=20000)
    qtbot.waitUntil(lambda: 1 not in host.away, timeout=20000)   # the seat is played, not away
    # the game goes on: Alice passes her turn and the computer plays Bob's turn for him
    turn = host.observation()["turn"]
    for _ in for_up_to(qtbot, 90):
        obs = host.observation()
        if obs["turn"] >= turn + 2:
            break
        if host.state.my_decision():
            actions = host.legal_actions()
            pas = next((a for a in actions if a.verb == "pass"), None) or next(
                (a for a in actions if a.verb in ("declare", "keep", "choose")), actions[0] if actions else None)
            if pas is not None:
                host.submit(pas)
    assert host.observation()["turn"] >= turn + 2 and room.game is not None
    assert host.observation()["players"][1].get("lost") is not True

    # Bob starts his program again and rejoins: his seat is his again, the computer stops
    v2 = MainWindow(Settings(animations=False))
    qtbot.addWidget(v2)
    monkeypatch.setattr(lan_flow, "ask_rejoin", lambda window, kept: True)
    back = lan_flow.join_lan(v2, dialog=lan_dialog(v2, tmp_path, host=False, name="Bob", address=address))
    qtbot.waitUntil(lambda: v2.table is not None and v2.table.session is back, timeout=20000)
    qtbot.waitUntil(lambda: room.seats[1].agent is None and room.seats[1].peer is not None, timeout=20000)
    back.close()
    host.close()
