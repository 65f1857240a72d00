"""One seat's row in the New game dialogs of Commander and Archenemy (and the LAN host's and
its computer seats' deck lists): the seat's deck from a list (each by its title,
app/deck_names.py deck_name, with its commander) or any deck file, and room for the
seat's further choices (a scheme deck). What every Commander deck list offers, in this order:
the four Duskmourn Commander decks as printed, the built-in decks of the same names made of
implemented cards, then the user's own recent decks that name a commander."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QComboBox, QFileDialog, QFormLayout, QFrame, QHBoxLayout, QLabel, QPushButton,
                               QScrollArea, QSpinBox, QWidget)

from app.deck_names import deck_name
from app.i18n import card_name, tr
from app.settings import documents_dir
from engine.cards.behaviour import is_implemented
from engine.decks import DeckFormatError, read_deck, recent_decks
from engine.decks.samples import commander_decks, printed_commander_decks

MAX_WIDTH = 620  # a deck list's widest (a user's deck with a very long title is elided)


def commander_names(path: Path) -> list[str]:
    """The commander(s) a deck file names (English), none when it names none or cannot be read."""
    try:
        return read_deck(path).deck.card_names("commander")
    except (OSError, ValueError, DeckFormatError):
        return []


def commander_deck_title(path: Path) -> str:
    """A deck's title with its commander in the UI language: "Death Toll (Winter, …)"."""
    lead = ", ".join(card_name(n) for n in commander_names(path))
    name = deck_name(path)
    return tr("{name} ({commander})", name=name, commander=lead) if lead else name


def own_commander_decks() -> list[Path]:
    """The user's recently used deck files that name a commander (the built-in ones apart)."""
    shipped = {p.resolve() for p in printed_commander_decks() + commander_decks()}
    return [p for p in recent_decks() if p.resolve() not in shipped and commander_names(p)]


def commander_deck_choices() -> list[tuple[str, str]]:
    """The Commander decks a seat can take, (title, path): the four Duskmourn Commander decks
    as printed first, then the built-in decks of the same names made of implemented cards,
    then the user's own recent Commander decks."""
    out = [(tr("{deck} — the printed deck", deck=commander_deck_title(p)), str(p)) for p in printed_commander_decks()]
    out += [(tr("{deck} — built from implemented cards", deck=commander_deck_title(p)), str(p))
            for p in commander_decks()]
    out += [(tr("{deck} — your deck", deck=commander_deck_title(p)), str(p)) for p in own_commander_decks()]
    return out


@lru_cache(maxsize=64)
def not_implemented(path: str) -> tuple[str, ...]:
    """The cards of a deck file (commander included) whose text the rules engine does not
    implement yet, English names, each once; empty when the file cannot be read (starting
    the game says why)."""
    try:
        deck = read_deck(Path(path)).deck
    except (OSError, ValueError, DeckFormatError):
        return ()
    names = deck.card_names("commander") + deck.card_names()
    return tuple(sorted({n for n in names if not is_implemented(n)}))


def missing_text(path: str, missing: tuple[str, ...]) -> str:
    """One deck's cards without rules, in the UI language."""
    return tr("Not implemented yet in {deck}: {cards}.", deck=commander_deck_title(Path(path)),
              cards=", ".join(card_name(n) for n in missing))


def missing_note(paths: list[str]) -> str:
    """What a rules game does with the chosen decks' cards without rules (empty: none): said
    in the dialog that starts it, never dropped in silence (engine/rules/casting.py refuses
    to cast them, `cast.not_implemented`)."""
    lines = [missing_text(p, not_implemented(p)) for p in dict.fromkeys(paths) if not_implemented(p)]
    if len(set(paths)) == 1 and lines:  # (one deck: the LAN host's, a computer seat's)
        lines.insert(0, tr("The rules engine does not implement every card of this deck yet. Nobody can cast such a card in this game, the computer players neither. Put onto the battlefield by another card (or played, if it is a land), it does nothing the engine does not implement; a ribbon on the card says so."))
    elif lines:
        lines.insert(0, tr("The rules engine does not implement every card of these decks yet. Nobody can cast such a card in this game, the computer players neither. Put onto the battlefield by another card (or played, if it is a land), it does nothing the engine does not implement; a ribbon on the card says so."))
    return "\n".join(lines)


