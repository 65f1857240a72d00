"""New game → Commander (CR 903): how many players, your deck, a deck for each computer
player in the other seats, and how strongly they play. The built-in Commander decks
(assets/decks/commander) are offered first; any deck file that names its commander works."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout,
                               QLabel, QLineEdit, QPushButton, QSpinBox, QVBoxLayout, QWidget)

from app.ai_dialog import LEVELS
from app.i18n import message, tr

MAX_SEATS = 4


def _decks() -> list[Path]:
    from engine.decks.samples import commander_decks
    return commander_decks()


def _deck_title(path: Path) -> str:
    from engine.decks import read_deck
    try:
        deck = read_deck(path).deck
    except (OSError, ValueError):
        return path.stem
    lead = ", ".join(e.name for e in deck.commander)
    return tr("{name} ({commander})", name=deck.name or path.stem, commander=lead) if lead else (deck.name or path.stem)


class CommanderDialog(QDialog):
    """The choices for a Commander game against computer players."""

    def __init__(self, parent: QWidget | None = None, player_name: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Commander game"))
        self._paths = _decks()
        lay = QVBoxLayout(self)
        intro = QLabel(tr("A Commander game: 40 life, each player's commander in the command zone. You play the first seat; computer players take the others."))
        intro.setWordWrap(True)
        lay.addWidget(intro)
        form = QFormLayout()
        # your name at the table: the remembered one, else "You" in the UI language
        self.name = QLineEdit(player_name or tr("You"))
        self.name.setMaxLength(40)
        form.addRow(tr("Your name:"), self.name)
        self.seats = QSpinBox()
        self.seats.setRange(2, MAX_SEATS)
        self.seats.setValue(MAX_SEATS)
        self.seats.valueChanged.connect(self._show_rows)
        form.addRow(tr("Players:"), self.seats)
        self.decks: list[QComboBox] = []
        self.rows: list[QWidget] = []
        for seat in range(MAX_SEATS):
            label = tr("Your deck:") if seat == 0 else tr("Computer player {n}:", n=seat)
            combo, holder = self._deck_row(seat % max(1, len(self._paths)))
            form.addRow(label, holder)
            self.decks.append(combo)
            self.rows.append(holder)
        self.level = QComboBox()
        for lv in LEVELS:
            self.level.addItem(message(LEVELS[lv]), lv)
        form.addRow(tr("Level:"), self.level)
        self.form = form
        lay.addLayout(form)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        box.accepted.connect(self.accept)
        box.rejected.connect(self.reject)
        lay.addWidget(box)
        self._show_rows()
        self.resize(620, 300)

    def _deck_row(self, index: int) -> tuple[QComboBox, QWidget]:
        combo = QComboBox()
        for p in self._paths:
            combo.addItem(_deck_title(p), str(p))
        if self._paths:
            combo.setCurrentIndex(index)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(combo, 1)
        browse = QPushButton(tr("Open a deck file…"))
        browse.clicked.connect(lambda: self._browse(combo))
        row.addWidget(browse)
        holder = QWidget()
        holder.setLayout(row)
        return combo, holder

    def _browse(self, combo: QComboBox) -> None:
        path, _ = QFileDialog.getOpenFileName(self, tr("Open a deck file…"), "",
                                              tr("Decks (*.cod *.dek *.txt *.dec);;All files (*)"))
        if path:
            combo.insertItem(0, _deck_title(Path(path)), path)
            combo.setCurrentIndex(0)

    def _show_rows(self) -> None:
        for seat, row in enumerate(self.rows):
            self.form.setRowVisible(row, seat < self.seats.value())

    def deck_paths(self) -> list[str]:
        return [str(c.currentData()) for c in self.decks[:self.seats.value()]]

    def chosen_level(self) -> str:
        return str(self.level.currentData())

    def player_name(self) -> str:
        return self.name.text().strip() or tr("You")


def load_commander_deck(path: str) -> tuple[list[str], list[str]]:
    """The deck's cards (its commander included, CR 903.5a) and its commander(s); ValueError
    with a sentence for the user when the deck names no commander."""
    from engine.decks import read_deck
    deck = read_deck(Path(path)).deck
    commanders = deck.card_names("commander")
    if not commanders:
        raise ValueError(message("deck.commander.none"))
    return deck.card_names() + commanders, commanders


def start_commander(window: Any, paths: list[str] | None = None, level: str | None = None,
                    seed: int | None = None) -> bool:
    """The main window's "Commander game": ask (unless given), load the decks, start."""
    from PySide6.QtWidgets import QMessageBox

    from app.ai_session import AISession
    from engine.decks import DeckFormatError

    you = window.settings.player_name or tr("You")
    if paths is None or level is None:
        dlg = CommanderDialog(window, window.settings.player_name)
        if not dlg.exec():
            return False
        paths, level, you = dlg.deck_paths(), dlg.chosen_level(), dlg.player_name()
        if you != tr("You") and you != window.settings.player_name:  # remembered for next time
            window.settings.player_name = you
            window._save_settings()
    decks: list[list[str]] = []
    commanders: list[list[str]] = []
    for path in paths:
        try:
            cards, lead = load_commander_deck(path)
        except (OSError, DeckFormatError, ValueError) as exc:
            QMessageBox.warning(window, tr("Commander game"),
                                tr("The deck {path} cannot be played: {detail}", path=path, detail=str(exc)))
            return False
        decks.append(cards)
        commanders.append(lead)
    names = [you] + [tr("Computer {n}", n=i) for i in range(1, len(decks))]
    if you.lower() in (n.lower() for n in names[1:]):  # (each player needs a name of their own)
        names[0] = tr("You")
    session = AISession.commander_game(decks, commanders, level, players=names, seed=seed,
                                       stops=window.settings.stops, opponent_stops=window.settings.opponent_stops)
    status = window.statusBar()
    session.thinking.connect(lambda on: status.showMessage(tr("The computer is thinking…")) if on else status.clearMessage())
    window.show_session(session)
    status.showMessage(tr("A Commander game with {count} players: your commander waits in the command zone. Keep or mulligan your opening hand.",
                          count=len(decks)), 8000)
    return True
