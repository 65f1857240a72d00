"""The interface a table reads a game through, wherever that game runs (DESIGN.md "The GUI"):
`Session`. app/session.py's LocalSession runs a Game in this process; app/net_session.py's
RemoteSession is a LAN seat. Everything a view needs goes through these methods."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal

from engine.actions import Action


class Session(QObject):
    """What a table needs from a game, wherever that game runs."""

    changed = Signal()  # the observation changed: redraw
    events_added = Signal(list)  # new engine events (dicts) for the log
    log_reset = Signal()  # the event history was rewritten (undo, load): rebuild the log
    error = Signal(str)  # a refusal or failure, already a sentence for the user

    seat: int = 0
    watching = False  # a spectator's table: nobody's "You", no seat of one's own
    against_computer = False  # a game against the computer: a rematch and a new game at the end
    hot_seat = False  # several people at one screen (app/hot_seat.py), each with their own stops
    # whether `submit` is answered before it returns (`last_error` is then its refusal); a LAN
    # host's answer comes later, as an update or an error
    answers_at_once = False

    def observation(self) -> dict[str, Any]:
        raise NotImplementedError

    @property
    def handover(self) -> int | None:
        """The person the computer must be passed to before the game goes on (a hot seat,
        app/hot_seat.py; None: nobody)."""
        return None

    def take_seat(self, seat: int) -> bool:
        """The person of `seat` is at the screen now (a hot seat's "I am …")."""
        return False

    def watch_library(self, open_: bool) -> None:
        """A viewer of the user's library opens or closes (a LAN host then sends it)."""

    def library_known(self, player: int) -> bool:
        """Whether library_ids/library_names are there yet (a LAN host's answer comes later)."""
        return True

    def decision_known(self, player: int) -> bool:
        """Whether the legal actions of `player`'s open decision are there: a LAN host sends
        them after the update that opened it; until then the table shows no prompt to answer."""
        return True

    def link(self) -> str:
        """The connection to the host (a LAN seat): "" while it holds (or there is none),
        "reconnecting" while the program tries to come back, "lost" once it gave up (the user
        may rejoin when the host resumes the table)."""
        return ""

    def answer_sent(self) -> bool:
        """Whether the user answered the open decision and the answer is on its way (LAN)."""
        return False

    def sendable(self, action: Action) -> bool:
        """Whether the action can go as one (a LAN host reads no action whose fields have more
        items in a list than engine/net/protocol.py MAX_FIELD_ITEMS); a game here takes any."""
        return True

    def submit_parts(self, parts: list[Action]) -> bool:
        """A declaration in parts (one attacker or blocker at a time, then done; CR 508.1,
        509.1), each part submitted in turn; False at the first refused."""
        return all(self.submit(part) for part in parts)

    def legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def submit(self, action: Action | str, *, auto_pass: bool = True, player: int | None = None,
               quiet: bool = False) -> bool:
        raise NotImplementedError

    def make(self, verb: str, obj: int | None = None, **fields: Any) -> Action:
        raise NotImplementedError

    def all_events(self) -> list[dict[str, Any]]:
        raise NotImplementedError

    def log_seat(self) -> int | None:
        """The seat whose log the screen shows (None: a spectator's, the public's)."""
        return None if self.watching else self.seat

    def next_opponent(self, player: int) -> int:
        """The next player after `player` in turn order still in the game (from the observation)."""
        players = self.observation().get("players", [])
        n = len(players) or 2
        for i in range(1, n):
            q = (player + i) % n
            if q < len(players) and not players[q].get("lost"):
                return q
        return (player + 1) % n
