"""A seat looks through its own library by hand at a LAN table (hybrid and tabletop: "search
your library for ..." played as at a real table; docs/protocol.md, "Searching a library").

`library?` opens the look: the seat gets its library (`library`: ids and names, the top card
first), and everyone else is told that it looks (`searching`: not the cards). While it looks,
it gets the list again after every change that alters it, and it may name those cards by id
in its table moves (engine/net/acts.py adds them to what the seat sees). `library?` with
`open` false, leaving the table or a new game end the look. Ids tell nothing later:
a library card gets a new id when it moves and at every shuffle (CR 400.7, 701.20).

In rules mode a library is searched only when a card says so: that search is a decision whose
options go to the searching seat alone (engine/view.py), so a look by hand is refused there.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

from engine.net import engine_port as port
from engine.net import protocol as P

TELL_SECONDS = 5.0

if TYPE_CHECKING:
    from engine.net.seats import Peer, Seat


class LookingRoom(Protocol):
    """What the library looks read of the room (engine/net/room.py Room)."""

    game: port.Game | None
    mode: str
    seq: int
    seats: list[Seat]
    clock: Callable[[], float]

    def error(self, peer: Peer, reason: str, key: str, ref: str = "", /, **params: Any) -> None: ...

    def _send(self, peer: Peer | None, msg: Any) -> None: ...

    def _peers(self) -> list[Peer]: ...


class LibraryLooks:
    """Which seats look through their library, and what each was last sent."""

    def __init__(self, room: LookingRoom) -> None:
        self.room = room
        self.sent: dict[int, list[tuple[int, str]]] = {}  # looking seat -> its library as last sent
        self.told: dict[int, float] = {}  # seat -> when the others were last told it looks

    def request(self, peer: "Peer", seat: "Seat", msg: P.LibraryLook) -> None:
        room = self.room
        if not msg.open:
            self.sent.pop(seat.index, None)
            return
        if room.game is None or port.outcome(room.game) is not None:
            room.error(peer, "wrong_time", "net.no_game", "library?")
            return
        if room.mode == "rules":
            room.error(peer, "wrong_time", "net.library_rules", "library?")
            return
        first = seat.index not in self.sent
        self._send(seat)
        now = room.clock()
        # (told once per look, and a look opened again and again is told at most every
        # TELL_SECONDS: a table's worth of frames for each toggle would be a flood)
        if first and now - self.told.get(seat.index, -TELL_SECONDS) >= TELL_SECONDS:
            self.told[seat.index] = now
            data = P.encode(P.Searching(seat=seat.index, name=seat.name or ""))
            for other in room._peers():
                if other is not seat.peer:
                    other.send(data)

    def ids(self, index: int) -> set[int]:
        """The library cards this seat may name now (none unless it looks)."""
        if index not in self.sent or self.room.game is None:
            return set()
        return {oid for oid, _name in port.library_cards(self.room.game, index)}

    def refresh(self) -> None:
        """After a change: each looking seat whose library changed gets it again."""
        game = self.room.game
        if game is None:
            return
        for index in list(self.sent):
            seat = self.room.seats[index]
            if seat.peer is None:
                self.sent.pop(index)
            elif port.library_cards(game, index) != self.sent[index]:
                self._send(seat)

    def end(self, index: int | None = None) -> None:
        """The look ends (one seat's: it stopped or left; or every seat's: a new game)."""
        if index is None:
            self.sent.clear()
        else:
            self.sent.pop(index, None)

    def _send(self, seat: "Seat") -> None:
        room = self.room
        assert room.game is not None
        cards = port.library_cards(room.game, seat.index)
        self.sent[seat.index] = cards
        room._send(seat.peer, P.Library(seq=room.seq, cards=[P.LibraryCard(id=oid, name=name) for oid, name in cards]))
