"""The LAN host's door: every TCP connection is counted from the moment it is accepted, not
only once its WebSocket handshake is done, so a flood of half-open handshakes (a peer that
connects and sends nothing, held up to the handshake's 10 s) is limited like open ones.

Within the limits (Server.max_connections in all, max_per_address from one address) a
connection is *admitted*. Beyond them it is *refused*: it may still finish its handshake
within REFUSE_SECONDS, and then hears why (an `error` frame, `too_many_connections`, and the
close code 1013, as before) — a person's client at a full host gets a clear sentence.
At most MAX_REFUSING refused ones are held at once; any further one is closed at once (a
peer that has sent nothing yet cannot be told anything; only a flood gets here).
"""
from __future__ import annotations

import asyncio
from collections import Counter

from websockets.asyncio.server import ServerConnection
from websockets.protocol import State

REFUSE_SECONDS = 2.0  # a refused connection's time to finish its handshake and hear why
MAX_REFUSING = 16  # refused connections held at once (the rest are closed at once)

ADMITTED, REFUSED, DROPPED = "admitted", "refused", "dropped"


class Gate:
    """The counts: admitted connections in all and per address, refused ones held."""

    def __init__(self, max_connections: int, max_per_address: int, max_refusing: int = MAX_REFUSING) -> None:
        self.max_connections, self.max_per_address, self.max_refusing = max_connections, max_per_address, max_refusing
        self.admitted = 0
        self.per_address: Counter[str] = Counter()
        self.refusing = 0

    def admit(self, address: str) -> str:
        """ADMITTED, REFUSED or DROPPED for a connection just accepted from `address`."""
        if self.admitted < self.max_connections and self.per_address[address] < self.max_per_address:
            self.admitted += 1
            self.per_address[address] += 1
            return ADMITTED
        if self.refusing < self.max_refusing:
            self.refusing += 1
            return REFUSED
        return DROPPED

    def release(self, address: str, admission: str) -> None:
        """The connection is closed: its place is free again."""
        if admission == ADMITTED:
            self.admitted -= 1
            self.per_address[address] -= 1
            if self.per_address[address] <= 0:
                del self.per_address[address]
        elif admission == REFUSED:
            self.refusing -= 1


class CountedConnection(ServerConnection):
    """A ServerConnection that takes its place at the gate when the TCP connection is made and
    gives it back when it is lost (`gate` is set on the subclass `counted` makes per server)."""

    gate: Gate
    admission = DROPPED
    address = ""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        self.admission = self.gate.admit(self.address)
        if self.admission == DROPPED:
            self.transport.abort()  # (connection_lost follows; it gives back nothing)
        elif self.admission == REFUSED:
            self.loop.call_later(REFUSE_SECONDS, self._refuse_late)

    def _refuse_late(self) -> None:
        """A refused connection that has not finished its handshake by now is closed."""
        if self.protocol.state is State.CONNECTING:
            self.transport.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        self.gate.release(self.address, self.admission)
        self.admission = DROPPED  # (given back once)
        super().connection_lost(exc)

    @property
    def refused(self) -> bool:
        return self.admission == REFUSED


def counted(gate: Gate) -> type[CountedConnection]:
    """The connection class for one server's gate (websockets' `create_connection`)."""
    return type("CountedConnection", (CountedConnection,), {"gate": gate})
