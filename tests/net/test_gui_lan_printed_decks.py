"""The printed Duskmourn Commander decks at a LAN table (issue #28), on 127.0.0.1: the host
chooses Archenemy Commander and a printed deck in the host dialog, the lobby's "Add a computer
player…" gives the free seats printed decks too. The table accepts each seat with the printed
deck's commander, and the archenemy's seat with its product's scheme deck; the computer seats
are "Computer 1" and "Computer 2"."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from app.ai_dialog import ComputerSeatDialog  # noqa: E402
from app.settings import Settings  # noqa: E402
from app.shell.lan_dialogs import LanDialog  # noqa: E402
from app.shell.lan_flow import host_lan  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from engine.decks import read_deck  # noqa: E402
from engine.decks.samples import printed_commander_decks  # noqa: E402
from engine.decks.scheme_decks import built_in  # noqa: E402
from net_helpers import add_computers  # noqa: E402


pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)


def test_printed_decks_at_an_archenemy_commander_table(qtbot, monkeypatch):
    printed = [str(p) for p in printed_commander_decks()]
    host = MainWindow(Settings(animations=False))
    qtbot.addWidget(host)
    dlg = LanDialog(host.settings, host=True, parent=host)
    dlg.name.setText("Vera")
    dlg.mode.setCurrentIndex(dlg.mode.findData("rules"))
    dlg.format.setCurrentIndex(dlg.format.findData("archenemy_commander"))
    dlg.players.setValue(3)
    assert dlg.deck_path() == printed[0]  # the first printed deck, as New game → Commander
    hs = host_lan(host, bind="127.0.0.1", announce=False, dialog=dlg, port=0)
    assert hs is not None
    lobby = host.lan_lobby
    qtbot.waitUntil(lambda: lobby.ready.isEnabled(), timeout=20000)  # commander and scheme deck accepted
    chosen = iter([printed[2], printed[3]])
    shown: list[bool] = []

    def accept(dialog: ComputerSeatDialog) -> Any:
        items = [str(dialog.deck.itemData(i)) for i in range(dialog.deck.count())]
        assert items[:4] == printed
        dialog.deck.setCurrentIndex(dialog.deck.findData(next(chosen)))
        shown.append(dialog.rules)  # (the table's mode reached the dialog)
        return ComputerSeatDialog.DialogCode.Accepted
    monkeypatch.setattr(ComputerSeatDialog, "exec", accept)
    add_computers(qtbot, lobby, 2)
    assert shown == [True, True]
    room = hs.worker.server.room
    for seat, path in ((0, printed[0]), (1, printed[2]), (2, printed[3])):
        deck = read_deck(Path(path)).deck
        assert room.seats[seat].commanders == deck.card_names("commander")
        assert sorted(room.seats[seat].deck) == sorted(deck.card_names() + deck.card_names("commander"))
    assert room.seats[0].schemes == built_in(printed[0]) and len(room.seats[0].schemes) >= 10
    # each computer seat by a name of its own (not "Computer" and "Computer (2)")
    assert [room.seats[i].name for i in (1, 2)] == ["Computer 1", "Computer 2"]
    hs.close()
