"""The LAN host: WebSocket connections (the `websockets` library) in front of a Room.

`manatable-server --port P --players N [--mode rules|hybrid|tabletop] [--paper] [--any-deck]` runs it headless
(binds 127.0.0.1 unless `--host` says otherwise). The GUI's "Host LAN game" runs the same
Server on an asyncio loop in a worker thread.

Per connection: the first frame must be `hello` (within HELLO_SECONDS); every frame is
decoded against the client schema (engine/net/protocol.py) before the room sees it; a
token bucket limits the rate; too many refused frames close the connection (1008).
Frames over 1 MiB are closed by the library with 1009; dead peers are found by its
ping/pong keep-alive. Connections are counted from the TCP accept, half-open handshakes
included (engine/net/gate.py): beyond MAX_CONNECTIONS / MAX_PER_ADDRESS they are refused.
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
import time
from pathlib import Path
from typing import Any, Callable

import msgspec
from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.protocol import State
from websockets.exceptions import ConnectionClosed

from engine.config import FORMATS
from engine.net import protocol as P
from engine.net.clock import DECISION_SECONDS, GAME_SECONDS, POLICIES
from engine.messages import Translator, has, message
from engine.messages.catalogs import CatalogTranslator, environment_language
from engine.net.engine_port import max_players as port_max_players, sentence
from engine.net.gate import Gate, counted
from engine.net.guard import take_token
from engine.net.room import CLOSE_POLICY, CLOSE_TRY_LATER, Room
from engine.net.discovery import Announcer
from engine.paths import data_dir
from engine.net.computer import ComputerSeat, format_fields, parse_spec

log = logging.getLogger(__name__)
HELLO_SECONDS = 10.0
RATE = 100.0  # messages per second, sustained (a person sends a few; a bot at full speed ~60)
BURST = 200.0
MAX_REFUSED = 50  # refusals (bad frames, floods, refused actions, room errors) in a row before closing
REFUSAL_DECAY = 1.0  # refusals forgiven per second: a player's occasional stale action never adds up
MAX_QUEUE = 2000  # unsent messages to one slow client before it is dropped
MAX_BUFFER = 4 << 20  # bytes written but not yet taken by one client before it is dropped
MAX_CONNECTIONS = 600  # connections (seats, spectators, those still saying hello or in their handshake)
MAX_PER_ADDRESS = 64  # connections from one address (engine/net/gate.py counts them from the accept)
CHAT_RATE, CHAT_BURST = 1.0, 5.0  # chat lines per second per connection (each goes to everyone)
PING_INTERVAL = 10.0
PING_TIMEOUT = 20.0


class Connection:
    """One client: an outgoing queue drained by a writer task (the room is synchronous)."""

    def __init__(self, ws: ServerConnection) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.tokens = BURST
        self.last = time.monotonic()
        self.refused = 0.0
        self.refused_at = self.last
        self.busy = False  # the writer task is in the middle of a send
        self.chat_tokens = CHAT_BURST
        self.chat_last = self.last
        self.closing = False
        remote = getattr(ws, "remote_address", None)
        self.address = str(remote[0]) if isinstance(remote, tuple) and remote else ""

    def send(self, data: bytes) -> None:
        if self.closing:
            return
        if not self.busy and self.queue.empty() and self.ws.state is State.OPEN:
            # nothing waiting: write now, without waking a task (500 spectators cost 500 task
            # switches per update otherwise). A client that reads too slowly is dropped.
            transport = self.ws.transport
            if transport is not None and transport.get_write_buffer_size() > MAX_BUFFER:
                self.close(CLOSE_POLICY, "too slow")
                return
            broadcast([self.ws], data, text=True)
            return
        if self.queue.qsize() > MAX_QUEUE:
            self.close(CLOSE_POLICY, "too slow")
            return
        self.queue.put_nowait(data)

    def close(self, code: int, reason: str) -> None:
        if not self.closing:
            self.closing = True
            self.close_args = (code, reason)
            self.queue.put_nowait(None)

    async def writer(self) -> None:
        try:
            while True:
                data = await self.queue.get()
                if data is None:
                    await self.ws.close(*self.close_args)
                    return
                self.busy = True
                try:
                    await self.ws.send(data, text=True)  # JSON is UTF-8 already: no decode/encode
                finally:
                    self.busy = False
        except ConnectionClosed:
            pass


class Server:
    def __init__(self, room: Room, host: str = "127.0.0.1", port: int = P.DEFAULT_PORT, *,
                 rate: float = RATE, burst: float = BURST, max_connections: int = MAX_CONNECTIONS,
                 max_per_address: int = MAX_PER_ADDRESS, handshake_seconds: float = HELLO_SECONDS) -> None:
        self.room = room
        self.gate = Gate(max_connections, max_per_address)
        self.handshake_seconds = handshake_seconds  # an unfinished WebSocket handshake is closed after it
        room.on_refuse = self._count_refusal  # refused actions and room errors count too
        self.host = host
        self.port = port
        self.listening: list[str] = []  # the addresses its sockets listen on (`start`): who can join
        self.rate, self.burst = rate, burst
        self._server: Any = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.connections: set[Connection] = set()
        self.bytes_in = 0

    def _schedule(self, delay: float, fn: Any) -> Any:
        assert self.loop is not None

        def run() -> None:
            try:
                fn()
            except Exception:
                log.exception("A scheduled room task failed")
        return self.loop.call_later(delay, run) if delay > 0 else self.loop.call_soon(run)

    async def start(self) -> int:
        """Listen; returns the port (useful with port 0)."""
        self.loop = asyncio.get_running_loop()
        self.room.schedule = self._schedule
        self.room.scheduled = True
        self._server = await serve(self._handler, self.host, self.port, max_size=P.MAX_MESSAGE,
                                   ping_interval=PING_INTERVAL, ping_timeout=PING_TIMEOUT, max_queue=64,
                                   compression=None, create_connection=counted(self.gate),
                                   open_timeout=self.handshake_seconds)
        sock = next(iter(self._server.sockets))
        self.port = int(sock.getsockname()[1])
        self.listening = [str(s.getsockname()[0]) for s in self._server.sockets]
        self.room.serving()
        return self.port

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        if self.room.journal is not None:
            self.room.journal.close()

    async def _handler(self, ws: ServerConnection) -> None:
        conn = Connection(ws)
        conn.tokens = self.burst
        if getattr(ws, "refused", False):  # beyond the limits when it connected (engine/net/gate.py)
            await ws.send(P.encode(P.Error(reason="too_many_connections", message=sentence("net.too_many_connections"),
                                           key="net.too_many_connections")), text=True)
            await ws.close(CLOSE_TRY_LATER, "too many connections")
            return
        self.connections.add(conn)
        writer = asyncio.create_task(conn.writer())
        joined = False
        try:
            try:
                first = await asyncio.wait_for(ws.recv(), HELLO_SECONDS)
            except asyncio.TimeoutError:
                self._refuse(conn, "no_hello", "net.no_hello", close=True)
                return
            hello = self._decode(conn, first)
            if not isinstance(hello, P.Hello):
                if hello is not None:
                    self._refuse(conn, "no_hello", "net.hello_first", close=True)
                else:
                    conn.close(CLOSE_POLICY, "no hello")
                return
            try:
                joined = self.room.join(conn, hello)
            except Exception:  # a bug must not take the host down; the client hears why
                log.exception("join failed")
                self._refuse(conn, "server_failure", "net.server_failure", close=True)
                return
            if not joined:
                return
            async for frame in ws:
                if conn.closing:
                    continue  # keep reading: the peer's close frame may be queued behind these
                self.receive(conn, frame)
        except ConnectionClosed:
            pass
        finally:
            self.connections.discard(conn)
            if joined:
                try:
                    self.room.leave(conn)
                except Exception:
                    log.exception("leave failed")
            conn.close(1000, "bye")
            try:
                await asyncio.wait_for(writer, 2.0)
            except (asyncio.TimeoutError, ConnectionClosed):
                writer.cancel()

    def receive(self, conn: Any, frame: str | bytes) -> None:
        """One frame from a seated connection: rate, schema, then the room."""
        if not self._allow(conn):
            self._refuse(conn, "flood", "net.flood", frame=frame)
            return
        msg = self._decode(conn, frame, named=True)
        if msg is None:
            return
        if isinstance(msg, P.Hello):
            self._refuse(conn, "wrong_time", "net.hello_twice")
            return
        if isinstance(msg, P.Chat) and not self._allow_chat(conn):  # a line goes to everyone
            self._refuse(conn, "flood", "net.flood")
            return
        try:
            self.room.handle(conn, msg)
        except Exception:  # a bug must not take the table down
            log.exception("The room failed on %r", msg)
            conn.send(P.encode(P.Error(reason="server_failure", message=sentence("net.server_failure"),
                                       key="net.server_failure")))

    def _allow_chat(self, conn: Any) -> bool:
        return take_token(conn, CHAT_RATE, CHAT_BURST, time.monotonic(), "chat_")

    def _count_refusal(self, conn: Any) -> None:
        """One more refusal; refusals fade at REFUSAL_DECAY a second. Past MAX_REFUSED the
        connection is closed: an oracle or a flood costs its sender the connection."""
        now = time.monotonic()
        last = getattr(conn, "refused_at", now)
        conn.refused = max(0.0, getattr(conn, "refused", 0.0) - (now - last) * REFUSAL_DECAY) + 1
        conn.refused_at = now
        if conn.refused > MAX_REFUSED and hasattr(conn, "close"):
            conn.close(CLOSE_POLICY, "refused")

    def _allow(self, conn: Any) -> bool:
        return take_token(conn, self.rate, self.burst, time.monotonic())

    def _decode(self, conn: Any, frame: str | bytes, named: bool = False) -> Any:
        """The frame's message, or None once it is refused; `named`: a seated connection's frame,
        whose refusal names the `act` it was (P.act_named)."""
        self.bytes_in += len(frame)
        of = frame if named else None
        try:
            return P.decode_client(frame)
        except P.TooDeep:
            self._refuse(conn, "too_deep", "net.too_deep", frame=of)
        except msgspec.ValidationError as exc:
            self._refuse(conn, "bad_message", "net.bad_message", frame=of, detail=str(exc)[:200])
        except msgspec.DecodeError as exc:
            self._refuse(conn, "bad_json", "net.bad_json", frame=of, detail=str(exc)[:200])
        except Exception as exc:  # (RecursionError, MemoryError ...): an answer, never a traceback
            self._refuse(conn, "bad_message", "net.bad_message", frame=of, detail=type(exc).__name__)
        return None

    def _refuse(self, conn: Any, reason: str, key: str, close: bool = False, frame: str | bytes | None = None,
                **params: Any) -> None:
        """Refuse a message: `reason` (docs/protocol.md), the key of its sentence (net.*) and its
        parameters; `message` is the sentence in English. `frame`: the refused frame of a seated
        connection — an `act` is named (`ref`, `act`), so that its sender need not wait for an
        answer that will not come (app/net_session.py)."""
        self._count_refusal(conn)
        n = int(conn.refused)
        # a flood of refusals is answered once in a while, not message by message (and only an
        # answered one is read to be named: a flood is never parsed frame by frame)
        if n <= 10 or n % 10 == 0:
            act = P.act_named(frame) if frame is not None else 0
            conn.send(P.encode(P.Error(reason=reason, message=sentence(key, **params), key=key, params=params,
                                       ref="act" if act else "", act=act)))
        if close:
            conn.close(CLOSE_POLICY, reason)


def main(argv: list[str] | None = None) -> int:
    """`manatable-server`: its help, its messages and its refusals in the language the
    environment names (LANGUAGE, LC_ALL, LC_MESSAGES, LANG; engine/messages/cli.py), as the app."""
    tr = CatalogTranslator(environment_language() or "en")

    def say(key: str, **params: Any) -> str:
        return message(key, tr, **params)
    ap = argparse.ArgumentParser(prog="manatable-server", description=say("server.description"))
    ap.add_argument("--port", type=int, default=P.DEFAULT_PORT, help=say("server.help.port", port=P.DEFAULT_PORT))
    ap.add_argument("--host", default="127.0.0.1", help=say("server.help.host"))
    ap.add_argument("--players", type=int, default=2, choices=range(2, port_max_players() + 1),
                    help=say("server.help.players"))
    ap.add_argument("--mode", default="rules", choices=("rules", "hybrid", "tabletop"), help=say("server.help.mode"))
    ap.add_argument("--format", default="free_for_all", choices=FORMATS, help=say("server.help.format"))
    ap.add_argument("--paper", action="store_true", help=say("server.help.paper"))
    ap.add_argument("--any-deck", action="store_true", help=say("server.help.any_deck"))
    ap.add_argument("--decision-seconds", type=float, default=DECISION_SECONDS,
                    help=say("server.help.decision_seconds", seconds=f"{DECISION_SECONDS:g}"))
    ap.add_argument("--game-seconds", type=float, default=GAME_SECONDS,
                    help=say("server.help.game_seconds", seconds=f"{GAME_SECONDS:g}"))
    ap.add_argument("--on-timeout", default="claim", choices=POLICIES, help=say("server.help.on_timeout"))
    ap.add_argument("--name", default="Manatable", help=say("server.help.name"))
    ap.add_argument("--dir", default=None, help=say("server.help.dir"))
    ap.add_argument("--resume", default=None, help=say("server.help.resume"))
    ap.add_argument("--spectator-hands", action="store_true", help=say("server.help.spectator_hands"))
    ap.add_argument("--computer", action="append", default=[], metavar="SEAT[:LEVEL[:DECK]]",
                    help=say("server.help.computer"))
    ap.add_argument("--announce", action="store_true", help=say("server.help.announce"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        if args.resume:
            room = Room.resume(Path(args.resume), spectator_hands=args.spectator_hands)
        else:
            folder = Path(args.dir) if args.dir else data_dir() / "lan" / time.strftime("%Y%m%d-%H%M%S")
            room = Room(args.players, args.mode, args.name, journal_dir=folder,
                        spectator_hands=args.spectator_hands, paper=args.paper, any_deck=args.any_deck,
                        decision_seconds=args.decision_seconds, game_seconds=args.game_seconds,
                        on_timeout=args.on_timeout, format=args.format)
        for spec in args.computer:  # engine/net/computer.py
            seat, level, deck = parse_spec(spec, len(room.seats))
            cards, commanders, schemes = format_fields(spec, room.format, seat)
            if room.format != "free_for_all":
                deck = cards
            room.add_agent(seat, ComputerSeat(room, seat, level, deck, seed=seat), "Computer", deck, commanders, schemes)
    except (ValueError, OSError, KeyError) as exc:
        print(say("server.cannot_start", problem=problem_text(exc, tr)), file=sys.stderr)
        return 2
    announce = args.announce or args.host not in ("127.0.0.1", "::1", "localhost")
    try:
        asyncio.run(_serve(room, args.host, args.port, announce, say))
    except OSError as exc:
        print(say("server.cannot_listen", address=f"{args.host}:{args.port}", reason=exc.strerror or str(exc)),
              file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


def problem_text(exc: BaseException, tr: Translator) -> str:
    """Why the server cannot start, in the translator's language: the sentence of the error's
    key (a journal, a --computer option, a deck file), or its own text (an OSError's reason)."""
    problem = getattr(exc, "problem", None)  # (a deck file: DeckFormatError)
    key, params = getattr(problem or exc, "key", None), getattr(problem or exc, "params", None)
    if isinstance(key, str) and has(key) and isinstance(params, dict):
        return message(key, tr, **params)
    if isinstance(exc, OSError):
        return f"{exc.filename}: {exc.strerror}" if exc.filename and exc.strerror else exc.strerror or str(exc)
    return str(exc)


async def _serve(room: Room, host: str, port: int, announce: bool, say: Callable[..., str]) -> None:
    server = Server(room, host, port)
    real = await server.start()
    print(say("server.listening", name=room.name, players=len(room.seats), mode=say(f"server.mode.{room.mode}"),
              address=f"{host}:{real}"), flush=True)
    announcer = None
    if announce:
        announcer = Announcer(room, real, interfaces=None if host in ("0.0.0.0", "::") else [host])
        await announcer.start()
        room.on_lobby_change = announcer.update
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):
            pass
    await stop.wait()
    if announcer is not None:
        await announcer.stop()
    await server.stop()


if __name__ == "__main__":
    sys.exit(main())
