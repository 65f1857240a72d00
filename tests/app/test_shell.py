"""The main window as a user meets it: start page, goldfish a sample deck, save and load the
game, open a scenario, bad files, a damaged settings file, and `manatable --self-test`."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from app import settings as settings_mod
from app.i18n import set_language, tr
from app.scenario_file import MAX_INFO, scenario_info
from app.settings import Settings
from app.shell.main_window import MainWindow
from engine.decks import sample_decks
from tests.special_files import fifo, written

ROOT = Path(__file__).resolve().parents[2]


def window(qtbot: Any) -> MainWindow:
    w = MainWindow(Settings(animations=False))
    # closing at the end of a test leaves the game without asking
    qtbot.addWidget(w, before_close_func=lambda w: setattr(w, "confirm_leave", lambda: True))
    w.show()
    return w


def answer_leave(w: MainWindow, button: str) -> list[str]:
    """Click `button` ("discard", "cancel" or "save") of the leave question when it opens."""
    text = {"discard": tr("Leave without saving"), "cancel": tr("Stay in the game"), "save": tr("Save…")}[button]
    seen: list[str] = []

    def click() -> None:
        box = w.leave_box
        if box is None or not box.isVisible():
            QTimer.singleShot(20, click)
            return
        seen.append(box.text())
        target = next(b for b in box.buttons() if b.text() == text)
        QTest.mouseClick(target, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, click)
    return seen


def test_start_page_has_its_entries_and_fits_a_1366_screen(qtbot: Any) -> None:
    w = window(qtbot)
    assert set(w.start.buttons) == {"goldfish", "vs_computer", "hot_seat", "commander", "host_lan", "archenemy",
                                    "join_lan", "deck_editor", "card_database", "settings"}
    assert w.stack.currentWidget() is w.start
    for lang in ("de", "it", "en"):  # the longest hints wrap: the page never needs more than a laptop's width
        set_language(lang)
        w.start.retranslate()
        hint = w.start.minimumSizeHint()
        assert hint.width() <= 1300 and hint.height() <= 700, (lang, hint)


def test_goldfish_a_sample_deck_then_save_and_load_the_game(qtbot: Any, tmp_path: Path) -> None:
    w = window(qtbot)
    assert w.goldfish(str(sample_decks()[0]))
    s = w.table.session
    assert s.goldfish_game and s.observation()["players"][0]["hand_count"] == 7
    s.submit("keep")
    qtbot.waitUntil(lambda: s.observation()["step"] == "main1", timeout=20000)
    path = tmp_path / "g.json"
    s.save(path)
    history = [a.text for a in s.game.history]
    answer_leave(w, "discard")  # a game is in progress: the table asks first
    assert w.load_game(str(path))
    assert [a.text for a in w.table.session.game.history] == history
    assert w.table.session.game.dump() == s.game.dump()


def test_bad_files_give_a_message_and_keep_the_table(qtbot: Any, tmp_path: Path, monkeypatch: Any) -> None:
    w = window(qtbot)
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(str(a[2])))
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json", encoding="utf-8")
    assert not w.load_game(str(bad))
    bad_scenario = tmp_path / "bad.toml"
    bad_scenario.write_text("[setup]\n[setup.Alice]\nhand = ['No Such Card']\n", encoding="utf-8")
    assert not w.load_scenario(str(bad_scenario))
    bad_deck = tmp_path / "bad.cod"
    bad_deck.write_text("<cockatrice_deck><zone name='main'><card number='x'", encoding="utf-8")
    assert not w.goldfish(str(bad_deck))
    assert len(shown) == 3 and all(shown)
    assert w.table is None


def test_open_a_scenario_as_the_starting_position(qtbot: Any) -> None:
    w = window(qtbot)
    assert w.load_scenario(str(ROOT / "tests/scenarios/core/murder.toml"))
    o = w.table.session.observation()
    assert {c["name"] for c in o["battlefield"]} >= {"Swamp", "Piggy Bank"}
    assert o["players"][0]["hand_count"] == 1
    # it says what it is about and what it expects first, in the log and the prompt bar
    lines = w.table.log.lines()
    assert lines[0].startswith("Scenario: ") and any("expects first: " in x and "@" not in x for x in lines)
    assert "Scenario: " in w.table.prompt_bar.message.text()


def test_damaged_settings_fall_back_to_defaults_with_a_warning(tmp_path: Path) -> None:
    path = settings_mod.settings_path()
    path.write_text("{ this is not json", encoding="utf-8")
    s, warning = settings_mod.load()
    assert s == Settings() and warning
    s.language = "de"
    settings_mod.save(s)
    again, warning = settings_mod.load()
    assert again.language == "de" and warning is None


def test_a_newer_versions_settings_survive_a_save() -> None:
    """Keys this version does not know (a newer Manatable's) are written back unchanged."""
    path = settings_mod.settings_path()
    path.write_text(json.dumps({"language": "de", "future_option": {"a": [1, 2]}}), encoding="utf-8")
    s, warning = settings_mod.load()
    assert s.language == "de" and warning is None
    s.animations = False
    settings_mod.save(s)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["future_option"] == {"a": [1, 2]} and saved["animations"] is False


def test_unusable_settings_are_named_and_the_file_is_kept() -> None:
    """A wrong value is not silently replaced: the warning names each setting at its default,
    the usable values stay, and the file as it was is kept beside it."""
    path = settings_mod.settings_path()
    original = json.dumps({"language": "fr", "stops": ["main1", "bogus"], "animations": "yes",
                           "player_name": "Ada"})
    path.write_text(original, encoding="utf-8")
    s, warning = settings_mod.load()
    assert warning is not None
    for name in ("language", "stops", "animations"):
        assert name in warning
    assert "player_name" not in warning
    assert (s.language, s.stops, s.animations, s.player_name) == ("system", ["main1"], True, "Ada")
    kept = [p for p in path.parent.iterdir() if p.name.startswith("settings.json.damaged-")]
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == original
    assert kept[0].name in warning


def test_language_switch_retranslates_the_window(qtbot: Any) -> None:
    w = window(qtbot)
    w.apply_settings(Settings(language="de", animations=False))
    assert w.file_menu.title() == "&Datei"
    w.apply_settings(Settings(language="en", animations=False))
    assert w.file_menu.title() == "&File"


def test_self_test_exits_zero(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "MANATABLE_HOME": str(tmp_path)}
    out = subprocess.run([sys.executable, "-m", "app.main", "--self-test"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "0 failed" in out.stdout


def test_goldfish_this_deck_from_the_deck_editor(qtbot: Any) -> None:
    w = window(qtbot)
    editor = w.open_deck_editor(str(sample_decks()[1]))
    assert editor.goldfish()
    assert w.table is not None and w.table.session.goldfish_game
    assert w.table.session.observation()["players"][0]["hand_count"] == 7
    editor.close()


def test_a_hostile_scenario_file_is_refused_with_a_message(qtbot: Any, tmp_path: Path,
                                                          monkeypatch: Any) -> None:
    """Open scenario… reads with the scenario runner's limits: a FIFO (which hung the window),
    a file nested too deeply (a RecursionError) and a huge one are refused with a message."""
    w = window(qtbot)
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(str(a[2])))
    deep = tmp_path / "deep.toml"
    deep.write_text("title = 'x'\n[setup]\nx = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    huge = tmp_path / "huge.toml"
    huge.write_text("title = 'x'\n# " + "x" * 2_000_000 + "\n[setup]\n", encoding="utf-8")
    for path in (fifo(tmp_path / "fifo.toml"), deep, huge):
        assert not w.load_scenario(str(path))
    assert len(shown) == 3 and all(shown)
    assert w.table is None


def test_a_scenario_that_cannot_be_opened_is_said_in_the_users_language(qtbot: Any, tmp_path: Path,
                                                                       monkeypatch: Any) -> None:
    """Open scenario… in German: the file's own problems (a pipe, too large, not text, no
    [setup]) are German sentences; the format's and the set-up's English, for the scenario's
    author, is quoted inside a German one."""
    set_language("de")
    try:
        w = window(qtbot)
        shown: list[str] = []
        monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(str(a[2])))
        paths = [fifo(tmp_path / "fifo.toml"), *written(tmp_path, {
            "huge.toml": "title = 'x'\n# " + "x" * 2_000_000 + "\n[setup]\n",
            "binary.toml": b"title = '\xff\xfe'\n",
            "no_setup.toml": "title = 'x'\n",
            "unknown_key.toml": "title = 'x'\nsurprise = 1\n[setup]\n",
            "bad_card.toml": "title = 'x'\n[setup]\n[setup.Alice]\nhand = ['No Such Card']\n"})]
        for path in paths:
            assert not w.load_scenario(str(path))
        assert w.table is None
        assert all(text.startswith("Das Szenario ") for text in shown), shown
        fifo_text, huge_text, binary_text, setup_text, key_text, card_text = shown
        assert "keine normale Datei" in fifo_text
        assert "größer als 1000 KB" in huge_text
        assert "UTF-8" in binary_text and "not UTF-8" not in binary_text
        assert "[setup]" in setup_text and "has no" not in setup_text
        assert "surprise" in key_text and "Szenarioformat" in key_text
        assert "No Such Card" in card_text
    finally:
        set_language("en")


def test_a_long_scenario_description_says_that_it_goes_on() -> None:
    """The table shows a screenful of a scenario's description: a longer one ends in "…" (it
    was cut in silence)."""
    info = scenario_info({"title": "T", "description": "d" * (MAX_INFO + 5), "setup": {}})
    assert info["description"] == "d" * MAX_INFO + "…" and info["title"] == "T"