class MissingBox(QScrollArea):
    """The decks' cards without rules yet under a New game dialog's seats (Commander, hot
    seat): said there, never dropped in silence; scrolled, so that four decks' lists leave the
    seat rows their height. Hidden while there is nothing to say."""

    def __init__(self, min_height: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setObjectName("not_implemented")
        self.label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.setWidget(self.label)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setMinimumHeight(min_height)

    def show_note(self, paths: list[str]) -> None:
        """What a rules game does with these decks' cards without rules (app/seat_row.py missing_note)."""
        note = missing_note(paths)
        self.label.setText(note)
        self.label.setVisible(bool(note))
        self.setVisible(bool(note))


class SeatRow(QWidget):
    """A seat's deck: a list of decks and "Open a deck file…" (`add` puts further choices
    after them). `changed` is emitted when the seat's deck changes. A deck with cards the
    rules engine does not implement names them in its tooltip."""

    changed = Signal()

    def __init__(self, choices: list[tuple[str, str]], index: int = 0, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.deck = QComboBox()
        self.opened: list[tuple[str, str]] = []  # deck files the user opened: listed first
        self.set_choices(choices)
        if choices:
            self.deck.setCurrentIndex(min(index, len(choices) - 1))
        self.deck.currentIndexChanged.connect(lambda _i: self.changed.emit())
        self.browse = QPushButton(tr("Open a deck file…"))
        self.browse.clicked.connect(self._browse)
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 0, 0, 0)
        self.row.addWidget(self.deck, 3)
        self.row.addWidget(self.browse)

    def set_choices(self, choices: list[tuple[str, str]]) -> None:
        """List the opened files and `choices`; the chosen deck stays chosen if it is among
        them, else the first of `choices` is (one `changed` when the deck changed)."""
        keep = self.path() if self.deck.count() else ""
        self.deck.blockSignals(True)
        self.deck.clear()
        for title, path in self.opened + choices:
            self.deck.addItem(title, path)
            missing = not_implemented(path)
            if missing:
                self.deck.setItemData(self.deck.count() - 1, missing_text(path, missing), Qt.ItemDataRole.ToolTipRole)
        # as wide as its longest title (up to a limit): the chosen deck's title reads whole
        self.deck.setMinimumWidth(min(MAX_WIDTH, max(self.deck.fontMetrics().horizontalAdvance(self.deck.itemText(i))
                                                     for i in range(self.deck.count())) + 40) if self.deck.count() else 0)
        found = self.deck.findData(keep) if keep else -1
        self.deck.setCurrentIndex(found if found >= 0 else min(len(self.opened), self.deck.count() - 1))
        self.deck.blockSignals(False)
        if self.path() != keep:
            self.changed.emit()

    def add(self, widget: QWidget, stretch: int = 0) -> None:
        self.row.addWidget(widget, stretch)

    def path(self) -> str:
        data = self.deck.currentData()
        return "" if data is None else str(data)

    def open_file(self, path: str) -> None:
        """A deck file the user chose: listed first, and chosen."""
        self.opened.insert(0, (commander_deck_title(Path(path)), path))
        self.deck.insertItem(0, self.opened[0][0], path)
        self.deck.setCurrentIndex(0)

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, tr("Open a deck file…"), documents_dir(),
                                              tr("Decks (*.cod *.dek *.txt *.dec);;All files (*)"))
        if path:
            self.open_file(path)


class SeatRows:
    """A New game dialog's seat rows (Commander, hot seat): as many shown as `seats` says, and
    the chosen decks' cards without rules said under them (`missing_box`)."""

    rows: list[SeatRow]
    form: QFormLayout
    seats: QSpinBox
    missing_box: MissingBox

    def _show_rows(self) -> None:
        for seat, row in enumerate(self.rows):
            self.form.setRowVisible(row, seat < self.seats.value())
        self._show_missing()

    def _show_missing(self) -> None:
        self.missing_box.show_note(self.deck_paths())

    def deck_paths(self) -> list[str]:
        return [r.path() for r in self.rows[:self.seats.value()]]
