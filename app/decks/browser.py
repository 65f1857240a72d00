"""The card browser: search box, filter widgets and the virtual result table.

Keys in the result table: Return (or a double click) adds one copy to the main deck,
Ctrl+Return to the sideboard, as in Cockatrice's deck editor; the editor's + and - actions
work on the selected result too.
"""
from __future__ import annotations

import html

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QIcon, QKeyEvent
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QGridLayout,
                               QHBoxLayout, QHeaderView, QLabel, QLineEdit, QPushButton,
                               QSpinBox, QTableView, QToolButton, QVBoxLayout, QWidget)

from app.decks.library import CardLibrary, shared_library
from app.decks.search_model import (COLOR_MODES, MV_OPS, RARITIES, TYPES, CardSearchModel,
                                    Filters, combined_query, typed_name)
from app.decks.text import lang, message_text
from app.i18n import tr, trn, message
from app.decks.widgets import ManaCostDelegate, symbol_pixmap
from engine.cards.search import QueryError
from engine.cards.search_keywords import names_in, value_names_in

SEARCH_DELAY_MS = 200


def search_help() -> str:
    """The search box's help in the UI language, with the keywords' names in it: English, then
    the language's own (German "t: / typ:"; the names come from engine/cards/search_keywords.py,
    so the help never names a keyword the search does not take)."""
    def named(keyword: str) -> str:
        return " / ".join(f"{name}:" for name in names_in(keyword, lang()))
    def value(keyword: str, name: str) -> str:
        return " / ".join(value_names_in(keyword, name, lang()))
    return "\n".join([
        tr("Names in English, German or Italian; keywords such as {type} (type), {text} (rules text), "
           "{color} (colour), {mv} (mana value), {rarity} (rarity), {set} (set). See docs/search.md.",
           type=named("t"), text=named("o"), color=named("c"), mv=named("mv"), rarity=named("r"), set=named("s")),
        tr("Also {implemented} (the cards the rules engine implements), {bundled}, {imported}, and {italian} "
           "(the cards with an Italian name).", implemented=value("is", "implemented"),
           bundled=value("is", "bundled"), imported=value("is", "imported"), italian=value("lang", "it"))])


def error_html(query: str, error: QueryError) -> str:
    """The box text with the character at the error's position marked, then the sentence."""
    pos = max(0, min(error.position, len(query)))
    marked = query[pos:pos + 1] or "\u00a0"      # at the end: mark the empty place after
    mark = ('<span style="background:#ffcdd2; color:#b71c1c; text-decoration:underline;">'
            f"{html.escape(marked)}</span>")
    shown = html.escape(query[:pos]) + mark + html.escape(query[pos + 1:])
    sentence = html.escape(message_text(error.key, error.params, error.message))
    return (f'<span style="font-family:monospace; white-space:pre;">{shown}</span><br>'
            f'<span style="color:#b71c1c;">{sentence}</span>')


