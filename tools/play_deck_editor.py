"""The deck editor as a player uses it, through its own mouse and keyboard paths (QTest on the
real widgets): the start page's "Deck editor" button; Ctrl+O, the open dialog's file name typed
and Return (an official Duskmourn Commander deck); the search box typed into (a card's printed
name in the UI language, then words of its printed text) and Return; the deck's format chosen
in its combo box by keyboard; the verdict and the problems read. Screenshots at each step.

    python tools/play_deck_editor.py [--lang it] [--deck death_toll] [--name sciacall] \
                                     [--text 'o:"manifesta angoscia"'] [OUT_DIR]

Prints what the editor showed: the deck's name, its format, the verdict, the search results.
tests/app/test_playthroughs_it.py drives `EditorUser` the same way.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

# first: offscreen Qt, a fresh MANATABLE_HOME, the checkout on sys.path (tools/table_driver.py)
from table_driver import command_line, open_window

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit

from app.decks.editor import DeckEditor
from engine.decks.samples import printed_commander_decks
from play_archenemy import LEFT, pump


class EditorUser:
    """A player at the deck editor opened from the start page of `window`."""

    def __init__(self, window: Any, shots: Path | None = None) -> None:
        self.w = window
        self.shots = shots
        QTest.mouseClick(window.start.buttons["deck_editor"], LEFT)
        pump()
        editors = [x for x in QApplication.topLevelWidgets() if isinstance(x, DeckEditor) and x.isVisible()]
        assert editors, "the start page's Deck editor button opened no editor"
        self.editor: DeckEditor = editors[-1]
        self.editor.resize(1500, 950)
        pump()

    def shoot(self, name: str) -> None:
        if self.shots is not None:
            pump(60)
            for _ in range(100):  # (the preview draws the card in the background)
                if self.editor.preview.image.pixmap() is not None and not self.editor.preview.image.pixmap().isNull():
                    break
                pump(50)
            self.editor.grab().save(str(self.shots / name))
            print(self.shots / name)

    def open_file(self, path: Path) -> None:
        """Ctrl+O; in the file dialog, the path typed into its file name field and Return."""
        self.through_file_dialog("Ctrl+O", path)

    def save_as(self, path: Path) -> None:
        """Ctrl+S on a new deck: the file dialog, the path typed, Return."""
        self.through_file_dialog("Ctrl+S", path)

    def through_file_dialog(self, keys: str, path: Path) -> None:
        """`keys` open Qt's file dialog; the path is typed into its file name field and Return."""
        def answer() -> None:
            dlg = QApplication.activeModalWidget()
            if not isinstance(dlg, QFileDialog):
                QTimer.singleShot(50, answer)
                return
            field = dlg.findChild(QLineEdit, "fileNameEdit") or dlg.findChild(QLineEdit)
            field.setFocus()
            field.selectAll()
            field.insert(str(path))  # (pasted: typed key by key, each "/" walks the dialog into a folder)
            for _ in range(50):  # (the dialog reads the folder in the background: Return once it has)
                QTest.keyClick(field, Qt.Key.Key_Return)
                if not dlg.isVisible():
                    break
                QTest.qWait(100)
        # (Qt's own dialog: a native one would be outside the application's widgets)
        app = QApplication.instance()
        native = not app.testAttribute(Qt.ApplicationAttribute.AA_DontUseNativeDialogs)
        app.setAttribute(Qt.ApplicationAttribute.AA_DontUseNativeDialogs, True)
        QTimer.singleShot(0, answer)
        self.editor.activateWindow()
        QTest.keySequence(self.editor, keys)
        pump()
        app.setAttribute(Qt.ApplicationAttribute.AA_DontUseNativeDialogs, not native)
        self.editor.activateWindow()  # (a window manager gives the focus back to the editor; offscreen Qt does not)
        pump()

    def search(self, text: str) -> list[str]:
        """Click into the search box, select what is there, type `text`, Return: the result rows'
        names as the table shows them."""
        box = self.editor.browser.search_box
        QTest.mouseClick(box, LEFT)
        QTest.keyClick(box, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        QTest.keyClicks(box, text)
        QTest.keyClick(box, Qt.Key.Key_Return)
        pump()
        model = self.editor.browser.table.model()
        return [str(model.index(r, 0).data()) for r in range(model.rowCount())]

    def add_first_result(self) -> None:
        """The search's first row added to the main deck: Return in the result table (a search
        confirmed with Return puts the focus there and selects nothing yet: Down first)."""
        table = self.editor.browser.table
        table.setFocus()
        if not table.currentIndex().isValid():
            QTest.keyClick(table, Qt.Key.Key_Down)
        QTest.keyClick(table, Qt.Key.Key_Return)
        pump()

    def undo(self) -> None:
        """Ctrl+Z with the focus in the editor (its shortcuts work while it has the focus)."""
        self.editor.activateWindow()
        focus = QApplication.focusWidget()
        QTest.keyClick(focus if focus is not None and self.editor.isAncestorOf(focus) else self.editor,
                       Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        pump()

    def choose_format(self, fmt: str) -> None:
        """The format combo box by keyboard: Home, then Down to `fmt`."""
        combo = self.editor.format_combo
        target = combo.findData(fmt)
        combo.setFocus()
        QTest.keyClick(combo, Qt.Key.Key_Home)
        for _ in range(target):
            QTest.keyClick(combo, Qt.Key.Key_Down)
        pump()

    def verdict(self) -> str:
        return self.editor.verdict.text()

    def problems(self) -> list[str]:
        lst = self.editor.problem_list
        return [lst.item(i).text() for i in range(lst.count())]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lang", default="it")
    ap.add_argument("--deck", default="death_toll")
    ap.add_argument("--name", default="sciacall", help="part of a card's printed name in --lang")
    ap.add_argument("--text", default='o:"manifesta angoscia"', help="a search of printed text in --lang")
    ap.add_argument("--second", default='!"Tessitrice di Nyx"', help="a card of the deck, by its name in --lang")
    args, app, out = command_line(ap)
    w = open_window(args.lang)
    user = EditorUser(w, out)
    deck = next(p for p in printed_commander_decks() if p.stem == args.deck)
    user.open_file(deck)
    doc = user.editor.doc.deck
    print({"deck": doc.name, "format": doc.format, "commander": doc.counts("commander"),
           "verdict": user.verdict(), "problems": user.problems()[:8]})
    user.shoot(f"it_deck_editor_open_{args.lang}.png")
    found = user.search(args.name)
    print({"search": args.name, "found": found[:10]})
    user.shoot(f"it_deck_editor_name_{args.lang}.png")
    found = user.search(args.text)
    print({"search": args.text, "found": found[:10], "count": len(found)})
    user.shoot(f"it_deck_editor_text_{args.lang}.png")
    user.choose_format("commander")
    print({"format": "commander", "verdict": user.verdict(), "problems": user.problems()[:8]})
    user.shoot(f"it_deck_editor_commander_{args.lang}.png")
    # a second copy of a card the deck has (its printed name in the UI language): singleton, 101
    found = user.search(args.second)
    user.add_first_result()
    print({"added": found[:1], "verdict": user.verdict(), "problems": user.problems()[:8]})
    user.shoot(f"it_deck_editor_problems_{args.lang}.png")
    user.undo()
    print({"undone": user.verdict()})
    app.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
