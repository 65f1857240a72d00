"""A LAN seat's legal actions as the host sends them (docs/protocol.md, "A decision and its legal
actions"): a host of protocol 6 sends them right after the update that opened the seat's decision,
an older one is asked (`legal?`); a list that does not come within LEGAL_WAIT_MS is asked for
again, with a sentence on the status line. Until the list of the position is here the table shows
no prompt to answer (`known`). An answer the host has neither taken nor refused within
ANSWER_WAIT_MS is not waited for in silence: the whole table is fetched again (`_unanswered`); one
the host refused unread and named is answerable again at once (`unread`).
Used by app/net_session.py RemoteSession.
"""
from __future__ import annotations

import logging
from typing import Any

from PySide6.QtCore import QObject, QTimer

from app.i18n import has_message, message, tr
from engine.actions import Action
from engine.net import protocol as P
from engine.net.engine_port import action_from_detail

log = logging.getLogger(__name__)

# a decision's legal actions not here this long after the update that opened it (the host is slow,
# or the list was lost) are asked for again, and again after as long, with a sentence meanwhile
LEGAL_WAIT_MS = 1500
# the host answers an action at once (an update, or a refusal): one still unanswered this long
# after it was sent, at the position it answered, was lost on the way or at the host; without
# this the prompt would say "Your answer is on its way to the host." for ever
ANSWER_WAIT_MS = 10000
# the host's refusals of a frame it did not read (engine/net/server.py): one that names the seat's
# answer refuses that answer (`LegalLists.unread`)
UNREAD = frozenset({"net.flood", "net.too_deep", "net.bad_message", "net.bad_json"})


class LegalLists(QObject):
    """The legal actions of the seat's open decision, for one RemoteSession (`session`: its
    `state`, `seat`, `playing`, `worker`, `status` and `_welcome`)."""

    def __init__(self, session: Any) -> None:
        super().__init__(session)
        self.session = session
        self.actions: list[Action] = []
        self.seq = -1  # the position `actions` are of
        self.asked = -1  # the position last asked for
        # the position this seat last acted on: a list of it that comes after the action (asked
        # again, or offered and asked) would light the prompt it just answered
        self.acted = -1
        self.act_id = 0  # the `id` of the seat's last action (a refusal naming it answers it)
        self._told = -1  # the position whose late list the status line told of
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._late)
        self._answer = QTimer(self)
        self._answer.setSingleShot(True)
        self._answer.timeout.connect(self._unanswered)

    def forget(self) -> None:
        """A whole new view (a start, a rejoin, an undo): the lists of before are no answer now;
        the one of the last request may have been lost with the connection, and so may the
        seat's last action (its position's list is taken again)."""
        self.actions, self.seq, self.asked, self.acted = [], -1, -1, -1
        self._answer.stop()

    def take(self, msg: Any) -> bool:
        """A `legal` from the host: kept when it is of the position the seat sees and has not
        acted on. Whether it was kept."""
        st = self.session.state
        if msg.seq != st.seq or msg.seq == self.acted or msg.detail is None:
            return False
        self.actions = [action_from_detail(self.session.seat, t, d) for t, d in zip(msg.actions, msg.detail)]
        self.seq = msg.seq
        self._timer.stop()
        return True

    def acting(self, act_id: int) -> None:
        """The seat sends an action (its Act.id): the position is about to change."""
        self.seq, self.acted, self.act_id = -1, self.session.state.seq, act_id
        self._answer.start(ANSWER_WAIT_MS)

    def heard(self) -> None:
        """A frame from the host: once the position is no longer the one the seat answered (or
        the answer was refused or forgotten), the answer is not waited for any more."""
        if self.session.state.seq != self.acted:
            self._answer.stop()

    def stop(self) -> None:
        """The session ends: no timer of it stays active (a QObject is freed by Python's cycle
        collector, in whichever thread runs it: a timer still registered then is a crash)."""
        self._timer.stop()
        self._answer.stop()

    def refused(self) -> None:
        """The host refused the seat's action: the position did not change, so no list comes
        unasked (the caller asks with `want(ask=True)`)."""
        self.asked = self.acted = -1

    def unread(self, msg: Any) -> None:
        """The host refused a frame of this seat unread (a flood, a frame over the protocol's
        limits: engine/net/server.py) and named it as action `msg.act`. When that is the answer
        still waited for, it is refused: the decision is answerable again at once, not after
        ANSWER_WAIT_MS. Nothing is sent again by itself (no automatic pass either: the user
        answers), so no refusal makes the seat send and send again. A refusal naming anything else
        (an older action, none, one already refused) changes nothing; it only says why."""
        s = self.session
        reason = message(msg.key, **msg.params) if has_message(msg.key) else msg.message
        if not msg.act or msg.act != self.act_id or not s.answer_sent():
            s._fail(reason)
            return
        self._answer.stop()
        self.refused()
        s._parts = []  # (a part refused: the rest of its declaration is not sent)
        s._hold_seq = s.state.seq
        s._fail(tr("The host refused your answer without reading it: {reason} You can answer again.", reason=reason))
        s._after_update(ask=True)

    def known(self) -> bool:
        return bool(self.seq == self.session.state.seq)

    def want(self, ask: bool) -> None:
        """The seat decides at the position it sees: ask for its list unless a host of protocol
        6 sends it (`ask`: ask anyway), and ask again if it does not come in time."""
        seq = self.session.state.seq
        if self.seq == seq:
            return
        offered = getattr(getattr(self.session, "_welcome", None), "version", 0) >= P.LEGAL_OFFERED
        if self.asked != seq and (ask or not offered):
            self.asked = seq
            self.session.worker.send(P.LegalRequest(detail=True))
        if not self._timer.isActive():
            self._timer.start(LEGAL_WAIT_MS)

    def _late(self) -> None:
        """The list did not come in time: ask again, and say why the table waits (once per
        position)."""
        s = self.session
        seq = s.state.seq
        if not s.playing or not s.state.my_decision() or self.seq == seq:
            return
        log.info("the legal actions of update %d did not come within %d ms; asking again", seq, LEGAL_WAIT_MS)
        self.asked = seq
        s.worker.send(P.LegalRequest(detail=True))
        if self._told != seq:
            self._told = seq
            s.status.emit(tr("The host has not sent what you can do yet; asking it again."))
        self._timer.start(LEGAL_WAIT_MS)

    def _unanswered(self) -> None:
        """The seat's answer came back neither as an update nor as a refusal in ANSWER_WAIT_MS:
        the whole table is fetched again (a snapshot: the host's position as it is, its list of
        legal actions with it), so that the prompt comes back if the answer was lost. Not while
        the connection is down: coming back fetches the table anyway."""
        s = self.session
        if not s.playing or not s.answer_sent() or s.link():
            return
        log.warning("the host did not answer this seat's action at update %d within %d ms; fetching the table again",
                    self.acted, ANSWER_WAIT_MS)
        s.status.emit(tr("The host has not answered your action; fetching the whole table again."))
        s.worker.resync()
