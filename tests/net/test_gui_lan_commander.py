"""A LAN Commander table through the GUI: the host picks "Commander" in the host dialog and
a Commander deck, a bot joins with its deck and commander, a computer player takes the third
seat from the lobby. On the host's table every command zone shows as a pile with its
commander and tax (the opponents' too), and the lobby says it is a Commander game."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from app.settings import Settings  # noqa: E402
from app.shell.lan_dialogs import LanDialog  # noqa: E402
from app.shell.lan_flow import host_lan  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from app.table.zones import PileItem  # noqa: E402
from engine.ai.commander_match import commander_seats  # noqa: E402
from engine.decks import read_deck, sample_decks  # noqa: E402
from engine.decks.samples import commander_decks  # noqa: E402
from net_helpers import answer_at_table, bot_thread, for_up_to  # noqa: E402


pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)


def test_host_a_commander_table(qtbot, tmp_path):
    seats = commander_seats()
    w = MainWindow(Settings(animations=False))
    qtbot.addWidget(w)
    w.resize(1500, 950)
    dlg = LanDialog(w.settings, host=True, parent=w)
    dlg.name.setText("Alice")
    dlg.mode.setCurrentIndex(dlg.mode.findData("rules"))
    dlg.format.setCurrentIndex(dlg.format.findData("commander"))  # (the Commander decks listed then)
    dlg.deck.setCurrentIndex(dlg.deck.findData(str(commander_decks()[0])))
    assert "built from implemented cards" in dlg.deck.currentText()
    dlg.players.setValue(3)
    session = host_lan(w, bind="127.0.0.1", announce=False, dialog=dlg, port=0)
    assert session is not None and session.commanders == seats[0][2]
    lobby = w.lan_lobby
    qtbot.waitUntil(lambda: lobby.ready.isEnabled(), timeout=20000)  # the deck and its commander accepted
    assert "A Commander game" in lobby.rules.text()
    result: dict = {}
    t = bot_thread(f"127.0.0.1:{session.worker.server.port}", result, seats[1][1], 180, max_actions=40,
                   commander=seats[1][2])
    qtbot.waitUntil(lambda: lobby.seats.count() == 3 and "Robo" in lobby.seats.item(1).text(), timeout=20000)
    # the computer's deck must name its commander at this table: a plain sample deck is refused
    plain = read_deck(sample_decks()[0]).deck.card_names()
    with pytest.raises(ValueError):
        session.add_computer("heuristic", plain, "Computer", [])
    assert session.add_computer("heuristic", seats[2][1], "Computer", seats[2][2]) == 2
    qtbot.waitUntil(lambda: lobby.start.isEnabled(), timeout=20000)
    lobby.start.click()
    qtbot.waitUntil(lambda: w.table is not None and w.table.session is session, timeout=20000)
    table = w.table
    qtbot.waitUntil(lambda: bool(session.observation().get("players")), timeout=20000)
    obs = session.observation()
    assert obs["format"] == "commander" and [p["life"] for p in obs["players"]] == [40, 40, 40]
    scene = table.scene
    for i in range(3):  # every command zone a pile with its commander on top, its tax on it
        pile = scene.zones[("command", i)]
        assert isinstance(pile, PileItem) and pile.isVisible()
        assert pile.count == 1 and pile.top is not None and pile.top.get("commander")
        assert pile.badge == "Tax +0"
    # play on: keep, pass; the commander cast from the command zone when the host can
    cast = False
    for _ in for_up_to(qtbot, 120):
        if session.state.outcome is not None or result:
            break
        legal = session.legal_actions() if session.state.my_decision() else []
        mine = [a for a in legal if a.verb == "cast" and a.obj in
                [c["id"] for c in session.observation()["players"][0]["command"]]]
        if mine and not cast:  # once: cast again later (it died and went back), the tax would be 4
            table.interaction.submit(mine[0])
            cast = True
        else:
            answer_at_table(session, table, play_lands=True)
    if cast:
        # (bounded, not timed: on a busy machine the host and the bot take their time)
        qtbot.waitUntil(lambda: session.observation()["players"][0]["commanders"][0]["tax"] == 2, timeout=60000)
    if os.environ.get("LAN_SHOTS"):
        w.grab().save(os.environ["LAN_SHOTS"] + "/lan_commander_host.png")
    t.join(30)
    session.close()
