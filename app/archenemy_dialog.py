"""New game → Archenemy (CR 904; the release notes' "Erzfeind-Commander" and "Superschurken-
Rauferei"): the format (Archenemy Commander, the classic Archenemy, Supervillain Rumble), how
many players, whether you are the archenemy or on the team, a deck and a scheme deck per seat,
and how strongly the computer players play. Every seat but yours is a computer player.

Seat order: the archenemy is the first seat (they always start, CR 904.5); as a team member you
take the second. In Supervillain Rumble every seat has a scheme deck and you take the first."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialog, QFormLayout, QLabel, QSpinBox, QVBoxLayout, QWidget

from app.deck_names import deck_name
from app.ai_dialog import level_combo, ok_cancel
from app.ai_session import AISession
from app.i18n import card_name, tr
from app.seat_row import SeatRow, commander_deck_choices, missing_note
from app.shell.deck_file import checked_start, open_commander_decks, open_scheme_deck
from engine.config import COMMANDER_FORMATS
from engine.decks.samples import commander_decks
from engine.decks.scheme_decks import built_in, stand_ins

MAX_SEATS = 4
FORMATS = ("archenemy_commander", "archenemy", "supervillain_rumble")
ARCHENEMY = "archenemy"
TEAM = "team"


def _decks() -> list[Path]:
    """The built-in Commander decks: each brings its product's scheme deck."""
    return commander_decks()


def scheme_deck_title(path: Path) -> str:
    """"The schemes of Death Toll" (the deck's commander is in the deck's list beside it)."""
    return tr("The schemes of {deck}", deck=deck_name(path))


def scheme_deck_combo(row: SeatRow, paths: list[Path], index: int = 0) -> QComboBox:
    """The built-in scheme decks to choose from (also New game → LAN); it follows the seat
    row's deck: a printed or built-in Commander deck brings its own product's scheme deck (the
    same file name); with another deck the player chooses one."""
    schemes = QComboBox()
    for k, p in enumerate(paths):
        schemes.addItem(scheme_deck_title(p), str(p))
        extra = stand_ins(p)
        if extra:  # (printed schemes the engine does not implement yet are replaced)
            schemes.setItemData(k, tr("The printed scheme deck, with {schemes} in place of schemes Manatable does not implement yet.",
                                      schemes=", ".join(card_name(n) for n in extra)), Qt.ItemDataRole.ToolTipRole)
    stems = [p.stem for p in paths]

    def follow() -> None:
        stem = Path(row.path()).stem
        if stem in stems and built_in(row.path()):
            schemes.setCurrentIndex(stems.index(stem))
    if paths:
        schemes.setCurrentIndex(index)
    row.changed.connect(follow)
    follow()
    return schemes


def format_title(fmt: str) -> str:
    """The format's name in the UI language (the release notes' names in German)."""
    return {"archenemy_commander": tr("Archenemy Commander"),
            "archenemy": tr("Archenemy (each team member with their own life total)"),
            "supervillain_rumble": tr("Supervillain Rumble")}[fmt]


def you_seat(fmt: str, role: str) -> int:
    """Your seat: the archenemy is seat 0; a team member takes seat 1 (the Rumble: seat 0)."""
    return 1 if fmt != "supervillain_rumble" and role == TEAM else 0


def has_schemes(fmt: str, seat: int) -> bool:
    """CR 904.3: the archenemy (seat 0) has a scheme deck; in the Rumble every player."""
    return fmt == "supervillain_rumble" or seat == 0


