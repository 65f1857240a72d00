"""A scheme set in motion, shown large for everyone for a moment (CR 701.25a: it is turned face
up; the release notes: "schmiedet ... und entfesselt somit seine entsetzliche Macht").

An overlay over the table view: the scheme's face at preview size with the log's sentence
("Computer 1 schmiedet das Komplott Fliehen ist zwecklos.") under it. It stays `SECONDS`
(longer when several are set in motion at once, one after the other: Plots That Span
Centuries), takes no keyboard focus, and a click closes it; the log keeps the sentence.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QRect, Qt, QTimer
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import QWidget

from app.i18n import event_text
from app.table.card_item import font
from app.table.pixmaps import PREVIEW_WIDTH

if TYPE_CHECKING:
    from app.table.pixmaps import PixmapStore

SECONDS = 3.5
CARD_W = 300  # pixels: large, yet the table stays readable around it


class SchemeBanner(QWidget):
    """The scheme just set in motion, over the middle of the view."""

    def __init__(self, parent: QWidget, store: "PixmapStore") -> None:
        super().__init__(parent)
        self.store = store
        self.queue: list[tuple[str, str]] = []  # (scheme name, sentence) still to show
        self.name = ""
        self.sentence = ""
        self.shown: list[str] = []  # every scheme shown, in order (tests, and why not)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._next)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        store.ready.connect(self._ready)  # (a bound method: Qt drops it with this widget)
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

    def place(self) -> None:
        """Centred in the view, as tall as the card and its sentence (smaller in a small view)."""
        parent = self.parentWidget()
        if parent is None:
            return
        w = min(CARD_W + 80, parent.width() - 20)
        h = min(round(CARD_W * 680 / 488) + 90, parent.height() - 20)
        self.setGeometry(QRect((parent.width() - w) // 2, (parent.height() - h) // 2, w, h))

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
        text_h = 70
        card_h = self.height() - text_h - 20
        card_w = round(card_h * 488 / 680)
        card = QRect((self.width() - card_w) // 2, 10, card_w, card_h)
        pix: QPixmap | None = self.store.face(self.name, width=PREVIEW_WIDTH)
        if pix is not None:
            p.drawPixmap(card, pix)
        else:
            p.setBrush(QColor(60, 60, 70))
            p.drawRoundedRect(card, 10, 10)
        p.setPen(QColor(243, 234, 210))
        p.setFont(font(14, True))
        p.drawText(QRect(12, card.bottom() + 6, self.width() - 24, text_h),
                   Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap, self.sentence)
