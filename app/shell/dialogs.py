"""Dialogs of the shell: choosing a goldfish deck, settings, shortcuts help, About."""
from __future__ import annotations

from importlib.metadata import version
from typing import NamedTuple

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout,
                               QGridLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit, QListWidget,
                               QListWidgetItem, QMessageBox, QPushButton, QTableWidget, QTableWidgetItem,
                               QTabWidget, QVBoxLayout, QWidget)

from app.deck_names import deck_name, your_decks
from app.i18n import message, step_name, tr, trc
from app.settings import STEPS, Settings, documents_dir
from app.shell.shortcuts import GROUPS, MOUSE, SHORTCUTS, TABLE_KEYS
from engine.cards.coverage import coverage
from engine.decks import sample_decks

LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "it": "Italiano"}
MODES = ("hybrid", "rules", "tabletop")


class DeckPicker(QDialog):
    """Pick a built-in sample deck or a deck file, and the mode, for a goldfish game."""

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)

        self.setWindowTitle(tr("Goldfish"))
        self.path = ""
        lay = QVBoxLayout(self)
        lay.addWidget(QLabel(tr("Choose a deck to goldfish:")))
        self.list = QListWidget()
        for p in sample_decks():
            it = QListWidgetItem(tr("{name} (sample deck)", name=deck_name(p)))
            it.setData(Qt.ItemDataRole.UserRole, str(p))
            self.list.addItem(it)
        # your own decks on top (the one used last, then those opened or saved lately)
        for at, p in enumerate(your_decks(settings.last_deck if settings.last_deck else "")):
            it = QListWidgetItem(tr("{name} (last used)", name=deck_name(p)) if str(p) == settings.last_deck
                                 else tr("{name} (your deck)", name=deck_name(p)))
            it.setData(Qt.ItemDataRole.UserRole, str(p))
            self.list.insertItem(at, it)
        self.list.setCurrentRow(0)
        self.list.itemDoubleClicked.connect(lambda _: self.accept())
        lay.addWidget(self.list)
        row = QHBoxLayout()
        browse = QPushButton(tr("Open a deck file…"))
        browse.clicked.connect(self._browse)
        row.addWidget(browse)
        row.addStretch(1)
        row.addWidget(QLabel(tr("Goldfish mode:")))
        self.mode = QComboBox()
        for m in MODES:
            self.mode.addItem(message(f"mode.{m}"), m)
        self.mode.setCurrentIndex(max(0, self.mode.findData(settings.goldfish_mode)))
        row.addWidget(self.mode)
        lay.addLayout(row)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        box.accepted.connect(self.accept)
        box.rejected.connect(self.reject)
        lay.addWidget(box)
        self.resize(460, 380)

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, tr("Open a deck file…"), documents_dir(), tr("Decks (*.cod *.dek *.txt *.dec);;All files (*)"))
        if path:
            self.path = path
            super().accept()

    def accept(self) -> None:
        it = self.list.currentItem()
        if it is not None:
            self.path = str(it.data(Qt.ItemDataRole.UserRole))
        super().accept()

    def chosen_mode(self) -> str:
        return str(self.mode.currentData())


class PersonStops(NamedTuple):
    """A hot seat's person at the screen and their stops (app/hot_seat.py)."""
    name: str
    stops: set[str]
    opponent_stops: set[str]


