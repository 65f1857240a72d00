"""The phase bar (turn, active player, the current step; click a step to set a stop) and the
prompt bar (what the game asks of you, the buttons that answer, and refusals)."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QEvent, QObject, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QScrollArea, QSizePolicy, QWidget

from app.i18n import message, step_name, tr
from app.settings import STEPS
from app.table.symbol_button import SYMBOL as _SYMBOL, SymbolButton, has_symbols

PHASES = (("beginning", ("untap", "upkeep", "draw")), ("main1", ("main1",)),
          ("combat", ("beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage",
                      "end_of_combat")),
          ("main2", ("main2",)), ("ending", ("end", "cleanup")))
STEP_FLAGS = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap


class PhaseBar(QWidget):
    """Turn and step; the current step lit, your stops marked with a dot (click toggles)."""

    stop_toggled = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.turn = 1
        self.player = ""
        self.step = ""
        self.own_turn = True
        self.stops: set[str] = set()
        self.setMinimumHeight(46)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMouseTracking(True)

    def sizeHint(self) -> QSize:
        return QSize(900, 46)

    def set_state(self, turn: int, player: str, step: str, own_turn: bool, stops: set[str]) -> None:
        self.turn, self.player, self.step, self.own_turn, self.stops = turn, player, step, own_turn, set(stops)
        self.setToolTip("")
        self.update()

    def label(self) -> str:
        return tr("Turn {turn} · {player}", turn=self.turn, player=self.player)

    def label_width(self) -> float:
        """Room for the label: 190 px, more for a team's turn (at most a third of the bar)."""
        f = QFont(self.font())
        f.setPixelSize(15)
        f.setBold(True)
        need = QFontMetrics(f).horizontalAdvance(self.label()) + 18
        return max(190.0, min(float(need), self.width() / 3))

    def _cells(self) -> list[tuple[str, float, float]]:
        left = self.label_width()
        w = (self.width() - left - 6) / len(STEPS)
        return [(s, left + i * w, w) for i, s in enumerate(STEPS)]

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.fillRect(self.rect(), QColor(22, 26, 32))
        f = p.font()
        f.setPixelSize(15)
        f.setBold(True)
        p.setFont(f)
        p.setPen(QColor(240, 200, 90) if self.own_turn else QColor(200, 210, 230))
        room = int(self.label_width()) - 10
        p.drawText(8, 0, room, self.height(), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                   QFontMetrics(f).elidedText(self.label(), Qt.TextElideMode.ElideRight, room))
        f.setPixelSize(12)
        for step, x, w in self._cells():
            current = step == self.step
            phase = next(name for name, steps in PHASES if step in steps)
            shade = {"beginning": 48, "main1": 40, "combat": 56, "main2": 40, "ending": 48}[phase]
            p.setPen(QPen(QColor(0, 0, 0), 1))
            p.setBrush(QColor(230, 180, 60) if current else QColor(shade, shade + 6, shade + 14))
            p.drawRoundedRect(int(x) + 1, 5, int(w) - 2, self.height() - 10, 5, 5)
            cell = QRect(int(x) + 3, 5, int(w) - 6, self.height() - 14)
            text = message(f"step_short.{step}")
            p.setFont(self.step_font(f, text, cell, current))
            p.setPen(QColor(20, 20, 20) if current else QColor(215, 220, 225))
            p.drawText(cell, STEP_FLAGS, text)
            if step in self.stops:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(220, 60, 50))
                p.drawEllipse(int(x + w / 2) - 3, self.height() - 12, 7, 7)

    @staticmethod
    def step_font(base: QFont, text: str, cell: QRect, bold: bool) -> QFont:
        """The font for a step's short name: 12 px, smaller (down to 9 px) where a long word
        ("Kampfende", "Mantenimento") would not fit its cell."""
        f = QFont(base)
        f.setBold(bold)
        for size in range(12, 8, -1):
            f.setPixelSize(size)
            need = QFontMetrics(f).boundingRect(cell, STEP_FLAGS, text)
            if need.width() <= cell.width() and need.height() <= cell.height():
                break
        return f

    def step_at(self, x: float) -> str | None:
        for step, left, w in self._cells():
            if left <= x < left + w:
                return step
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        step = self.step_at(event.position().x())
        if step is not None:
            self.stop_toggled.emit(step)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        step = self.step_at(event.position().x())
        self.setToolTip(tr("{step}. Click to set or clear a stop here.", step=step_name(step)) if step else "")


_SYMBOL_DIR = Path(__file__).resolve().parents[2] / "assets" / "symbols"


def _escape(text: str) -> str:
    """html.escape(text) without the html package, which loads its table of 2,231 named
    character references (~0.4 MiB) before the table is first shown."""
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


def symbols_html(text: str) -> str:
    """Plain text as rich text with mana symbols ({2}{B}, {T}) drawn as our symbol images;
    a developer's file hint ("see docs/actions.md") and CR numbers in brackets are left out."""
    text = re.sub(r";? ?see docs/\S+\.md\.?", ".", text)
    text = re.sub(r"\s*\(CR [0-9a-z.]+\)", "", text).replace("..", ".")

    def img(m: re.Match[str]) -> str:
        path = _SYMBOL_DIR / (m.group(1).replace("/", "") + ".svg")
        if not path.is_file():
            return _escape(m.group(0))
        return f'<img src="{_escape(str(path))}" width="16" height="16" style="vertical-align: middle;">'

    out, last = [], 0
    for m in _SYMBOL.finditer(text):
        out.append(_escape(text[last:m.start()]))
        out.append(img(m))
        last = m.end()
    out.append(_escape(text[last:]))
    return "".join(out)


