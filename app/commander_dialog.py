"""New game → Commander (CR 903): how many players, your deck, a deck for each computer
player in the other seats, and how strongly they play. Each seat offers the four Duskmourn
Commander decks as printed (assets/decks/commander/official) first, then the built-in decks of
the same names made of implemented cards (assets/decks/commander), then the user's recent decks
that name a commander (app/seat_row.py); any deck file that names its commander works. A chosen deck's cards the rules engine does not implement yet are named in
the dialog: in a rules game nobody casts them (engine/rules/listing.py)."""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QDialog, QFormLayout, QLabel, QLineEdit, QSpinBox, QVBoxLayout, QWidget

from app.ai_dialog import level_combo, ok_cancel
from app.ai_session import AISession
from app.i18n import tr
from app.seat_row import MissingBox, SeatRow, SeatRows, commander_deck_choices
from app.shell.deck_file import checked_start, open_commander_decks

MAX_SEATS = 4


class CommanderDialog(SeatRows, QDialog):
    """The choices for a Commander game against computer players."""

    def __init__(self, parent: QWidget | None = None, player_name: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Commander game"))
        self._choices = commander_deck_choices()
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
        self.rows: list[SeatRow] = []
        printed = sum(1 for _t, p in self._choices if p.endswith(".txt"))
        for seat in range(MAX_SEATS):
            label = tr("Your deck:") if seat == 0 else tr("Computer player {n}:", n=seat)
            # each seat a different one of the four printed decks
            row = SeatRow(self._choices, seat % max(1, printed or len(self._choices)))
            row.changed.connect(self._show_missing)
            form.addRow(label, row)
            self.rows.append(row)
        self.decks: list[QComboBox] = [r.deck for r in self.rows]
        self.level = level_combo()
        form.addRow(tr("Level:"), self.level)
        self.form = form
        lay.addLayout(form)
        self.missing_box = MissingBox(120)  # the printed decks' cards without rules yet
        self.missing = self.missing_box.label
        lay.addWidget(self.missing_box, 1)
        lay.addStretch()  # (the room left over goes here, not around the intro: it floated in a gap)
        box = ok_cancel(self)
        lay.addWidget(box)
        self._show_rows()
        self.resize(820, 480)

    def chosen_level(self) -> str:
        return str(self.level.currentData())

    def player_name(self) -> str:
        return self.name.text().strip() or tr("You")


def start_commander(window: Any, paths: list[str] | None = None, level: str | None = None,
                    seed: int | None = None) -> bool:
    """The main window's "Commander game": ask (unless given), load the decks, start."""

    you = window.settings.player_name or tr("You")
    if paths is None or level is None:
        dlg = CommanderDialog(window, window.settings.player_name)
        if not dlg.exec():
            return False
        paths, level, you = dlg.deck_paths(), dlg.chosen_level(), dlg.player_name()
        if you != tr("You") and you != window.settings.player_name:  # remembered for next time
            window.settings.player_name = you
            window._save_settings()
    read = open_commander_decks(window, paths, tr("Commander game"))
    # the deck check for Commander first, with the same choice as against the computer
    if read is None or not checked_start(window, read.checked, tr("Commander game"), "commander"):
        return False
    decks, commanders = read.cards, read.commanders
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
