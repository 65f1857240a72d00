"""A host that allows any deck (the Host dialog's "Allow any deck", protocol 5's
`Lobby.any_deck`): the joined seat's lobby says so, in German, before anyone is ready (session
18 could tell it only with the deck's answer). Two windows on 127.0.0.1, bounded in time."""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import pytest  # noqa: E402

from app.i18n import set_language  # noqa: E402
from app.settings import Settings  # noqa: E402
from app.shell import lan_flow  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from engine.net.seats import Seating  # noqa: E402
from engine.decks.samples import commander_decks  # noqa: E402
from table_driver import lan_dialog  # noqa: E402 - tools/table_driver.py: the drivers fill it so too
from net_helpers import host_and_join, hosting  # noqa: E402

pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)

SAID = "Jedes Deck ist erlaubt: Der Gastgeber nimmt auch Decks, die die Deckprüfung des Formats nicht bestehen."


def _allowing(w):  # type: ignore[no-untyped-def]
    dlg = lan_dialog(w, host=True, name="Anna", deck=str(commander_decks()[0]), players=2)
    dlg.any_deck.setChecked(True)
    return dlg


def test_a_joined_seat_is_told_the_host_allows_any_deck(qtbot) -> None:  # type: ignore[no-untyped-def]
    set_language("de")
    w, host, v, bob = host_and_join(qtbot, _allowing,
                                    lambda v, address: lan_dialog(v, host=False, name="Bob",
                                                                  deck=str(commander_decks()[1]), address=address))
    # (the lobby frame may still be on its way on a loaded machine: CI read an empty label once)
    qtbot.waitUntil(lambda: SAID in v.lan_lobby.rules.text() and SAID in w.lan_lobby.rules.text(), timeout=20000)
    bob.close()
    host.close()


def test_a_host_of_protocol_4_is_joined_in_its_own_version(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A host of version 4 seats only version 4 (before version 5 every host did): this
    program says hello in 5, is refused, and joins again at once in 4 without a word to the
    user; that host never says whether it allows any deck, so the lobby says nothing of it."""
    w, host = hosting(qtbot, _allowing)

    def old_join(self, peer, hello):  # type: ignore[no-untyped-def]  # (session 18's check)
        if hello.version != 4:
            self.room.error(peer, "version", "net.version", "hello", host=4, client=hello.version)
            peer.close(1008, "version")
            return False
        return real_join(self, peer, hello)
    real_join = Seating.join
    monkeypatch.setattr(Seating, "join", old_join)
    v = MainWindow(Settings(animations=False))
    qtbot.addWidget(v)
    bob = lan_flow.join_lan(v, dialog=lan_dialog(v, host=False, name="Bob", deck=str(commander_decks()[1]),
                                                 address=f"127.0.0.1:{host.worker.server.port}"))
    qtbot.waitUntil(lambda: v.lan_lobby.ready.isEnabled(), timeout=20000)
    assert bob.worker.version == 4
    assert "Any deck is allowed" not in v.lan_lobby.rules.text() and "Any deck is allowed" in w.lan_lobby.rules.text()
    assert v.lan_lobby.deck_info.text() == "The host accepted your deck."
    bob.close()
    host.close()
