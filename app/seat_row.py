"""One seat's row in the New game dialogs of Commander and Archenemy: the seat's deck from a
list (each by its title, engine/decks/samples.py deck_title, with its commander) or any deck
file, and room for the seat's further choices (a scheme deck)."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QFileDialog, QHBoxLayout, QPushButton, QWidget

from app.i18n import card_name, tr
from app.settings import documents_dir
from engine.decks.samples import commander_decks, deck_title, printed_commander_decks


def commander_names(path: Path) -> list[str]:
    """The commander(s) a deck file names (English), none when it names none or cannot be read."""
    from engine.decks import DeckFormatError, read_deck
    try:
        return read_deck(path).deck.card_names("commander")
    except (OSError, ValueError, DeckFormatError):
        return []


def commander_deck_title(path: Path) -> str:
    """A deck's title with its commander in the UI language: "Death Toll (Winter, …)"."""
    lead = ", ".join(card_name(n) for n in commander_names(path))
    name = deck_title(path)
    return tr("{name} ({commander})", name=name, commander=lead) if lead else name


def commander_deck_choices() -> list[tuple[str, str]]:
    """The Commander decks a seat can take, (title, path): the four Duskmourn Commander decks
    as printed first, then the built-in decks of the same names made of implemented cards."""
    out = [(tr("{deck} — the printed deck", deck=commander_deck_title(p)), str(p)) for p in printed_commander_decks()]
    out += [(tr("{deck} — built from implemented cards", deck=commander_deck_title(p)), str(p))
            for p in commander_decks()]
    return out


class SeatRow(QWidget):
    """A seat's deck: a list of decks and "Open a deck file…" (`add` puts further choices
    after them). `changed` is emitted when the seat's deck changes."""

    changed = Signal()

    def __init__(self, choices: list[tuple[str, str]], index: int = 0, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.deck = QComboBox()
        for title, path in choices:
            self.deck.addItem(title, path)
        if choices:
            self.deck.setCurrentIndex(min(index, len(choices) - 1))
        self.deck.currentIndexChanged.connect(lambda _i: self.changed.emit())
        self.browse = QPushButton(tr("Open a deck file…"))
        self.browse.clicked.connect(self._browse)
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 0, 0, 0)
        self.row.addWidget(self.deck, 3)
        self.row.addWidget(self.browse)

    def add(self, widget: QWidget, stretch: int = 0) -> None:
        self.row.addWidget(widget, stretch)

    def path(self) -> str:
        return str(self.deck.currentData())

    def set_tooltip(self, index: int, text: str) -> None:
        self.deck.setItemData(index, text, Qt.ItemDataRole.ToolTipRole)

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, tr("Open a deck file…"), documents_dir(),
                                              tr("Decks (*.cod *.dek *.txt *.dec);;All files (*)"))
        if path:
            self.deck.insertItem(0, commander_deck_title(Path(path)), path)
            self.deck.setCurrentIndex(0)
