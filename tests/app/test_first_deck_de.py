"""A new German user's first deck (session 16): the deck editor from the start page, cards found
by their German names, the deck saved, then New game → against the computer. Two surprises:
"Sumpf" listed "Egelbefallener Sumpf" first (sorted by name) and Return added that card, not the
Swamp typed; and the dialog against the computer offered only the sample decks (and the deck
used last), not the deck just saved: the game started with "Rote Esse"."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from app.ai_dialog import VsComputerDialog
from app.shell.dialogs import DeckPicker

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from play_deck_editor import EditorUser  # noqa: E402


def test_a_first_deck_found_by_german_names_is_offered_against_the_computer(qtbot: Any, tmp_path: Path,
                                                                           main_window: Any) -> None:
    w = main_window("de")
    user = EditorUser(w)
    qtbot.addWidget(user.editor)
    found = user.search("Sumpf")
    assert found[0] == "Sumpf" and "Egelbefallener Sumpf" in found
    user.add_first_result()
    user.add_first_result()
    assert user.search("Blutsauger") == ["Fescher Blutsauger"]
    user.add_first_result()
    assert {e.name: e.count for e in user.editor.doc.deck.main} == {"Swamp": 2, "Dashing Bloodsucker": 1}
    path = tmp_path / "janas_deck.txt"
    user.save_as(path)
    qtbot.waitUntil(path.exists, timeout=20000)
    picker = DeckPicker(w.settings)
    qtbot.addWidget(picker)
    assert picker.list.item(0).text() == "janas_deck (dein Deck)"
    dlg = VsComputerDialog(w.settings)
    qtbot.addWidget(dlg)
    assert dlg.mine.currentText() == "janas_deck (dein Deck)" and dlg.your_deck() == str(path)
    assert dlg.theirs.currentText().endswith("(Beispieldeck)")
