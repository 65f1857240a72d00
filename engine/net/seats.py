"""The seats of a table (engine/net/room.py): who sits where, joining and leaving, coming
back with a seat's key, spectators following a hand, and computer players sitting down or
standing in for an absent player. The Room owns one `Seating`; the seats themselves stay in
`room.seats` (everything else in the room reads them).
"""
from __future__ import annotations

import hashlib
import secrets
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Protocol, TypeVar

from engine.net import engine_port as port, formats, guard, journal as jr
from engine.net.computer import ComputerSeat
from engine.net import protocol as P

RECONNECT_SECONDS = 300.0
CLOSE_POLICY = 1008  # websockets' "policy violation"
CLOSE_REPLACED = 4000
CLOSE_FULL = 4003
CLOSE_TRY_LATER = 1013  # websockets' "try again later"


class SeatRefusal(ValueError):
    """A computer player cannot take the seat: str() is the English sentence, `key` and
    `params` name it (net.*, or the deck problem's key) for the host's window to translate."""

    def __init__(self, text: str, key: str, params: dict[str, Any]) -> None:
        super().__init__(text)
        self.key, self.params = key, params


class Peer(Protocol):
    def send(self, data: bytes) -> None: ...
    def close(self, code: int, reason: str) -> None: ...


class Agent(Protocol):
    """A computer player sitting in a seat in this process (the hook for engine/ai).
    `choose` gets the seat's view and returns one of `view.legal` (an action text)."""

    def choose(self, view: "AgentView") -> str: ...


@dataclass
class AgentView:
    seat: int
    observation: dict[str, Any]
    legal: list[str]


@dataclass
class Seat:
    index: int
    name: str | None = None
    token_hash: str = ""
    peer: Peer | None = None
    ready: bool = False
    deck: list[str] = field(default_factory=list)
    sideboard: list[str] = field(default_factory=list)
    commanders: list[str] = field(default_factory=list)  # the table's format (engine/net/formats.py)
    schemes: list[str] = field(default_factory=list)
    agent: Agent | None = None
    dropped_at: float | None = None
    allow_follow: bool = False  # spectators may see this seat's hand (the seat's own say, CR 400.2)
    manual: guard.Bucket | None = None  # table moves (made when the first one comes)
    last_act: int = 0  # the highest Act.id taken from this seat's connection (0: none yet)


@dataclass
class View:
    """What one point of view (a seat, or None for the public) was last sent."""

    obs: dict[str, Any] = field(default_factory=dict)
    log: list[dict[str, Any]] = field(default_factory=list)


def printable(text: str) -> str:
    """`text` without control and format characters (category Cc, Cf; a tab or a line break
    becomes a space): a name or a chat line
    with a right-to-left override, zero-width characters or a NUL would show differently on
    the others' tables than it reads (a "Bob" that is not Bob, a name that looks empty)."""
    return "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cf"))


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class SeatingRoom(Protocol):
    """What joining, leaving and standing in read and change of the room (engine/net/room.py
    Room); a restart (`resume`) makes the room and starts its game again."""

    name: str
    format: str
    mode: str
    any_deck: bool
    game: port.Game | None
    seats: list[Seat]
    spectators: dict[Peer, int | None]
    spectator_hands: bool
    max_spectators: int
    versions: dict[Peer, int]
    clock: Callable[[], float]
    schedule: Callable[[float, Callable[[], None]], Any]

    def error(self, peer: Peer, reason: str, key: str, ref: str = "", /, **params: Any) -> None: ...

    def _send(self, peer: Peer | None, msg: Any) -> None: ...

    def _all(self, msg: Any) -> None: ...

    def lobby(self) -> P.Lobby: ...

    def _lobby_soon(self) -> None: ...

    def _snapshot(self, peer: Peer, key: int | None) -> None: ...

    def seat_of(self, peer: Peer) -> Seat | None: ...

    def _apply(self, index: int, text: str, peer: Peer | None, fields: dict[str, Any] | None = None,
               seen: int | None = None) -> bool: ...

    def _after_change(self) -> None: ...

    def _maybe_start(self) -> None: ...

    def start(self, seed: int | None = None, *, actions: list[tuple[int, str, bool]] = ...,
              resumed: bool = False) -> None: ...


