"""What the spectators of a table are sent, and when (issue #26: 500 spectators must not slow
the players down).

The seats get each update at once. Spectators get the same updates gathered: at most one
every SPECTATOR_DELAY seconds, a patch from what they were last sent to the position now and
every event since, encoded once per point of view and written to each of them. Players
acting quickly thus cost the spectators' fan-out once per interval, not once per action.
(Spectators see the game a fraction of a second late, which also keeps a spectator from
being a faster channel than the table itself.)
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

from engine.net import delta
from engine.net import protocol as P

if TYPE_CHECKING:
    from engine.net.seats import Peer, View

SPECTATOR_DELAY = 0.5  # seconds
SLICE = 25  # spectators written to per turn of the event loop: the players' frames get read in between


class FeedRoom(Protocol):
    """What the feed reads and counts of the room (engine/net/room.py Room)."""

    seq: int
    views: dict[int | None, View]
    spectators: dict[Peer, int | None]
    scheduled: bool  # a real scheduler is in place (a server): updates can wait a moment
    schedule: Callable[[float, Callable[[], None]], Any]
    updates_sent: int
    bytes_sent: int


class SpectatorFeed:
    def __init__(self, room: FeedRoom) -> None:
        self.room = room
        self.sent: dict[int | None, dict[str, Any]] = {}  # point of view -> observation last sent
        self.events: dict[int | None, list[dict[str, Any]]] = {}
        self.due = False
        self.writing: list[tuple[bytes, list[Any]]] = []  # (frame, spectators still to get it)

    def reset(self, key: int | None, obs: dict[str, Any]) -> None:
        """The spectators of `key` were just sent this whole observation (started, snapshot)."""
        self.sent[key] = obs
        self.events.pop(key, None)

    def clear(self) -> None:
        self.sent.clear()
        self.events.clear()

    def queue(self, key: int | None, events: list[dict[str, Any]]) -> None:
        """A new position for `key` (its view in room.views is already the new one)."""
        self.events.setdefault(key, []).extend(events)
        if not self.room.scheduled:
            self.flush()
            return
        if not self.due:
            self.due = True
            self.room.schedule(SPECTATOR_DELAY, self.flush)

    def flush(self) -> None:
        """Send every point of view's spectators what changed since they were last sent."""
        self.due = False
        self._write(everything=True)  # (what is still being written goes first, in order)
        room = self.room
        for key in list(self.events):
            evs = self.events.pop(key)
            view = room.views.get(key)
            peers = [p for p, f in room.spectators.items() if f == key]
            if view is None or not peers:
                continue
            before = self.sent.get(key)
            patch = delta.diff(before, view.obs) if before is not None else [["set", [], view.obs]]
            self.sent[key] = view.obs
            data = P.encode(P.Update(seq=room.seq, patch=patch, events=evs))
            room.updates_sent += len(peers)
            room.bytes_sent += len(data) * len(peers)
            self.writing.append((data, peers))
        self._write(everything=not room.scheduled)

    def _write(self, everything: bool = False) -> None:
        """Hand the frames to SLICE spectators, then let the loop run before the next slice."""
        budget = None if everything else SLICE
        while self.writing and (budget is None or budget > 0):
            data, peers = self.writing[0]
            n = len(peers) if budget is None else min(budget, len(peers))
            for p in peers[:n]:
                if p in self.room.spectators:  # (still here)
                    p.send(data)
            del peers[:n]
            if budget is not None:
                budget -= n
            if not peers:
                self.writing.pop(0)
        if self.writing:
            self.room.schedule(0.0, self._write)
