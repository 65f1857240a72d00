"""Host through the GUI (one GUI client), a headless bot joins over 127.0.0.1, the game is
played on the same table widget as a local game, the bot's actions appear as they happen."""
from __future__ import annotations

import asyncio
import os
import threading

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from net_helpers import DECK  # noqa: E402


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("MANATABLE_HOME", str(tmp_path / "home"))
    from app.i18n import set_language
    set_language("en")


def _bot_thread(address, result):
    from engine.net.bot import Bot

    def go():
        bot = Bot(address, "Robo", list(DECK), seed=8, max_actions=25, delay=0.01)
        try:
            result["outcome"] = asyncio.run(bot.run(60))
        except Exception as exc:  # reported by the test
            result["error"] = repr(exc)
    t = threading.Thread(target=go, daemon=True)
    t.start()
    return t


def test_host_and_play_against_a_bot(qtbot, tmp_path):
    from app.settings import Settings
    from app.shell.lan_dialogs import LanDialog
    from app.shell.lan_flow import host_lan
    from app.shell.main_window import MainWindow
    from engine.decks import sample_decks

    w = MainWindow(Settings(animations=False))
    qtbot.addWidget(w)
    dlg = LanDialog(w.settings, host=True, parent=w)
    dlg.name.setText("Alice")
    deck_file = tmp_path / "deck.txt"
    deck_file.write_text("\n".join(f"1 {n}" for n in DECK), encoding="utf-8")
    dlg.deck.insertItem(0, "test", str(deck_file))
    dlg.deck.setCurrentIndex(0)
    dlg.mode.setCurrentIndex(dlg.mode.findData("rules"))
    session = host_lan(w, bind="127.0.0.1", announce=False, dialog=dlg, port=0)
    assert session is not None
    lobby = w.lan_lobby
    qtbot.waitUntil(lambda: lobby.ready.isEnabled(), timeout=10000)  # deck accepted
    port = session.worker.server.port
    result: dict = {}
    t = _bot_thread(f"127.0.0.1:{port}", result)
    qtbot.waitUntil(lambda: lobby.start.isEnabled(), timeout=10000)
    assert lobby.seats.count() == 2 and "Robo" in lobby.seats.item(1).text()
    lobby.grab().save(str(tmp_path / "lobby.png"))
    lobby.chat_line.setText("good luck")
    lobby.chat_line.returnPressed.emit()
    qtbot.waitUntil(lambda: "good luck" in lobby.chat_view.toPlainText(), timeout=5000)
    lobby.start.click()
    qtbot.waitUntil(lambda: w.table is not None and w.table.session is session, timeout=10000)
    table = w.table
    # play: answer every decision of ours with the host's first listed action (keep, pass ...)
    seen_bot_events = False
    for _ in range(400):
        if session.state.outcome is not None:
            break
        qtbot.wait(20)
        if session.state.my_decision():
            legal = session.legal_actions()
            pend = session.observation().get("pending") or {}
            if legal and pend.get("kind") == "priority":
                table.actions_by_id["pass"].trigger()  # the table's own Pass command (Space)
            elif legal:
                choice = next((a for a in legal if a.verb == "keep"), legal[0])
                table.interaction.submit(choice)
        seen_bot_events = seen_bot_events or any(e.get("player") == "Robo" for e in session.all_events())
    qtbot.waitUntil(lambda: session.state.outcome is not None, timeout=30000)
    assert seen_bot_events  # the opponent's actions reached this table
    w.grab().save(str(tmp_path / "table.png"))
    if os.environ.get("LAN_SHOTS"):
        w.grab().save(os.environ["LAN_SHOTS"] + "/table.png")
        lobby.grab().save(os.environ["LAN_SHOTS"] + "/lobby.png")
    t.join(10)
    assert result.get("outcome") is not None, result
    session.close()
