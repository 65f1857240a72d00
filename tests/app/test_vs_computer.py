"""Playing against the computer through the GUI: a few turns against the heuristic level,
clicking the prompt bar's buttons as a user would; the computer answers on its own thread."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from app.settings import Settings
from app.shell.main_window import MainWindow
from engine.decks import sample_decks


def _click(qtbot: Any, w: MainWindow, *labels: str) -> bool:
    for label in labels:
        for b in w.table.prompt_bar.buttons:
            if b.isEnabled() and b.text() == label:
                qtbot.mouseClick(b, Qt.MouseButton.LeftButton)
                return True
    return False


def test_play_a_few_turns_against_the_heuristic_level(qtbot: Any, tmp_path: Path) -> None:
    w = MainWindow(Settings(animations=False))
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    assert "vs_computer" in w.start.buttons
    decks = [str(p) for p in sample_decks()]
    assert w.vs_computer(decks[0], decks[1], "heuristic")
    s = w.table.session
    s.pause_ms = 20
    assert s.seat == 0 and s.controls == {0}
    seen_computer_turn = False
    for _ in range(300):
        qtbot.waitUntil(lambda: s.game.outcome is not None or
                        (not s.is_thinking() and s.deciding_seat() == 0), timeout=20000)
        if s.game.outcome is not None or s.game.st.turn >= 5:
            break
        seen_computer_turn |= s.game.st.active == 1
        kind = s.game.pending.kind
        if kind == "mulligan":
            assert _click(qtbot, w, "Keep")
        elif kind == "attackers":
            assert _click(qtbot, w, "Don't attack")
        elif kind == "blockers":
            assert _click(qtbot, w, "Don't block")
        elif kind == "priority":
            assert _click(qtbot, w, "Next turn", "Pass", "Resolve")
        else:  # any other choice: the first listed answer
            s.submit(s.legal_actions()[0])
    assert s.game.st.turn >= 3 or s.game.outcome is not None
    assert seen_computer_turn and s.ai_actions > 0
    w.grab().save(str(tmp_path / "vs_computer.png"))
    # undo takes back your last action and the computer's answers after it
    before = len(s.game.history)
    if s.can_undo():
        assert s.undo()
        assert len(s.game.history) < before
    # a saved game opens against the computer again
    path = tmp_path / "g.json"
    s.save(path)
    w.confirm_leave = lambda *a, **k: True  # type: ignore[method-assign]  # (the question: test_shell.py)
    assert w.load_game(str(path))
    assert type(w.table.session).__name__ == "AISession"
    w.table.session.close()
