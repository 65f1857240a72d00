"""First run: no settings file, no recent decks. The UI follows the system language and the
start page goldfishes a sample deck in one click."""
from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, Qt, QTranslator

from app import settings as settings_mod
from app.i18n import language, set_language, system_language
from app.main import qt_translations
from app.shell.main_window import MainWindow


@pytest.mark.parametrize(("env", "want"), [
    ({"LANG": "de_DE.UTF-8"}, "de"), ({"LANG": "it_IT.UTF-8"}, "it"), ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"), ({"LANGUAGE": "fr:it", "LANG": "de_DE.UTF-8"}, "it"),
    ({"LC_ALL": "de_AT.UTF-8", "LANG": "en_US.UTF-8"}, "de")])
def test_system_language_from_the_locale_variables(monkeypatch: Any, env: dict[str, str], want: str) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    assert system_language() == want


def test_without_settings_the_ui_is_in_the_system_language(monkeypatch: Any) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    settings, warning = settings_mod.load()
    assert warning is None and settings.language == "system"
    set_language(settings.language)
    assert language() == "de"


def test_first_run_offers_a_sample_deck_in_one_click(qtbot: Any) -> None:
    settings, _ = settings_mod.load()
    settings.animations = False
    w = MainWindow(settings)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitUntil(lambda: w.start.try_sample.isVisible(), timeout=20000)
    assert "Furnace Red" in w.start.try_sample.text()
    qtbot.mouseClick(w.start.try_sample, Qt.MouseButton.LeftButton)
    assert w.table is not None and w.table.session.goldfish_game
    assert w.stack.currentWidget() is w.table
    # the deck is now a recent deck: the next start page lists it instead
    w.show_start()
    assert w.start.recent_list.count() == 1 and not w.start.try_sample.isVisible()


def test_qt_dialog_buttons_follow_the_ui_language(qapp: Any) -> None:
    try:
        assert qt_translations(qapp, "de")
        assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Abbrechen"
    finally:
        for translator in qapp.findChildren(QTranslator):
            qapp.removeTranslator(translator)
            translator.deleteLater()