R = TypeVar("R", bound=SeatingRoom)


class Seating:
    """Joining and leaving the room's seats (the Room delegates its public calls here)."""

    def __init__(self, room: SeatingRoom) -> None:
        self.room = room

    def join(self, peer: Peer, hello: P.Hello) -> bool:
        """Seat (or reseat) a new connection; False if it was refused (and closed). A peer of
        an older protocol version the host still speaks (P.OLDEST_PROTOCOL) is seated and sent
        frames of its version; another version is refused with the host's (docs/protocol.md)."""
        if not P.OLDEST_PROTOCOL <= hello.version <= P.PROTOCOL_VERSION:
            self.room.error(peer, "version", "net.version", "hello", host=P.PROTOCOL_VERSION, client=hello.version)
            peer.close(CLOSE_POLICY, "version")
            return False
        self.room.versions[peer] = hello.version
        if self._join(peer, hello):
            return True
        self.room.versions.pop(peer, None)
        return False

    def _join(self, peer: Peer, hello: P.Hello) -> bool:
        if hello.role == "spectator":
            if len(self.room.spectators) >= self.room.max_spectators:
                self.room.error(peer, "table_full", "net.too_many_spectators", "hello")
                peer.close(CLOSE_TRY_LATER, "too many spectators")
                return False
            follow = hello.follow if hello.follow is not None and hello.follow < len(self.room.seats) else None
            if follow is not None and not self.may_follow(follow):
                follow = None
            self.room.spectators[peer] = follow
            self.welcome(peer, None, "")
            if hello.follow is not None and follow is None:
                who = self.room.seats[hello.follow].name if hello.follow < len(self.room.seats) else None
                self.room._send(peer, P.Error(reason="follow_refused", ref="hello", key="net.follow_refused",
                                         message=port.sentence("net.follow_refused", player=who or "?"),
                                         params={"player": who or "?"}))
            self.room._send(peer, self.room.lobby())
            self.room._lobby_soon()
            if self.room.game is not None:
                self.room._snapshot(peer, follow)
            return True
        if hello.token:
            h = _hash(hello.token)
            for s in self.room.seats:
                if s.token_hash and secrets.compare_digest(s.token_hash, h):
                    return self.reseat(peer, s, hello.token)
            self.room.error(peer, "bad_token", "net.bad_token", "hello")
            peer.close(CLOSE_POLICY, "bad token")
            return False
        free = next((s for s in self.room.seats if s.name is None and s.agent is None), None)
        if free is None or self.room.game is not None:
            name = " ".join(hello.name.split()).lower()
            waiting = next((s for s in self.room.seats if s.name and s.name.lower() == name and s.peer is None
                            and s.agent is None), None)
            if waiting is not None:  # their seat is kept, but only its key (on their disk) sits there
                self.room.error(peer, "table_full", "net.seat_waiting", "hello", name=waiting.name)
            else:
                self.room.error(peer, "table_full", "net.table_full", "hello")
            peer.close(CLOSE_FULL, "table full")
            return False
        token = secrets.token_urlsafe(24)
        free.name = self.unique_name(hello.name)
        free.token_hash = _hash(token)
        free.peer, free.last_act = peer, 0
        free.ready = False
        self.welcome(peer, free.index, token)
        # the table hears of the new player with the next lobby: the one its deck check sends
        # (a guest sends its deck right after the Welcome), else within LOBBY_DELAY. Told now,
        # every seat showed it with no cards ("Bob — not ready (0 cards)") until that frame.
        self.room._lobby_soon()
        return True

    def welcome(self, peer: Peer, seat: int | None, token: str) -> None:
        """You are in: at `seat` (None: a spectator), in the protocol version the peer speaks."""
        self.room._send(peer, P.Welcome(version=self.room.versions.get(peer, P.PROTOCOL_VERSION), seat=seat, token=token,
                                        game=self.room.name, format=self.room.format, mode=self.room.mode,
                                        players=len(self.room.seats)))

    def unique_name(self, name: str) -> str:
        taken = {s.name.lower() for s in self.room.seats if s.name}  # the engine wants distinct names
        out, n = " ".join(printable(name).split()) or "Player", 2
        base = out
        while out.lower() in taken:
            out, n = f"{base} ({n})", n + 1
        return out

    def reseat(self, peer: Peer, seat: Seat, token: str) -> bool:
        old = seat.peer
        seat.peer, seat.last_act = peer, 0
        seat.dropped_at = None
        seat.agent = None  # the seat's own player is back: a computer standing in stops (stand_in)
        if old is not None and old is not peer:
            old.close(CLOSE_REPLACED, "signed in elsewhere")
        self.welcome(peer, seat.index, token)
        self.room._all(self.room.lobby())
        if self.room.game is not None:
            self.room._snapshot(peer, seat.index)
            self.room._all(P.Presence(seat=seat.index, name=seat.name or "", connected=True))
        return True

    def may_follow(self, index: int) -> bool:
        """A spectator sees a seat's hand only if the host allows it and that seat agreed."""
        return self.room.spectator_hands and self.room.seats[index].allow_follow

    def allow_follow(self, peer: Peer, seat: Seat, msg: P.AllowFollow) -> None:
        """A seat lets spectators follow its hand, or takes that back: those following it
        then see the public view from the next update on (a snapshot tells them now)."""
        seat.allow_follow = msg.allow
        if msg.allow:
            return
        for p, f in list(self.room.spectators.items()):
            if f == seat.index:
                self.room.spectators[p] = None
                if self.room.game is not None:
                    self.room._snapshot(p, None)

    def leave(self, peer: Peer) -> None:
        """A connection ended. A seated player keeps the seat during a game (reconnect with
        the token within RECONNECT_SECONDS); in the lobby the seat is freed."""
        self.room.versions.pop(peer, None)
        if peer in self.room.spectators:
            del self.room.spectators[peer]
            self.room._lobby_soon()
            return
        seat = self.room.seat_of(peer)
        if seat is None:
            return
        seat.peer = None
        if self.room.game is None:
            self.room.seats[seat.index] = Seat(seat.index)
            self.room._all(self.room.lobby())
            return
        seat.dropped_at = self.room.clock()
        if port.outcome(self.room.game) is not None:  # a finished game: nobody waits for them
            self.room._all(self.room.lobby())
            return
        self.room._all(P.Presence(seat=seat.index, name=seat.name or "", connected=False))
        self.room._all(self.room.lobby())
        self.room.schedule(RECONNECT_SECONDS, lambda: self.expire(seat.index))

    def expire(self, index: int) -> None:
        """Five minutes without the player: they concede (CR 104.3a), the others play on."""
        seat = self.room.seats[index]
        if seat.peer is not None or seat.dropped_at is None or self.room.game is None:
            return
        if self.room.clock() - seat.dropped_at < RECONNECT_SECONDS - 1:
            return
        if port.outcome(self.room.game) is None:
            self.room._apply(index, port.concede_text(), None)

    def stand_in(self, index: int, agent: Agent) -> bool:
        """The host lets the computer play for a player who lost the connection, instead of
        waiting up to RECONNECT_SECONDS for them to come back or concede: `agent` decides from
        the seat's own view (engine/net/computer.py) until the player rejoins with the seat's
        key (_reseat), and the seat no longer concedes by absence. False when the seat's player
        is connected, a computer plays it already, or no game is running."""
        seat = self.room.seats[index]
        game = self.room.game
        if game is None or port.outcome(game) is not None or seat.name is None or seat.peer is not None \
                or seat.agent is not None:
            return False
        seat.agent, seat.dropped_at = agent, None
        self.room._all(self.room.lobby())
        self.room._after_change()
        return True

    def add_agent(self, index: int, agent: Agent, name: str, deck: list[str], commanders: list[str] = (),  # type: ignore[assignment]
                  schemes: list[str] = ()) -> None:  # type: ignore[assignment]
        """Fill an empty seat with an in-process computer player (engine/ai); its commanders
        and scheme deck for the table's format (engine/net/formats.py)."""
        seat = self.room.seats[index]
        if seat.name is not None or self.room.game is not None:
            raise SeatRefusal("That seat is taken.", "net.seat_taken", {})
        # the seats' deck check (docs/protocol.md "Deck check"): its first finding, not the
        # sentence for a joining seat ("choose another deck, or ask the host ...")
        found = formats.submission_problems(self.room.format, list(deck), [], list(commanders), list(schemes),
                                            self.room.any_deck)
        wrong = [p for p in found if p["severity"] == "error" and p["key"] != "net.deck_breaks_format"]
        if wrong:
            raise SeatRefusal(wrong[0]["text"], wrong[0]["key"], dict(wrong[0]["params"]))
        seat.name, seat.agent, seat.deck, seat.ready = self.unique_name(name), agent, list(deck), True
        seat.commanders, seat.schemes = list(commanders), list(schemes)
        self.room._all(self.room.lobby())
        self.room._maybe_start()


