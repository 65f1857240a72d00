"""A stand-in for the network worker a RemoteSession talks through: the same signals, and
`send` keeps what the session would have sent (no socket, no thread)."""
from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class RecordingWorker(QObject):
    received = Signal(object)
    connection = Signal(str, str)

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[object] = []
        self.address, self.name, self.token = "127.0.0.1:1", "Bob", ""

    def send(self, msg: object) -> None:
        self.sent.append(msg)
