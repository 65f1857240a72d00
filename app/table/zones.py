"""Zone items: battlefield and hand areas, the piles (library, graveyard, exile, command),
the stack (the player panel is app/table/panel.py). They are drop targets and show what a
zone holds without making an item per hidden card."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from app.i18n import message
from app.table import geometry as geo
from app.table.card_marks import COUNTER_COLOURS, counter_label, font

if TYPE_CHECKING:
    from app.table.pixmaps import PixmapStore

PILES = ("library", "graveyard", "exile", "command")


class ZoneItem(QGraphicsObject):
    """A rectangle that accepts dropped cards: (kind, owner) says where they go."""

    def __init__(self, kind: str, owner: int, rect: QRectF, label: str = "") -> None:
        super().__init__()
        self.kind = kind
        self.owner = owner
        self.rect = QRectF(rect)
        self.label = label
        self.drop_hover = False
        self.highlight = ""
        self.setZValue(-10)

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-3, -3, 3, 3)

    def set_rect(self, rect: QRectF) -> None:
        if rect != self.rect:
            self.prepareGeometryChange()
            self.rect = QRectF(rect)
            self.update()

    def label_width(self) -> float:
        """How far the zone's name reaches from its left edge (0 without one): cards laid along
        the zone's top keep clear of it."""
        if not self.label:
            return 0.0
        return 8 + QFontMetricsF(font(12, True)).horizontalAdvance(self.label) + 6

    def set_drop_hover(self, on: bool) -> None:
        if on != self.drop_hover:
            self.drop_hover = on
            self.update()

    def set_highlight(self, kind: str) -> None:
        if kind != self.highlight:
            self.highlight = kind
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        edge = geo.HIGHLIGHT["drop"] if self.drop_hover else geo.ZONE_EDGE
        painter.setPen(QPen(edge, 3 if self.drop_hover else 1, Qt.PenStyle.SolidLine if self.drop_hover
                            else Qt.PenStyle.DashLine))
        painter.setBrush(QColor(255, 240, 160, 40) if self.drop_hover else geo.ZONE_FILL)
        painter.drawRoundedRect(self.rect, 8, 8)
        if self.label:
            painter.setPen(geo.TEXT_DIM)
            painter.setFont(font(12, True))
            painter.drawText(self.rect.adjusted(8, 4, -8, -4), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                             self.label)


