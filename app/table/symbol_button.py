"""A prompt bar button whose label holds a cost ("Pay {2}", "{2} bezahlen"): the symbols are
drawn as the table draws them elsewhere (assets/symbols/*.svg, the card renderer's art),
between the words, at the button's text size. The button's text() stays the label as
written, so lookups by label keep working; its accessible name and tooltip say the cost in
words of the UI language ("Pay 2 generic mana")."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QPalette, QPaintEvent
from PySide6.QtWidgets import QPushButton, QWidget

from app.i18n import message
from engine.paths import ASSETS

if TYPE_CHECKING:
    from PySide6.QtSvg import QSvgRenderer

SYMBOL = re.compile(r"\{([0-9A-Z/]{1,4})\}")
_RUN = re.compile(r"(?:\{[0-9A-Z/]{1,4}\})+")
_GAP = 2  # pixels between two symbols, and between a symbol and a word


@lru_cache(maxsize=128)
def _renderer(symbol: str) -> QSvgRenderer | None:
    path = ASSETS / "symbols" / (symbol.replace("/", "") + ".svg")
    if not path.is_file():
        return None
    # lazy: start-up (QtSvg is loaded with the first symbol drawn: the goldfish table shows
    # none, and its start-up memory does without the library)
    from PySide6.QtSvg import QSvgRenderer
    r = QSvgRenderer(str(path))
    return r if r.isValid() else None


def has_symbols(text: str) -> bool:
    """Whether a label holds a mana symbol we have the art for."""
    return any(_renderer(m.group(1)) is not None for m in SYMBOL.finditer(text))


def cost_words(cost: str) -> str:
    """A run of symbols ("{2}{B}{B}") in words of the UI language: "2 generic mana, 2 black
    mana"; the same symbols counted together, in the order they come."""
    counts: dict[str, int] = {}
    for m in SYMBOL.finditer(cost):
        sym = m.group(1)
        key = "generic" if sym.isdigit() else sym
        counts[key] = counts.get(key, 0) + (int(sym) if sym.isdigit() else 1)
    parts = []
    for sym, n in counts.items():
        if sym == "X":
            parts.append(message("mana_words.generic", count="X"))
        elif sym in ("generic", "W", "U", "B", "R", "G", "C", "S"):
            parts.append(message(f"mana_words.{sym}", count=n))
        elif sym in ("T", "Q"):
            parts.append(message(f"mana_words.{sym}"))
        elif sym.endswith("/P"):
            parts.append(message("mana_words.phyrexian", count=n, symbol=sym))
        else:  # a hybrid symbol: "W/U", "2/W"
            parts.append(message("mana_words.hybrid", count=n, symbol=sym))
    return ", ".join(parts)


def spoken(text: str) -> str:
    """A label with its costs in words: what a screen reader says, and the tooltip."""
    return _RUN.sub(lambda m: cost_words(m.group(0)), text)


class SymbolButton(QPushButton):
    """A QPushButton that draws the mana symbols of its text as images (see the module)."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setAccessibleName(spoken(text))
        self.setToolTip(spoken(text))

    def _parts(self) -> list[tuple[bool, str]]:
        """The label as (is a symbol, text) pieces."""
        out: list[tuple[bool, str]] = []
        last = 0
        text = self.text()
        for m in SYMBOL.finditer(text):
            if _renderer(m.group(1)) is None:
                continue
            if m.start() > last:
                out.append((False, text[last:m.start()]))
            out.append((True, m.group(1)))
            last = m.end()
        if last < len(text):
            out.append((False, text[last:]))
        return out

    def symbol_size(self) -> int:
        """A symbol as tall as a capital letter and a little more: readable next to the words."""
        return max(14, round(self.fontMetrics().height() * 1.1))

    def _content_width(self) -> int:
        fm = self.fontMetrics()
        size = self.symbol_size()
        return sum(size + _GAP if sym else fm.horizontalAdvance(t) for sym, t in self._parts())

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()  # (the style's padding around the label written out)
        written = self.fontMetrics().horizontalAdvance(self.text())
        return QSize(hint.width() - written + self._content_width(), max(hint.height(), self.symbol_size() + 10))

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:
        # lazy: start-up (PySide6 makes QStyle's many enums on its first use, ~50 ms: a table
        # whose prompt shows no cost, the goldfish table's first, does without)
        from PySide6.QtWidgets import QStyle, QStyleOptionButton, QStylePainter

        p = QStylePainter(self)
        opt = QStyleOptionButton()
        self.initStyleOption(opt)
        opt.text = ""
        p.drawControl(QStyle.ControlElement.CE_PushButton, opt)  # the bevel, no label
        area = self.style().subElementRect(QStyle.SubElement.SE_PushButtonContents, opt, self)
        fm = self.fontMetrics()
        size = self.symbol_size()
        x = area.left() + max(0, (area.width() - self._content_width()) // 2)
        group = QPalette.ColorGroup.Normal if self.isEnabled() else QPalette.ColorGroup.Disabled
        p.setPen(self.palette().color(group, QPalette.ColorRole.ButtonText))
        for sym, text in self._parts():
            if sym:
                r = _renderer(text)
                if r is not None:
                    p.setOpacity(1.0 if self.isEnabled() else 0.45)  # greyed out with the words
                    r.render(p, QRectF(x, area.center().y() - size / 2 + 1, size, size))
                    p.setOpacity(1.0)
                x += size + _GAP
            else:
                w = fm.horizontalAdvance(text)
                p.drawText(x, area.top(), w, area.height(), int(Qt.AlignmentFlag.AlignVCenter), text)
                x += w