class PromptBar(QWidget):
    """One sentence and its buttons; refusals from the engine show here in red for a while."""

    card_hovered = Signal(str)  # a choice button naming a card: the preview shows it

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("PromptBar")
        self.setAutoFillBackground(True)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)  # paint the dark background
        self.setStyleSheet("#PromptBar { background: #1d2430; }"
                           " QLabel { color: #f0ede0; background: transparent; font-size: 15px; }"
                           " QPushButton { font-size: 14px; padding: 5px 14px; }")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(10, 6, 10, 6)
        self.label = QLabel()
        self.label.setStyleSheet("color: #f0ede0; background: #1d2430; font-size: 15px;")
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.message.hide()
        # the sentence keeps a readable width; it never asks for more than the bar has
        self.label.setMinimumWidth(240)
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        lay.addWidget(self.label, 3)
        lay.addWidget(self.message, 2)
        # the buttons: one row that scrolls sideways when there are more than fit (nine
        # targets at 1366x768), so the bar never widens the window
        row = QWidget()
        row.setObjectName("PromptRow")  # (a bare "background" rule would reach the buttons too)
        row.setStyleSheet("#PromptRow { background: transparent; }")
        self.button_box = QHBoxLayout(row)
        self.button_box.setContentsMargins(0, 0, 0, 0)
        self.button_box.addStretch(1)
        self.button_row = QScrollArea()
        self.button_row.setObjectName("PromptButtons")
        self.button_row.setFrameShape(QFrame.Shape.NoFrame)
        self.button_row.setStyleSheet("#PromptButtons { background: transparent; }")
        self.button_row.viewport().setAutoFillBackground(False)
        self.button_row.setWidget(row)
        self.button_row.setWidgetResizable(True)
        self.button_row.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.button_row.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.button_row.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.button_row.setMinimumWidth(120)
        # the row's real width is known once laid out: a scroll range then means the buttons do
        # not fit, and the bar under them needs room (else it covers the buttons' lower half)
        self.button_row.horizontalScrollBar().rangeChanged.connect(lambda *_: self._fit_row())
        lay.addWidget(self.button_row, 4)
        self.buttons: list[QPushButton] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.clear_message)
        self.setMinimumHeight(48)

    def set_prompt(self, text: str, buttons: list[tuple[str, Callable[[], object], bool, str]],
                   cards: dict[str, str] | None = None) -> None:
        """`cards`: button labels that name a card -> the card (hovering shows it)."""
        if _SYMBOL.search(text):  # a cost in the sentence ("Mirakulum {1}{B}"): drawn as symbols
            self.label.setTextFormat(Qt.TextFormat.RichText)
            self.label.setText(symbols_html(text))
        else:
            self.label.setTextFormat(Qt.TextFormat.PlainText)
            self.label.setText(text)
        for b in self.buttons:
            self.button_box.removeWidget(b)
            b.hide()  # at once: deleteLater waits for the event loop
            b.deleteLater()
        self.buttons = []
        for n, (label, callback, enabled, shortcut) in enumerate(buttons, start=1):
            # a cost in the label ("Pay {2}"): its symbols drawn as the table draws them
            b = SymbolButton(label) if has_symbols(label) else QPushButton(label)
            b.setEnabled(enabled)
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Space must stay the pass key, not "press button"
            if n <= 9:  # the table's keys 1 to 9 press the buttons (app/table/keyboard.py)
                shortcut = f"{shortcut}, {n}" if shortcut else str(n)
            if shortcut:
                b.setToolTip(f"{b.toolTip()} ({shortcut})" if b.toolTip() else shortcut)
            b.clicked.connect(lambda _=False, cb=callback: cb())
            card = (cards or {}).get(label.removeprefix("✔ "))
            if card:
                b.setProperty("card", card)
                b.installEventFilter(self)
            self.button_box.addWidget(b)
            self.buttons.append(b)
        self._fit_row()

    def _fit_row(self) -> None:
        """The row as wide as its buttons up to what the bar gives it, as high as a button
        and, when they do not all fit, the scroll bar under them."""
        row = self.button_row
        # (from the buttons themselves: new ones are not shown yet, so the layout skips them)
        hints = [b.sizeHint() for b in self.buttons]
        width = sum(h.width() for h in hints) + self.button_box.spacing() * max(0, len(hints) - 1)
        height = max((h.height() for h in hints), default=0)
        bar = row.horizontalScrollBar().sizeHint().height()
        fits = width <= self.width() - self.label.minimumWidth() - 40 and row.horizontalScrollBar().maximum() == 0
        row.setFixedHeight(height + (0 if fits else bar + 2))
        row.setMaximumWidth(width + 4)
        row.setVisible(bool(self.buttons))

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Enter and obj.property("card"):
            self.card_hovered.emit(str(obj.property("card")))
        return False

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self._fit_row()

    def show_message(self, text: str, error: bool = False, seconds: float = 8.0) -> None:
        colour = "#ff8a7a" if error else "#a8e6a1"
        self.message.setStyleSheet(f"color: {colour}; background: #1d2430; font-size: 14px;")
        self.message.setTextFormat(Qt.TextFormat.RichText)
        self.message.setText(symbols_html(text))
        self.message.show()
        self._timer.start(int(seconds * 1000))

    def clear_message(self) -> None:
        self.message.clear()
        self.message.hide()

    def button(self, label: str) -> QPushButton | None:
        return next((b for b in self.buttons if b.text() == label), None)
