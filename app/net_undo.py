"""Taking back an action at a LAN table (app/net_session.py RemoteSession): a seat asks the
table to take back its last action and every other player answers (docs/protocol.md: `undo?`,
`undo_asked`, `undo!`, `undo_result`, then the position's `snapshot`). Here is one seat's side
of that vote: asking, being asked, answering, and what each seat is told when it is settled.

`UndoVote` is a mixin of RemoteSession: it uses the session's worker, seat, names and signals
(declared below by type only; the Qt signals themselves are RemoteSession's).
"""
from __future__ import annotations

from typing import Any

from app.i18n import tr
from app.net_worker import NetWorker
from engine.net import protocol as P
from engine.net.client import Client


class UndoVote:
    """A LAN seat's side of a request to take back an action."""

    # the session's, used here
    worker: NetWorker
    seat: int
    playing: bool
    state: Client  # the seat's view of the game (its `outcome`)
    status: Any  # Signal(str): a sentence for the status line
    undo_asked: Any  # Signal(str): another player asks; the asker's name
    undo_closed: Any  # Signal(): the request was settled before this seat answered

    # (class defaults; each session sets its own on change)
    undo_open = False  # another player's request to take back an action awaits this seat's answer
    _undo_mine = False  # this seat asked to take back its last action
    _undone = False  # an undo was accepted: its snapshot is on the way
    _hold_seq = -1  # the position an undo went back to: no automatic pass there

    @property
    def player_names(self) -> list[str]:
        raise NotImplementedError

    def can_undo(self) -> bool:
        return self.playing and self.state.outcome is None

    def can_redo(self) -> bool:
        return False

    def undo(self) -> bool:
        """Ask the table to take back your last action (every other player must agree)."""
        if not self.can_undo():
            return False
        self.worker.send(P.UndoRequest())
        self._undo_mine = True
        self.status.emit(tr("You asked the other players to let you take back your last action."))
        return True

    def redo(self) -> bool:
        return False

    def answer_undo(self, accept: bool) -> None:
        """The answer to the open request (none if it was settled meanwhile: nothing to say)."""
        if self.undo_open:
            self.undo_open = False
            self.worker.send(P.UndoAnswer(accept=accept))

    # ---------------------------------------------------------------- the host's messages
    def _undo_asked(self, msg: Any) -> None:
        """Another player asks to take back their action (a rejoin is asked again: one question)."""
        if msg.seat != self.seat and not self.undo_open:
            self.undo_open = True
            self.undo_asked.emit(msg.name)

    def _undo_rejoined(self) -> None:
        """The game (re)started at this seat: an open question is closed; the host asks again
        if the request is still open."""
        if self.undo_open:
            self.undo_open = False
            self.undo_closed.emit()

    def _undo_snapshot(self, seq: int) -> None:
        """A whole position came: if it is the one an accepted undo went back to, it is decided
        by hand, as in a local game (no automatic pass there)."""
        if self._undone:
            self._undone, self._hold_seq = False, seq

    def _undo_settled(self, msg: Any) -> None:
        """A request to take back an action was settled: each seat is told what concerns it
        (the asker that theirs was declined, the others who declined it), and an open question
        is closed without an answer (`undo_closed`)."""
        mine, self._undo_mine = self._undo_mine, False
        was_open, self.undo_open = self.undo_open, False
        names = self.player_names
        if msg.accepted:
            self._undone = True  # (its snapshot follows)
            text = tr("The last action was taken back.")
        elif msg.by is None:
            text = tr("The request to take back an action lapsed: the game is over.")
        elif mine:
            text = tr("Your request to take back the action was declined.")
        elif msg.by == self.seat:
            text = ""
        else:
            who = names[msg.by] if 0 <= msg.by < len(names) else "?"
            text = tr("{name} declined the request to take back an action.", name=who)
        if text:
            self.status.emit(text)
        if was_open:
            self.undo_closed.emit()
