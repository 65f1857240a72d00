"""Host through the GUI (one GUI client), a headless bot joins over 127.0.0.1, the game is
played on the same table widget as a local game, the bot's actions appear as they happen."""
from __future__ import annotations

import os
import socket

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QMessageBox  # noqa: E402

from app.ai_dialog import ComputerSeatDialog  # noqa: E402
from app.settings import Settings  # noqa: E402
from app.shell.lan_dialogs import LanDialog  # noqa: E402
from app.shell.lan_flow import _remember, host_lan, join_lan  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from engine.decks import sample_decks  # noqa: E402
from engine.net.discovery import DiscoveredGame  # noqa: E402
from net_helpers import DECK, add_computers, answer_at_table, bot_thread, for_up_to, hosting, lan_dialog  # noqa: E402


pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)


def test_host_and_play_against_a_bot(qtbot, tmp_path):
    w, session = hosting(qtbot, lambda w: lan_dialog(w, tmp_path, host=True, name="Alice"))  # deck accepted
    lobby = w.lan_lobby
    port = session.worker.server.port
    assert f":{port}" in lobby.address_info.text() or "port" in lobby.address_info.text()  # what friends type
    result: dict = {}
    t = bot_thread(f"127.0.0.1:{port}", result, DECK, 180, max_actions=25)
    qtbot.waitUntil(lambda: lobby.start.isEnabled(), timeout=20000)
    assert lobby.seats.count() == 2 and "Robo" in lobby.seats.item(1).text()
    lobby.grab().save(str(tmp_path / "lobby.png"))
    lobby.chat_line.setText("good luck")
    lobby.chat_line.returnPressed.emit()
    qtbot.waitUntil(lambda: "good luck" in lobby.chat_view.toPlainText(), timeout=20000)
    lobby.start.click()
    qtbot.waitUntil(lambda: w.table is not None and w.table.session is session, timeout=20000)
    table = w.table
    # play: answer every decision of ours with the host's first listed action (keep, pass ...)
    seen_bot_events = False
    for _ in for_up_to(qtbot, 120):
        if session.state.outcome is not None:
            break
        answer_at_table(session, table)
        seen_bot_events = seen_bot_events or any(e.get("player") == "Robo" for e in session.all_events())
    qtbot.waitUntil(lambda: session.state.outcome is not None, timeout=30000)
    assert seen_bot_events  # the opponent's actions reached this table
    w.grab().save(str(tmp_path / "table.png"))
    if os.environ.get("LAN_SHOTS"):
        w.grab().save(os.environ["LAN_SHOTS"] + "/table.png")
        lobby.grab().save(os.environ["LAN_SHOTS"] + "/lobby.png")
    t.join(60)
    assert result.get("outcome") is not None, result
    session.close()


def test_join_dialog_lists_browse_results(qtbot):
    dlg = LanDialog(Settings(animations=False), host=False, browse=False)
    qtbot.addWidget(dlg)
    games = [DiscoveredGame("Kitchen", "192.0.2.5", 47470, "hybrid", "0.1.0", 1, 1, 1),
             DiscoveredGame("Full table", "192.0.2.6", 47470, "rules", "0.1.0", 1, 2, 0)]
    dlg.games_found.emit(games)  # as the discovery thread does
    assert dlg.found.count() == 2
    assert "Kitchen" in dlg.found.item(0).text() and "hybrid" in dlg.found.item(0).text()
    assert not dlg.found.item(1).flags() & Qt.ItemFlag.ItemIsEnabled  # no free seat
    dlg.found.setCurrentRow(0)
    assert dlg.address.text() == "192.0.2.5:47470"
    dlg.games_found.emit([])
    assert dlg.found.count() == 0 and "No game found" in dlg.searching.text()