class CardBrowser(QWidget):
    """Search the card database; emits the chosen card's English name."""

    card_selected = Signal(str)
    add_requested = Signal(str, str)        # name, zone

    def __init__(self, library: CardLibrary | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.library = library or shared_library()
        self.model = CardSearchModel(self.library)
        self.model.modelReset.connect(self._update_count)   # (a refresh after a damaged row was met)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SEARCH_DELAY_MS)
        self._timer.timeout.connect(self.run_search)
        self._build()
        self.library.changed.connect(self._database_changed)
        self.run_search()

    # -- widgets ------------------------------------------------------------------------

    def _build(self) -> None:
        self.search_box = QLineEdit()
        self.search_box.setClearButtonEnabled(True)
        self.search_box.textChanged.connect(lambda _text: self._timer.start())
        self.search_box.returnPressed.connect(self._search_and_focus)
        self.error_label = QLabel()
        self.error_label.setWordWrap(True)
        self.error_label.setTextFormat(Qt.TextFormat.RichText)
        self.error_label.hide()

        self.color_buttons: dict[str, QToolButton] = {}
        colors = QHBoxLayout()
        colors.setSpacing(2)
        for letter in "WUBRGC":
            button = QToolButton()
            button.setCheckable(True)
            button.setIcon(QIcon(symbol_pixmap(letter, 20)))
            button.setAutoRaise(True)
            button.toggled.connect(self.run_search)
            self.color_buttons[letter.lower()] = button
            colors.addWidget(button)
        self.color_mode = QComboBox()
        for mode in COLOR_MODES:
            self.color_mode.addItem("", mode)
        self.color_mode.currentIndexChanged.connect(self.run_search)
        colors.addWidget(self.color_mode, 1)

        self.type_combo = QComboBox()
        self.type_combo.addItem("", "")
        for kind in TYPES:
            self.type_combo.addItem("", kind)
        self.mv_op = QComboBox()
        self.mv_op.addItem("", "")
        for op in MV_OPS:
            self.mv_op.addItem({"<=": "\u2264", ">=": "\u2265"}.get(op, op), op)
        self.mv_value = QSpinBox()
        self.mv_value.setRange(0, 20)
        self.rarity_combo = QComboBox()
        self.rarity_combo.addItem("", "")
        for rarity in RARITIES:
            self.rarity_combo.addItem("", rarity)
        self.set_combo = QComboBox()
        self.set_combo.setMinimumContentsLength(12)
        self.implemented = QCheckBox()
        self.reset_button = QPushButton()
        self.reset_button.clicked.connect(self.reset_filters)
        for combo in (self.type_combo, self.mv_op, self.rarity_combo, self.set_combo):
            combo.currentIndexChanged.connect(self.run_search)
        self.mv_value.valueChanged.connect(self.run_search)
        self.implemented.toggled.connect(self.run_search)
        self._fill_sets()

        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        # Fixed row heights: the view never asks every row for its size hint, which would
        # read all 33,000 records.
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.verticalHeader().setDefaultSectionSize(22)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column, width in ((1, 70), (2, 130), (3, 40), (4, 42)):
            self.table.setColumnWidth(column, width)
        self.table.setItemDelegateForColumn(1, ManaCostDelegate(CardSearchModel.CostRole,
                                                                self.table))
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)
        self.table.doubleClicked.connect(lambda index: self._request_add(index.row(), "main"))
        self.table.installEventFilter(self)
        self.count_label = QLabel()
        self.count_label.setTextFormat(Qt.TextFormat.PlainText)

        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        self.color_label, self.type_label, self.mv_label = QLabel(), QLabel(), QLabel()
        self.color_label.setTextFormat(Qt.TextFormat.PlainText)
        self.type_label.setTextFormat(Qt.TextFormat.PlainText)
        self.mv_label.setTextFormat(Qt.TextFormat.PlainText)
        self.rarity_label, self.set_label = QLabel(), QLabel()
        self.rarity_label.setTextFormat(Qt.TextFormat.PlainText)
        self.set_label.setTextFormat(Qt.TextFormat.PlainText)
        grid.addWidget(self.color_label, 0, 0)
        grid.addLayout(colors, 0, 1, 1, 3)
        grid.addWidget(self.type_label, 1, 0)
        grid.addWidget(self.type_combo, 1, 1)
        grid.addWidget(self.mv_label, 1, 2)
        mv = QHBoxLayout()
        mv.addWidget(self.mv_op)
        mv.addWidget(self.mv_value)
        grid.addLayout(mv, 1, 3)
        grid.addWidget(self.rarity_label, 2, 0)
        grid.addWidget(self.rarity_combo, 2, 1)
        grid.addWidget(self.set_label, 2, 2)
        grid.addWidget(self.set_combo, 2, 3)
        bottom = QHBoxLayout()
        bottom.addWidget(self.implemented)
        bottom.addStretch(1)
        bottom.addWidget(self.reset_button)
        grid.addLayout(bottom, 3, 0, 1, 4)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.search_box)
        layout.addWidget(self.error_label)
        layout.addLayout(grid)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.count_label)
        self.retranslate()

    def _fill_sets(self) -> None:
        current = self.set_combo.currentData()
        self.set_combo.blockSignals(True)
        self.set_combo.clear()
        self.set_combo.addItem(tr("All sets"), "")
        for info in self.library.sets():
            label = f"{info.code} \u2013 {info.name}" if info.name else info.code
            self.set_combo.addItem(label, info.code)
        index = self.set_combo.findData(current) if current else 0
        self.set_combo.setCurrentIndex(max(0, index))
        self.set_combo.blockSignals(False)

    def retranslate(self) -> None:
        self.search_box.setPlaceholderText(tr("Search cards: name, or t:creature c:w mv<=2 …"))
        self.search_box.setToolTip(search_help())
        self.color_label.setText(tr("Colour:"))
        self.type_label.setText(tr("Type:"))
        self.mv_label.setText(tr("Mana value:"))
        self.rarity_label.setText(tr("Rarity:"))
        self.set_label.setText(tr("Set:"))
        for letter, button in self.color_buttons.items():
            button.setToolTip(message(f"decks.color.{letter}"))
        for i, mode in enumerate(COLOR_MODES):
            self.color_mode.setItemText(i, message(f"decks.filter.color_mode.{mode}"))
        self.type_combo.setItemText(0, tr("Any type"))
        for i, kind in enumerate(TYPES, 1):
            self.type_combo.setItemText(i, message(f"decks.type.{kind}"))
        self.mv_op.setItemText(0, tr("any"))
        self.rarity_combo.setItemText(0, tr("Any rarity"))
        for i, rarity in enumerate(RARITIES, 1):
            self.rarity_combo.setItemText(i, message(f"decks.rarity.{rarity}"))
        self.set_combo.setItemText(0, tr("All sets"))
        self.implemented.setText(tr("Only cards the rules engine implements"))
        self.implemented.setToolTip(tr("Other cards are still playable by hand on the table."))
        self.reset_button.setText(tr("Reset filters"))
        self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0,
                                          len(CardSearchModel.COLUMNS) - 1)
        if self.model.query or self.model.total:  # (sorted by the names of the new language)
            self.model.refresh()
        self._update_count()

    # -- searching ----------------------------------------------------------------------

    def filters(self) -> Filters:
        return Filters(
            colors="".join(k for k, b in self.color_buttons.items() if b.isChecked()),
            color_mode=self.color_mode.currentData() or "any",
            type=self.type_combo.currentData() or "",
            mv_op=self.mv_op.currentData() or "", mv=self.mv_value.value(),
            rarity=self.rarity_combo.currentData() or "",
            set_code=self.set_combo.currentData() or "",
            implemented=self.implemented.isChecked())

    def query(self) -> str:
        return combined_query(self.search_box.text(), self.filters())[0]

    def run_search(self) -> None:
        """Search now with the box text and the filters (typing waits a moment first)."""
        self._timer.stop()
        text = self.search_box.text()
        query, box_error = combined_query(text, self.filters())
        self.model.set_query(query, box_error, first=typed_name(text))
        error = self.model.error
        if error is not None:
            # A box error points into the box text; an error the combined query still has
            # (the database failed) is shown against the whole query.
            self.error_label.setText(error_html(text if box_error else query, error))
            self.error_label.show()
            self.search_box.setStyleSheet("QLineEdit { border: 1px solid #d32f2f; }")
        else:
            self.error_label.hide()
            self.error_label.clear()
            self.search_box.setStyleSheet("")
        self._update_count()
        if self.model.total:
            self.table.selectRow(0)

    def reset_filters(self) -> None:
        widgets = [*self.color_buttons.values(), self.color_mode, self.type_combo, self.mv_op,
                   self.mv_value, self.rarity_combo, self.set_combo, self.implemented]
        for widget in widgets:
            widget.blockSignals(True)
        for button in self.color_buttons.values():
            button.setChecked(False)
        for combo in (self.color_mode, self.type_combo, self.mv_op, self.rarity_combo,
                      self.set_combo):
            combo.setCurrentIndex(0)
        self.mv_value.setValue(0)
        self.implemented.setChecked(False)
        for widget in widgets:
            widget.blockSignals(False)
        self.run_search()

    def _update_count(self) -> None:
        if self.model.error is not None:
            self.count_label.setText(tr("No cards: the search has a mistake."))
        else:
            text = trn("{count} card", "{count} cards", self.model.total)
            if self.model.skipped:
                text = " — ".join((text, trn(
                    "{count} damaged card in the card database cannot be read and is left out.",
                    "{count} damaged cards in the card database cannot be read and are left out.",
                    self.model.skipped)))
            self.count_label.setText(text)

    def _search_and_focus(self) -> None:
        self.run_search()
        if self.model.total:
            self.table.setFocus()

    def _database_changed(self) -> None:
        self._fill_sets()
        self.run_search()

    # -- selection and keys ---------------------------------------------------------------

    def current_name(self) -> str | None:
        index = self.table.currentIndex()
        return self.model.name_at(index.row()) if index.isValid() else None

    def select_name(self, name: str) -> bool:
        """Select the row of `name` if it is among the rows read so far."""
        row = self.model.row_of(name)
        if row is None:
            return False
        self.table.selectRow(row)
        return True

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        name = self.model.name_at(current.row()) if current.isValid() else None
        if name:
            self.card_selected.emit(name)

    def _request_add(self, row: int, zone: str) -> None:
        name = self.model.name_at(row)
        if name:
            self.add_requested.emit(name, zone)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.table and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            name = self.current_name()
            key, mods = event.key(), event.modifiers()
            if name and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                ctrl = bool(mods & Qt.KeyboardModifier.ControlModifier)
                self.add_requested.emit(name, "side" if ctrl else "main")
                return True
        return super().eventFilter(watched, event)
