"""A LAN session as the lobby dialog sees it (app/shell/lan_dialogs.py LobbyDialog): the signals
it connects to and the one call it makes, with no network behind them."""
from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class LobbySession(QObject):
    lobby_changed = Signal(object)
    deck_checked = Signal(object)
    chat = Signal(object)
    started = Signal()
    connection_state = Signal(str, str)
    error = Signal(str)

    def allow_follow(self, allow: bool) -> None:
        pass
