"""Every window and the table in German and Italian: no widget whose text is cut off.

German and Italian sentences run a third longer than English ones; a label or button laid
out for English clips them. Each window is shown at its usual size, laid out, and every
visible label, button, check box and combo box is measured against its own width.
"""
from __future__ import annotations

from typing import Any, Iterator

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (QAbstractButton, QApplication, QComboBox, QLabel, QTabBar,
                               QWidget)

from app.ai_dialog import ComputerSeatDialog, VsComputerDialog
from app.archenemy_dialog import ArchenemyDialog
from app.commander_dialog import CommanderDialog
from app.hot_seat_dialog import HotSeatDialog
from app.decks.database_window import CardDatabaseWindow
from app.decks.editor import DeckEditor
from app.i18n import message, set_language, tr
from app.session import LocalSession
from app.settings import Settings
from app.shell.dialogs import DeckPicker, SettingsDialog, ShortcutsDialog
from app.shell.lan_dialogs import LanDialog
from app.shell.main_window import MainWindow
from app.table.zone_viewer import ZoneViewer
from engine.decks import sample_decks
from engine.decks.samples import printed_commander_decks

LANGS = ("de", "it")


def clipped(root: QWidget) -> list[str]:
    """The texts of visible widgets under `root` that do not fit their widget."""
    QApplication.processEvents()
    out: list[str] = []
    for w in [root, *root.findChildren(QWidget)]:
        if not w.isVisibleTo(root) or w.width() <= 1 or w.height() <= 1:
            continue
        if isinstance(w, QLabel):
            text = w.text()
            if not text or w.wordWrap() or w.pixmap() is not None and not w.pixmap().isNull():
                continue
            if "<" in text:  # rich text: its own layout
                continue
            fm = w.fontMetrics()
            inner = w.contentsRect().width() - 2 * w.margin() - max(0, w.indent())
            widest = max(fm.horizontalAdvance(line) for line in text.split("\n"))
            if widest > inner + 1:
                out.append(f"QLabel {text!r}: {widest} > {inner}")
        elif isinstance(w, (QAbstractButton, QComboBox)):
            text = w.currentText() if isinstance(w, QComboBox) else w.text()
            if not text:
                continue
            need = w.minimumSizeHint().width() if isinstance(w, QComboBox) else w.sizeHint().width()
            if isinstance(w, QComboBox):
                fm = w.fontMetrics()
                need = fm.horizontalAdvance(text) + 28  # the arrow and the frame
            if need > w.width() + 1:
                out.append(f"{type(w).__name__} {text!r}: {need} > {w.width()}")
        elif isinstance(w, QTabBar) and not w.usesScrollButtons():
            for i in range(w.count()):
                if w.tabRect(i).width() + 1 < w.tabSizeHint(i).width() and w.elideMode() != 0:
                    out.append(f"tab {w.tabText(i)!r}")
    return out


@pytest.fixture(params=LANGS)
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    yield request.param
    set_language("en")


def show(qtbot: Any, w: QWidget, size: tuple[int, int] | None = None) -> QWidget:
    qtbot.addWidget(w, before_close_func=lambda w: setattr(w, "confirm_leave", lambda: True))
    if size:
        w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    QApplication.processEvents()
    return w


def test_the_start_page(qtbot: Any, lang: str) -> None:
    w = show(qtbot, MainWindow(Settings(animations=False, language=lang)), (1280, 800))
    assert clipped(w) == []


def test_the_settings(qtbot: Any, lang: str) -> None:
    w = show(qtbot, SettingsDialog(Settings(language=lang)))
    assert clipped(w) == []


def test_the_table_mid_game(qtbot: Any, lang: str) -> None:
    w = show(qtbot, MainWindow(Settings(animations=False, language=lang)), (1500, 950))
    assert isinstance(w, MainWindow)
    w.goldfish(str(sample_decks()[0]))
    s = w.table.session
    assert isinstance(s, LocalSession)
    s.submit("keep")
    qtbot.waitUntil(lambda: s.observation()["step"] == "main1", timeout=20000)
    QApplication.processEvents()
    assert clipped(w) == []
    assert painted_phase_bar_clipped(w.table.phase_bar) == []


def painted_phase_bar_clipped(bar: Any) -> list[str]:
    """The phase bar paints its texts itself (app/table/bars.py): each short step name in its
    cell (12 px, bold when current, may wrap), the turn in 180 px (15 px bold)."""
    out = []
    font = QFont(bar.font())
    flags = int(Qt.AlignmentFlag.AlignCenter) | int(Qt.TextFlag.TextWordWrap)
    for step, x, w in bar._cells():
        cell = QRect(int(x) + 3, 5, int(w) - 6, bar.height() - 14)
        text = message(f"step_short.{step}")
        fitted = bar.step_font(font, text, cell, True)  # bold: the current step, the widest
        need = QFontMetrics(fitted).boundingRect(cell, flags, text)
        if need.width() > cell.width() or need.height() > cell.height() or fitted.pixelSize() < 10:
            out.append(f"step {text!r}: {need.width()}x{need.height()} > {cell.width()}x{cell.height()}")
    font.setBold(True)
    font.setPixelSize(15)
    turn = tr("Turn {turn} · {player}", turn=12, player="You")
    if QFontMetrics(font).horizontalAdvance(turn) > 180:
        out.append(f"turn {turn!r}")
    return out


