"""The deck editor window: card browser | deck (list, statistics, sample hand) | preview
and validation.

Keys: + / - add or remove one copy of the selected card (a deck row: in its zone; a
search result: in the main deck), Return / Ctrl+Return add a search result to the main
deck / sideboard, Ctrl+Right / Ctrl+Left move one copy to the sideboard / main deck,
Delete removes a row, Ctrl+Z / Ctrl+Shift+Z undo and redo.
"""
from __future__ import annotations

import html

import logging
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QApplication, QComboBox, QFormLayout, QGroupBox, QHBoxLayout,
                               QLabel, QLineEdit, QListWidget, QListWidgetItem,
                               QMenu, QPlainTextEdit, QSizePolicy, QSplitter, QStyle, QTabWidget,
                               QToolButton, QVBoxLayout, QWidget)

from app.decks.browser import CardBrowser
from app.decks.database_window import CardDatabaseWindow
from app.decks.deck_files import DeckFileActions
from app.decks.deck_view import DeckListView
from app.decks.document import DeckDocument, _assign as assign
from app.decks.goldfish import start_goldfish
from app.decks.hand_view import SampleHandView
from app.decks.library import CardLibrary, shared_library
from app.decks.stats_view import StatsView
from app.decks.text import card_name, format_name, message_text, problem_text
from app.i18n import tr, trn, message
from app.decks.widgets import CardPreview, StatusLight
from engine.cards.behaviour import is_implemented, printed
from engine.decks import FORMATS, Deck, Problem, effective_format, validate
from engine.decks.validate import is_basic_land

log = logging.getLogger(__name__)
GoldfishHandler = Callable[[list[str], str, list[str]], object]
#: action id -> key sequences (the first is shown in menus)
KEYS: dict[str, tuple[str, ...]] = {
    "new": ("Ctrl+N",), "open": ("Ctrl+O",), "save": ("Ctrl+S",), "save_as": ("Ctrl+Shift+S",),
    "paste": ("Ctrl+Shift+V",), "copy_plain": ("Ctrl+Shift+C",), "copy_arena": (),
    "copy_mtgo": (), "goldfish": ("Ctrl+G",), "database": ("Ctrl+Shift+D",),
    "close": ("Ctrl+W",), "undo": ("Ctrl+Z",), "redo": ("Ctrl+Shift+Z", "Ctrl+Y"),
    "add_one": ("+", "="), "remove_one": ("-",), "to_side": ("Ctrl+Right",),
    "to_main": ("Ctrl+Left",), "remove_row": ("Del",),
}


