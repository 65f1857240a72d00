"""Playing against the computer through the GUI: a few turns against the heuristic level,
clicking the prompt bar's buttons as a user would; the computer answers on its own thread."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.decks import sample_decks


def test_play_a_few_turns_against_the_heuristic_level(computer_table: Any, tmp_path: Path) -> None:
    table = computer_table(1400, 900)
    w = table.w
    assert "vs_computer" in w.start.buttons
    decks = [str(p) for p in sample_decks()]
    assert w.vs_computer(decks[0], decks[1], "heuristic")
    s = w.table.session
    s.pause_ms = 20
    assert s.seat == 0 and s.controls == {0}
    seen: list[int] = []
    table.play(5, each=lambda s: seen.append(s.game.st.active))
    assert s.game.st.turn >= 3 or s.game.outcome is not None
    assert 1 in seen and s.ai_actions > 0
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