class SettingsDialog(QDialog):
    """Language, card images folder, automatic passing (stops), animations, player name.

    At a hot seat (`person`) the stops shown and changed are those of the person at the screen
    (`checked_stops()`), and the settings' own stops (a new person's to begin with) stay; while
    nobody is at the screen (`hot_seat` without a person) the settings' are shown and changed,
    and the dialog says that the game's players keep their own."""

    def __init__(self, settings: Settings, parent: QWidget | None = None, person: PersonStops | None = None,
                 hot_seat: bool = False) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Settings"))
        self.settings = settings
        self.person = person
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.language = QComboBox()
        self.language.addItem(tr("Same as the system"), "system")
        for code, name in LANGUAGE_NAMES.items():
            self.language.addItem(name, code)
        self.language.setCurrentIndex(max(0, self.language.findData(settings.language)))
        form.addRow(tr("Language:"), self.language)
        self.name = QLineEdit(settings.player_name)
        self.name.setMaxLength(40)  # (a LAN seat's name, engine/net/protocol.py: the field stops at it)
        self.name.setPlaceholderText(tr("Shown to other players"))
        form.addRow(tr("Your name:"), self.name)
        images = QHBoxLayout()
        self.images = QLineEdit(settings.card_images)
        self.images.setPlaceholderText(tr("A folder of card images in Cockatrice's layout (optional)"))
        pick = QPushButton(tr("Choose…"))
        pick.clicked.connect(self._pick_images)
        images.addWidget(self.images, 1)
        images.addWidget(pick)
        form.addRow(tr("Card images:"), images)
        self.mode = QComboBox()
        for m in MODES:
            self.mode.addItem(message(f"mode.{m}"), m)
        self.mode.setCurrentIndex(max(0, self.mode.findData(settings.goldfish_mode)))
        form.addRow(tr("Goldfish mode:"), self.mode)
        self.animations = QCheckBox(tr("Animate tapping and moving cards"))
        self.animations.setChecked(settings.animations)
        form.addRow("", self.animations)
        self.hover_zoom = QCheckBox(tr("Show the card under the pointer large (Z)"))
        self.hover_zoom.setChecked(settings.hover_zoom)
        form.addRow("", self.hover_zoom)
        self.accept_single = QCheckBox(tr("Accept single choices automatically"))
        self.accept_single.setToolTip(tr("A spell with only one legal target takes it without a click — never when that target is you or something you control."))
        self.accept_single.setChecked(settings.accept_single_choices)
        form.addRow("", self.accept_single)
        self.empty_steps = QCheckBox(tr("Show steps in which nothing happened in the log"))
        self.empty_steps.setChecked(settings.log_empty_steps)
        form.addRow("", self.empty_steps)
        self.download = QCheckBox(tr("Download card images from Scryfall (internet)"))
        self.download.setToolTip(tr("Images are fetched in the background, at most ten a second, and kept in the cache folder; cards without an image keep the built-in face."))
        self.download.setChecked(settings.download_images)
        form.addRow("", self.download)
        lay.addLayout(form)
        group = QGroupBox(tr("Stop in these steps (otherwise priority is passed for you when nothing is on the stack)"))
        grid = QGridLayout(group)
        stops, opponent_stops = (person.stops, person.opponent_stops) if person else (settings.stops, settings.opponent_stops)
        if person is not None:
            whose = tr("These are the stops of {player}, who is at the screen: each player at this computer "
                       "has their own, and keeps them for the next game here.", player=person.name)
        elif hot_seat:  # (the hand-over screen covers the table: nobody has said who is at the screen)
            whose = tr("Nobody has said who is at the screen yet: these are the stops of a player new to this "
                       "computer. Each player of this game keeps their own.")
        else:
            whose = ""
        self.whose = QLabel(whose)
        self.whose.setWordWrap(True)
        self.whose.setVisible(bool(whose))
        lay.addWidget(self.whose)
        grid.addWidget(QLabel(tr("Your turn")), 0, 1)
        grid.addWidget(QLabel(tr("Opponent's turn")), 0, 2)
        self.stops: dict[str, tuple[QCheckBox, QCheckBox]] = {}
        for i, step in enumerate(STEPS, 1):
            grid.addWidget(QLabel(step_name(step)), i, 0)
            mine, theirs = QCheckBox(), QCheckBox()
            mine.setChecked(step in stops)
            theirs.setChecked(step in opponent_stops)
            grid.addWidget(mine, i, 1)
            grid.addWidget(theirs, i, 2)
            self.stops[step] = (mine, theirs)
        lay.addWidget(group)
        lay.addWidget(QLabel(tr("A spell or ability on the stack always stops, whatever you choose here.")))
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        box.accepted.connect(self.accept)
        box.rejected.connect(self.reject)
        lay.addWidget(box)

    def _pick_images(self) -> None:
        path = QFileDialog.getExistingDirectory(self, tr("Card images:"), self.images.text())
        if path:
            self.images.setText(path)

    def result_settings(self) -> Settings:
        s = Settings.from_json(self.settings.to_json())
        s.language = str(self.language.currentData())
        s.player_name = self.name.text().strip()[:40]
        s.card_images = self.images.text().strip()
        s.goldfish_mode = str(self.mode.currentData())
        s.animations = self.animations.isChecked()
        s.hover_zoom = self.hover_zoom.isChecked()
        s.accept_single_choices = self.accept_single.isChecked()
        s.log_empty_steps = self.empty_steps.isChecked()
        s.download_images = self.download.isChecked()
        if self.person is None:
            s.stops, s.opponent_stops = (sorted(x, key=STEPS.index) for x in self.checked_stops())
        return s

    def checked_stops(self) -> tuple[set[str], set[str]]:
        """The stops checked: in one's own turn, in the others' turns."""
        return ({st for st in STEPS if self.stops[st][0].isChecked()},
                {st for st in STEPS if self.stops[st][1].isChecked()})


