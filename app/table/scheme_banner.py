"""A scheme set in motion, shown large for everyone for a moment (CR 701.25a: it is turned face
up; the release notes: "schmiedet ... und entfesselt somit seine entsetzliche Macht").

An overlay over the table view: the scheme's face at preview size with the log's sentence
("Computer 1 schmiedet das Komplott Fliehen ist zwecklos.") under it. It stays `SECONDS`
(longer when several are set in motion at once, one after the other: Plots That Span
Centuries), takes no keyboard focus, and a click closes it; the log keeps the sentence.

The archenemy's scheme comes at the start of their own first main phase, when they want to
play: the banner never covers the viewer's own battlefield and hand (`keep_clear`: it sits
over the opponents' part of the table, beside its sentence where that part is low) nor the
opponents' strips across the top with their life totals (`below`), and any
press elsewhere on the table puts it and those still queued away — nobody waits on it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from PySide6.QtCore import QEvent, QObject, QRect, Qt, QTimer
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import QWidget

from app.i18n import event_text
from app.table.card_marks import font
from app.table.pixmaps import PREVIEW_WIDTH

if TYPE_CHECKING:
    from app.table.pixmaps import PixmapStore

SECONDS = 3.5
CARD_W = 300  # pixels: large, yet the table stays readable around it
MARGIN = 10
TEXT_H = 70  # the sentence under the card
TEXT_W = 300  # the sentence beside the card (where the room above the viewer's zones is low)
MIN_CARD_H = 150  # smaller than this the card is not worth showing: then over the middle


class SchemeBanner(QWidget):
    """The scheme just set in motion, over the middle of the view."""

    def __init__(self, parent: QWidget, store: "PixmapStore") -> None:
        super().__init__(parent)
        self.store = store
        self.queue: list[tuple[str, str]] = []  # (scheme name, sentence) still to show
        self.name = ""
        self.sentence = ""
        self.shown: list[str] = []  # every scheme shown, in order (tests, and why not)
        # the top of the viewer's own zones in the parent's coordinates (None: a spectator)
        self.keep_clear: Callable[[], int | None] = lambda: None
        # the bottom of the opponents' strips across the top of the view (0: none there): their
        # life totals stay in sight under it (it covered them until a press)
        self.below: Callable[[], int] = lambda: 0
        self.beside = False  # the sentence beside the card, not under it
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._next)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        store.ready.connect(self._ready)  # (a bound method: Qt drops it with this widget)
        parent.installEventFilter(self)  # a press elsewhere on the table; a resize
        self.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if self.isVisible():
            if event.type() in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick):
                self.dismiss()  # the player acts: out of the way (the press goes on to the table)
            elif event.type() == QEvent.Type.Resize:
                self.place()
        return False

    def dismiss(self) -> None:
        """Put the banner away with the schemes still queued (the log has their sentences)."""
        self.queue.clear()
        self._timer.stop()
        self.hide()

    def _ready(self, _key: str) -> None:
        if self.isVisible():
            self.update()

    def show_events(self, events: list[dict[str, Any]], you: str | None) -> None:
        """Queue each "set in motion" event of these events (the table's events as they come)."""
        for ev in events:
            if ev.get("key") == "scheme_set_in_motion" and ev.get("card"):
                self.queue.append((str(ev["card"]), event_text(ev, you) or ""))
        if self.queue and not self.isVisible():
            self._next()

    def _next(self) -> None:
        if not self.queue:
            self.hide()
            return
        self.name, self.sentence = self.queue.pop(0)
        self.shown.append(self.name)
        self.store.face(self.name, width=PREVIEW_WIDTH)  # (rendered on a worker; drawn when ready)
        self.place()
        self.show()
        self.raise_()
        self.update()
        self._timer.start(int(SECONDS * 1000))

    def hold(self, on: bool) -> None:
        """Keep the scheme shown (a screenshot, a tooltip being read), or let it go on."""
        if on:
            self._timer.stop()
        elif self.isVisible() and not self._timer.isActive():
            self._timer.start(int(SECONDS * 1000))

    def place(self) -> None:
        """Over the opponents' part of the view, clear of the viewer's own zones: the card with
        its sentence under it, or beside it where that part is low; centred in the view when
        there is no room there (or nothing to keep clear)."""
        parent = self.parentWidget()
        if parent is None:
            return
        card_h = round(CARD_W * 680 / 488)
        clear = self.keep_clear()
        first = max(0, self.below()) + MARGIN  # (under the opponents' strips)
        room = (clear if clear is not None else parent.height()) - first - MARGIN
        self.beside = False
        if clear is not None and room >= card_h + TEXT_H + 2 * MARGIN:
            h = min(card_h + TEXT_H + 2 * MARGIN, room)
            w = min(CARD_W + 80, parent.width() - 2 * MARGIN)
            top = first + (room - h) // 2
        elif clear is not None and room >= MIN_CARD_H + 2 * MARGIN:
            self.beside = True
            h = min(card_h + 2 * MARGIN, room)
            w = min(round((h - 2 * MARGIN) * 488 / 680) + TEXT_W + 3 * MARGIN, parent.width() - 2 * MARGIN)
            top = first
        else:
            w = min(CARD_W + 80, parent.width() - 2 * MARGIN)
            h = min(card_h + 90, parent.height() - 2 * MARGIN)
            top = (parent.height() - h) // 2
        self.setGeometry(QRect((parent.width() - w) // 2, top, w, h))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._timer.stop()
        self._next()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        p.setPen(QPen(QColor(217, 180, 90), 2))
        p.setBrush(QColor(15, 17, 22, 225))
        p.drawRoundedRect(self.rect().adjusted(1, 1, -1, -1), 14, 14)
        if self.beside:
            card_h = self.height() - 2 * MARGIN
            card_w = round(card_h * 488 / 680)
            card = QRect(MARGIN, MARGIN, card_w, card_h)
            text = QRect(card.right() + MARGIN, MARGIN, self.width() - card.right() - 2 * MARGIN, card_h)
            align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        else:
            card_h = self.height() - TEXT_H - 2 * MARGIN
            card_w = round(card_h * 488 / 680)
            card = QRect((self.width() - card_w) // 2, MARGIN, card_w, card_h)
            text = QRect(12, card.bottom() + 6, self.width() - 24, TEXT_H)
            align = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
        pix: QPixmap | None = self.store.face(self.name, width=PREVIEW_WIDTH)
        if pix is not None:
            p.drawPixmap(card, pix)
        else:
            p.setBrush(QColor(60, 60, 70))
            p.drawRoundedRect(card, 10, 10)
        p.setPen(QColor(243, 234, 210))
        p.setFont(font(14, True))
        p.drawText(text, align | Qt.TextFlag.TextWordWrap, self.sentence)
