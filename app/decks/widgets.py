"""Small drawing helpers shared by the deck editor's views: mana symbols, the card
preview, the legal/illegal indicator."""
from __future__ import annotations

import html

from functools import lru_cache
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import (QLabel, QSizePolicy, QStyle, QStyledItemDelegate,
                               QStyleOptionViewItem, QVBoxLayout, QWidget)

from app.decks.library import shared_library
from app.i18n import tr
from app.render.symbols import parse_symbols, symbol_file_stem
from engine.paths import ASSETS

if TYPE_CHECKING:
    from app.decks.library import CardLibrary

SYMBOL_DIR = ASSETS / "symbols"
#: The colours the editor uses for W U B R G and colourless (bars, swatches).
COLOR_HEX = {"W": "#e9e2c6", "U": "#3f7fc4", "B": "#4a4346", "R": "#d3452f", "G": "#2f8f4e",
             "C": "#a7a7a7"}
ModelIndex = QModelIndex | QPersistentModelIndex


@lru_cache(maxsize=256)
def symbol_pixmap(symbol: str, size: int) -> QPixmap:
    """One mana symbol ('W', '2', 'W/U') as a `size` x `size` pixmap (empty if unknown)."""
    pix = QPixmap(size, size)
    pix.fill(Qt.GlobalColor.transparent)
    renderer = QSvgRenderer(str(SYMBOL_DIR / f"{symbol_file_stem(symbol)}.svg"))
    if renderer.isValid():
        painter = QPainter(pix)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter, QRectF(0, 0, size, size))
        painter.end()
    return pix


def paint_cost(painter: QPainter, rect: QRectF, cost: str | None, size: int = 15) -> None:
    """Draw a mana cost's symbols left to right in `rect`, vertically centred."""
    x = rect.left() + 2
    y = rect.top() + (rect.height() - size) / 2
    for symbol in parse_symbols(cost):
        if x + size > rect.right():
            break
        painter.drawPixmap(int(x), int(y), symbol_pixmap(symbol, size))
        x += size + 1


def cost_width(cost: str | None, size: int = 15) -> int:
    return len(parse_symbols(cost)) * (size + 1) + 4


class ManaCostDelegate(QStyledItemDelegate):
    """Paints the mana cost stored under `role` as symbols instead of "{2}{U}" text."""

    def __init__(self, role: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.role = role

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: ModelIndex) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        style = opt.widget.style() if opt.widget is not None else None
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)
        cost = index.data(self.role)
        if cost:
            painter.save()
            paint_cost(painter, QRectF(opt.rect), str(cost))
            painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: ModelIndex) -> QSize:
        hint = super().sizeHint(option, index)
        return QSize(max(hint.width(), cost_width(index.data(self.role))), max(hint.height(), 20))


class CardPreview(QWidget):
    """The selected card's face, rendered in the UI language."""

    def __init__(self, parent: QWidget | None = None, width: int = 300,
                 library: CardLibrary | None = None) -> None:
        super().__init__(parent)
        self.library = library or shared_library()
        self.face_width = width
        self.name: str | None = None
        self.image = QLabel()
        self.image.setTextFormat(Qt.TextFormat.PlainText)
        self.image.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.image.setFixedSize(width, round(width * 680 / 488))
        self.caption = QLabel()
        self.caption.setTextFormat(Qt.TextFormat.RichText)
        self.caption.setWordWrap(True)
        self.caption.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.caption.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.image, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(self.caption)
        layout.addStretch(1)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)
        self.library.pixmaps.ready.connect(self._ready)
        self.show_card(None)

    def show_card(self, name: str | None) -> None:
        self.name = name
        if not name:
            self.image.setPixmap(QPixmap())
            self.image.setText(tr("Select a card to see it here."))
            self.caption.setText("")
            return
        record = self.library.record(name)
        shown = self.library.display_name(name)
        # Names come from files people send: escaped, so "<img width=20000>" is just text.
        if record is None:
            self.caption.setText(html.escape(tr("{card} is not in the card database.", card=name)))
        elif shown != name:
            self.caption.setText(f"<b>{html.escape(shown)}</b><br><i>{html.escape(name)}</i>")
        else:
            self.caption.setText(f"<b>{html.escape(shown)}</b>")
        pix = self.library.pixmaps.face(name, self.face_width)
        if pix is None:
            self.image.setPixmap(QPixmap())
            self.image.setText(tr("Drawing the card…"))
        else:
            self.image.setPixmap(pix)

    def _ready(self, name: str) -> None:
        if name == self.name:
            self.show_card(name)


class StatusLight(QLabel):
    """A green or red dot (legal / not legal), drawn rather than an emoji so it looks the
    same on every platform."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ok = True
        self.setFixedSize(16, 16)

    def set_ok(self, ok: bool) -> None:
        self.ok = ok
        self.update()

    def paintEvent(self, event: object) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QColor("#1b5e20" if self.ok else "#7f1010"))
        painter.setBrush(QColor("#43a047" if self.ok else "#e53935"))
        painter.drawEllipse(QRectF(1.5, 1.5, 13, 13))
        painter.end()
