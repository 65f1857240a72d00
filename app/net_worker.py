"""The network thread of a LAN game (`NetWorker`): an asyncio loop with the websockets client
and, when hosting, the server from engine/net; every message goes to the GUI thread through a
Qt signal (app/net_session.py RemoteSession reads them). What went wrong with a connection, in
the user's language (`connection_problem`).
"""
from __future__ import annotations

import asyncio
import errno
import logging
import socket
import threading
from typing import Any

from PySide6.QtCore import QObject, Signal
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from app.i18n import tr
from engine.config import SCHEME_FORMATS
from engine.decks.samples import commander_decks
from engine.net import protocol as P
from engine.net.client import url_for
from engine.net.computer import ComputerSeat
from engine.net.discovery import Announcer, join_addresses, local_addresses
from engine.net.formats import seat_deck
from engine.net.room import Room
from engine.net.server import Server

log = logging.getLogger(__name__)


def connection_problem(exc: BaseException) -> str:
    """What went wrong with the connection, as a phrase in the user's language for the status
    line ("The connection to the table was lost ({detail})"); the library's own English text
    goes to the log. A host's close code stays a code: the caller words 1001 ("going away")."""
    log.info("LAN connection problem: %r", exc)
    if type(exc) is ConnectionError:  # the host closed the connection: its reason (NetWorker._run)
        return str(exc) if str(exc).isdigit() else close_text(str(exc))
    if isinstance(exc, ConnectionRefusedError):
        return tr("nobody answers at this address")
    if isinstance(exc, asyncio.TimeoutError):
        return tr("no answer in time")
    if isinstance(exc, ConnectionClosed) and _too_large(exc):
        return tr("the host sent a message larger than this program accepts")
    if isinstance(exc, ConnectionClosed):
        return tr("the connection broke off")
    if isinstance(exc, ValueError):
        return tr("the host sent something this program cannot read")
    if isinstance(exc, socket.gaierror):
        return tr("no computer of that name was found on the network")
    code = getattr(exc, "errno", None)
    if code in (errno.EHOSTUNREACH, errno.ENETUNREACH, errno.ENETDOWN):
        return tr("the host cannot be reached from this computer's network")
    if code in (errno.ECONNRESET, errno.ECONNABORTED, errno.EPIPE):
        return tr("the connection broke off")
    if code == errno.ETIMEDOUT:
        return tr("no answer in time")
    return tr("a network error: {detail}", detail=str(exc) or type(exc).__name__)


def close_text(reason: str) -> str:
    """The reason a host gave when it closed the connection (engine/net/seats.py and server.py
    close with these), as a phrase in the user's language; another host's own words as they are."""
    known = {
        "too slow": tr("the host dropped this connection: it took the table's updates too slowly"),
        "refused": tr("the host closed the connection after too many refused messages"),
        "signed in elsewhere": tr("your seat was taken over by a connection with your seat's key"),
        "too many connections": tr("the host has as many connections as it allows; try again later"),
        "too many spectators": tr("the table has as many spectators as it allows"),
        "table full": tr("every seat at the table is taken"),
        "bad token": tr("the host does not know this seat any more"),
        "version": tr("the host runs another version of the LAN protocol"),
        "no hello": tr("this program did not say hello in time"),
        "no_hello": tr("this program did not say hello in time"),
        "flood": tr("the host closed the connection: too many messages"),
        "server_failure": tr("the host failed on a message of this program"),
    }
    return known.get(reason) or tr("the host closed the connection ({reason})", reason=reason)


def _too_large(exc: Any) -> bool:
    """This program closed the connection because the host's frame was over P.MAX_MESSAGE (1009)."""
    sent = getattr(exc, "sent", None)
    return sent is not None and sent.code == 1009


RECONNECT_FOR = 300.0  # seconds: the host keeps a seat that long
RECONNECT_EVERY = 2.0


