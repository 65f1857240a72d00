"""The start page: the first thing a new user sees (Goldfish, LAN, deck editor, database,
settings), with the recent decks for a quick goldfish."""
from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Callable

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFont, QPixmap
from PySide6.QtWidgets import (QGridLayout, QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QPushButton,
                               QVBoxLayout, QWidget)

from app.deck_names import deck_name
from app.i18n import message, tr
from engine.paths import ASSETS

BUTTONS = ("goldfish", "vs_computer", "hot_seat", "commander", "archenemy", "host_lan", "join_lan", "deck_editor",
           "card_database", "settings")


# a button's hint is broken into lines of at most this many characters: a push button does not
# wrap its text, and one long hint would make the page (and the window) wider than a
# 1366-pixel screen in some language
HINT_CHARS = 40
COLUMNS = 3  # ten entries in four rows: the page fits a 1366x768 screen


def _wrapped(text: str) -> str:
    return "\n".join(textwrap.wrap(text, HINT_CHARS)) or text


class StartPage(QWidget):
    """Big buttons; each emits `chosen(name)`. Recent decks emit `deck_chosen(path)`."""

    chosen = Signal(str)
    deck_chosen = Signal(str)
    resume_requested = Signal()

    def __init__(self, recent: Callable[[], list[str]], parent: QWidget | None = None,
                 samples: Callable[[], list[str]] | None = None) -> None:
        super().__init__(parent)
        self._recent = recent
        self._samples = samples or (lambda: [])
        self._sample = ""  # the deck the "try it" button goldfishes
        self.setObjectName("startPage")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)  # so the dark background paints
        self.setStyleSheet(
            "#startPage { background: #15171c; } QLabel { color: #e8e2d0; }"
            "QPushButton { background: #2a2e38; color: #f3ead2; border: 1px solid #4a5060;"
            " border-radius: 8px; padding: 14px 18px; font-size: 15px; text-align: left; }"
            "QPushButton:hover { background: #394050; border-color: #d9b45a; }"
            "QListWidget { background: #1d2027; color: #e8e2d0; border: 1px solid #3a3f4b; font-size: 14px; }")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(48, 36, 48, 36)
        head = QHBoxLayout()
        logo = QLabel()
        logo.setPixmap(QPixmap(str(ASSETS / "icons" / "logo.png")))  # our card back, pre-rendered
        head.addWidget(logo)
        titles = QVBoxLayout()
        self.title = QLabel()
        f = QFont()
        f.setPointSize(28)
        f.setBold(True)
        self.title.setFont(f)
        self.subtitle = QLabel()
        self.subtitle.setWordWrap(True)
        titles.addWidget(self.title)
        titles.addWidget(self.subtitle)
        titles.addStretch(1)
        head.addLayout(titles, 1)
        outer.addLayout(head)
        self.resume = QPushButton()  # "Resume game": the game in progress or an autosave
        self.resume.setObjectName("resumeButton")
        self.resume.setMinimumHeight(64)
        self.resume.setCursor(Qt.CursorShape.PointingHandCursor)
        self.resume.setStyleSheet("QPushButton#resumeButton { background: #3b5a3a; border-color: #d9b45a; }")
        self.resume.clicked.connect(self.resume_requested.emit)
        self.resume.hide()
        outer.addWidget(self.resume)
        grid = QGridLayout()
        grid.setSpacing(16)
        self.buttons: dict[str, QPushButton] = {}
        for i, name in enumerate(BUTTONS):
            b = QPushButton()
            b.setMinimumHeight(76)  # (four rows: the page fits a 768-pixel-high screen)
            b.setCursor(Qt.CursorShape.PointingHandCursor)
            b.clicked.connect(lambda _=False, n=name: self.chosen.emit(n))
            grid.addWidget(b, i // COLUMNS, i % COLUMNS)
            self.buttons[name] = b
        outer.addLayout(grid)
        # First run (no recent decks yet): goldfish a sample deck in one click, no questions.
        self.try_sample = QPushButton()
        self.try_sample.setObjectName("trySample")
        self.try_sample.setMinimumHeight(64)
        self.try_sample.setCursor(Qt.CursorShape.PointingHandCursor)
        self.try_sample.setStyleSheet("QPushButton#trySample { background: #3a4a5e; border-color: #d9b45a; }")
        self.try_sample.clicked.connect(lambda: self.deck_chosen.emit(self._sample) if self._sample else None)
        self.try_sample.hide()
        outer.addWidget(self.try_sample)
        self.recent_label = QLabel()
        outer.addWidget(self.recent_label)
        self.recent_list = QListWidget()
        self.recent_list.setMaximumHeight(180)
        self.recent_list.itemActivated.connect(lambda it: self.deck_chosen.emit(it.data(Qt.ItemDataRole.UserRole)))
        outer.addWidget(self.recent_list)
        outer.addStretch(1)
        self.retranslate()

    def retranslate(self) -> None:
        self.title.setText("Manatable")
        self.subtitle.setText(message("start.subtitle"))
        for name, b in self.buttons.items():
            b.setText(message(f"start.{name}") + "\n" + _wrapped(message(f"start.{name}.hint")))
        self.recent_label.setText(message("start.recent"))
        QTimer.singleShot(0, self.refresh_recent)  # after the window is up: reading decks takes time

    def set_resume(self, text: str | None) -> None:
        """Show the "Resume game" button with this description, or hide it (None)."""
        if text:
            self.resume.setText(tr("Resume game") + "\n" + text)
        self.resume.setVisible(bool(text))

    def refresh_recent(self) -> None:
        self.recent_list.clear()
        for path in self._recent():
            it = QListWidgetItem(tr("{name} — {path}", name=deck_name(Path(path)), path=path))
            it.setData(Qt.ItemDataRole.UserRole, path)
            self.recent_list.addItem(it)
        self.recent_label.setVisible(self.recent_list.count() > 0)
        self.recent_list.setVisible(self.recent_list.count() > 0)
        samples = [] if self.recent_list.count() else self._samples()
        self._sample = samples[0] if samples else ""
        if self._sample:
            name = deck_name(Path(self._sample))
            self.try_sample.setText(tr("Try it now: goldfish the sample deck “{deck}”", deck=name) + "\n"
                                    + tr("One click, no setup: draw a hand and play against an empty seat."))
        self.try_sample.setVisible(bool(self._sample))
