"""The deck editor and the card database browser.

    editor = open_deck_editor(parent=None, deck_path=None, on_goldfish=callback)
    window = open_card_browser(parent=None)

`open_deck_editor` returns a DeckEditor (a QMainWindow: shown as its own window when
`parent` is None, or put it in a tab -- it works as a child widget). Its
`goldfish_requested(names, deck_name, commanders)` signal carries the main deck as English card names
(one per card, what `LocalSession.goldfish` takes); pass `on_goldfish` to receive it,
otherwise the editor opens a table window of its own (app/decks/goldfish.py).
`open_card_browser` returns the card database window (browse, Import card file...).
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

__all__ = ["open_card_browser", "open_deck_editor"]


def open_deck_editor(parent: QWidget | None = None, deck_path: str | Path | None = None,
                     on_goldfish: Callable[[list[str], str, list[str]], object] | None = None,
                     *, show: bool = True, embedded: bool = False) -> QWidget:
    """A deck editor with `deck_path` loaded (or an empty deck, offering to recover an
    unsaved one from last time).

    `embedded=True` makes it a plain child widget for a tab (not shown here; the tab's
    text can follow `windowTitleChanged`; call `editor.close()` before removing the tab:
    it returns False when the user chose Cancel at "save changes?")."""
    from app.decks.editor import DeckEditor  # lazy: loads when the deck editor is opened (start-up)
    editor = DeckEditor(parent, on_goldfish=on_goldfish)
    if embedded:
        editor.setWindowFlag(Qt.WindowType.Widget, True)
    elif parent is None:
        editor.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    if show and not embedded:
        editor.show()
    editor.load(deck_path)
    return editor


def open_card_browser(parent: QWidget | None = None, *, show: bool = True) -> QWidget:
    """The card database window: card count and sets, Import card file..., search."""
    from app.decks.database_window import CardDatabaseWindow  # lazy: loads when the card database is opened (start-up)
    window = CardDatabaseWindow(parent)
    if parent is None:
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    if show:
        window.show()
    return window