def test_the_deck_editor(qtbot: Any, library: Any, lang: str) -> None:
    editor = DeckEditor(library=library, on_goldfish=lambda *a: None)
    editor.ask_save_changes = lambda: "discard"  # type: ignore[method-assign]
    show(qtbot, editor, (1280, 800))
    editor.open_path(next(p for p in sample_decks() if p.name == "rakdos_rampage.cod"))
    found = clipped(editor)
    for i in range(editor.tabs.count()):
        editor.tabs.setCurrentIndex(i)
        found += clipped(editor)
    assert sorted(set(found)) == []


def test_the_deck_editor_with_a_deck_that_states_no_format(qtbot: Any, library: Any, lang: str) -> None:
    """An official Commander deck list says no format: the verdict adds "(The deck states no
    format; checked by its size.)". At 1500 x 950 the window stays 1500 wide and the format's
    combo box keeps its width (it was squeezed to its arrow in Italian, the window 1565 wide)."""
    editor = DeckEditor(library=library, on_goldfish=lambda *a: None)
    editor.ask_save_changes = lambda: "discard"  # type: ignore[method-assign]
    show(qtbot, editor, (1500, 950))
    editor.open_path(printed_commander_decks()[0])
    QApplication.processEvents()
    assert editor.doc.deck.format is None and editor.verdict.text().endswith(")")
    assert editor.width() <= 1500
    assert clipped(editor) == []


def test_the_card_database(qtbot: Any, library: Any, lang: str) -> None:
    w = show(qtbot, CardDatabaseWindow(library=library), (1100, 700))
    assert clipped(w) == []


def test_switching_the_language_retranslates_every_open_window_at_once(qtbot: Any, library: Any) -> None:
    """Settings -> Language: the main window with its table and log, a deck editor and the
    card database all speak the new language without a restart."""
    w = show(qtbot, MainWindow(Settings(animations=False, language="en")), (1500, 950))
    assert isinstance(w, MainWindow)
    w.goldfish(str(sample_decks()[0]))
    w.table.session.submit("keep")
    qtbot.waitUntil(lambda: w.table.session.observation()["step"] == "main1", timeout=20000)
    editor = w.open_deck_editor(str(sample_decks()[0]))
    editor.ask_save_changes = lambda: "discard"  # type: ignore[attr-defined]
    database = w.open_card_database()

    def texts() -> tuple[str, ...]:
        log = w.table.log.list
        return (w.file_menu.title(), w.table.log.windowTitle(), log.item(log.count() - 1).text(),
                editor.tabs.tabText(1), database.windowTitle())
    english = texts()
    try:
        for lang in ("de", "it"):
            w.apply_settings(Settings(language=lang, animations=False))
            now = texts()
            assert all(a != b for a, b in zip(now[1:], english[1:])), (lang, now)  # "&File" is Italian too
        w.apply_settings(Settings(language="de", animations=False))
        assert texts()[0] == "&Datei" and texts()[3] == "Statistik"
        w.apply_settings(Settings(language="en", animations=False))
        assert texts() == english
    finally:
        set_language("en")


@pytest.mark.parametrize("which", ["deck_picker", "shortcuts", "host_lan", "join_lan", "vs_computer",
                                   "computer_seat"])
def test_the_dialogs(qtbot: Any, lang: str, which: str) -> None:
    settings = Settings(language=lang)
    if which == "deck_picker":
        w: QWidget = DeckPicker(settings)
    elif which == "shortcuts":
        w = ShortcutsDialog()
    elif which in ("host_lan", "join_lan"):
        w = LanDialog(settings, host=which == "host_lan", browse=False)
    elif which == "vs_computer":
        w = VsComputerDialog(settings)
    else:
        w = ComputerSeatDialog()
    show(qtbot, w)
    assert clipped(w) == []


def test_a_zone_viewer(qtbot: Any, lang: str) -> None:
    w = show(qtbot, MainWindow(Settings(animations=False, language=lang)), (1500, 950))
    assert isinstance(w, MainWindow)
    w.goldfish(str(sample_decks()[0]))
    viewer = ZoneViewer(w.table, "library", 0)
    show(qtbot, viewer)
    assert clipped(viewer) == []


@pytest.mark.parametrize("which", ["commander", "archenemy", "hot_seat"])
def test_the_new_game_dialogs_have_no_gap_around_their_intro(qtbot: Any, lang: str, which: str) -> None:
    """The Commander, Archenemy and hot-seat dialogs at their own size: the intro sentence sits
    at the top, right above the form (it floated in the middle of an empty band, the form far
    below it)."""
    w: QWidget = CommanderDialog(None, "Anna") if which == "commander" else ArchenemyDialog(None) \
        if which == "archenemy" else HotSeatDialog(None, "Anna")
    if isinstance(w, HotSeatDialog):
        w.seats.setValue(4)  # (every seat's row: the name, who takes it, the deck)
    show(qtbot, w)
    intro = next(x for x in w.findChildren(QLabel) if x.wordWrap() and x.isVisible())
    assert intro.height() <= intro.heightForWidth(intro.width()) + 8, (intro.height(), intro.heightForWidth(intro.width()))
    assert clipped(w) == []
