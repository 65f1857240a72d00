"""The marks painted over a card on the table (app/table/card_item.py CardItem): the icons
(attacking, blocking, summoning sick, goaded, until the end step), counter badges, a
planeswalker's loyalty shield, a Room door's padlock and the ribbons across a card, with the
card's rectangle and the fonts they use. Plain painting functions: no item state."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

from app.i18n import counters_text
from app.table import geometry as geo

RECT = QRectF(-geo.CARD_W / 2, -geo.CARD_H / 2, geo.CARD_W, geo.CARD_H)
COUNTER_COLOURS = {"+1/+1": QColor(60, 150, 70), "-1/-1": QColor(160, 40, 40), "loyalty": QColor(90, 90, 90),
                   "level": QColor(120, 70, 160), "time": QColor(40, 110, 160)}
_FONT_CACHE: dict[tuple[int, bool], QFont] = {}


def counter_label(kind: str, n: int) -> str:
    """A counter badge's words in the UI language: "+1/+1 ×2", "LV 3", "2 Zeitmarken"
    (the glossary's names: a lore counter is a "Sagenmarke", a "segnalino sapere")."""
    if kind in ("+1/+1", "-1/-1"):
        return f"{kind} ×{n}"
    if kind == "level":
        return f"LV {n}"
    return counters_text(kind, n)


def font(px: int, bold: bool = False) -> QFont:
    f = _FONT_CACHE.get((px, bold))
    if f is None:
        f = QFont()
        f.setPixelSize(px)
        f.setBold(bold)
        _FONT_CACHE[(px, bold)] = f
    return f


def icon(painter: QPainter, c: QPointF, colour: QColor, kind: str) -> None:
    painter.setPen(QPen(QColor(15, 15, 15), 1))
    painter.setBrush(colour)
    painter.drawEllipse(c, 10, 10)
    painter.setPen(QPen(QColor(255, 255, 255), 2))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    x, y = c.x(), c.y()
    if kind == "sword":  # an upright sword, point up: a blade, a crossguard, the grip (not an "X")
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 255, 255))
        painter.drawPolygon(QPolygonF([QPointF(x, y - 8), QPointF(x + 2, y - 5), QPointF(x + 2, y + 2),
                                       QPointF(x - 2, y + 2), QPointF(x - 2, y - 5)]))
        painter.drawRect(QRectF(x - 5, y + 2, 10, 2))
        painter.drawRect(QRectF(x - 1, y + 4, 2, 4))
    elif kind == "shield":
        path = QPainterPath(QPointF(x, y - 6))
        path.lineTo(x + 5, y - 4)
        path.quadTo(x + 5, y + 3, x, y + 6)
        path.quadTo(x - 5, y + 3, x - 5, y - 4)
        path.closeSubpath()
        painter.drawPath(path)
    elif kind == "blitz":  # a lightning bolt in a golden ring: it stands out on a red card too
        painter.setPen(QPen(QColor(255, 200, 60), 1.5))
        painter.drawEllipse(c, 8.5, 8.5)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 215, 70))
        painter.drawPolygon(QPolygonF([QPointF(x + 2, y - 8), QPointF(x - 5, y + 1), QPointF(x - 0.5, y + 1),
                                       QPointF(x - 2, y + 8), QPointF(x + 5, y - 1), QPointF(x + 0.5, y - 1)]))
    elif kind == "hourglass":  # "until the end step"
        painter.setPen(QPen(QColor(255, 200, 60), 1.5))
        painter.drawPolygon(QPolygonF([QPointF(x - 5, y - 6), QPointF(x + 5, y - 6), QPointF(x - 5, y + 6),
                                       QPointF(x + 5, y + 6)]))
    elif kind == "goad":  # an exclamation mark: "must attack"
        painter.setFont(font(13, True))
        painter.drawText(QRectF(x - 9, y - 9, 18, 18), Qt.AlignmentFlag.AlignCenter, "!")
    else:  # summoning sickness: "z z"
        painter.setFont(font(11, True))
        painter.drawText(QRectF(x - 9, y - 9, 18, 18), Qt.AlignmentFlag.AlignCenter, "zz")


