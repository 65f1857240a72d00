"""The client side of the protocol, without Qt: connect, say hello, keep the seat's
observation up to date from snapshots and patches, collect the event log.

Used by the headless bot (engine/net/bot.py), the tests and benchmarks, and the GUI's
RemoteSession (app/net_session.py, which runs it on a worker thread).
"""
from __future__ import annotations

import asyncio
import copy
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from engine.net import delta
from engine.net import protocol as P


class ProtocolError(RuntimeError):
    pass


def url_for(address: str) -> str:
    """"host:port", "host" or a ws:// URL -> a ws:// URL (default port 47470)."""
    address = address.strip()
    if address.startswith(("ws://", "wss://")):
        return address
    if address.startswith("["):  # [::1]:port
        host, _, rest = address[1:].partition("]")
        port = rest.lstrip(":") or str(P.DEFAULT_PORT)
        return f"ws://[{host}]:{int(port)}"
    host, sep, port = address.rpartition(":")
    if not sep or not port.isdigit():
        host, port = address, str(P.DEFAULT_PORT)
    return f"ws://{host}:{int(port)}"


class Client:
    def __init__(self, address: str, name: str, *, role: str = "player", token: str = "",
                 follow: int | None = None) -> None:
        self.url = url_for(address)
        self.name = name
        self.role = role
        self.token = token
        self.follow = follow
        self.ws: ClientConnection | None = None
        self.welcome: P.Welcome | None = None
        self.seat: int | None = None
        self.seq = 0
        self.obs: dict[str, Any] | None = None
        self.log: list[dict[str, Any]] = []
        self.lobby: P.Lobby | None = None
        self.players: list[str] = []
        self.outcome: dict[str, Any] | None = None
        self.errors: list[P.Error] = []
        self.bytes_in = 0
        self.frames: list[str | bytes] | None = None  # every frame as received, when recording
        self.acts = 0  # actions sent (Act.id)
        self.version = P.PROTOCOL_VERSION  # the protocol version this connection speaks (connect)

    async def connect(self, timeout: float = 10.0) -> P.Welcome:
        """Say hello in `self.version`; a host of an older version this program still speaks
        refuses it and is asked again in its own (P.older_host)."""
        while True:
            self.ws = await asyncio.wait_for(connect(self.url, max_size=P.MAX_MESSAGE, compression=None,
                                                     ping_interval=10, ping_timeout=20), timeout)
            await self.send(P.Hello(version=self.version, name=self.name, role=self.role, token=self.token,
                                    follow=self.follow))
            while True:
                msg = await asyncio.wait_for(self.recv(), timeout)
                if isinstance(msg, P.Welcome):
                    return msg
                older = P.older_host(msg, self.version)
                if older is not None:
                    self.errors.remove(msg)  # (not a refusal the user hears of: asked again)
                    await self.ws.close()
                    self.version = older
                    break
                if isinstance(msg, P.Error):
                    raise ProtocolError(f"{msg.reason}: {msg.message}")

    async def send(self, msg: Any) -> None:
        assert self.ws is not None
        await self.ws.send(P.encode(msg).decode())

    async def act(self, text: str, fields: dict[str, Any] | None = None) -> None:
        await self.send(P.Act(text=text, seq=self.seq, fields=fields, id=self.next_act_id()))

    def next_act_id(self) -> int:
        """A new number for an action (Act.id): the host takes each one once."""
        self.acts += 1
        return self.acts

    async def recv(self) -> Any:
        """The next message, already folded into the client's state."""
        assert self.ws is not None
        frame = await self.ws.recv()
        self.bytes_in += len(frame)
        if self.frames is not None:
            self.frames.append(frame)
        msg = P.decode_server(frame)
        self.absorb(msg)
        return msg

    def absorb(self, msg: Any) -> None:
        if isinstance(msg, P.Welcome):
            self.welcome, self.seat = msg, msg.seat
            if msg.token:
                self.token = msg.token
        elif isinstance(msg, P.Lobby):
            self.lobby = msg
        elif isinstance(msg, P.Started):
            # a copy: patches change the client's observation in place, the message stays as it came
            self.seq, self.obs, self.players, self.outcome = msg.seq, copy.deepcopy(msg.observation), msg.players, None
            self.log = []
        elif isinstance(msg, P.Snapshot):
            self.seq, self.obs, self.log = msg.seq, copy.deepcopy(msg.observation), list(msg.events)
        elif isinstance(msg, P.Update):
            self.seq = msg.seq
            self.obs = delta.apply(self.obs, msg.patch)
            self.log.extend(msg.events)
        elif isinstance(msg, P.GameOver):
            self.outcome = msg.outcome
        elif isinstance(msg, P.Error):
            self.errors.append(msg)

    def my_decision(self) -> bool:
        pend = (self.obs or {}).get("pending")
        return isinstance(pend, dict) and self.seat is not None and pend.get("player") == self.seat \
            and self.outcome is None and not (self.obs or {}).get("outcome")

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
