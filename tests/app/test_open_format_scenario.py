"""File → Open scenario… with a Commander or Archenemy scenario: the app built the game without
the scenario's format and refused every one ("commanders need a format with commanders, not
'free_for_all'"), while `python -m engine.scenario` plays them. The app now builds the game as
the runner does (engine.scenario.make_game)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QMessageBox

from app.settings import Settings
from app.shell.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]


def _window(qtbot: Any, monkeypatch: Any) -> MainWindow:
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Ok)  # (a refusal: no modal box)
    w = MainWindow(Settings(animations=False))
    qtbot.addWidget(w, before_close_func=lambda w: setattr(w, "confirm_leave", lambda: True))
    return w


def test_a_commander_scenario_opens_with_its_command_zone_and_tax(qtbot: Any, monkeypatch: Any) -> None:
    w = _window(qtbot, monkeypatch)
    assert w.load_scenario(str(ROOT / "tests/scenarios/commander/tax_second_cast.toml"))
    s = w.table.session
    assert s.game.config.format == "commander"
    assert w.table.scene.zones[("command", 0)].badge == "Tax +2"


def test_an_archenemy_scenario_opens(qtbot: Any, monkeypatch: Any) -> None:
    w = _window(qtbot, monkeypatch)
    path = next(p for p in sorted((ROOT / "tests/scenarios/archenemy").glob("*.toml"))
                if 'format = "archenemy_commander"' in p.read_text(encoding="utf-8"))
    assert w.load_scenario(str(path)), path
    assert w.table.session.game.config.format == "archenemy_commander"
