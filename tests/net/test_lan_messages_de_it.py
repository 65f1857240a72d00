"""What the LAN says when something goes wrong is said in the user's language (German and
Italian here, with the glossary's terms), never as the system's or the host's English: a journal
that cannot be resumed, a port another program uses, a host that closed the connection with a
reason, a computer player refused a seat. Loopback only, port 0, files in tmp_path."""
from __future__ import annotations

import os
import socket

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtWidgets import QMessageBox  # noqa: E402

from app import lan_seats  # noqa: E402
from app.i18n import set_language  # noqa: E402
from app.net_worker import connection_problem  # noqa: E402
from app.settings import Settings  # noqa: E402
from app.shell import lan_flow  # noqa: E402
from app.shell.lan_texts import table_rules  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from engine.net import protocol as P  # noqa: E402
from engine.net.seats import SeatRefusal  # noqa: E402
from net_helpers import DECK, lan_dialog, room  # noqa: E402
from engine.net.computer import ComputerSeat  # noqa: E402

pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)


@pytest.fixture
def warnings(monkeypatch):
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(str(a[2])))
    return shown


def test_a_journal_that_cannot_be_resumed_is_explained_in_german(qtbot, tmp_path, warnings):
    set_language("de")
    journal = tmp_path / "journal.jsonl"
    journal.write_text('{"format": "manatable-lan-journal", "names": ["A", "B"]}\n{"a": [0, "keep"]}\nkaputt\n{"undo": 1}\n',
                       encoding="utf-8")
    lan_seats.remember("127.0.0.1:1", "Anna", "Dienstagsrunde", "token", journal=str(journal))
    w = MainWindow(Settings(animations=False))
    qtbot.addWidget(w)
    assert lan_flow.resume_lan(w, bind="127.0.0.1", announce=False) is None
    assert warnings == ["Das Spiel „Dienstagsrunde“ kann nicht fortgesetzt werden: Zeile 3 des Journals ist "
                        "beschädigt; das Spiel kann damit nicht fortgesetzt werden."]


def test_a_port_in_use_is_explained_in_italian(qtbot, tmp_path, warnings):
    set_language("it")
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    port = taken.getsockname()[1]
    try:
        w = MainWindow(Settings(animations=False))
        qtbot.addWidget(w)
        dlg = lan_dialog(w, tmp_path, host=True, name="Anna")
        assert lan_flow.host_lan(w, bind="127.0.0.1", announce=False, dialog=dlg, port=port) is None
    finally:
        taken.close()
    assert len(warnings) == 1
    assert f"un altro programma (o un altro tavolo) usa già la porta {port}." in warnings[0], warnings


def test_a_hosts_reason_for_closing_is_said_in_words():
    set_language("de")
    assert connection_problem(ConnectionError("too slow")) == \
        "der Gastgeber hat die Verbindung getrennt: sie hat die Neuigkeiten vom Tisch zu langsam abgeholt"
    assert connection_problem(ConnectionError("1001")) == "1001"  # (the window words "going away")
    assert connection_problem(ConnectionError("weil ich es kann")) == \
        "der Gastgeber hat die Verbindung getrennt (weil ich es kann)"  # another host's own words
    set_language("it")
    assert connection_problem(ConnectionError("signed in elsewhere")) == \
        "il tuo posto è stato preso da una connessione con la chiave del tuo posto"
    assert connection_problem(socket.gaierror(-2, "Name or service not known")) == \
        "nella rete non è stato trovato nessun computer con questo nome"


def test_a_computer_seat_refused_names_its_reason_by_key():
    r = room(2, format="commander")
    with pytest.raises(SeatRefusal) as got:  # a deck without a commander at a Commander table
        r.add_agent(1, ComputerSeat(r, 1, "heuristic", DECK), "Computer", DECK)
    assert got.value.key and got.value.key != "net.seat_taken" and str(got.value)


def test_the_lobby_names_the_tables_format():
    """A joining player learns the format only in the lobby: the Archenemy formats are named
    there (only Commander was), in the release notes' German terms."""
    set_language("de")
    lobby = P.Lobby(seats=[], spectators=0, started=False, format="archenemy_commander")
    assert table_rules(lobby).startswith("Eine Erzfeind-Commander-Partie: der Gastgeber ist der Erzfeind")
    set_language("it")
    assert table_rules(P.Lobby(seats=[], spectators=0, started=False, format="supervillain_rumble")).startswith(
        "Una partita Supervillain Rumble: ognuno per sé")