def test_joining_nothing_says_so(qtbot):
    """An address where no game listens (127.0.0.1, a closed port): a clear message."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    w = MainWindow(Settings(animations=False))
    qtbot.addWidget(w)
    dlg = LanDialog(w.settings, host=False, parent=w, browse=False)
    dlg.address.setText(f"127.0.0.1:{port}")
    dlg.deck.setCurrentIndex(dlg.deck.findData(str(sample_decks()[0])))
    messages = []
    orig = QMessageBox.warning
    QMessageBox.warning = lambda *a, **k: messages.append(a[2])
    try:
        session = join_lan(w, dialog=dlg)
        lobby = w.lan_lobby
        qtbot.waitUntil(lambda: "failed" in lobby.info.text(), timeout=20000)
    finally:
        QMessageBox.warning = orig
    lobby.reject()
    assert not session.playing


def test_host_gives_the_empty_seat_to_the_computer(qtbot, tmp_path, monkeypatch):
    """Issue #15: in the host's lobby, "Add a computer player…" fills the free seat; the game
    starts and the computer's moves reach the table."""
    w = MainWindow(Settings(animations=False))
    qtbot.addWidget(w)
    session = host_lan(w, bind="127.0.0.1", announce=False, dialog=lan_dialog(w, tmp_path, host=True, name="Alice"), port=0)
    assert session is not None
    lobby = w.lan_lobby
    qtbot.waitUntil(lambda: lobby.ready.isEnabled() and lobby.computer.isEnabled(), timeout=20000)
    monkeypatch.setattr(ComputerSeatDialog, "exec", lambda self: ComputerSeatDialog.DialogCode.Accepted)
    add_computers(qtbot, lobby, 1)
    assert lobby.seats.count() == 2 and "Computer" in lobby.seats.item(1).text()
    assert not lobby.computer.isEnabled()  # no free seat left
    if os.environ.get("LAN_SHOTS"):
        lobby.grab().save(os.environ["LAN_SHOTS"] + "/lobby_computer.png")
    qtbot.waitUntil(lambda: lobby.start.isEnabled(), timeout=20000)
    lobby.start.click()
    qtbot.waitUntil(lambda: w.table is not None and w.table.session is session, timeout=20000)
    table = w.table
    seen = False
    for _ in for_up_to(qtbot, 90):
        if session.state.outcome is not None or seen:
            break
        answer_at_table(session, table)
        seen = any(e.get("player") == "Computer 1" for e in session.all_events())
    assert seen  # the computer's actions reached this table
    session.close()


def test_a_spectator_watches_and_the_players_are_offered_a_rematch(qtbot, tmp_path):
    """Issue #11: "Only watch the game" in the Join dialog joins without a seat or a deck and
    shows the table with public information only; at the end the seated host is offered a
    rematch, the spectator is not."""
    w, session = hosting(qtbot, lambda w: lan_dialog(w, tmp_path, host=True, name="Alice"))
    lobby = w.lan_lobby
    port = session.worker.server.port
    result: dict = {}
    t = bot_thread(f"127.0.0.1:{port}", result, DECK, 180, max_actions=25)

    v = MainWindow(Settings(animations=False))
    qtbot.addWidget(v)
    jd = LanDialog(v.settings, host=False, parent=v, browse=False)
    jd.name.setText("Carol")
    jd.address.setText(f"127.0.0.1:{port}")
    jd.watch.setChecked(True)
    assert jd.watching() and not jd.deck.isEnabled()
    watcher = join_lan(v, dialog=jd)
    wl = v.lan_lobby
    qtbot.waitUntil(lambda: "spectator" in wl.info.text(), timeout=20000)
    assert not wl.ready.isVisible()
    qtbot.waitUntil(lambda: lobby.start.isEnabled(), timeout=20000)
    lobby.start.click()
    qtbot.waitUntil(lambda: v.table is not None and v.table.session is watcher, timeout=20000)
    qtbot.waitUntil(lambda: w.table is not None, timeout=20000)
    for _ in for_up_to(qtbot, 120):
        if session.state.outcome is not None:
            break
        answer_at_table(session, w.table)
    qtbot.waitUntil(lambda: session.state.outcome is not None, timeout=30000)
    # the spectator saw the game, and no hand or library card identity
    obs = watcher.observation()
    assert obs.get("players") and all(not any(c.get("name") for c in p.get("hand", [])) for p in obs["players"])
    assert watcher.controls == set()
    qtbot.waitUntil(lambda: getattr(w, "lan_rematch_box", None) is not None, timeout=20000)
    assert getattr(v, "lan_rematch_box", None) is None
    t.join(10)
    watcher.close()
    session.close()


def test_the_name_and_address_are_remembered_and_no_yous_table(qtbot, tmp_path):
    """Issue #25 item 14: the Host dialog's table name is never "You's table"; the name and
    the address typed are offered again the next time."""
    w = MainWindow(Settings(animations=False))
    qtbot.addWidget(w)
    host = LanDialog(w.settings, host=True, browse=False)
    qtbot.addWidget(host)
    assert "You's" not in host.game.text() and host.game.text()
    _remember(w, "Bernd", "192.0.2.5:47470")
    again = LanDialog(w.settings, host=False, browse=False)
    qtbot.addWidget(again)
    assert again.name.text() == "Bernd" and again.address.text() == "192.0.2.5:47470"
    assert "Bernd" in LanDialog(w.settings, host=True, browse=False).game.text()
