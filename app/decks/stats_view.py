"""The statistics tab: mana curve, colours, card types and the odds of drawing a card.

Charts are drawn with QPainter (PySide6-Essentials has no QtCharts).
"""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (QAbstractScrollArea, QButtonGroup, QComboBox, QFormLayout,
                               QGridLayout, QGroupBox, QHBoxLayout, QHeaderView, QLabel,
                               QRadioButton, QSizePolicy, QSpinBox, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from app.decks.document import DeckDocument
from app.decks.library import GROUPS, CardLibrary, card_group
from app.decks.stats import CURVE_MAX, DeckStats, cards_seen, chance_by_turn, deck_stats
from app.decks.text import decimal, percent
from app.i18n import message, tr, trc, trn
from app.decks.widgets import COLOR_HEX, symbol_pixmap

ODDS_TURNS = 8


def _number(value: float) -> str:
    return decimal(value, 2)


class CurveChart(QWidget):
    """Vertical bars: nonland cards per mana value, 0 to 7+."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.curve = [0] * (CURVE_MAX + 1)
        self.setMinimumSize(220, 170)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def set_curve(self, curve: list[int]) -> None:
        self.curve = list(curve)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        text_color = self.palette().windowText().color()
        rect = QRectF(self.rect()).adjusted(8, 6, -8, -22)
        top = max(self.curve) if any(self.curve) else 1
        slot = rect.width() / len(self.curve)
        usable = rect.height() - 18
        for i, n in enumerate(self.curve):
            height = usable * n / top
            bar = QRectF(rect.left() + i * slot + slot * 0.15, rect.bottom() - height,
                         slot * 0.7, height)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor("#5c6bc0"))
            painter.drawRoundedRect(bar, 2, 2)
            painter.setPen(text_color)
            if n:
                painter.drawText(QRectF(bar.left(), bar.top() - 18, bar.width(), 16),
                                 Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom,
                                 str(n))
            label = f"{i}+" if i == CURVE_MAX else str(i)
            painter.drawText(QRectF(rect.left() + i * slot, rect.bottom() + 3, slot, 18),
                             Qt.AlignmentFlag.AlignHCenter, label)
        painter.setPen(QPen(text_color, 1))
        painter.drawLine(rect.bottomLeft(), rect.bottomRight())
        painter.end()


class BarList(QWidget):
    """Horizontal bars with a label (or a mana symbol) and a value each."""

    def __init__(self, parent: QWidget | None = None, label_width: int = 110) -> None:
        super().__init__(parent)
        self.rows: list[tuple[str, str, float, str]] = []   # symbol, label, value, colour
        self.label_width = label_width
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

    def set_rows(self, rows: list[tuple[str, str, float, str]]) -> None:
        self.rows = rows
        self.setMinimumHeight(max(24, 22 * len(rows) + 4))
        self.updateGeometry()
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        text_color = self.palette().windowText().color()
        top = max((r[2] for r in self.rows), default=1) or 1
        bar_left = self.label_width + 8
        bar_room = max(10, self.width() - bar_left - 50)
        for i, (symbol, label, value, color) in enumerate(self.rows):
            y = 2 + i * 22
            x = 2
            if symbol:
                painter.drawPixmap(x, y + 2, symbol_pixmap(symbol, 16))
                x += 20
            painter.setPen(text_color)
            painter.drawText(QRectF(x, y, self.label_width - x + 2, 20),
                             Qt.AlignmentFlag.AlignVCenter, label)
            width = bar_room * value / top
            painter.setPen(QPen(QColor("#00000040"), 1))
            painter.setBrush(QColor(color))
            painter.drawRoundedRect(QRectF(bar_left, y + 3, max(width, 1), 14), 2, 2)
            painter.setPen(text_color)
            shown = f"{value:g}" if value == int(value) else _number(value)
            painter.drawText(QRectF(bar_left + width + 6, y, 48, 20),
                             Qt.AlignmentFlag.AlignVCenter, shown)
        painter.end()


class StatsView(QWidget):
    """Everything on the statistics tab, recomputed when the deck changes."""

    def __init__(self, doc: DeckDocument, library: CardLibrary,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.library = library
        self.stats = DeckStats()
        self.summary = QLabel()
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setWordWrap(True)
        self.curve = CurveChart()
        self.colors = BarList(label_width=40)
        self.color_cards = BarList(label_width=40)
        self.types = BarList(label_width=130)
        self.curve_box, self.color_box, self.type_box = QGroupBox(), QGroupBox(), QGroupBox()
        self.odds_box = QGroupBox()
        QVBoxLayout(self.curve_box).addWidget(self.curve)
        colors = QHBoxLayout(self.color_box)
        self.pips_label, self.cards_label = QLabel(), QLabel()
        self.pips_label.setTextFormat(Qt.TextFormat.PlainText)
        self.cards_label.setTextFormat(Qt.TextFormat.PlainText)
        for label, chart in ((self.pips_label, self.colors), (self.cards_label, self.color_cards)):
            column = QVBoxLayout()
            column.addWidget(label)
            column.addWidget(chart)
            column.addStretch(1)
            colors.addLayout(column)
        type_layout = QVBoxLayout(self.type_box)
        type_layout.addWidget(self.types)
        type_layout.addStretch(1)

        self.card_combo = QComboBox()
        self.card_combo.setMinimumContentsLength(18)
        self.turn_spin = QSpinBox()
        self.turn_spin.setRange(1, 20)
        self.turn_spin.setValue(3)
        self.on_play = QRadioButton()
        self.on_draw = QRadioButton()
        self.on_play.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.on_play)
        group.addButton(self.on_draw)
        self.odds_label = QLabel()
        self.odds_label.setTextFormat(Qt.TextFormat.PlainText)
        self.odds_label.setWordWrap(True)
        self.odds_table = QTableWidget(ODDS_TURNS, 3)
        self.odds_table.verticalHeader().hide()
        self.odds_table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.odds_table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.odds_table.verticalHeader().setDefaultSectionSize(22)
        self.odds_table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.odds_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.odds_table.horizontalHeader().setSectionResizeMode(
            0, QHeaderView.ResizeMode.ResizeToContents)
        self.odds_table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.odds_table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.odds_table.setSizeAdjustPolicy(QAbstractScrollArea.SizeAdjustPolicy.AdjustToContents)
        self.odds_table.setMinimumWidth(250)
        for widget in (self.card_combo, self.turn_spin):
            (widget.currentIndexChanged if isinstance(widget, QComboBox)
             else widget.valueChanged).connect(self.update_odds)
        self.on_play.toggled.connect(self.update_odds)
        form = QFormLayout()
        self.card_label, self.turn_label = QLabel(), QLabel()
        self.card_label.setTextFormat(Qt.TextFormat.PlainText)
        self.turn_label.setTextFormat(Qt.TextFormat.PlainText)
        form.addRow(self.card_label, self.card_combo)
        form.addRow(self.turn_label, self.turn_spin)
        # one above the other: side by side they make the tab too wide in Italian
        form.addRow(self.on_play)
        form.addRow(self.on_draw)
        odds = QVBoxLayout(self.odds_box)
        odds.addLayout(form)
        odds.addWidget(self.odds_label)
        odds.addWidget(self.odds_table)
        odds.addStretch(1)

        grid = QGridLayout(self)
        grid.addWidget(self.summary, 0, 0, 1, 2)
        grid.addWidget(self.curve_box, 1, 0)
        grid.addWidget(self.odds_box, 1, 1, 2, 1)
        grid.addWidget(self.color_box, 2, 0)
        grid.addWidget(self.type_box, 3, 0, 1, 2)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        grid.setRowStretch(1, 1)
        doc.changed.connect(self.refresh)
        library.changed.connect(self.refresh)
        self.retranslate()

    def retranslate(self) -> None:
        self.curve_box.setTitle(tr("Mana curve (cards by mana value, without lands)"))
        self.color_box.setTitle(tr("Colours"))
        self.pips_label.setText(tr("Coloured mana symbols in costs"))
        self.cards_label.setText(tr("Cards of each colour"))
        self.type_box.setTitle(tr("Card types"))
        self.odds_box.setTitle(tr("Drawing a card"))
        self.card_label.setText(tr("Card:"))
        self.turn_label.setText(tr("By turn:"))
        self.on_play.setText(tr("On the play"))
        self.on_draw.setText(tr("On the draw"))
        self.odds_table.setHorizontalHeaderLabels(
            [tr("Turn"), trc("column header", "On the play"), trc("column header", "On the draw")])
        self.refresh()

    def refresh(self) -> None:
        deck = self.doc.deck
        counts = deck.counts("main")
        self.stats = stats = deck_stats(counts, self.library.record, card_group)
        self.summary.setText(trn("Main deck: {count} card · Lands: {lands} · Other cards: {spells} · Average mana value without lands: {average}",
                                 "Main deck: {count} cards · Lands: {lands} · Other cards: {spells} · Average mana value without lands: {average}",
                                 stats.total, lands=stats.lands, spells=stats.total - stats.lands,
                                 average=_number(stats.average_mv)))
        self.curve.set_curve(stats.curve)
        self.colors.set_rows([(c, "", v, COLOR_HEX[c]) for c, v in stats.pips.items()])
        self.color_cards.set_rows([(c, "", float(v), COLOR_HEX[c])
                                   for c, v in stats.color_cards.items()])
        self.types.set_rows([("", message(f"decks.group.{g}"), float(stats.groups[g]), "#8d6e63")
                             for g in GROUPS if stats.groups.get(g)])
        current = self.card_combo.currentData()
        self.card_combo.blockSignals(True)
        self.card_combo.clear()
        for name, n in sorted(counts.items(), key=lambda kv: self.library.display_name(kv[0])):
            self.card_combo.addItem(f"{self.library.display_name(name)} ({n})", name)
        index = self.card_combo.findData(current) if current else -1
        self.card_combo.setCurrentIndex(index if index >= 0 else 0)
        self.card_combo.blockSignals(False)
        self.update_odds()

    def select_card(self, name: str) -> None:
        index = self.card_combo.findData(name)
        if index >= 0:
            self.card_combo.setCurrentIndex(index)

    def odds(self, turn: int, on_the_play: bool) -> float:
        """P(at least one copy of the chosen card by `turn`) for the current deck."""
        name = self.card_combo.currentData()
        deck = self.doc.deck
        if not name:
            return 0.0
        return chance_by_turn(deck.total("main"), deck.count(name, "main"), turn, on_the_play)

    def update_odds(self) -> None:
        name = self.card_combo.currentData()
        deck = self.doc.deck
        size = deck.total("main")
        if not name or not size:
            self.odds_label.setText(tr("Add cards to the main deck to see the odds."))
            self.odds_table.clearContents()
            return
        play = self.on_play.isChecked()
        turn = self.turn_spin.value()
        key = "decks.stats.odds_play" if play else "decks.stats.odds_draw"
        self.odds_label.setText(message(key, card=self.library.display_name(name), turn=turn,
                                  copies=deck.count(name, "main"), size=size,
                                  seen=min(size, cards_seen(turn, play)),
                                  chance=percent(self.odds(turn, play))))
        bold = QFont(self.font())
        bold.setBold(True)
        for row in range(ODDS_TURNS):
            cells = [str(row + 1), percent(self.odds(row + 1, True)),
                     percent(self.odds(row + 1, False))]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if row + 1 == turn and column in (0, 1 if play else 2):
                    item.setFont(bold)
                self.odds_table.setItem(row, column, item)
