"""Goldfishing a Commander deck (from the start page or the deck editor): its commander starts in
the command zone of a Commander game (CR 903.6, 903.7: 40 life). It was left out of the game: the
99 other cards were goldfished at 20 life. A restart and a saved game keep it there, once."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from app.session import LocalSession
from app.decks.editor import DeckEditor
from engine.decks import sample_decks
from tests.app.test_shell import window

DECK = "Commander\n1 Aminatou, Veil Piercer\n\nDeck\n33 Island\n33 Swamp\n33 Plains\n"


def _command(s: LocalSession) -> list[str]:
    return [c["name"] for c in s.observation()["players"][0]["command"]]


def test_a_commander_deck_is_goldfished_with_its_commander(qtbot: Any, tmp_path: Path) -> None:
    path = tmp_path / "aminatou.txt"
    path.write_text(DECK, encoding="utf-8")
    w = window(qtbot)
    assert w.goldfish(str(path))
    s = w.table.session
    assert _command(s) == ["Aminatou, Veil Piercer"] and s.observation()["players"][0]["life"] == 40
    assert s.game.config.format == "commander" and len(s.game.config.decks[0]) == 100
    again = s.restarted(seed=3)
    assert _command(again) == ["Aminatou, Veil Piercer"] and len(again.game.config.decks[0]) == 100
    saved = tmp_path / "g.json"
    s.save(saved)
    loaded = LocalSession.from_save(saved)
    assert len(loaded.restarted(seed=4).game.config.decks[0]) == 100   # the commander once, not twice


def test_the_deck_editor_hands_its_commander_to_the_goldfish(qtbot: Any, tmp_path: Path) -> None:
    got: list[tuple[list[str], str, list[str]]] = []
    editor = DeckEditor(on_goldfish=lambda names, name, commanders: got.append((names, name, commanders)))
    qtbot.addWidget(editor)
    path = tmp_path / "aminatou.txt"
    path.write_text(DECK, encoding="utf-8")
    assert editor.open_path(path)
    assert editor.goldfish()
    assert len(got[0][0]) == 99 and got[0][2] == ["Aminatou, Veil Piercer"]
    editor.doc.discard_autosave()
    editor.close()


def test_a_commander_deck_against_the_computer_keeps_its_commander(computer_table: Any, tmp_path: Path) -> None:
    path = tmp_path / "aminatou.txt"
    path.write_text(DECK, encoding="utf-8")
    w = computer_table(1200, 800).w
    assert w.vs_computer(str(path), str(sample_decks()[0]), "heuristic")
    s = w.table.session
    try:
        assert s.game.config.format == "commander" and _command(s) == ["Aminatou, Veil Piercer"]
        assert len(s.game.config.decks[0]) == 100 and len(s.game.config.decks[1]) == 60
    finally:
        s.close()