class ShortcutsDialog(QDialog):
    """Every keyboard shortcut and mouse gesture, grouped, in the UI language (F1)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Keyboard shortcuts"))
        lay = QVBoxLayout(self)
        tabs = QTabWidget()
        for group in GROUPS:
            rows = [(key_text(k), message(d)) for _, k, g, d in SHORTCUTS if g == group]
            tabs.addTab(_table(rows, tr("Key"), tr("Action")), message(f"shortcut_group.{group}"))
        keys = [(", ".join(key_text(k.strip()) for k in keys.split(",")), message(desc)) for keys, desc in TABLE_KEYS]
        tabs.addTab(_table(keys, tr("Key"), tr("Action")), message("shortcut_group.table"))
        mouse = [(message(f"mouse.{m}.gesture"), message(f"mouse.{m}.action")) for m in MOUSE]
        tabs.addTab(_table(mouse, tr("Mouse"), tr("Action")), tr("Mouse"))
        lay.addWidget(tabs)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        box.rejected.connect(self.reject)
        lay.addWidget(box)
        self.resize(620, 520)


def key_text(keys: str) -> str:
    """A shortcut as the keyboard of the UI language labels it ("Strg+Eingabe")."""
    names = {"Ctrl": trc("key", "Ctrl"), "Shift": trc("key", "Shift"), "Alt": trc("key", "Alt"),
             "Space": trc("key", "Space"), "Return": trc("key", "Return"), "Esc": trc("key", "Esc"),
             "Up": trc("key", "Up"), "Down": trc("key", "Down"), "Left": trc("key", "Left"),
             "Right": trc("key", "Right"), "Home": trc("key", "Home"), "End": trc("key", "End")}
    parts = keys.replace("++", "+\x00").split("+")
    return "+".join("+" if p == "\x00" else names.get(p, p) for p in parts)


def _table(rows: list[tuple[str, str]], left: str, right: str) -> QTableWidget:
    t = QTableWidget(len(rows), 2)
    t.setHorizontalHeaderLabels([left, right])
    t.verticalHeader().setVisible(False)
    t.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    for r, (a, b) in enumerate(rows):
        t.setItem(r, 0, QTableWidgetItem(a))
        t.setItem(r, 1, QTableWidgetItem(b))
    t.horizontalHeader().setStretchLastSection(True)
    t.resizeColumnToContents(0)
    return t


def about(parent: QWidget) -> None:
    sets = ", ".join(f"{c.set} {len(c.implemented)}/{c.total}" for c in coverage())
    QMessageBox.about(parent, tr("About Manatable"), tr("Manatable {version}\nA desktop table for Magic: The Gathering with an embedded rules engine.\nCards the engine implements: {coverage}.\nMagic: The Gathering is a trademark of Wizards of the Coast. Manatable is not affiliated with Wizards of the Coast.", version=_version(), coverage=sets))


def _version() -> str:
    try:
        return version("manatable")
    except Exception:  # not installed (run from a checkout)
        return "dev"
