"""A deck file (or a scheme deck file) opened to start a game (goldfish, against the computer, a
LAN seat): read, or a warning box that says why not, under the title of what the player was starting."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox, QWidget

from app.decks.text import deck_error_text
from app.i18n import tr
from engine.decks import DeckFormatError, LoadedDeck, read_deck
from engine.decks.scheme_decks import load_scheme_deck


def open_deck(window: QWidget, path: str, title: str) -> LoadedDeck | None:
    """The deck of `path` if it can be read and has cards in its main deck; else None, after a
    warning box titled `title` that says which of the two it is."""
    try:
        loaded = read_deck(Path(path))
    except (OSError, DeckFormatError, ValueError) as exc:
        QMessageBox.warning(window, title, tr("The deck {path} cannot be opened: {detail}", path=path, detail=deck_error_text(exc)))
        return None
    if not loaded.deck.card_names():
        QMessageBox.warning(window, title, tr("The deck {path} has no cards in its main deck.", path=path))
        return None
    return loaded


def open_scheme_deck(window: QWidget, path: str, title: str) -> list[str] | None:
    """The scheme deck of `path` (a scheme deck file, read with the deck files' limits and
    checked: at least ten schemes, each once, CR 904.3) if it can be used; else None, after a
    warning box titled `title` that says why."""
    try:
        return load_scheme_deck(path)
    except (OSError, DeckFormatError, ValueError) as exc:
        QMessageBox.warning(window, title, tr("The scheme deck {path} cannot be used: {detail}", path=path,
                                              detail=deck_error_text(exc)))
        return None
