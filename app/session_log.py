"""What a local game's log shows: the engine's events as the seat at the screen may see them
(engine/redaction.py through Game.events_for, the path a LAN host uses), never the raw events.
A mixin of app.session.LocalSession, kept apart so that the rule sits in one small place."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game import Game


class SeatLog:
    """`log_seat`, `all_events` and `_emit` for a session over a local Game."""

    game: "Game"
    seat: int
    controls: set[int]
    _obs: Any
    # the seat the log's events were last given for, and where a rebuild of the log stops
    _log_for: int | None = None
    _log_upto: int | None = None

    def log_seat(self) -> int:
        """Yours; at a hot seat (you answer for several seats: a scenario, a saved game of
        several seats) the seat deciding now, whose prompt the table shows."""
        dec = self.game.pending
        if len(self.controls) > 1 and dec is not None and dec.player in self.controls:
            return dec.player
        return self.seat

    def all_events(self) -> list[dict[str, Any]]:
        """The log's events as the seat at the screen may see them (the seat the engine
        filters them for, as a LAN host does: hidden names and ids left out)."""
        if self._log_upto is None:
            self._log_for = self.log_seat()
        return self._log_events(self._log_for, 0, self._log_upto)

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
        changes (a hot seat's next decision), the log so far is first rebuilt as the new seat
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
            self.events_added.emit(self._log_events(seat, lo))
        self.changed.emit()
