"""The Commander and Archenemy games read their seats' decks with one helper
(app/shell/deck_file.py `open_commander_decks`, `open_scheme_deck`): a deck that cannot be
played, or a scheme deck that cannot be used, stops the start with a warning that names the
file and says why, in the game's title and the UI language; nothing is asked before it."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox

import app.shell.deck_file as deck_file
from engine.decks.samples import COMMANDER_DIR

GOOD = str(COMMANDER_DIR / "jump_scare.cod")


@pytest.fixture
def warnings(monkeypatch: Any) -> list[tuple[str, str]]:
    said: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text, *a: said.append((title, text)))
    monkeypatch.setattr(deck_file, "ask_deck_check", lambda *a: pytest.fail("asked before every deck was read"))
    return said


def _no_commander(tmp_path: Path) -> str:
    path = tmp_path / "ohne.txt"
    path.write_text("Deck\n40 Swamp\n", encoding="utf-8")
    return str(path)


def test_a_commander_game_names_the_deck_without_a_commander(computer_table: Any, tmp_path: Path, warnings: Any,
                                                             german: Any) -> None:
    w = computer_table(1200, 800).w
    bad = _no_commander(tmp_path)
    assert not w.commander([GOOD, bad], "random", seed=1) and w.table is None
    assert warnings == [("Commander-Partie", warnings[0][1])]
    assert warnings[0][1].startswith(f"Das Deck {bad} kann nicht gespielt werden: ")
    assert "Kommandeur" in warnings[0][1]


@pytest.mark.parametrize("kind", ["archenemy_commander", "supervillain_rumble"])
def test_an_archenemy_game_names_the_deck_or_the_scheme_deck(computer_table: Any, tmp_path: Path, warnings: Any,
                                                            italian: Any, kind: str) -> None:
    w = computer_table(1200, 800).w
    rumble = kind == "supervillain_rumble"
    schemes = [GOOD, GOOD if rumble else "", GOOD if rumble else ""]
    bad = _no_commander(tmp_path)
    assert not w.archenemy(kind, [GOOD, bad, GOOD], schemes, 1, "random", seed=1) and w.table is None
    assert len(warnings) == 1 and warnings[0][1].startswith(f"Il mazzo {bad} non può essere giocato: ")
    too_few = tmp_path / "intrighi.txt"
    too_few.write_text("1 Chaos Is My Plaything\n", encoding="utf-8")
    schemes[0] = str(too_few)
    assert not w.archenemy(kind, [GOOD, GOOD, GOOD], schemes, 1, "random", seed=1) and w.table is None
    assert len(warnings) == 2 and warnings[1][1].startswith(f"Il mazzo intrigo {too_few} non può essere usato: ")
    assert "Il mazzo intrigo ha un solo intrigo; ne servono almeno 10." in warnings[1][1]
    assert [title for title, _ in warnings] == ["Partita Archenemy", "Partita Archenemy"]