def pill(painter: QPainter, left: QPointF, text: str, colour: QColor, widest: float = RECT.width() + 12) -> float:
    """A counter badge from `left` (its bottom line at left.y() + 18); a long name ("2
    Betäubungsmarken") gets a smaller font, then a second line growing upwards (and a word
    longer than the line a smaller font again), never cut off by the card's edge. Returns
    the badge's height."""
    painter.setFont(font(11, True))
    w = float(painter.fontMetrics().horizontalAdvance(text) + 12)
    h = 18.0
    flags = Qt.AlignmentFlag.AlignCenter
    if w > widest:
        painter.setFont(font(9, True))
        w = float(painter.fontMetrics().horizontalAdvance(text) + 12)
    if w > widest:
        flags |= Qt.TextFlag.TextWordWrap
        # one word longer than the line ("1 Endgültigkeitsmarke"): a smaller font still
        longest = max(painter.fontMetrics().horizontalAdvance(word) for word in text.split())
        if longest > widest - 12:
            painter.setFont(font(max(6, int(9 * (widest - 12) / longest)), True))
        r = painter.boundingRect(QRectF(0, 0, widest - 12, 60), flags, text)
        w, h = r.width() + 12, r.height() + 4
    box = QRectF(left.x(), left.y() + 18 - h, w, h)
    painter.setPen(QPen(QColor(255, 255, 255, 200), 1.2))
    painter.setBrush(QBrush(colour))
    painter.drawRoundedRect(box, 9, 9)
    painter.setPen(QColor(255, 255, 255))
    painter.drawText(box, flags, text)
    return h


def loyalty_shield(painter: QPainter, n: int, left_of_pt: bool) -> None:
    """A planeswalker's loyalty in a shield at the bottom right (left of the P/T box while
    it is a creature too: Kaito, Bane of Nightmares during his controller's turn)."""
    right = RECT.right() - (46 if left_of_pt else 0)
    top = RECT.bottom() - 26
    shield = QPolygonF([QPointF(right - 40, top), QPointF(right + 2, top), QPointF(right + 2, top + 16),
                        QPointF(right - 19, top + 26), QPointF(right - 40, top + 16)])
    painter.setPen(QPen(QColor(255, 255, 255), 1.5))
    painter.setBrush(QColor(30, 30, 38))
    painter.drawPolygon(shield)
    painter.setPen(QColor(255, 255, 255))
    painter.setFont(font(13, True))
    painter.drawText(QRectF(right - 40, top, 42, 20), Qt.AlignmentFlag.AlignCenter, str(n))


def padlock(painter: QPainter, c: QPointF, is_open: bool) -> None:
    colour = QColor(240, 200, 80) if is_open else QColor(200, 200, 200)
    painter.setPen(QPen(QColor(20, 20, 20), 1))
    painter.setBrush(QColor(20, 20, 20, 200))
    painter.drawEllipse(c, 9, 9)
    painter.setPen(QPen(colour, 1.8))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    shackle = QRectF(c.x() - 3.5, c.y() - 7, 7, 8)
    if is_open:
        shackle.translate(3, -1.5)
    painter.drawArc(shackle, 0, 180 * 16)
    painter.setBrush(colour)
    painter.drawRect(QRectF(c.x() - 5, c.y() - 2, 10, 7))


def ribbon(painter: QPainter, band: QRectF, fill: QColor, radius: int, ink: QColor) -> None:
    """A ribbon across the card: `band` filled with `fill` (rounded, no outline), and the pen
    set to `ink` for its text."""
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(fill)
    painter.drawRoundedRect(band, radius, radius)
    painter.setPen(ink)
