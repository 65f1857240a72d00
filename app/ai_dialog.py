"""The "Play against the computer" dialog: your deck, the computer's deck, its level."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout,
                               QLabel, QPushButton, QVBoxLayout, QWidget)

from app.deck_names import deck_name, your_decks
from app.i18n import message, tr
from app.seat_row import SeatRow, commander_deck_choices, missing_note
from app.settings import Settings, documents_dir
from engine.decks import read_deck, sample_decks

LEVELS = {"heuristic": "computer.level.heuristic", "search": "computer.level.search"}


def level_combo() -> QComboBox:
    """The computer players' levels, in the UI language (every New game dialog offers them)."""
    combo = QComboBox()
    for lv in LEVELS:
        combo.addItem(message(LEVELS[lv]), lv)
    return combo


def ok_cancel(dialog: QDialog) -> QDialogButtonBox:
    """OK and Cancel, wired to the dialog's accept and reject."""
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box


class ComputerSeatDialog(QDialog):
    """A LAN host gives a free seat to the computer: its level and its deck. At a Commander
    table (and the Archenemy formats) the decks New game → Commander offers (app/seat_row.py);
    in rules mode the chosen deck's cards without rules are named."""

    def __init__(self, parent: QWidget | None = None, commander: bool = False, mode: str = "rules") -> None:
        super().__init__(parent)

        self.setWindowTitle(tr("Computer player"))
        self.rules = mode == "rules"
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.level = level_combo()
        form.addRow(tr("Level:"), self.level)
        choices = commander_deck_choices() if commander else \
            [(tr("{name} (sample deck)", name=deck_name(p)), str(p)) for p in sample_decks()]
        self.deck_row = SeatRow(choices)
        self.deck = self.deck_row.deck
        self.deck_row.changed.connect(self._show_missing)
        form.addRow(tr("The computer's deck:"), self.deck_row)
        lay.addLayout(form)
        self.missing = QLabel("")
        self.missing.setWordWrap(True)
        self.missing.setObjectName("not_implemented")
        lay.addWidget(self.missing)
        lay.addWidget(ok_cancel(self))
        self._show_missing()
        self.resize(640, 160)

    def _show_missing(self) -> None:
        note = missing_note([self.deck_path()]) if self.rules else ""
        self.missing.setText(note)
        self.missing.setVisible(bool(note))

    def level_id(self) -> str:
        return str(self.level.currentData())

    def deck_cards(self) -> list[str]:
        """The deck's cards, its commander among them (CR 903.5a)."""
        return self.deck_and_commanders()[0]

    def deck_path(self) -> str:
        """The chosen deck's file (a built-in Commander deck's carries its scheme deck)."""
        return str(self.deck.currentData())

    def deck_and_commanders(self) -> tuple[list[str], list[str]]:
        """The deck's cards with its commander(s), and the commander(s) (none: not a Commander deck)."""
        deck = read_deck(Path(str(self.deck.currentData()))).deck
        lead = deck.card_names("commander")
        return deck.card_names() + lead, lead


class VsComputerDialog(QDialog):
    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)

        self.setWindowTitle(tr("Play against the computer"))
        self._samples = sample_decks()
        self._last = settings.last_deck if settings.last_deck and Path(settings.last_deck).exists() else ""
        lay = QVBoxLayout(self)
        intro = QLabel(tr("Choose your deck, the computer's deck and how strongly it plays. The computer sees only what a player in its seat would see."))
        intro.setWordWrap(True)
        lay.addWidget(intro)
        form = QFormLayout()
        self.mine = self._deck_row(form, tr("Your deck:"), 0)
        self.theirs = self._deck_row(form, tr("The computer's deck:"), min(1, len(self._samples) - 1))
        self.level = level_combo()
        form.addRow(tr("Level:"), self.level)
        lay.addLayout(form)
        box = ok_cancel(self)
        lay.addWidget(box)
        self.resize(520, 220)

    def _deck_row(self, form: QFormLayout, label: str, index: int) -> QComboBox:
        combo = QComboBox()
        # your own decks first (a deck just saved in the deck editor among them), then the samples
        own = your_decks(self._last)
        for p in own:
            combo.addItem(tr("{name} (last used)", name=deck_name(p)) if str(p) == self._last
                          else tr("{name} (your deck)", name=deck_name(p)), str(p))
        for p in self._samples:
            combo.addItem(tr("{name} (sample deck)", name=deck_name(p)), str(p))
        # yours: your newest deck; the computer's: a sample deck
        combo.setCurrentIndex(len(own) + index if index or not own else 0)
        row = QHBoxLayout()
        row.addWidget(combo, 1)
        browse = QPushButton(tr("Open a deck file…"))
        browse.clicked.connect(lambda: self._browse(combo))
        row.addWidget(browse)
        holder = QWidget()
        holder.setLayout(row)
        row.setContentsMargins(0, 0, 0, 0)
        form.addRow(label, holder)
        return combo

    def _browse(self, combo: QComboBox) -> None:
        path, _ = QFileDialog.getOpenFileName(self, tr("Open a deck file…"), documents_dir(), tr("Decks (*.cod *.dek *.txt *.dec);;All files (*)"))
        if path:
            combo.insertItem(0, deck_name(Path(path)), path)
            combo.setCurrentIndex(0)

    def your_deck(self) -> str:
        return str(self.mine.currentData())

    def computer_deck(self) -> str:
        return str(self.theirs.currentData())

    def chosen_level(self) -> str:
        return str(self.level.currentData())