def agent_record(agent: Any) -> Any:
    """The journal's note of a seat's computer player: enough to seat it again (or False)."""
    if agent is None:
        return False
    describe = getattr(agent, "describe", None)
    return describe() if callable(describe) else True


def resume(cls: Callable[..., R], journal_path: Path, **kw: Any) -> R:
    """A host restarted after a crash: the game from the journal, seats waiting for their
    players to come back with their tokens."""
    header, acts = jr.read(journal_path)
    try:
        room, seed = _seat_again(cls, journal_path, header, kw)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:  # (a header this program did not write)
        raise jr.JournalError("net.journal.bad_table") from exc
    room.start(seed, actions=acts, resumed=True)  # (an action it cannot make again: JournalError)
    return room


def _seat_again(cls: Callable[..., R], journal_path: Path, header: dict[str, Any], kw: dict[str, Any]) -> tuple[R, int]:
    """The room of a journal's header, its seats taken by their players' names and keys."""
    names = [str(n) for n in header["names"]]
    clock = header.get("clock")  # (none in an older journal: the Room's defaults)
    kw.setdefault("paper", bool(header.get("paper", False)))  # the table's settings, as the host chose
    kw.setdefault("any_deck", bool(header.get("any_deck", False)))  # (a rematch's new decks: the same check)
    if clock:
        kw.setdefault("decision_seconds", float(clock[0]))
        kw.setdefault("game_seconds", float(clock[1]))
        kw.setdefault("on_timeout", str(clock[2]))
    kw.setdefault("format", str(header.get("game_format", "free_for_all")))
    room = cls(players=len(names), mode=str(header["mode"]), name=str(header.get("game", "Manatable")),
               journal_dir=Path(journal_path).parent, **kw)
    now = room.clock()
    agents = list(header.get("agents") or [None] * len(names))
    commanders = list(header.get("commanders") or [[] for _ in names])
    schemes = list(header.get("schemes") or [[] for _ in names])
    decks, tokens = list(header["decks"]), list(header["tokens"])
    if not len(decks) == len(tokens) == len(agents) == len(commanders) == len(schemes) == len(names):
        raise ValueError("the header's lists differ in length")
    for s, name, deck, tok, agent in zip(room.seats, names, decks, tokens, agents):
        s.name, s.deck, s.token_hash, s.ready, s.dropped_at = name, [str(c) for c in deck], str(tok), True, now
        s.commanders = [str(c) for c in commanders[s.index]]
        s.schemes = [str(c) for c in schemes[s.index]]
        if isinstance(agent, dict) and agent.get("level"):  # a computer seat sits down again
            s.agent = ComputerSeat(room, s.index, str(agent["level"]), list(s.deck), int(agent.get("seed", 0)))
            s.dropped_at = None
    return room, int(header["seed"])