class NetWorker(QObject):
    """The network thread. Signals arrive in the GUI thread (queued connections)."""

    received = Signal(object)  # a decoded server message
    connection = Signal(str, str)  # state ("connecting", "connected", "dropped", "failed", "closed"), detail

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.loop = asyncio.new_event_loop()
        # (not `self.thread`: that would hide QObject.thread(), which Qt code asks of any QObject)
        self.net_thread = threading.Thread(target=self.loop.run_forever, name="manatable-net", daemon=True)
        self.net_thread.start()
        self.server: Any = None
        self.announcer: Any = None
        self.ws: Any = None
        self.address = ""
        self.name = ""
        self.token = ""
        self.role = "player"
        self.rejoining = False  # back to a seat kept on disk: the deck was given already
        self._closing = False
        self._resync = False  # leaving on purpose to come back at once (`resync`)
        self._task: Any = None
        self._ever = False  # (_run: a Welcome came on some connection of this table)
        self._host_left = False  # (_run: the host closed the table, 1001)
        self.version = P.PROTOCOL_VERSION  # the protocol version of this connection (an older host's: _run)

    # ---------------------------------------------------------------- from the GUI thread
    def host(self, *, players: int, mode: str, game: str, port: int, bind: str = "0.0.0.0",
             announce: bool = True, journal_dir: Any = None, resume: Any = None, **table: Any) -> int:
        """Start a server here and return its port (raises OSError if it cannot listen).
        `resume`: a journal.jsonl — the game in it goes on, its seats wait for their players
        (as `manatable-server --resume`). `table`: the host's settings for a new table (paper,
        any_deck, decision_seconds, game_seconds, on_timeout; a resumed table keeps its own)."""
        fut = asyncio.run_coroutine_threadsafe(self._host(players, mode, game, port, bind, announce, journal_dir,
                                                          resume, table), self.loop)
        return int(fut.result(15))

    async def _host(self, players: int, mode: str, game: str, port: int, bind: str, announce: bool,
                    journal_dir: Any, resume: Any = None, table: dict[str, Any] | None = None) -> int:
        if resume is not None:
            room = Room.resume(resume, auto_start=False)
        else:
            room = Room(players, mode, game, journal_dir=journal_dir, auto_start=False, **(table or {}))
        self.server = Server(room, bind, port)
        real: int = await self.server.start()  # (the port it listens on)
        if announce and join_addresses(self.server.listening, local_addresses) == []:
            log.info("Not announcing the table: it listens on %s only", self.server.listening)
        elif announce:
            try:
                self.announcer = Announcer(room, real)
                await self.announcer.start()
                room.on_lobby_change = self.announcer.update
            except Exception as exc:  # the game still works by address
                log.warning("Could not announce the game: %s", exc)
                self.announcer = None
        return real

    def add_computer(self, level: str, deck: list[str], name: str, commanders: list[str] | None = None,
                     deck_path: str | None = None) -> int:
        """The host gives a free seat to a computer player (engine/net/computer.py); returns
        the seat, or -1 when every seat is taken. Runs on the network thread. At a Commander
        table `commanders` names the deck's commander (ValueError when it names none); at an
        Archenemy table the deck file the host chose (`deck_path`) brings its scheme deck."""
        async def add() -> int:
            room = self.server.room
            free = next((s.index for s in room.seats if s.name is None and s.agent is None), None)
            if free is None or room.game is not None:
                return -1
            cards, lead, schemes = list(deck), list(commanders or []), list[str]()
            if room.format in SCHEME_FORMATS:  # the chosen Commander deck, with its scheme deck
                decks = commander_decks()
                cards, lead, schemes = seat_deck(deck_path or decks[free % len(decks)], room.format, free)
            room.add_agent(free, ComputerSeat(room, free, level, cards, seed=free), name, cards, lead, schemes)
            return int(free)
        return int(asyncio.run_coroutine_threadsafe(add(), self.loop).result(10))

    def stand_in(self, seat: int, level: str = "heuristic") -> bool:
        """The host lets the computer play for the seat's absent player until they rejoin
        (engine/net/room.py Room.stand_in). Runs on the network thread."""
        async def go() -> bool:
            room = self.server.room
            return bool(room.stand_in(seat, ComputerSeat(room, seat, level, list(room.seats[seat].deck))))
        return bool(asyncio.run_coroutine_threadsafe(go(), self.loop).result(10))

    def connect_to(self, address: str, name: str, role: str = "player", token: str = "") -> None:
        self.address, self.name, self.role, self.token = address, name, role, token
        self.version = P.PROTOCOL_VERSION  # (another table: ours first, its own if older)
        self.rejoining = bool(token)
        self._closing = False
        self.loop.call_soon_threadsafe(self._start_task)

    def _start_task(self) -> None:
        self._task = asyncio.ensure_future(self._run())

    def send(self, msg: Any) -> None:
        data = P.encode(msg).decode()

        def go() -> None:
            if self.ws is not None:
                asyncio.ensure_future(self._send(data))
        self.loop.call_soon_threadsafe(go)

    async def _send(self, data: str) -> None:
        try:
            await self.ws.send(data)
        except Exception as exc:  # the reader notices the drop and reconnects
            log.info("send failed: %s", exc)

    def resync(self) -> None:
        """Fetch the whole table again: leave and come straight back with the seat's key (the
        host sends a snapshot). For an update this program could not apply to its view."""
        def go() -> None:
            if self.ws is not None and not self._closing:
                self._resync = True
                asyncio.ensure_future(self.ws.close())
        self.loop.call_soon_threadsafe(go)

    @property
    def live(self) -> bool:
        """Connected (or trying to be) and not leaving."""
        return not self._closing and self.loop.is_running()

    def stop(self) -> None:
        """Leave the table (and stop hosting). Blocks briefly; a second call does nothing."""
        if self._closing and not self.loop.is_running():
            return
        self._closing = True
        if not self.loop.is_running():
            return

        async def down() -> None:
            if self.ws is not None:
                await self.ws.close()
            if self._task is not None:
                self._task.cancel()
            if self.announcer is not None:
                await self.announcer.stop()
            if self.server is not None:
                await self.server.stop()
        try:
            asyncio.run_coroutine_threadsafe(down(), self.loop).result(5)
        except Exception:
            log.exception("network shutdown")
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.net_thread.join(2)

    # ---------------------------------------------------------------- the network thread
    async def _frames(self) -> int | None:
        """The host's frames, handed to the GUI until the connection ends; the version to say
        hello in again when the host refused ours for an older one it speaks (P.older_host)."""
        async for frame in self.ws:
            msg = P.decode_server(frame)
            older = P.older_host(msg, self.version)
            if older is not None:
                return older
            if isinstance(msg, P.Welcome):
                self.token = msg.token or self.token
                self._ever, self._host_left = True, False
                self.connection.emit("connected", self.address)
            self.received.emit(msg)
        return None

    def _frames_ended(self, code: int | None) -> None:
        """The host's frames ended with the close `code`: a refusal is said ("closed": coming back
        would not help); ConnectionError when coming back may (the caller tries again)."""
        if code not in (1000, 1001, None) or not self._closing:
            reason = self.ws.close_reason or str(code)
            if code in (1008, 4000, 4003, 1009):  # refused: coming back would not help
                self.connection.emit("closed", reason if reason.isdigit() else close_text(reason))
                return
            raise ConnectionError(reason)

    async def _run(self) -> None:
        first = True
        lost_at: float | None = None
        self._ever = False  # a Welcome came on some connection: the table is there (a spectator too)
        self._host_left = False  # the host closed the table (1001): the attempts after it are refused
        while not self._closing:
            self.connection.emit("connecting" if first else "reconnecting", self.address)
            try:
                self.ws = await asyncio.wait_for(connect(url_for(self.address), max_size=P.MAX_MESSAGE,
                                                         compression=None, ping_interval=10, ping_timeout=20), 10)
                await self.ws.send(P.encode(P.Hello(version=self.version, name=self.name, role=self.role,
                                                    token=self.token)).decode())
                lost_at = None
                older = await self._frames()
                if older is not None:  # a host of an older version: hello again in its own
                    await self.ws.close()
                    self.version = older
                    continue
                code = self.ws.close_code
                if self._resync:  # this program left to fetch the whole table again (`resync`)
                    self._resync = False
                    continue
                self._frames_ended(code)
                return
            except asyncio.CancelledError:
                return
            except (OSError, ConnectionError, ConnectionClosed, asyncio.TimeoutError, ValueError) as exc:
                if self._closing:
                    return
                now = self.loop.time()
                if not self._ever and not self.token or isinstance(exc, ConnectionClosed) and _too_large(exc):
                    # (never at the table: a wrong address; a host that sends frames too large to
                    # read would send them again)
                    self.connection.emit("failed", connection_problem(exc))
                    return
                lost_at = lost_at or now
                problem = connection_problem(exc)
                self._host_left = problem == "1001" or self._host_left and isinstance(exc, ConnectionRefusedError)
                # (while the host that closed its table is away, say that, not "nobody answers")
                if now - lost_at > RECONNECT_FOR:
                    self.connection.emit("failed", "1001" if self._host_left else problem)
                    return
                self.connection.emit("dropped", "1001" if self._host_left else problem)
                await asyncio.sleep(RECONNECT_EVERY)
            except Exception as exc:  # a bug here must not end the network thread's task in silence
                log.exception("The LAN connection failed")
                self.connection.emit("failed", connection_problem(exc))
                return
            finally:
                first = False
