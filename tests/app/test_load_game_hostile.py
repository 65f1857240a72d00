"""Loading a damaged saved game in the app: "the file is damaged" in the UI language, and the
running game is untouched."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QMessageBox

from app.i18n import set_language
from app.settings import Settings
from app.shell.main_window import MainWindow
from engine.decks import sample_decks
import pytest
from engine.savefile import SaveFileError
from engine.game import Game
from engine.config import GameConfig
from app.ai_session import open_saved


def test_damaged_game_in_german_keeps_the_running_game(qtbot: Any, tmp_path: Path,
                                                       monkeypatch: Any) -> None:
    set_language("de")
    w = MainWindow(Settings(animations=False))
    qtbot.addWidget(w)
    assert w.goldfish(str(sample_decks()[0]))
    running = w.table.session
    before = running.game.dump()
    good = tmp_path / "good.json"
    running.save(good)
    data = json.loads(good.read_text(encoding="utf-8"))
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(str(a[2])))
    for damage in ({**data, "config": {**data["config"], "first_player": 5}},
                   {**data, "gui": {"seat": 1e300}},
                   {**data, "config": {**data["config"], "hand_size": 10 ** 9}}):
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps(damage), encoding="utf-8")
        assert not w.load_game(str(bad))
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000, encoding="utf-8")
    assert not w.load_game(str(deep))
    assert len(shown) == 4
    assert all("beschädigt" in text for text in shown), shown
    assert w.table.session is running and running.game.dump() == before


def test_newer_or_unreplayable_games_are_told_in_german(qtbot: Any, tmp_path: Path,
                                                        monkeypatch: Any) -> None:
    """A file of a newer Manatable, an action the rules refuse on replay and a state that
    differs: each a whole German sentence (the refusal too), no English engine text."""
    set_language("de")
    w = MainWindow(Settings(animations=False))
    qtbot.addWidget(w)
    assert w.goldfish(str(sample_decks()[0]))
    good = tmp_path / "good.json"
    w.table.session.save(good)
    data = json.loads(good.read_text(encoding="utf-8"))
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(str(a[2])))
    for damage in ({**data, "version": 7},
                   {**data, "actions": [{"player": 0, "text": "cast Murder"}]},
                   {**data, "state": {**data["state"], "turn": 99}}):
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps(damage), encoding="utf-8")
        assert not w.load_game(str(bad))
    assert len(shown) == 3
    assert "neueren Version" in shown[0] and "7" in shown[0], shown[0]
    assert "Aktion 1" in shown[1] and "cast Murder" in shown[1], shown[1]
    for english in ("cannot be replayed", "There is no", "differs", "saved by"):
        assert not any(english in text for text in shown), shown


def test_an_unknown_computer_level_is_named_not_played_as_hotseat(tmp_path: Path) -> None:
    """A game saved against the computer at a level this version does not know (a newer one's)
    opened as a game where you answer for every seat, the computer's too: now it is refused
    with the level named, and a known level still opens against the computer."""
    game = Game(GameConfig(decks=[["Forest"] * 20, ["Forest"] * 20], seed=1, skip_mulligans=True))
    data = {**game.to_json(), "gui": {"seat": 0, "computer": {"seat": 1, "seats": [1], "level": "expert"}}}
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveFileError) as info:
        open_saved(path)
    assert info.value.key == "savefile.unknown_computer_level" and info.value.params == {"level": "expert"}
    data["gui"]["computer"]["level"] = "heuristic"
    path.write_text(json.dumps(data), encoding="utf-8")
    s = open_saved(path)
    assert type(s).__name__ == "AISession"
    s.close()


def test_a_malformed_deck_is_told_in_german(qtbot: Any, tmp_path: Path, monkeypatch: Any) -> None:
    """Goldfish with a deck file the reader refuses: the reason in German (it was the English
    sentence of the DeckFormatError inside a German one)."""
    set_language("de")
    w = MainWindow(Settings(animations=False))
    qtbot.addWidget(w)
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(str(a[2])))
    bad = tmp_path / "bad.cod"
    bad.write_text("<cockatrice_deck><zone name='main'><card number='x' name='Forest'/></zone></cockatrice_deck>",
                   encoding="utf-8")
    assert not w.goldfish(str(bad))
    assert len(shown) == 1 and "keine gültige Kartenanzahl" in shown[0], shown
    assert "not a valid" not in shown[0]


def test_every_deck_name_of_a_saved_game_is_looked_up(tmp_path: Path, monkeypatch: Any) -> None:
    """Cards of the user's imports are registered before the replay: all of a deck's names,
    not its first 1,000 (a card after that stayed unknown, and the replay differed)."""
    import app.session as session_mod
    from engine.config import GameConfig
    from engine.game import Game
    deck = ["Forest"] * 1000 + ["Island"]
    game = Game(GameConfig(decks=[deck, ["Forest"] * 20], seed=1, skip_mulligans=True))
    path = tmp_path / "g.json"
    path.write_text(json.dumps(game.to_json()), encoding="utf-8")
    asked: list[str] = []
    monkeypatch.setattr(session_mod, "register_imported", lambda names, db=None: asked.extend(names) or [])
    session_mod.LocalSession.from_save(path)
    assert "Island" in asked