class ArchenemyDialog(QDialog):
    """The choices for an Archenemy game against computer players."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Archenemy game"))
        self._paths = _decks()
        self._choices = commander_deck_choices()
        lay = QVBoxLayout(self)
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        lay.addWidget(self.intro)
        form = QFormLayout()
        self.format = QComboBox()
        for fmt in FORMATS:
            self.format.addItem(format_title(fmt), fmt)
        self.format.currentIndexChanged.connect(self._update)
        form.addRow(tr("Format:"), self.format)
        self.role = QComboBox()
        self.role.addItem(tr("The archenemy"), ARCHENEMY)
        self.role.addItem(tr("A member of the team"), TEAM)
        self.role.currentIndexChanged.connect(self._update)
        form.addRow(tr("You play:"), self.role)
        self.seats = QSpinBox()
        self.seats.setRange(2, MAX_SEATS)
        self.seats.setValue(MAX_SEATS)
        self.seats.valueChanged.connect(self._update)
        form.addRow(tr("Players:"), self.seats)
        self.schemes: list[QComboBox] = []
        self.rows: list[SeatRow] = []
        self.labels: list[QLabel] = []
        for seat in range(MAX_SEATS):
            row, schemes = self._seat_row(seat % max(1, len(self._paths)))
            label = QLabel()
            form.addRow(label, row)
            self.schemes.append(schemes)
            self.rows.append(row)
            self.labels.append(label)
        self.decks: list[QComboBox] = [r.deck for r in self.rows]
        self.level = level_combo()
        form.addRow(tr("Level:"), self.level)
        self.form = form
        lay.addLayout(form)
        self.missing = QLabel()  # the chosen decks' cards without rules (a rules game)
        self.missing.setWordWrap(True)
        self.missing.setObjectName("not_implemented")
        lay.addWidget(self.missing)
        lay.addStretch()  # (the room left over goes here, not around the intro: it floated in a gap)
        box = ok_cancel(self)
        lay.addWidget(box)
        self._update()
        self.resize(760, 360)

    def _seat_row(self, index: int) -> tuple[SeatRow, QComboBox]:
        """The shared seat row (app/seat_row.py) with the seat's scheme deck after it."""
        row = SeatRow(self._choices, index)
        schemes = scheme_deck_combo(row, self._paths, index)
        row.changed.connect(self._show_missing)
        row.add(schemes, 3)
        return row, schemes

    def chosen_format(self) -> str:
        return str(self.format.currentData())

    def you(self) -> int:
        return you_seat(self.chosen_format(), str(self.role.currentData()))

    def _update(self) -> None:
        fmt = self.chosen_format()
        rumble = fmt == "supervillain_rumble"
        self.form.setRowVisible(self.role, not rumble)
        self.seats.setMinimum(2 if rumble or fmt == "archenemy" else 3)
        n, you = self.seats.value(), self.you()
        intro = {"archenemy_commander": tr("Archenemy Commander: the archenemy (60 life, a scheme deck, always first) against a team of the others, who share one life total of 60 and take their turns together."),
                 "archenemy": tr("The classic Archenemy: the archenemy (40 life, a scheme deck, always first) against a team of the others, each with their own 20 life."),
                 "supervillain_rumble": tr("Supervillain Rumble: every player for themselves with 40 life, a commander and a scheme deck.")}
        self.intro.setText(intro[fmt] + " " + tr("Computer players take every seat but yours."))
        for seat, (label, row) in enumerate(zip(self.labels, self.rows)):
            self.form.setRowVisible(row, seat < n)
            self.schemes[seat].setVisible(has_schemes(fmt, seat))
            who = tr("you") if seat == you else tr("computer")
            if rumble:
                text = tr("Player {n} ({who}):", n=seat + 1, who=who)
            elif seat == 0:
                text = tr("The archenemy ({who}):", who=who)
            else:
                text = tr("Team member {n} ({who}):", n=seat, who=who)
            label.setText(text)

        self._show_missing()

    def _show_missing(self) -> None:
        if not hasattr(self, "missing"):  # (the rows are being made)
            return
        note = missing_note(self.deck_paths())
        self.missing.setText(note)
        self.missing.setVisible(bool(note))

    def deck_paths(self) -> list[str]:
        return [r.path() for r in self.rows[:self.seats.value()]]

    def scheme_paths(self) -> list[str]:
        fmt = self.chosen_format()
        return [str(c.currentData()) if has_schemes(fmt, i) else "" for i, c in enumerate(self.schemes[:self.seats.value()])]

    def chosen_level(self) -> str:
        return str(self.level.currentData())


def start_archenemy(window: Any, fmt: str | None = None, paths: list[str] | None = None,
                    scheme_paths: list[str] | None = None, you: int | None = None, level: str | None = None,
                    seed: int | None = None) -> bool:
    """The main window's "Archenemy game": ask (unless given), load the decks, start."""

    if fmt is None or paths is None or scheme_paths is None or you is None or level is None:
        dlg = ArchenemyDialog(window)
        if not dlg.exec():
            return False
        fmt, paths, scheme_paths, you, level = (dlg.chosen_format(), dlg.deck_paths(), dlg.scheme_paths(), dlg.you(),
                                                dlg.chosen_level())
    title = tr("Archenemy game")
    read = open_commander_decks(window, paths, title, commander=fmt in COMMANDER_FORMATS)
    if read is None:
        return False
    schemes: list[list[str]] = []
    for scheme_path in scheme_paths:  # (a scheme deck's problem names its own file)
        scheme_deck = open_scheme_deck(window, scheme_path, title) if scheme_path else []
        if scheme_deck is None:
            return False
        schemes.append(scheme_deck)
    # the deck check first, with the same choice as against the computer: Archenemy Commander
    # and Supervillain Rumble play Commander decks; the classic Archenemy checks each deck by
    # its own format
    if not checked_start(window, read.checked, title, "commander" if fmt in COMMANDER_FORMATS else None):
        return False
    decks, commanders = read.cards, read.commanders
    me = window.settings.player_name or tr("You")
    names, k = [], 1
    for seat in range(len(decks)):
        if seat == you:
            names.append(me)
        else:
            names.append(tr("Computer {n}", n=k))
            k += 1
    session = AISession.archenemy_game(fmt, decks, commanders, schemes, level, players=names, you=you, seed=seed,
                                       stops=window.settings.stops, opponent_stops=window.settings.opponent_stops)
    status = window.statusBar()
    session.thinking.connect(lambda on: status.showMessage(tr("The computer is thinking…")) if on else status.clearMessage())
    window.show_session(session)
    if fmt == "supervillain_rumble":
        hint = tr("Supervillain Rumble with {count} players: each sets a scheme in motion in their first main phase. Keep or mulligan your opening hand.", count=len(decks))
    elif you == 0:
        hint = tr("You are the archenemy: you start, and set a scheme in motion in each of your first main phases. Keep or mulligan your opening hand.")
    else:
        hint = tr("You are on the team against the archenemy. Keep or mulligan your opening hand.")
    status.showMessage(hint, 8000)
    return True
