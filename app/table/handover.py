"""The hand-over screen of a hot seat (app/hot_seat.py): when another person than the one at
the screen must decide, it covers the whole table — the view, the prompt, the log and the
preview — and asks to pass the computer to that person; "I am …" turns the table to their seat.
Under it the table shows only what every player may see (the session's observation while
handing over is the spectator's), so the cover is not the only thing between a hand and the
next person's eyes.

The button answers only after a moment (`ARM_MS`): a click or key meant for the table by the
person who just acted does not take the next person's seat for them."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from app.i18n import step_name, tr

ARM_MS = 600  # the button's delay before it answers


class HandOverScreen(QWidget):
    """Covers its parent (the table) while shown; `taken(seat)` when the person says it is them."""

    taken = Signal(int)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("handOver")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet("#handOver { background: #15171c; } QLabel { color: #e8e2d0; }"
                           "QPushButton { background: #3b5a3a; color: #f3ead2; border: 1px solid #d9b45a;"
                           " border-radius: 8px; padding: 14px 28px; font-size: 18px; }"
                           "QPushButton:disabled { background: #2a2e38; color: #8a8578; }")
        self.table = parent
        self.seat: int | None = None
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # (keys meant for the table end here while it covers it)
        lay = QVBoxLayout(self)
        lay.addStretch(2)
        self.heading = QLabel()
        font = QFont()
        font.setPointSize(24)
        font.setBold(True)
        self.heading.setFont(font)
        self.heading.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.heading.setWordWrap(True)
        lay.addWidget(self.heading)
        self.where = QLabel()  # whose turn and which step: why the computer goes to them now
        self.where.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.text = QLabel()
        small = QFont()
        small.setPointSize(13)
        self.text.setFont(small)
        self.where.setFont(small)
        lay.addWidget(self.where)
        self.text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.text.setWordWrap(True)
        lay.addWidget(self.text)
        lay.addSpacing(24)
        self.button = QPushButton()
        self.button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.button.clicked.connect(self._take)
        lay.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        lay.addStretch(3)
        self._arm = QTimer(self)
        self._arm.setSingleShot(True)
        self._arm.timeout.connect(self._armed)
        parent.installEventFilter(self)
        self.hide()

    def show_for(self, seat: int, player: str, where: str = "") -> None:
        """Ask to pass the computer to `player` (in `seat`); `where`: whose turn and which step.
        Already shown for them: unchanged (the button keeps its state)."""
        self.where.setText(where)
        if self.seat == seat and self.isVisible():
            return
        self.seat = seat
        self.heading.setText(tr("Pass the computer to {player}.", player=player))
        self.text.setText(tr("The table is hidden so that nobody sees a hand that is not theirs. {player}, click the "
                             "button when only you can see the screen.", player=player))
        self.button.setText(tr("I am {player}: show my hand", player=player))
        self.button.setEnabled(False)
        self._arm.start(ARM_MS)
        self.setGeometry(self.table.rect())
        self.show()
        self.raise_()
        self.setFocus()

    def close_screen(self) -> None:
        self._arm.stop()
        self.seat = None
        self.hide()

    def _armed(self) -> None:
        self.button.setEnabled(True)
        self.button.setFocus()

    def _take(self) -> None:
        if self.seat is not None and self.button.isEnabled():
            self.taken.emit(self.seat)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.table and event.type() == QEvent.Type.Resize:
            self.setGeometry(self.table.rect())
        return False


def follow_hot_seat(table: Any) -> bool:
    """Before the table (app/table/widget.py's TableWidget; not imported: it imports this module)
    redraws: turned to the person at the screen, and covered while the computer must be passed
    to another person. True while covered."""
    session: Any = table.session
    undo = table.actions_by_id.get("undo")
    if undo is not None and len(getattr(session, "people", ())) > 1:  # (said where undo is offered: the Game menu)
        undo.setText(tr("Undo the table's last action, whoever made it"))
    to = session.handover
    seat = session.seat
    if to is None and len(getattr(session, "controls", ())) > 1:
        # several seats answered here without hand-overs (a scenario, a puzzle played from every
        # side): the table turns to the deciding seat, as a hot seat does — its hand at the
        # bottom, its prompt below it (with three or four seats its hand was only a count in its
        # column; with two, seat 0 stayed at the bottom while the other seat decided at the top)
        seat = session.log_seat()
    if not session.watching and seat is not None and seat != table.scene.seat:
        table.interaction.reset_mode()
        table.scene.turn_to(seat)
    if to is None:
        table.handover.close_screen()
        return False
    for viewer in list(table.viewers):  # (a zone viewer of the seat before: its library, its hand)
        viewer.close()
    if table.action_menu is not None:
        table.action_menu.close()
    table.interaction.reset_mode()
    names = session.player_names
    obs = session.observation()  # (the spectator's while handing over: what everyone may see)
    active = int(obs.get("active", 0))
    if (obs.get("pending") or {}).get("kind") in ("mulligan", "bottom"):  # (CR 103.5: before the first turn)
        where = tr("Before the first turn: the opening hands.")
    else:
        where = tr("Turn {turn}, {player}'s turn: {step}.", turn=int(obs.get("turn", 1)),
                   player=names[active] if 0 <= active < len(names) else "?", step=step_name(str(obs.get("step", ""))))
    table.handover.show_for(to, names[to], where)
    return True
