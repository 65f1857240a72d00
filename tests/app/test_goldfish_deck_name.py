"""Goldfishing a built-in deck in German: the picker lists "Manifestiertes Schicksal
(Beispieldeck)", and the status line then said "Du testest Manifest Destiny." — the file's
English name (session 19's German goldfish game). It says the name the picker showed."""
from __future__ import annotations

from typing import Any

from engine.decks.samples import SAMPLE_DIR


def test_the_status_line_names_the_built_in_deck_in_german(main_window: Any) -> None:
    w = main_window("de")
    assert w.goldfish(str(SAMPLE_DIR / "manifest_destiny.cod"), "rules")
    text = w.statusBar().currentMessage()
    assert "Manifestiertes Schicksal" in text and "Manifest Destiny" not in text
