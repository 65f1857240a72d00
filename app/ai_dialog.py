"""The "Play against the computer" dialog: your deck, the computer's deck, its level."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout,
                               QLabel, QPushButton, QVBoxLayout, QWidget)

from app.i18n import message, tr
from engine.decks.samples import commander_decks, deck_title
from app.settings import Settings, documents_dir

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
    """A LAN host gives a free seat to the computer: its level and its deck."""

    def __init__(self, parent: QWidget | None = None, commander: bool = False) -> None:
        super().__init__(parent)
        from engine.decks import sample_decks

        self.setWindowTitle(tr("Computer player"))
        form = QFormLayout(self)
        self.level = level_combo()
        form.addRow(tr("Level:"), self.level)
        self.deck = QComboBox()
        # a Commander table (CR 903): the built-in Commander decks, each naming its commander
        for p in commander_decks() if commander else sample_decks():
            self.deck.addItem(tr("{name} (sample deck)", name=deck_title(p)), str(p))
        form.addRow(tr("The computer's deck:"), self.deck)
        box = ok_cancel(self)
        form.addRow(box)

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
        from engine.decks import read_deck
        deck = read_deck(Path(str(self.deck.currentData()))).deck
        lead = deck.card_names("commander")
        return deck.card_names() + lead, lead


class VsComputerDialog(QDialog):
    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from engine.decks import sample_decks

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
        if self._last:
            combo.addItem(tr("{name} (last used)", name=deck_title(Path(self._last))), self._last)
        for p in self._samples:
            combo.addItem(tr("{name} (sample deck)", name=deck_title(p)), str(p))
        combo.setCurrentIndex(index + (1 if self._last and index else 0))
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
            combo.insertItem(0, deck_title(Path(path)), path)
            combo.setCurrentIndex(0)

    def your_deck(self) -> str:
        return str(self.mine.currentData())

    def computer_deck(self) -> str:
        return str(self.theirs.currentData())

    def chosen_level(self) -> str:
        return str(self.level.currentData())
