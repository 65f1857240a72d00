"""The hover zoom: the card under the pointer shown large, placed where it hides least of
what the player is looking at.

Like Arena's, it sits next to the card, never on it: to its right, to its left, above or
below it. Of those places (each moved into the view) it takes the one that covers the least
of the table's information, by weight: never the card itself (nor the pointer on it), then
the player panels (life, poison, mana), the stack while it holds something, the piles, then
any other card; the nearer place wins a tie. It is always wholly inside the view (shrunk
when the view is small)."""
from __future__ import annotations

from typing import Iterable

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLabel, QWidget

GAP = 14  # pixels between the card and its zoom
# what covering one pixel of each thing costs (the card itself: never, if there is any other place)
WEIGHT_CARD_ITSELF = 1000.0
WEIGHT_PANEL = 12.0
WEIGHT_STACK = 8.0
WEIGHT_PILE = 3.0
WEIGHT_CARD = 1.0
DISTANCE_COST = 5.0  # per pixel between the card's centre and the zoom's: the nearer place wins a tie


class HoverZoom(QLabel):
    """The large card beside the hovered one; never takes the mouse."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.setStyleSheet("background: transparent;")
        self.hide()


def zoom_width(view: QSize, wanted: int, aspect: float = 488 / 680) -> int:
    """The zoom's width: `wanted`, smaller when the view is short or narrow (it must fit
    wholly, beside a card), never below 120 pixels."""
    by_height = int((view.height() - 8) * aspect)
    by_width = view.width() // 2 - GAP
    return max(120, min(wanted, by_height, by_width))


def _overlap(a: QRect, b: QRect) -> int:
    r = a.intersected(b)
    return r.width() * r.height() if r.isValid() else 0


def place(view: QSize, size: QSize, card: QRect, keep_out: Iterable[tuple[QRect, float]]) -> tuple[QPoint, bool]:
    """Where the zoom of `size` goes in a view of `view` for the hovered `card` (view
    coordinates): of the places beside the card (right, left: level with its middle, its top or
    its bottom) and above or below it, each moved into the view, the one that covers the least
    weighted area of `keep_out` and of the card itself; the first of them on a tie. Also
    whether that place is clear: it covers neither the card nor a panel."""
    w, h = size.width(), size.height()
    max_x, max_y = max(0, view.width() - w), max(0, view.height() - h)
    cx, cy = card.center().x(), card.center().y()
    beside = [(x, y) for x in (card.right() + 1 + GAP, card.left() - GAP - w)
              for y in (cy - h // 2, card.top(), card.bottom() + 1 - h)]
    over = [(cx - w // 2, y) for y in (card.top() - GAP - h, card.bottom() + 1 + GAP)]
    areas = [(r, wt) for r, wt in keep_out if r.isValid()]
    best: tuple[float, QPoint, bool] | None = None
    for x, y in beside + over:
        x, y = min(max(0, x), max_x), min(max(0, y), max_y)
        rect = QRect(x, y, w, h)
        hidden = _overlap(rect, card)
        cost = WEIGHT_CARD_ITSELF * hidden
        for r, wt in areas:
            covered = _overlap(rect, r)
            cost += wt * covered
            if wt >= WEIGHT_PANEL:
                hidden += covered
        cost += DISTANCE_COST * (abs(rect.center().x() - cx) + abs(rect.center().y() - cy))
        if best is None or cost < best[0]:
            best = (cost, QPoint(x, y), not hidden)
    assert best is not None
    return best[1], best[2]


def place_shrinking(view: QSize, width: int, card: QRect, keep_out: list[tuple[QRect, float]],
                    aspect: float = 488 / 680, smallest: int = 160) -> tuple[QPoint, int]:
    """The place and width of the zoom: `width` if it has a clear place (`place`), else the
    largest width down to `smallest` (a tenth smaller each time) that has one; if none has,
    `width` at its least covering place."""
    first: tuple[QPoint, int] | None = None
    w = width
    while True:
        at, clear = place(view, QSize(w, round(w / aspect)), card, keep_out)
        if first is None:
            first = (at, w)
        if clear:
            return at, w
        if w <= smallest:
            return first
        w = max(smallest, int(w * 0.9))
