"""A goldfish table in a window of its own, for the deck editor when it runs without the main
window (the main window shows its tables itself). Apart from app/decks/__init__.py: the table's
widgets read app.decks.text, so the package must not import the table."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from app.i18n import tr
from app.session import LocalSession
from app.settings import load
from app.table.widget import TableWidget


def start_goldfish(names: list[str], deck_name: str = "", commanders: list[str] | None = None) -> QWidget:
    """A goldfish table window for a deck given as English names, its commander(s) in the
    command zone (fallback when the editor runs without the main window)."""
    settings = load()[0]
    session = LocalSession.goldfish(list(names), settings.player_name or tr("You"), commanders=commanders,
                                    opponent=tr("Empty seat"),  # (named as the main window's goldfish names it)
                                    mode=settings.goldfish_mode, stops=settings.stops,
                                    opponent_stops=settings.opponent_stops)
    table = TableWidget(session, settings)
    table.setWindowFlags(Qt.WindowType.Window)
    table.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    table.setWindowTitle(tr("{deck} – goldfish", deck=deck_name or tr("Untitled deck")))
    table.resize(1280, 820)
    table.show()
    return table
