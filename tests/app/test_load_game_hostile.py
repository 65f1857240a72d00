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
