"""The lobby never reads "(0 cards)": a seat whose deck the host has not accepted yet (SeatInfo.deck
0: none yet, docs/protocol.md) is "no deck yet"; a seat with a deck shows its count."""
from __future__ import annotations

from typing import Any

from app.shell.lan_dialogs import LobbyDialog
from engine.net import protocol as P
from tests.app.lobby_stub import LobbySession


def test_a_seat_without_a_deck_is_not_shown_with_no_cards(qtbot: Any) -> None:
    lobby = LobbyDialog(LobbySession(), is_host=False)
    qtbot.addWidget(lobby)
    lobby.show_lobby(P.Lobby(seats=[P.SeatInfo(seat=0, name="Alice", ready=True, deck=60, connected=True),
                                    P.SeatInfo(seat=1, name="Bob", ready=False, deck=0, connected=True)],
                             spectators=0, started=False))
    lines = [lobby.seats.item(i).text() for i in range(lobby.seats.count())]
    assert lines == ["Seat 1: Alice — ready (60 cards)", "Seat 2: Bob — not ready, no deck yet"]
