"""Dialogs of the deck editor: unknown card names after opening or pasting a deck."""
from __future__ import annotations

from PySide6.QtCore import QStringListModel, Qt
from PySide6.QtWidgets import (QComboBox, QCompleter, QDialog, QDialogButtonBox, QHeaderView, QLabel,
                               QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from app.decks.library import CardLibrary
from app.decks.text import zone_name
from app.i18n import tr, trn
from engine.decks import Deck, UnknownCard
from engine.decks.formats.base import MAX_SUGGESTED


MAX_ROWS = 200
# names offered while typing in a row's search field: the first this many matches, sorted; typing
# more letters narrows them (the field's tooltip says how many match in all)
SEARCH_SHOWN = 30


class UnknownCardsDialog(QDialog):
    """Lists the names the reader did not recognise, each with a choice: keep it as written
    (the default: nothing is ever dropped) or one of the close matches."""

    def __init__(self, unknown: list[UnknownCard], library: CardLibrary,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # A file of 40,000 made-up names must not build a 40,000-row table: the first
        # MAX_ROWS are offered, the rest stay in the deck as written.
        self.unknown = list(unknown)[:MAX_ROWS]
        self.library = library
        self.setWindowTitle(tr("Unknown cards"))
        intro = QLabel(trn("One card name in this deck is not known. Pick the card that was meant, type a name to search for it, or keep the name as written: nothing is removed from the deck.", "{count} card names in this deck are not known. Pick the card that was meant, type a name to search for it, or keep the name as written: nothing is removed from the deck.", len(unknown)))
        intro.setWordWrap(True)
        intro.setTextFormat(Qt.TextFormat.PlainText)
        self.more_label = QLabel(tr("Only the first {shown} of {count} unknown names are listed here; the others stay in the deck as written.", shown=MAX_ROWS, count=len(unknown))
                                 if len(unknown) > MAX_ROWS else "")
        self.more_label.setWordWrap(True)
        self.more_label.setVisible(len(unknown) > MAX_ROWS)
        self.table = QTableWidget(len(self.unknown), 5)
        self.table.setHorizontalHeaderLabels([tr("Line"), tr("As written"),
                                              tr("Part"), tr("Close matches"),
                                              tr("Use")])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.combos: list[QComboBox] = []
        for row, card in enumerate(self.unknown):
            matches = ", ".join(library.display_name(s) for s in card.suggestions)
            none = (tr("No card has a similar name.") if card.looked_up else
                    tr("Not looked for: similar names are looked for only for the first {count} unknown names. Type a name to search.",
                       count=MAX_SUGGESTED))
            cells = [str(card.line) if card.line else "", f"{card.count}\u00d7 {card.name}",
                     zone_name(card.zone), matches or none]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column == 0:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, column, item)
            combo = QComboBox()
            combo.addItem(tr("Keep as written"), None)
            for suggestion in card.suggestions:
                shown = library.display_name(suggestion)
                label = shown if shown == suggestion else f"{shown} ({suggestion})"
                combo.addItem(label, suggestion)
            self._make_searchable(row, combo)
            self.table.setCellWidget(row, 4, combo)
            self.combos.append(combo)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        buttons.accepted.connect(self.accept)
        self.closest_button = buttons.addButton(tr("Use the closest matches"),
                                                QDialogButtonBox.ButtonRole.ActionRole)
        self.closest_button.clicked.connect(self.choose_closest)
        self.closest_button.setEnabled(any(card.suggestions for card in self.unknown))
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.more_label)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
        self.resize(860, 170 + 32 * min(len(self.unknown), 10))

    def _make_searchable(self, row: int, combo: QComboBox) -> None:
        """The row's choice doubles as a search field: typing lists the cards whose name (in
        any language) contains the words; Enter or a pick from the list takes the card."""
        combo.setEditable(True)
        combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        line = combo.lineEdit()
        assert line is not None  # (an editable combo box has one)
        line.setPlaceholderText(tr("Type a card name to search"))
        model = QStringListModel(combo)
        completer = QCompleter(model, combo)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setCompletionMode(QCompleter.CompletionMode.UnfilteredPopupCompletion)
        combo.setCompleter(completer)
        line.textEdited.connect(lambda text, r=row: self.search(r, text))
        completer.activated.connect(lambda text, r=row: self.take(r, text))
        line.returnPressed.connect(lambda r=row: self.take(r, self.combos[r].currentText()))
        combo.setToolTip(tr("Type a card name to search") if self.unknown[row].suggestions
                         or not self.unknown[row].looked_up
                         else tr("No card has a similar name. Type a card name to search."))

    def search(self, row: int, text: str) -> list[str]:
        """Offer the cards matching `text` in the row's list; returns the names shown."""
        combo = self.combos[row]
        completer = combo.completer()
        assert completer is not None  # (set by _make_searchable)
        words = " ".join(text.split())
        shown: list[str] = []
        if len(words) >= 2:
            try:
                result = self.library.db.search(words, limit=SEARCH_SHOWN)
            except Exception:  # noqa: BLE001 - a database that can't answer offers nothing
                result = None
            if result is not None and result.ok:
                shown = [self.library.display_name(r.name) for r in result.cards]
                combo.setToolTip(tr("{shown} of {count} matching cards listed; type more to narrow them.",
                                    shown=len(shown), count=result.total) if result.total > len(shown) else "")
        model = completer.model()
        assert isinstance(model, QStringListModel)
        model.setStringList(shown)
        if shown:
            completer.complete()
        return shown

    def take(self, row: int, text: str) -> str | None:
        """Use the card called `text` (any language) on this row; None if there is no such card."""
        combo = self.combos[row]
        english = self.library.resolver().resolve(text.strip()) if text.strip() else None
        if english is None:
            line = combo.lineEdit()
            if line is not None:
                line.setToolTip(tr("No card is called “{name}”.", name=text.strip()))
            return None
        index = combo.findData(english)
        if index < 0:
            shown = self.library.display_name(english)
            combo.addItem(shown if shown == english else f"{shown} ({english})", english)
            index = combo.count() - 1
        combo.setCurrentIndex(index)
        return english

    def suggestions(self, row: int) -> list[str]:
        return [str(self.combos[row].itemData(i)) for i in range(1, self.combos[row].count())]

    def choose(self, row: int, name: str | None) -> None:
        """Pick `name` (one of the row's suggestions) or None (keep as written)."""
        index = self.combos[row].findData(name) if name is not None else 0
        if index < 0:
            raise ValueError(f"{name!r} is not a suggestion for {self.unknown[row].name!r}")
        self.combos[row].setCurrentIndex(index)

    def choose_closest(self) -> None:
        """Pick the closest match on every row that has one."""
        for row, card in enumerate(self.unknown):
            if card.suggestions:
                self.choose(row, card.suggestions[0])

    def choices(self) -> list[str | None]:
        return [combo.currentData() for combo in self.combos]

    def apply(self, deck: Deck) -> int:
        """Replace the chosen unknown names in `deck`; returns how many were replaced."""
        done = 0
        for card, choice in zip(self.unknown, self.choices()):
            if choice:
                try:
                    deck.resolve_unknown(card, choice)
                    done += 1
                except KeyError:   # the same line was resolved already
                    pass
        return done
