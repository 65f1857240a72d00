"""A deck or scheme deck that can't be read stops a Commander or Archenemy game before it starts,
with a warning box that names the file (app/shell/deck_file.py read_or_warn)."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox

from app.archenemy_dialog import start_archenemy
from app.commander_dialog import start_commander
from app.shell.deck_file import open_scheme_deck
from engine.decks.samples import commander_decks


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    said: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda _parent, title, text, *a: said.append((title, text))))
    return said


def _window() -> Any:
    return SimpleNamespace(settings=SimpleNamespace(player_name="Vera"))


def test_a_missing_commander_deck_is_named_and_nothing_starts(warnings: list[tuple[str, str]], tmp_path: Path) -> None:
    gone = str(tmp_path / "gone.txt")
    assert start_commander(_window(), [str(commander_decks()[0]), gone], "heuristic") is False
    assert len(warnings) == 1
    title, text = warnings[0]
    assert title == "Commander game" and text.startswith(f"The deck {gone} cannot be played: ")


def test_a_deck_without_a_commander_is_refused(warnings: list[tuple[str, str]], tmp_path: Path) -> None:
    deck = tmp_path / "no_commander.txt"
    deck.write_text("60 Forest\n", encoding="utf-8")
    assert start_commander(_window(), [str(deck), str(commander_decks()[0])], "heuristic") is False
    assert len(warnings) == 1 and warnings[0][1].startswith(f"The deck {deck} cannot be played: ")


def test_a_broken_scheme_deck_names_its_own_file(warnings: list[tuple[str, str]], tmp_path: Path) -> None:
    decks = [str(p) for p in commander_decks()[:2]]
    schemes = tmp_path / "schemes.txt"
    schemes.write_text("1 Forest\n", encoding="utf-8")  # (no scheme at all)
    assert start_archenemy(_window(), "archenemy_commander", decks, [str(schemes), ""], 0, "heuristic") is False
    assert len(warnings) == 1
    title, text = warnings[0]
    assert title == "Archenemy game" and text.startswith(f"The scheme deck {schemes} cannot be used: ")


def test_a_lan_seats_scheme_deck_that_cannot_be_used(warnings: list[tuple[str, str]], tmp_path: Path) -> None:
    """The LAN dialog's scheme deck (app/shell/lan_dialogs.py) is read the same way."""
    gone = str(tmp_path / "gone.txt")
    assert open_scheme_deck(None, gone, "LAN game") is None  # type: ignore[arg-type]
    assert len(warnings) == 1 and warnings[0][0] == "LAN game"
    assert warnings[0][1].startswith(f"The scheme deck {gone} cannot be used: ")
