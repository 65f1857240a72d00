"""A search for a card of a subtype names the subtype in the UI language. Played in German in
session 20 (a Supervillain Rumble): Binding the Old Gods' second chapter asked "Durchsuche
deine Bibliothek nach einer Karte vom Untertyp Forest" — the English subtype in a German
sentence (the card says "eine Wald-Karte"; the glossary's word is "Wald")."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from app.i18n import set_language
from app.session import LocalSession
from engine import scenario as scenario_file

from tests.app.table_mouse import show_table


def _table(qtbot: Any) -> Any:
    data = scenario_file.load(Path("tests/scenarios/dsc_reprints/binding_the_old_gods_chapters.toml"))
    game = scenario_file.make_game(data)
    scenario_file.do_pass_until(game, "decision")
    assert game.pending.prompt == "ask.search_library"
    return show_table(qtbot, LocalSession(game, 0, controls=set(range(game.num_players))))


def test_the_search_prompt_names_the_forest_in_german_and_italian(qtbot: Any) -> None:
    try:
        set_language("de")
        text = _table(qtbot).prompt_bar.label.text()
        assert "Untertyp Wald" in text and "Forest" not in text, text
        set_language("it")
        text = _table(qtbot).prompt_bar.label.text()
        assert "Foresta" in text and "Forest " not in text, text
    finally:
        set_language("en")
    assert "a Forest card" in _table(qtbot).prompt_bar.label.text()
