"""What the table agrees on at a LAN table: taking back an action (undo) and a rematch.

Neither is a rule of the Comprehensive Rules: an undo is the players' agreement, as at a real
table (docs/protocol.md: `undo?`, `undo!`), and a rematch starts when every player asked for one. The
room (engine/net/room.py) hands its `undo?`, `undo!` and `rematch` messages to these functions;
`VotingRoom` says what they use of it, so that mypy checks the room against exactly that.
"""
from __future__ import annotations

from typing import Any, Protocol

from engine.net import engine_port as port, journal as jr
from engine.net import protocol as P
from engine.net.seats import Peer, Seat, View
from engine.net.spectators import SpectatorFeed


class VotingRoom(Protocol):
    """What the undo and rematch votes read and change of the room (engine/net/room.py Room)."""

    game: port.Game | None
    journal: jr.Journal | None
    seats: list[Seat]
    spectators: dict[Peer, int | None]
    views: dict[int | None, View]
    feed: SpectatorFeed
    seq: int
    rules_seq: int
    # an open request to take back an action: (the asker, who agreed, the history length to go back to)
    undo_ask: tuple[int, set[int], int] | None
    auto_made: set[int]  # history indices of passes a client made by itself (Act.auto)
    rematch: set[int]  # the seats that asked for a rematch

    def error(self, peer: Peer, reason: str, key: str, ref: str = "", /, **params: Any) -> None: ...

    def _send(self, peer: Peer | None, msg: Any) -> None: ...

    def _all(self, msg: Any) -> None: ...

    def _after_change(self) -> None: ...

    def start(self) -> None: ...


def ask_undo(room: VotingRoom, peer: Peer, seat: Seat) -> None:
    """A seat asks to take back its last action (`undo?`): refused when there is nothing of its
    own to take back or a request is open; granted at once when no other human player sits at
    the table, else asked of them."""
    game = room.game
    if game is None or port.outcome(game) is not None or port.history_length(game) == 0:
        room.error(peer, "wrong_time", "net.nothing_to_undo", "undo?")
        return
    if room.undo_ask is not None:
        room.error(peer, "wrong_time", "net.undo_open", "undo?")
        return
    every = [i for i, (who, _text) in enumerate(port.history_texts(game)) if who == seat.index]
    # the player's own last action: the passes their program made by itself after it go
    # back with it (as "Undo" in a local game), never instead of it — taking back a pass
    # the player never chose would take back the others' actions after it, and the program
    # would pass again at once
    mine = [i for i in every if i not in room.auto_made]
    if not mine:  # (nothing of theirs: "your last action" would be another player's)
        if every:
            room.error(peer, "wrong_time", "net.only_automatic_to_undo", "undo?")
        else:
            room.error(peer, "wrong_time", "net.nothing_to_undo", "undo?")
        return
    others = {s.index for s in room.seats if s.index != seat.index and s.agent is None}
    # the request stays open while the game goes on (the programs pass by themselves where
    # their players have no stop): agreed, it takes back the asker's last action as it was
    # when they asked, and everything after it
    room.undo_ask = (seat.index, set(), mine[-1])
    if not others:
        take_back(room)
        return
    room._all(P.UndoAsked(seat=seat.index, name=seat.name or ""))


def answer_undo(room: VotingRoom, peer: Peer, seat: Seat, accept: bool) -> None:
    """Another player's answer to the open request (`undo!`): one refusal ends it; when every
    other human player agreed, the action is taken back."""
    ask = room.undo_ask
    if ask is None or ask[0] == seat.index:
        room.error(peer, "wrong_time", "net.undo_not_asked", "undo!")
        return
    if not accept:
        room.undo_ask = None
        room._all(P.UndoResult(accepted=False, by=seat.index))
        return
    ask[1].add(seat.index)
    if all(s.index in ask[1] for s in room.seats if s.index != ask[0] and s.agent is None):
        take_back(room)


def take_back(room: VotingRoom) -> None:
    """Take back the asker's last action (as it was when they asked) and everything after it."""
    game, ask = room.game, room.undo_ask
    assert game is not None and ask is not None
    n = port.history_length(game) - ask[2]
    room.auto_made = {i for i in room.auto_made if i < ask[2]}
    for _ in range(n):
        port.undo(game)
    if room.journal is not None:
        room.journal.undo(n)
    room.undo_ask = None
    room.seq += 1
    room.rules_seq = room.seq
    for key in list(room.views):
        room.views[key] = View(port.observe(game, key), port.events_for(game, key))
    room._all(P.UndoResult(accepted=True))
    for s in room.seats:
        if s.peer is not None:
            v = room.views[s.index]
            room._send(s.peer, P.Snapshot(seq=room.seq, observation=v.obs, events=v.log))
    room.feed.clear()
    for peer, f in room.spectators.items():
        v = room.views.setdefault(f, View(port.observe(game, f), []))
        room.feed.reset(f, v.obs)
        room._send(peer, P.Snapshot(seq=room.seq, observation=v.obs, events=v.log))
    room._after_change()


def vote_rematch(room: VotingRoom, peer: Peer, seat: Seat) -> None:
    """A seat asks for a rematch after the game ended; the next game starts when every seat
    asked (a computer player always agrees)."""
    if room.game is None or port.outcome(room.game) is None:
        room.error(peer, "wrong_time", "net.rematch_unfinished", "rematch")
        return
    room.rematch.add(seat.index)
    room._all(P.RematchVotes(seats=sorted(room.rematch)))
    if all(s.index in room.rematch or s.agent is not None for s in room.seats):
        room.start()
