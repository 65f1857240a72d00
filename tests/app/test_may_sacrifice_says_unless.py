"""Mogis's "unless they sacrifice a creature" says on the prompt bar what declining costs.
Played in Italian in session 20: "Mogis, Dio del Massacro: scegli un permanente da
sacrificare, o niente." — nothing told the player that "Niente" meant 2 damage; Braids's
question to each opponent read the same (declining: 2 life and a card for Braids's controller).
The question now shows the ability's own printed line in the UI language."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from app.i18n import set_language
from app.session import LocalSession
from engine import scenario as scenario_file

from tests.app.table_mouse import show_table


def _bobs_question(qtbot: Any) -> str:
    data = scenario_file.load(Path("tests/scenarios/dsc_reprints/mogis_god_of_slaughter.toml"))
    game = scenario_file.make_game(data)
    scenario_file.do_pass_until(game, "Bob upkeep")
    scenario_file.do_pass_until(game, "decision")
    assert game.pending.player == 1 and game.pending.prompt == "ask.may_sacrifice_line"
    t = show_table(qtbot, LocalSession(game, 1, controls={0, 1}))
    return str(t.prompt_bar.label.text())


def test_mogis_asks_with_its_line(qtbot: Any) -> None:
    try:
        set_language("it")
        text = _bobs_question(qtbot)
        assert "infligge 2 danni a quel giocatore a meno che quel giocatore non sacrifichi una creatura" in text, text
        set_language("de")
        text = _bobs_question(qtbot)
        assert "2 Schadenspunkte zu, es sei denn, er opfert eine Kreatur" in text and "Wähle, was du opferst" in text, text
    finally:
        set_language("en")
    assert "unless they sacrifice a creature of their choice. Choose what to sacrifice, or nothing." in _bobs_question(qtbot)


def test_braids_asks_each_opponent_with_its_line(qtbot: Any) -> None:
    data = scenario_file.load(Path("tests/scenarios/dsc_reprints/braids_arisen_nightmare.toml"))
    game = scenario_file.make_game(data)
    scenario_file.do_pass_until(game, "decision")
    assert game.pending.prompt == "ask.may_sacrifice_line"  # Alice's own choice shows the line too
    game.apply("choose Piggy Bank#1", 0)
    scenario_file.do_pass_until(game, "decision")
    assert game.pending.player == 1 and game.pending.prompt == "ask.may_sacrifice_line"
    try:
        set_language("de")
        t = show_table(qtbot, LocalSession(game, 1, controls={0, 1, 2}))
        text = str(t.prompt_bar.label.text())
        assert "der dies nicht tut, verliert 2 Lebenspunkte" in text and text.endswith("Wähle, was du opferst, oder nichts."), text
    finally:
        set_language("en")
