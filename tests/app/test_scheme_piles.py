"""Schemes' decisions at a German table. Choose Your Demise (a Supervillain Rumble played in session 17 showed the
buttons "face-down pile" / "face-up pile" in English and the prompt "den aufgedeckten Haufen ()"
for an empty face-up pile; the face-up cards were named in English): the archenemy's and the
chooser's prompt bars in German, answered by clicking their buttons."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from app.i18n import set_language
from app.session import LocalSession
from engine import scenario as scenario_file
from engine.config import GameConfig
from engine.game import Game

from tests.app.table_mouse import show_table

SETUP = {"format": "archenemy", "step": "draw",
         "Alice": {"schemes": ["Choose Your Demise"], "library": ["Unholy Heat", "Split Up", "Plains", "Island", "Swamp"]},
         "Bob": {"team": "heroes", "library": ["Swamp"]}, "Carol": {"team": "heroes", "library": ["Swamp"]}}


def _table(qtbot: Any) -> Any:
    game = Game(GameConfig(players=["Alice", "Bob", "Carol"], mode="rules", format="archenemy",
                           setup={"mode": "rules", **SETUP}))
    t = show_table(qtbot, LocalSession(game, 0, controls={0, 1, 2}))
    s = t.session
    for _ in range(20):  # to the scheme set in motion in Alice's first main phase (CR 904.5)
        if s.game.pending.prompt == "ask.face_up_pile":
            break
        assert s.submit("pass", auto_pass=False), s.last_error
    assert s.game.pending.prompt == "ask.face_up_pile"
    t.refresh()
    return t


def _click(t: Any, label: str) -> None:
    button = t.prompt_bar.button(label)
    assert button is not None, [b.text() for b in t.prompt_bar.buttons]
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)


def test_the_piles_are_chosen_by_german_buttons(qtbot: Any) -> None:
    set_language("de")
    try:
        t = _table(qtbot)
        assert "„Keine weiteren Karten“" in t.prompt_bar.label.text()
        _click(t, "Ebene")  # Plains into the face-up pile
        _click(t, "Keine weiteren Karten")
        _click(t, "Carol")  # the opponent who chooses
        text = t.prompt_bar.label.text()
        assert "den aufgedeckten Haufen (Ebene)" in text and "(3 Karten)" in text, text
        labels = [b.text() for b in t.prompt_bar.buttons]
        assert "Den aufgedeckten Haufen" in labels and "Den verdeckten Haufen" in labels, labels
        assert not any("pile" in label for label in labels)
        _click(t, "Den aufgedeckten Haufen")
        assert [c["name"] for c in t.session.observation()["players"][0]["hand"]] == ["Plains"]
    finally:
        set_language("en")


def test_an_empty_face_up_pile_is_said_in_words(qtbot: Any) -> None:
    set_language("de")
    try:
        t = _table(qtbot)
        _click(t, "Keine weiteren Karten")  # every card in the face-down pile (its ruling: may be empty)
        _click(t, "Bob")
        text = t.prompt_bar.label.text()
        assert "den aufgedeckten Haufen (keine Karten)" in text and "()" not in text, text
    finally:
        set_language("en")


def _at_first_decision(qtbot: Any, scenario: str) -> Any:
    """A scheme scenario's position on a table (Alice's seat, answering for every seat), run to
    its first open decision as the scenario does."""
    data = scenario_file.load(Path("tests/scenarios/schemes") / scenario)
    game = scenario_file.make_game(data)
    for step in data["do"]:
        if "pass_until" not in step:
            break
        scenario_file.do_pass_until(game, step["pass_until"])
    assert game.pending.kind != "priority"
    return show_table(qtbot, LocalSession(game, 0, controls=set(range(game.num_players))))


def test_a_free_cast_and_a_life_payment_are_offered_in_german(qtbot: Any) -> None:
    """The buttons read "Split Up with unpaid mode=1 wirken" and "pay 3 life" (seen by
    tools/prompts_in_scenarios.py --lang de)."""
    set_language("de")
    try:
        t = _at_first_decision(qtbot, "when_will_you_learn.toml")
        labels = [b.text() for b in t.prompt_bar.buttons]
        split = [label for label in labels if label.startswith("Aufsplittern")]
        assert len(split) == 2 and not any("with" in label or "mode=" in label for label in labels), labels
        assert split == ["Aufsplittern wirken (ohne Bezahlen der Manakosten): Zerstöre alle getappten Kreaturen.",
                         "Aufsplittern wirken (ohne Bezahlen der Manakosten): Zerstöre alle ungetappten Kreaturen."], split
        t = _at_first_decision(qtbot, "fear_my_authority_upkeep.toml")
        assert "3 Lebenspunkte bezahlen" in [b.text() for b in t.prompt_bar.buttons]
    finally:
        set_language("en")
