"""What a local game's log shows: the engine's events as the seat at the screen may see them
(engine/redaction.py through Game.events_for, the path a LAN host uses), never the raw events.
A mixin of app.session.LocalSession, kept apart so that the rule sits in one small place.

Each seat's view is kept as it grows (`_seat_view`): an event's concealed parts are decided
when it is made, so the view of the events 0..n never changes while those events stand. A hot
seat's switch to another seat then filters only the events made since that seat last looked
(the table's log keeps each seat's lines as well: app/table/docks.py `LogDock.show_for`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game import Game


@dataclass
class SeatView:
    """One seat's view of the events 0..`upto`: `events` (fewer in goldfish, see `_log_events`),
    and the last raw event it covers, by identity — an undo that took it back (and the
    events made instead) makes the view stale."""

    upto: int = 0
    last: Any = None
    events: list[dict[str, Any]] = field(default_factory=list)


class SeatLog:
    """`log_seat`, `all_events` and `_emit` for a session over a local Game."""

    game: "Game"
    seat: int
    controls: set[int]
    _obs: Any
    # the seat the log's events were last given for, and where a rebuild of the log stops
    _log_for: int | None = None
    _log_upto: int | None = None
    _views: dict[int | None, SeatView] | None = None
    log_reset: Any  # (Session's signals)
    events_added: Any
    changed: Any

    if TYPE_CHECKING:  # (LocalSession's)
        @property
        def goldfish_game(self) -> bool: ...

    def log_seat(self) -> int:
        """Yours; at a hot seat (you answer for several seats: a scenario, a saved game of
        several seats) the seat deciding now, whose prompt the table shows."""
        dec = self.game.pending
        if len(self.controls) > 1 and dec is not None and dec.player in self.controls:
            return dec.player
        return self.seat

    def all_events(self) -> list[dict[str, Any]]:
        """The log's events as the seat at the screen may see them (the seat the engine
        filters them for, as a LAN host does: hidden names and ids left out). The seat's kept
        view itself (read it, don't change it)."""
        if self._log_upto is None:
            self._log_for = self.log_seat()
        return self._seat_view(self._log_for, self._log_upto).events

    def _seat_view(self, seat: int | None, upto: int | None = None) -> SeatView:
        """The seat's view of the events 0..upto (all: None), brought up to date by filtering
        only the events it does not cover yet; made again from the start when stale (an undo)."""
        evs = self.game.events
        upto = len(evs) if upto is None else upto
        if self._views is None:
            self._views = {}
        view = self._views.get(seat)
        if view is None or view.upto > upto or (view.upto and (view.upto > len(evs) or evs[view.upto - 1] is not view.last)):
            view = self._views[seat] = SeatView()
        if view.upto < upto:
            view.events += self._log_events(seat, view.upto, upto)
            view.upto, view.last = upto, evs[upto - 1]
        return view

    def _log_events(self, seat: int | None, lo: int, hi: int | None = None) -> list[dict[str, Any]]:
        """The events lo..hi as `seat` may see them. A goldfish game's empty seat is nobody at
        the table: the shuffle of the stand-in library it never draws from is not logged."""
        events = self.game.events_for(seat, lo, hi)
        if not self.goldfish_game:
            return events
        empty = self.game.players[1].name
        return [e for e in events if not (e.get("key") == "shuffle" and e.get("player") == empty)]

    def _emit(self, lo: int) -> None:
        """The events from `lo` on to the log, for the seat at the screen. When that seat
        changes (a hot seat's next decision), the log so far is first shown as the new seat
        may see it: what one seat may know never stays on the screen for the next one."""
        self._obs = None
        seat = self.log_seat()
        if seat != self._log_for:
            self._log_for, self._log_upto = seat, lo
            try:
                self.log_reset.emit()
            finally:
                self._log_upto = None
        if lo < len(self.game.events):
            view = self._seat_view(seat, lo)
            before = len(view.events)
            view = self._seat_view(seat)
            self.events_added.emit(view.events[before:])
        self.changed.emit()

