"""An Archenemy Commander game over the LAN (issue #29), on 127.0.0.1: the host chooses the
format and is the archenemy (their Commander deck's scheme deck), a second table joins as a team
member, the host's lobby gives the two free seats to computer players. Each table shows what its
seat may know: the archenemy's scheme deck as a count, the scheme set in motion (large, and in
the log), the team's one life total; no table ever sees a scheme still in the scheme deck."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from app.ai_dialog import ComputerSeatDialog  # noqa: E402
from app.settings import Settings  # noqa: E402
from app.shell.lan_dialogs import LanDialog  # noqa: E402
from app.shell.lan_flow import host_lan, join_lan  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from engine.decks import read_deck  # noqa: E402
from engine.decks.samples import commander_decks  # noqa: E402
from engine.decks.scheme_decks import built_in  # noqa: E402
from net_helpers import add_computers, answer_at_table, for_up_to, table_drawn  # noqa: E402


pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)


def _archenemy_table(qtbot, monkeypatch) -> tuple[Any, Any, Any, Any, list[str]]:
    """Vera hosts Archenemy Commander as the archenemy, Hugo joins as a team member, two
    computer players take the other team seats; the game has started on both tables."""


    decks = [str(p) for p in commander_decks()]
    host = MainWindow(Settings(animations=False))
    qtbot.addWidget(host)
    dlg = LanDialog(host.settings, host=True, parent=host)
    dlg.name.setText("Vera")
    dlg.mode.setCurrentIndex(dlg.mode.findData("rules"))
    dlg.format.setCurrentIndex(dlg.format.findData("archenemy_commander"))
    dlg.deck.setCurrentIndex(dlg.deck.findData(decks[0]))
    dlg.players.setValue(4)
    hs = host_lan(host, bind="127.0.0.1", announce=False, dialog=dlg, port=0)
    assert hs is not None
    lobby = host.lan_lobby
    qtbot.waitUntil(lambda: lobby.ready.isEnabled(), timeout=20000)  # commander and scheme deck accepted
    port = hs.worker.server.port

    guest = MainWindow(Settings(animations=False))
    qtbot.addWidget(guest)
    jd = LanDialog(guest.settings, host=False, parent=guest, browse=False)
    jd.name.setText("Hugo")
    jd.deck.setCurrentIndex(jd.deck.findData(decks[1]))
    jd.address.setText(f"127.0.0.1:{port}")
    gs = join_lan(guest, dialog=jd)
    assert gs is not None
    guest_lobby = guest.lan_lobby
    qtbot.waitUntil(lambda: guest_lobby.ready.isEnabled(), timeout=20000)
    guest_lobby.ready.setChecked(True)
    chosen = iter([decks[3], decks[2]])  # the host picks a deck for each computer seat

    def accept(dialog: ComputerSeatDialog) -> Any:
        dialog.deck.setCurrentIndex(dialog.deck.findData(next(chosen)))
        return ComputerSeatDialog.DialogCode.Accepted
    monkeypatch.setattr(ComputerSeatDialog, "exec", accept)
    add_computers(qtbot, lobby, 2)
    # each computer seat got the deck the host chose for it (with its commander), not one by seat
    room = hs.worker.server.room
    for seat, path in ((2, decks[3]), (3, decks[2])):
        want = read_deck(Path(path)).deck.card_names("commander")
        assert room.seats[seat].commanders == want and sorted(room.seats[seat].deck) == sorted(
            read_deck(Path(path)).deck.card_names() + want)
    if not lobby.ready.isChecked():
        lobby.ready.setChecked(True)
    qtbot.waitUntil(lambda: lobby.start.isEnabled(), timeout=20000)
    lobby.start.click()
    qtbot.waitUntil(lambda: host.table is not None and guest.table is not None
                    and host.table.session is hs and guest.table.session is gs, timeout=20000)
    assert hs.seat == 0 and gs.seat == 1
    return host, hs, guest, gs, decks


def test_archenemy_commander_over_the_lan(qtbot, monkeypatch):
    host, hs, guest, gs, decks = _archenemy_table(qtbot, monkeypatch)
    drawn = [table_drawn(hs), table_drawn(gs)]
    # play until the archenemy has set a scheme in motion and every table has heard of it
    scheme = None
    for _ in for_up_to(qtbot, 150, 10):
        answer_at_table(hs, host.table)
        answer_at_table(gs, guest.table)
        moved = [e for e in gs.all_events() if e.get("key") == "scheme_set_in_motion"]
        if moved and any(e.get("key") == "scheme_set_in_motion" for e in hs.all_events()):
            scheme = moved[0]["card"]
            break
    assert scheme in built_in(decks[0])
    # (each table compared with its view once it has drawn the latest one)
    qtbot.waitUntil(lambda: all(d() for d in drawn), timeout=20000)
    for window, session in ((host, hs), (guest, gs)):
        table = window.table
        obs = session.observation()
        vera = obs["players"][0]
        assert vera["team"] == "archenemy" and vera["life"] == 60
        team = [p for p in obs["players"] if p["index"] != 0]
        assert {p["team"] for p in team} == {"heroes"} and {p["life"] for p in team} == {60}
        # the scheme deck: a count on the table, never its cards (CR 904.3) — the archenemy's own
        # a face-down pile; at the others' tables the count in the archenemy's panel (their
        # column's pile is the command zone)
        pile = table.scene.zones[("schemes", 0)]
        assert pile.count == vera["schemes"] >= 9 and pile.top is None
        assert pile.isVisible() == (session is hs)
        hidden = set(built_in(decks[0])) - {scheme} - {c["name"] for c in vera.get("command", [])}
        assert not hidden & set(repr(obs).split("'")), "a scheme in the scheme deck reached a table"
        # the scheme set in motion, large for everyone, and the log's sentence
        assert scheme in table.scheme_banner.shown
        lines = [table.log.list.item(i).text() for i in range(table.log.list.count())]
        said = "You set the scheme" if session is hs else "Vera sets the scheme"
        assert any(said in line and scheme in line for line in lines), lines
        # the panels: the archenemy and their scheme deck; the team's one life total
        assert table.scene.panels[0].info.get("scheme_deck") == vera["schemes"]
        assert table.scene.panels[2].info.get("shared_life") is True
    hs.close()
    gs.close()


def test_the_team_turn_shows_who_acts_on_every_table(qtbot, monkeypatch):
    """The team's shared turn (CR 805.4a): on the archenemy's table and on the team member's,
    the phase bar says "Team (Hugo acts)" while he decides and the panels mark the
    whole team as having the turn and him as deciding; it is the team member's own
    turn on his table, not on the archenemy's."""
    host, hs, guest, gs, _decks = _archenemy_table(qtbot, monkeypatch)
    room = hs.worker.server.room
    seen: set[int] = set()
    for _ in for_up_to(qtbot, 150, 10):
        answer_at_table(hs, host.table)
        answer_at_table(gs, guest.table)
        if hs.state.seq != room.seq or gs.state.seq != room.seq:
            continue  # (both tables on the host's latest position)
        obs = gs.observation()
        who = (obs.get("pending") or {}).get("player")
        if len(obs.get("active_players") or []) < 2 or who not in obs["active_players"] or who in seen:
            continue
        names = gs.player_names
        for window, session in ((host, hs), (guest, gs)):
            table = window.table
            table.refresh()
            assert table.phase_bar.label() == f"Turn {obs['turn']} · Team ({names[who]} acts)"
            panels = table.scene.panels
            assert [panels[i].active for i in range(4)] == [False, True, True, True]
            assert [panels[i].deciding for i in range(4)] == [i == who for i in range(4)]
            assert table.phase_bar.own_turn == (session is gs)
        seen.add(who)
        if 1 in seen:  # Hugo acts
            break
    assert 1 in seen, seen
    hs.close()
    gs.close()
