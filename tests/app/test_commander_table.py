"""A Commander game through the table (CR 903): New game → Commander with four seats, three
computer players; the command zone shows each commander with its tax, the player panels the
commander damage, and the command-zone choice is asked in the prompt bar."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from app.settings import Settings
from app.shell.main_window import MainWindow
from app.table.zones import PileItem
from engine.decks.samples import commander_decks


def _click(qtbot: Any, w: MainWindow, *labels: str) -> bool:
    for label in labels:
        for b in w.table.prompt_bar.buttons:
            if b.isEnabled() and b.text() == label:
                qtbot.mouseClick(b, Qt.MouseButton.LeftButton)
                return True
    return False


def test_four_player_commander_game(qtbot: Any, tmp_path: Path) -> None:
    w = MainWindow(Settings(animations=False))
    qtbot.addWidget(w)
    w.resize(1500, 950)
    w.show()
    assert "commander" in w.start.buttons
    decks = [str(p) for p in commander_decks()]
    assert len(decks) == 4
    assert w.commander(decks, "heuristic", seed=5)
    s = w.table.session
    s.pause_ms = 10
    g = s.game
    assert g.config.format == "commander" and g.num_players == 4
    assert all(p.life == 40 for p in g.st.players)
    scene = w.table.scene
    pile = scene.zones[("command", 0)]
    assert isinstance(pile, PileItem)
    assert pile.count == 1 and pile.top is not None and pile.top.get("commander")
    assert pile.badge == "Tax +0"
    for _ in range(400):
        qtbot.waitUntil(lambda: s.game.outcome is not None or
                        (not s.is_thinking() and s.deciding_seat() == 0), timeout=30000)
        if s.game.outcome is not None or s.game.st.turn >= 6:
            break
        dec = s.game.pending
        kind = dec.kind
        if dec.prompt.startswith("ask.commander"):
            assert _click(qtbot, w, "Yes")
        elif kind == "mulligan":
            assert _click(qtbot, w, "Keep")
        elif kind == "attackers":
            assert _click(qtbot, w, "Don't attack")
        elif kind == "blockers":
            assert _click(qtbot, w, "Don't block")
        elif kind == "priority":
            cast = [a for a in s.legal_actions() if a.verb == "cast" and a.obj in s.game.st.players[0].command]
            if cast:  # your commander from the command zone, when the mana is there
                s.submit(cast[0])
            else:
                assert _click(qtbot, w, "Next turn", "Pass", "Resolve")
        else:
            s.submit(s.legal_actions()[0])
    assert s.game.st.turn >= 4 or s.game.outcome is not None
    assert s.ai_actions > 0 and {e.get("player") for e in s.game.events if e.get("key") == "cast"} - {"You"}
    w.grab().save(str(tmp_path / "commander.png"))
    import os, shutil
    if os.environ.get("COMMANDER_SHOT"):
        shutil.copy(tmp_path / "commander.png", os.environ["COMMANDER_SHOT"])
    # the commander damage line, as the panel shows it
    panel = scene.panels[1]
    panel.set_info({**panel.info, "commander_damage": [("Aminatou, Veil Piercer", 7)]}, False, False)
    from app.table.zones import commander_damage_text
    assert commander_damage_text([("Aminatou, Veil Piercer", 7)]) == "Commander damage: Aminatou: 7"
    s.close()
