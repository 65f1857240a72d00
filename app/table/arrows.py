"""Arrows between table items: targets of spells and abilities on the stack, attackers to
the player they attack, blockers to the attacker they block."""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem, QStyleOptionGraphicsItem, QWidget


def arrow_paths(a: QPointF, b: QPointF, bend: float = 0.18, head: float = 16.0) -> tuple[QPainterPath, QPainterPath]:
    """A gently curved line from a to b, and its head at b (to be filled)."""
    dx, dy = b.x() - a.x(), b.y() - a.y()
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    ctrl = QPointF((a.x() + b.x()) / 2 + nx * length * bend, (a.y() + b.y()) / 2 + ny * length * bend)
    path = QPainterPath(a)
    # stop the curve where the head begins
    tx, ty = b.x() - ctrl.x(), b.y() - ctrl.y()
    tl = math.hypot(tx, ty) or 1.0
    ux, uy = tx / tl, ty / tl
    base = QPointF(b.x() - ux * head, b.y() - uy * head)
    path.quadTo(ctrl, base)
    left = QPointF(base.x() + uy * head * 0.6, base.y() - ux * head * 0.6)
    right = QPointF(base.x() - uy * head * 0.6, base.y() + ux * head * 0.6)
    tip = QPainterPath(b)
    tip.lineTo(left)
    tip.lineTo(right)
    tip.closeSubpath()
    return path, tip


class ArrowItem(QGraphicsPathItem):
    def __init__(self, a: QPointF, b: QPointF, colour: QColor, dashed: bool = False) -> None:
        line, tip = arrow_paths(a, b)
        whole = QPainterPath(line)
        whole.addPath(tip)
        super().__init__(whole)
        self.line, self.tip, self.colour = line, tip, colour
        pen = QPen(colour, 5, Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        self.setPen(pen)
        self.setZValue(5000)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.ends = (a, b)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        shadow = QPen(QColor(0, 0, 0, 110), self.pen().widthF() + 3)
        shadow.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(shadow)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(self.line)
        painter.setPen(self.pen())
        painter.drawPath(self.line)
        painter.setPen(QPen(QColor(0, 0, 0, 140), 1.5))
        painter.setBrush(self.colour)
        painter.drawPath(self.tip)