class DeckEditor(DeckFileActions):
    """One deck in one window (or in a tab of the main window: it is a QMainWindow that
    works as a child widget too)."""

    #: English names of the main deck (one per card), the deck's name and its commander(s)
    goldfish_requested = Signal(list, str, list)

    def __init__(self, parent: QWidget | None = None, library: CardLibrary | None = None,
                 on_goldfish: GoldfishHandler | None = None) -> None:
        super().__init__(parent)
        self.library = library or shared_library()
        self.doc = DeckDocument(parent=self)
        self.problems: list[Problem] = []
        self.last_unknown_dialog = None
        self.goldfish_window: QWidget | None = None
        self.database_window: QWidget | None = None
        self._syncing = False
        self._last_source = "browser"
        self.goldfish_requested.connect(on_goldfish or self._default_goldfish)
        self._build()
        self._make_actions()
        self.doc.changed.connect(self._deck_changed)
        self.doc.autosave_failed.connect(self._autosave_failed)
        self.retranslate()
        self._deck_changed()
        self.resize(1440, 880)
        self.show_database_notices()

    def show_database_notices(self) -> None:
        """What opening the card database did (rebuilt after damage, with the damaged file kept
        aside; locked by another program, so read only): said in the status bar until something
        else is said. It was said only in the card database window, so a user of the editor
        alone never learnt that the imported cards had to be imported again."""
        texts = [message_text(n.key, n.params, n.message) for n in self.library.take_notices()]
        if texts:
            self.statusBar().showMessage(" ".join(texts))

    # -- layout ----------------------------------------------------------------------

    def _build(self) -> None:
        self.browser = CardBrowser(self.library)
        self.browser.card_selected.connect(lambda n: self._show_card(n, "browser"))
        self.browser.add_requested.connect(lambda name, zone: self.doc.add(name, 1, zone))

        self.name_edit = QLineEdit()
        self.name_edit.textEdited.connect(lambda text: self._sync(self.doc.set_name, text))
        self.format_combo = QComboBox()
        self.format_combo.addItem("", None)
        for fmt in FORMATS:
            self.format_combo.addItem("", fmt)
        self.format_combo.currentIndexChanged.connect(
            lambda _i: self._sync(self.doc.set_format, self.format_combo.currentData()))
        # the verdict is a sentence that grows with the language and its note ("The deck states
        # no format…"): it wraps, and the combo box keeps the width of its longest format
        self.format_combo.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
        self.format_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.light = StatusLight()
        self.verdict = QLabel()
        self.verdict.setTextFormat(Qt.TextFormat.PlainText)
        self.verdict.setWordWrap(True)
        header = QFormLayout()
        self.name_label, self.format_label = QLabel(), QLabel()
        self.name_label.setTextFormat(Qt.TextFormat.PlainText)
        self.format_label.setTextFormat(Qt.TextFormat.PlainText)
        header.addRow(self.name_label, self.name_edit)
        format_row = QHBoxLayout()
        format_row.addWidget(self.format_combo)
        format_row.addSpacing(12)
        format_row.addWidget(self.light)
        format_row.addWidget(self.verdict, 1)
        header.addRow(self.format_label, format_row)

        self.deck_view = DeckListView(self.doc, self.library)
        self.deck_view.card_selected.connect(lambda n: self._show_card(n, "deck"))
        self.deck_view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.buttons: dict[str, QToolButton] = {}
        button_row = QHBoxLayout()
        for action_id in ("add_one", "remove_one", "to_side", "to_main"):
            button = QToolButton()
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            self.buttons[action_id] = button
            button_row.addWidget(button)
        button_row.addStretch(1)
        self.comments = QPlainTextEdit()
        self.comments.setMaximumHeight(64)
        self.comments.textChanged.connect(self._comments_edited)
        self.comments_label = QLabel()
        self.comments_label.setTextFormat(Qt.TextFormat.PlainText)
        deck_tab = QWidget()
        deck_layout = QVBoxLayout(deck_tab)
        deck_layout.addWidget(self.deck_view, 1)
        deck_layout.addLayout(button_row)
        deck_layout.addWidget(self.comments_label)
        deck_layout.addWidget(self.comments)
        self.stats_view = StatsView(self.doc, self.library)
        self.hand_view = SampleHandView(self.doc, self.library)
        self.tabs = QTabWidget()
        self.tabs.addTab(deck_tab, "")
        self.tabs.addTab(self.stats_view, "")
        self.tabs.addTab(self.hand_view, "")
        self.tabs.currentChanged.connect(self._tab_changed)
        center = QWidget()
        center_layout = QVBoxLayout(center)
        center_layout.setContentsMargins(4, 4, 4, 4)
        center_layout.addLayout(header)
        center_layout.addWidget(self.tabs, 1)

        self.preview = CardPreview(width=300, library=self.library)
        self.problem_box = QGroupBox()
        self.problem_list = QListWidget()
        self.problem_list.setWordWrap(True)
        QVBoxLayout(self.problem_box).addWidget(self.problem_list)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.preview)
        right_layout.addWidget(self.problem_box, 1)

        splitter = QSplitter()
        splitter.addWidget(self.browser)
        splitter.addWidget(center)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 4)
        splitter.setStretchFactor(2, 0)
        splitter.setSizes([520, 600, 320])
        self.setCentralWidget(splitter)
        self.statusBar()

    def _make_actions(self) -> None:
        handlers: dict[str, Callable[[], object]] = {
            "new": self.new_deck, "open": self.open_deck, "save": self.save,
            "save_as": self.save_as, "paste": self.import_clipboard,
            "copy_plain": lambda: self.export_clipboard("plain"),
            "copy_arena": lambda: self.export_clipboard("arena"),
            "copy_mtgo": lambda: self.export_clipboard("mtgo"),
            "goldfish": self.goldfish, "database": self.open_database, "close": self.close,
            "undo": self.doc.undo_stack.undo, "redo": self.doc.undo_stack.redo,
            "add_one": self.add_one, "remove_one": self.remove_one,
            "to_side": lambda: self.move_one("side"), "to_main": lambda: self.move_one("main"),
            "remove_row": self.remove_row,
        }
        self.actions_by_id: dict[str, QAction] = {}
        for action_id, handler in handlers.items():
            action = QAction(self)
            action.setShortcuts([QKeySequence(k) for k in KEYS[action_id]])
            # Only while the focus is in this editor: embedded in the main window's tabs,
            # Ctrl+S must not fight the table's Ctrl+S (shuffle).
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.triggered.connect(lambda _checked=False, h=handler: h())
            self.addAction(action)
            self.actions_by_id[action_id] = action
        a = self.actions_by_id
        a["undo"].setEnabled(False)
        a["redo"].setEnabled(False)
        self.doc.undo_stack.canUndoChanged.connect(a["undo"].setEnabled)
        self.doc.undo_stack.canRedoChanged.connect(a["redo"].setEnabled)
        for action_id, button in self.buttons.items():
            button.setDefaultAction(a[action_id])
        for action_id in ("add_one", "remove_one", "to_side", "to_main", "remove_row"):
            self.deck_view.addAction(a[action_id])

        bar = self.menuBar()
        self.file_menu = bar.addMenu("")
        for action_id in ("new", "open"):
            self.file_menu.addAction(a[action_id])
        self.recent_menu = QMenu(self)
        self.recent_menu.aboutToShow.connect(self.fill_recent_menu)
        self.file_menu.addMenu(self.recent_menu)
        self.file_menu.addSeparator()
        for action_id in ("save", "save_as"):
            self.file_menu.addAction(a[action_id])
        self.file_menu.addSeparator()
        self.file_menu.addAction(a["paste"])
        self.export_menu = self.file_menu.addMenu("")
        for action_id in ("copy_plain", "copy_arena", "copy_mtgo"):
            self.export_menu.addAction(a[action_id])
        self.file_menu.addSeparator()
        self.file_menu.addAction(a["goldfish"])
        self.file_menu.addAction(a["database"])
        self.file_menu.addSeparator()
        self.file_menu.addAction(a["close"])
        self.edit_menu = bar.addMenu("")
        for entry in ("undo", "redo", "", "add_one", "remove_one", "to_side", "to_main",
                      "remove_row"):
            if entry:
                self.edit_menu.addAction(a[entry])
            else:
                self.edit_menu.addSeparator()

    def retranslate(self) -> None:
        for action_id, action in self.actions_by_id.items():
            action.setText(message(f"decks.action.{action_id}"))
        self.file_menu.setTitle(tr("&File"))
        self.edit_menu.setTitle(tr("&Edit"))
        self.recent_menu.setTitle(tr("Open &recent"))
        self.export_menu.setTitle(tr("&Export to clipboard"))
        self.name_label.setText(tr("Deck name:"))
        self.format_label.setText(tr("Format:"))
        self.name_edit.setPlaceholderText(tr("Untitled deck"))
        self.format_combo.setItemText(0, tr("Not stated"))
        for i, fmt in enumerate(FORMATS, 1):
            self.format_combo.setItemText(i, format_name(fmt))
        self.comments_label.setText(tr("Comments:"))
        self.tabs.setTabText(0, tr("Deck"))
        self.tabs.setTabText(1, tr("Statistics"))
        self.tabs.setTabText(2, tr("Sample hand"))
        self.problem_box.setTitle(tr("Deck check"))
        for action_id, button in self.buttons.items():
            button.setText(message(f"decks.button.{action_id}"))
        self.browser.retranslate()
        self.deck_view.retranslate()
        self.stats_view.retranslate()
        self.hand_view.retranslate()
        self._deck_changed()

    # -- editing ---------------------------------------------------------------------

    def _target(self) -> tuple[str, str] | None:
        """(English name, zone) the + / - keys work on."""
        focus = QApplication.focusWidget()
        source = self._last_source
        if focus is self.deck_view:
            source = "deck"
        elif focus is self.browser.table:
            source = "browser"
        if source == "deck":
            card = self.deck_view.current_card()
            if card is not None:
                return card[1], card[0]
        name = self.browser.current_name()
        return (name, "main") if name else None

    def add_one(self) -> bool:
        target = self._target()
        return bool(target) and self.doc.add(target[0], 1, target[1])  # type: ignore[index]

    def remove_one(self) -> bool:
        target = self._target()
        return bool(target) and self.doc.remove(target[0], 1, target[1])  # type: ignore[index]

    def move_one(self, to_zone: str) -> bool:
        """Move one copy of the selected deck row to `to_zone` ("side" or "main")."""
        card = self.deck_view.current_card()
        if card is None or card[0] == to_zone:
            return False
        return self.doc.move(card[1], 1, card[0], to_zone)

    def remove_row(self) -> bool:
        card = self.deck_view.current_card()
        if card is None:
            return False
        zone, name = card
        return self.doc.remove(name, self.doc.deck.count(name, zone), zone)

    def _sync(self, setter: Callable[..., object], value: object) -> None:
        if not self._syncing:
            setter(value)

    def _comments_edited(self) -> None:
        if not self._syncing:
            self.doc.set_comments(self.comments.toPlainText())

    def _show_card(self, name: str, source: str) -> None:
        self._last_source = source
        self.preview.show_card(name)
        if source == "deck":
            self.stats_view.select_card(name)

    def _tab_changed(self, index: int) -> None:
        if self.tabs.widget(index) is self.hand_view and not self.hand_view.hand.cards:
            self.hand_view.new_hand()

    # -- the deck changed ------------------------------------------------------------

    def _deck_changed(self) -> None:
        deck = self.doc.deck
        self._syncing = True
        try:
            if self.name_edit.text() != deck.name:
                self.name_edit.setText(deck.name)
            index = self.format_combo.findData(deck.format) if deck.format else 0
            self.format_combo.setCurrentIndex(max(0, index))
            if self.comments.toPlainText() != deck.comments:
                self.comments.setPlainText(deck.comments)
        finally:
            self._syncing = False
        self._validate()
        self._update_title()

    def _is_basic(self, name: str) -> bool:
        if is_basic_land(name):
            return True
        record = self.library.record(name)
        return record is not None and "Basic" in record.supertypes

    def _manual_play(self, deck: Deck) -> list[Problem]:
        """Cards the rules engine does not implement: they will be played by hand (hybrid)."""
        names: set[str] = set()
        for zone in ("main", "side"):
            names.update(deck.counts(zone))
        manual = []
        for name in sorted(names):
            if printed(name) is not None:
                if not is_implemented(name):
                    manual.append(name)
            else:
                record = self.library.record(name)
                if record is not None and (record.text or "").strip():
                    manual.append(name)  # imported: its text is carried out by hand
        if not manual:
            return []

        cards = ", ".join(card_name(n) for n in manual)  # in the UI language (rebuilt with it)
        return [Problem("deck.manual_play", {"cards": cards, "count": len(manual)}, severity="warning")]

    def _validate(self) -> None:
        deck = self.doc.deck
        self.problems = validate(deck, is_basic=self._is_basic) + self._manual_play(deck)
        fmt = effective_format(deck)
        errors = [p for p in self.problems if p.severity == "error"]
        # (guess_format: a deck naming a commander is a Commander deck, else one by its size)
        guessed = "" if deck.format else \
            tr(" (The deck states no format; it names a commander, so it is checked as a Commander deck.)") \
            if deck.commander else tr(" (The deck states no format; checked by its size.)")
        if errors:
            self.verdict.setText(trn("{count} problem for {format}.", "{count} problems for {format}.", len(errors),
                                    format=format_name(fmt)) + guessed)
        else:
            self.verdict.setText(tr("Legal for {format}.", format=format_name(fmt)) + guessed)
        self.light.set_ok(not errors)
        self.light.setToolTip(html.escape(self.verdict.text()))
        self.problem_list.clear()
        style = self.style()
        for problem in self.problems:
            icon = style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxCritical
                                      if problem.severity == "error"
                                      else QStyle.StandardPixmap.SP_MessageBoxWarning)
            self.problem_list.addItem(QListWidgetItem(icon, problem_text(problem)))
        if not self.problems:
            self.problem_list.addItem(QListWidgetItem(
                style.standardIcon(QStyle.StandardPixmap.SP_DialogApplyButton),
                tr("No problems found.")))

    def _update_title(self) -> None:
        name = self.doc.deck.name or tr("Untitled deck")
        self.setWindowTitle(tr("{deck} – Deck editor", deck=name) + "[*]")
        self.setWindowModified(self.doc.modified)

    # -- goldfish, database ------------------------------------------------------------

    def goldfish(self) -> bool:
        """Ask for a goldfish game with the main deck (see goldfish_requested)."""
        names = self.doc.deck.card_names("main")
        if not names:
            self.show_error(tr("The main deck is empty: add cards before goldfishing."))
            return False
        # (a Commander deck's commander in the command zone: it was left out of the game)
        self.goldfish_requested.emit(names, self.doc.deck.name, self.doc.deck.card_names("commander"))
        return True

    def _default_goldfish(self, names: list[str], deck_name: str, commanders: list[str]) -> None:
        """Without a shell to hand the deck to: open a table window of our own."""
        try:
            self.goldfish_window = start_goldfish(names, deck_name, commanders)
        except Exception as exc:   # the table is another engineer's module: never crash here
            log.exception("Cannot start a goldfish game")
            self.show_error(tr("The goldfish table could not be opened: {reason}", reason=str(exc)))

    def open_database(self) -> QWidget:
        if self.database_window is None:
            self.database_window = CardDatabaseWindow(None, self.library)
        self.database_window.show()
        self.database_window.raise_()
        self.database_window.activateWindow()
        return self.database_window

    # -- closing ---------------------------------------------------------------------

    def closeEvent(self, event: object) -> None:
        if not self.maybe_save():
            event.ignore()  # type: ignore[attr-defined]
            return
        self.doc.discard_autosave()
        event.accept()  # type: ignore[attr-defined]

    def load(self, path: str | Path | None) -> bool:
        """Open `path`, or (no path) offer to recover an unsaved deck from last time."""
        if path:
            return self.open_path(path, confirmed=True)
        return self.recover_untitled()

    def set_deck(self, deck: Deck) -> None:
        """Show `deck` as a new unsaved deck (e.g. built elsewhere)."""
        self.doc.replace(Deck(), None)
        self.doc.edit(tr("Paste a deck"), lambda d: _assign(d, deck))


def _assign(target: Deck, source: Deck) -> None:
    assign(target, source)