class PileItem(ZoneItem):
    """Library (a back and the count), graveyard/exile/command (the top card and the count)."""

    def __init__(self, kind: str, owner: int, rect: QRectF, store: "PixmapStore") -> None:
        super().__init__(kind, owner, rect)
        self.store = store
        self.count = 0
        self.top: dict[str, Any] | None = None
        self.badge = ""  # on the top card: the commander tax in the command zone (CR 903.8)
        self.setAcceptHoverEvents(True)

    def set_content(self, count: int, top: dict[str, Any] | None, badge: str = "") -> None:
        if count != self.count or top != self.top or badge != self.badge:
            self.count, self.top, self.badge = count, top, badge
            self.setToolTip(badge)
            self.update()

    def card_rect(self) -> QRectF:
        r = self.rect
        return QRectF(r.left(), r.top(), r.width(), r.width() * geo.CARD_H / geo.CARD_W)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        cr = self.card_rect()
        pix = None
        if self.count:
            if self.top is None and self.kind in ("library", "schemes") or (self.top is not None and not self.top.get("name")):
                pix = self.store.back()
            elif self.top is not None:
                pix = self.store.face(self.top.get("name"), self.top.get("token_def"))
        if pix is not None:
            if self.count > 1:  # a hint of thickness
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(0, 0, 0, 120))
                painter.drawRoundedRect(cr.translated(3, 3), 6, 6)
            painter.drawPixmap(cr, pix, QRectF(pix.rect()))
            self._counters(painter, cr)
            if self.badge:
                self._badge(painter, cr)
        else:
            painter.setPen(QPen(geo.ZONE_EDGE, 1.5, Qt.PenStyle.DashLine))
            painter.setBrush(geo.ZONE_FILL)
            painter.drawRoundedRect(cr, 6, 6)
        if self.drop_hover or self.highlight:
            c = geo.HIGHLIGHT["drop"] if self.drop_hover else geo.HIGHLIGHT.get(self.highlight, geo.ZONE_EDGE)
            painter.setPen(QPen(c, 4))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(cr.adjusted(-2, -2, 2, 2), 7, 7)
        # the count, on a dark disc, and the zone's name under the card
        disc = QPointF(cr.right() - 14, cr.bottom() - 14)
        painter.setPen(QPen(QColor(255, 255, 255, 200), 1.5))
        painter.setBrush(QColor(10, 10, 10, 210))
        painter.drawEllipse(disc, 13, 13)
        painter.setPen(QColor(255, 255, 255))
        painter.setFont(font(13, True))
        painter.drawText(QRectF(disc.x() - 13, disc.y() - 13, 26, 26), Qt.AlignmentFlag.AlignCenter, str(self.count))
        # the zone's name under the card; a long one ("Kommandozone", "Zona di comando") gets
        # a smaller font or a second line, never clipped
        painter.setPen(geo.TEXT_DIM)
        label = message(f"zone.{self.kind}")
        box = QRectF(self.rect.left() - geo.GAP / 2 + 1, cr.bottom() + 2, self.rect.width() + geo.GAP - 2,
                     self.rect.bottom() - cr.bottom() - 2)
        painter.setFont(font(12, True))
        longest = max(painter.fontMetrics().horizontalAdvance(w) for w in label.split() or [""])
        if longest > box.width():  # one word too long for the line: a smaller font
            painter.setFont(font(max(7, int(12 * box.width() / longest)), True))
        painter.drawText(box, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap,
                         label)


    def _badge(self, painter: QPainter, cr: QRectF) -> None:
        """The commander tax, a gold label across the card's lower third."""
        painter.setFont(font(11, True))
        flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
        room = QRectF(cr.left() + 2, cr.top() + cr.height() * 0.55, cr.width() - 4, 40)
        box = painter.boundingRect(room.adjusted(4, 2, -4, -2), flags, self.badge).adjusted(-5, -2, 5, 2)
        box.moveLeft(cr.left() + (cr.width() - box.width()) / 2)
        if box.bottom() > cr.bottom() - 29:  # above the count's disc ("Tassa +0": it hid the number)
            box.moveBottom(cr.bottom() - 29)
        painter.setPen(QPen(QColor(255, 255, 255, 200), 1.2))
        painter.setBrush(QColor(150, 110, 20, 235))
        painter.drawRoundedRect(box, 7, 7)
        painter.setPen(QColor(255, 255, 255))
        painter.drawText(box, flags, self.badge)

    def _counters(self, painter: QPainter, cr: QRectF) -> None:
        """The counters on the top card (a suspended card's time counters in exile, CR 702.62),
        as the battlefield shows them."""
        y = cr.top() + 20  # under the name bar
        flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
        painter.setFont(font(10, True))
        for kind, n in sorted(((self.top or {}).get("counters") or {}).items()):
            if not n:
                continue
            text = counter_label(str(kind), int(n))  # on one line, or two inside the pile's width
            room = QRectF(cr.left() - 2, y, cr.width() + 4, 40)
            box = painter.boundingRect(room.adjusted(6, 2, -6, -2), flags, text).adjusted(-6, -2, 6, 2)
            box.moveLeft(cr.left() + (cr.width() - box.width()) / 2)
            painter.setPen(QPen(QColor(255, 255, 255, 200), 1.2))
            painter.setBrush(COUNTER_COLOURS.get(kind, QColor(50, 90, 130)))
            painter.drawRoundedRect(box, 8, 8)
            painter.setPen(QColor(255, 255, 255))
            painter.drawText(box, flags, text)
            y = box.bottom() + 3


class StackZone(ZoneItem):
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        super().paint(painter, option, widget)
