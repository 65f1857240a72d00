"""New game → Players at this computer (a hot seat, app/hot_seat.py): the format (a game with
the usual decks, 20 life, or Commander, CR 903), two to four seats, and for each seat its
player's name, whether a person at this computer or a computer player takes it, and its deck
(the user's decks and the sample decks; for Commander the decks New game → Commander offers,
app/seat_row.py). The decks' cards the rules engine does not implement yet are named."""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QDialog, QFormLayout, QLabel, QLineEdit, QMessageBox, QSpinBox, QVBoxLayout, QWidget

from app.ai_dialog import level_combo, ok_cancel
from app.deck_names import deck_name, your_decks
from app.hot_seat import HotSeatSession
from app.i18n import tr
from app.seat_row import MissingBox, SeatRow, SeatRows, commander_deck_choices
from app.shell.deck_file import checked_start, open_commander_decks, open_deck
from engine.decks.samples import sample_decks

MAX_SEATS = 4
PERSON, COMPUTER = "person", "computer"


def played_deck_choices(last: str = "") -> list[tuple[str, str]]:
    """The decks a seat can take in a game with the usual decks: the user's, then the samples."""
    own = [(tr("{name} (your deck)", name=deck_name(p)), str(p)) for p in your_decks(last)]
    return own + [(tr("{name} (sample deck)", name=deck_name(p)), str(p)) for p in sample_decks()]


class HotSeatDialog(SeatRows, QDialog):
    """The choices for a hot seat: the format, the seats, and each seat's player and deck."""

    def __init__(self, parent: QWidget | None = None, player_name: str = "", last_deck: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Players at this computer"))
        self._choices = {"free_for_all": played_deck_choices(last_deck), "commander": commander_deck_choices()}
        lay = QVBoxLayout(self)
        intro = QLabel(tr("Two to four players take turns at this screen. Before each person's decision the table "
                          "is hidden until that person says it is them, so nobody sees another's hand. Any seat "
                          "can be a computer player instead."))
        intro.setWordWrap(True)
        lay.addWidget(intro)
        form = QFormLayout()
        self.format = QComboBox()
        self.format.addItem(tr("The usual decks, 20 life"), "free_for_all")
        self.format.addItem(tr("Commander, 40 life"), "commander")
        self.format.currentIndexChanged.connect(self._format_changed)
        form.addRow(tr("Format:"), self.format)
        self.seats = QSpinBox()
        self.seats.setRange(2, MAX_SEATS)
        self.seats.setValue(2)
        self.seats.valueChanged.connect(self._show_rows)
        form.addRow(tr("Players:"), self.seats)
        self.names: list[QLineEdit] = []
        self.kinds: list[QComboBox] = []
        self.rows: list[SeatRow] = []
        for seat in range(MAX_SEATS):
            row = SeatRow(self._choices["free_for_all"], seat)
            kind = QComboBox()
            kind.addItem(tr("A person at this computer"), PERSON)
            kind.addItem(tr("A computer player"), COMPUTER)
            kind.setCurrentIndex(0 if seat < 2 else 1)
            kind.currentIndexChanged.connect(lambda _i, s=seat: self._kind_changed(s))
            name = QLineEdit(self._default_name(seat, PERSON if seat < 2 else COMPUTER, player_name))
            name.setMaxLength(40)
            name.setMinimumWidth(name.fontMetrics().horizontalAdvance("M") * 11)  # (the deck list takes the rest)
            row.row.insertWidget(0, name, 1)
            row.row.insertWidget(1, kind)
            row.changed.connect(self._show_missing)
            form.addRow(tr("Seat {n}:", n=seat + 1), row)
            self.names.append(name)
            self.kinds.append(kind)
            self.rows.append(row)
        self.level = level_combo()
        form.addRow(tr("Computer players' level:"), self.level)
        self.form = form
        lay.addLayout(form)
        self.missing_box = MissingBox(100)  # the decks' cards without rules yet
        self.missing = self.missing_box.label
        lay.addWidget(self.missing_box, 1)
        lay.addStretch()
        lay.addWidget(ok_cancel(self))
        self._player_name = player_name
        self._show_rows()
        self.resize(1000, 320)

    @staticmethod
    def _default_name(seat: int, kind: str, player_name: str = "") -> str:
        if kind == COMPUTER:
            return tr("Computer {n}", n=seat + 1)
        return player_name if seat == 0 and player_name else tr("Player {n}", n=seat + 1)

    def _kind_changed(self, seat: int) -> None:
        """A seat's default name follows who takes it ("Player 3" ↔ "Computer 3"); a typed name stays."""
        name = self.names[seat].text().strip()
        defaults = {self._default_name(seat, k, self._player_name) for k in (PERSON, COMPUTER)}
        if not name or name in defaults:
            self.names[seat].setText(self._default_name(seat, self.kind(seat), self._player_name))

    def _format_changed(self) -> None:
        for seat, row in enumerate(self.rows):
            row.set_choices(self._choices[self.chosen_format()])
            if row.deck.count():
                row.deck.setCurrentIndex(seat % row.deck.count())
        self._show_missing()

    def chosen_format(self) -> str:
        return str(self.format.currentData())

    def kind(self, seat: int) -> str:
        return str(self.kinds[seat].currentData())

    def player_names(self) -> list[str]:
        return [n.text().strip() for n in self.names[:self.seats.value()]]

    def people(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.seats.value()) if self.kind(s) == PERSON)

    def chosen_level(self) -> str:
        return str(self.level.currentData())

    def problem(self) -> str:
        """Why the game cannot start as chosen ("" when it can)."""
        names = self.player_names()
        if not self.people():
            return tr("At least one seat needs a person at this computer.")
        if any(not n for n in names):
            return tr("Every player needs a name.")
        if len({n.casefold() for n in names}) < len(names):
            return tr("Each player needs a name of their own.")
        return ""

    def accept(self) -> None:
        problem = self.problem()
        if problem:
            QMessageBox.warning(self, self.windowTitle(), problem)
            return
        super().accept()


def start_hot_seat(window: Any) -> bool:
    """The main window's "Players at this computer": ask, load the decks, start."""
    dlg = HotSeatDialog(window, window.settings.player_name, window.settings.last_deck)
    if not dlg.exec():
        return False
    title, fmt, paths = tr("Players at this computer"), dlg.chosen_format(), dlg.deck_paths()
    if fmt == "commander":
        read = open_commander_decks(window, paths, title)
        if read is None or not checked_start(window, read.checked, title, "commander"):
            return False
        decks, commanders = read.cards, read.commanders
    else:
        loaded = [open_deck(window, p, title) for p in paths]
        if any(d is None for d in loaded) or not checked_start(window, [(p, d.deck) for p, d in zip(paths, loaded) if d],
                                                               title):
            return False
        decks = [d.deck.card_names() + d.deck.card_names("commander") for d in loaded if d]
        commanders = []
    session = HotSeatSession.new_game(decks, dlg.people(), players=dlg.player_names(), fmt=fmt,
                                      commanders=commanders, level=dlg.chosen_level(), stops=window.settings.stops,
                                      opponent_stops=window.settings.opponent_stops,
                                      people_stops=window.settings.people_stops)
    status = window.statusBar()
    session.thinking.connect(lambda on: status.showMessage(tr("The computer is thinking…")) if on else status.clearMessage())
    if not window.show_session(session):
        session.close()
        return False
    status.showMessage(tr("A game of {count} players at this computer: pass it on when the screen asks.",
                          count=len(decks)), 8000)
    return True
