"""Issue #25 item 7: "Next turn" yields the rest of the turn like Forge's auto-yield — one
click gets you through a computer's turn, its spells do not stop it, your blocks still do;
it never skips a decision of yours by a table move; in your own main phase with a land still
to play the first press only warns."""
from __future__ import annotations

from collections import Counter
from typing import Any

from PySide6.QtCore import Qt

from app.session import LocalSession
from app.settings import Settings
from app.shell.main_window import MainWindow
from app.table.commands import concede
from app.table.widget import TableWidget
from engine.config import GameConfig
from engine.decks import sample_decks
from engine.game import Game
from tests.app.test_table_expect import obs, table_for


def _click(qtbot: Any, w: MainWindow, label: str) -> bool:
    for b in w.table.prompt_bar.buttons:
        if b.isEnabled() and b.text() == label:
            qtbot.mouseClick(b, Qt.MouseButton.LeftButton)
            return True
    return False


def test_one_click_per_computer_turn(qtbot: Any) -> None:
    w = MainWindow(Settings(animations=False))
    qtbot.addWidget(w, before_close_func=lambda w: setattr(w, "confirm_leave", lambda: True))
    w.show()
    decks = [str(p) for p in sample_decks()]
    assert w.vs_computer(decks[0], decks[1], "heuristic")
    s = w.table.session
    s.pause_ms = 0
    clicks: Counter[int] = Counter()  # "Next turn" clicks made during each of the computer's turns
    blocks = 0
    for _ in range(400):
        qtbot.waitUntil(lambda: s.game.outcome is not None or (not s.is_thinking() and s.deciding_seat() == 0),
                        timeout=120000)
        if s.game.outcome is not None or s.game.st.turn >= 9:
            break
        kind = s.game.pending.kind
        if kind == "mulligan":
            assert _click(qtbot, w, "Keep")
        elif kind == "attackers":
            assert _click(qtbot, w, "Don't attack")
        elif kind == "blockers":
            blocks += 1
            assert _click(qtbot, w, "Don't block")
        elif kind == "priority":
            if s.game.st.active == 1:
                clicks[s.game.st.turn] += 1
            assert _click(qtbot, w, "Next turn")
            if w.table.prompt_bar.message.isVisible() and "land" in w.table.prompt_bar.message.text():
                _click(qtbot, w, "Next turn")  # (your own main phase with a land to play: it warned first)
        else:
            s.submit(s.legal_actions()[0])
    assert s.game.st.turn >= 5 or s.game.outcome is not None
    assert all(n <= 1 for n in clicks.values()), clicks  # at most one click per computer turn
    print("Next turn clicks per computer turn:", dict(clicks), "blocks asked:", blocks)
    s.close()


def test_next_turn_never_skips_your_blocks(qtbot: Any) -> None:
    """Hybrid mode, Bob attacks: Ctrl+Return on your blockers decision asks you to answer it
    (it used to make the table move "next turn" and take the damage unblocked)."""
    setup = {"mode": "hybrid", "turn": 2, "active": "Bob", "step": "beginning_of_combat",
             "You": {"battlefield": ["Friendly Teddy"]}, "Bob": {"battlefield": ["Slavering Branchsnapper"]}}
    g = Game(GameConfig(players=["You", "Bob"], mode="hybrid", setup=setup, goldfish=False))
    for _ in range(10):  # Bob attacks with his 7/6 (the engine plays both seats here)
        if g.pending.kind == "blockers":
            break
        acts = g.legal_actions(g.pending.player)
        g.apply(next((a for a in acts if a.verb == "attacker"), acts[0]))
    assert g.pending.kind == "blockers" and g.pending.player == 0
    t = TableWidget(LocalSession(g, 0, controls={0}), Settings(animations=False))
    qtbot.addWidget(t)
    t.show()
    t.actions_by_id["next_turn"].trigger()  # Ctrl+Return
    p = obs(t)["pending"]
    assert p and p["kind"] == "blockers" and obs(t)["turn"] == 2
    assert obs(t)["players"][0]["life"] == 20
    assert "decision" in t.prompt_bar.message.text()


def test_the_first_press_with_a_land_to_play_warns(qtbot: Any) -> None:
    t = table_for(qtbot, {"turn": 3, "step": "main1", "You": {"hand": ["Forest"], "library": ["Island"] * 5}})
    t.interaction.next_turn()
    assert obs(t)["turn"] == 3 and obs(t)["step"] == "main1"
    assert "land" in t.prompt_bar.message.text()
    t.interaction.next_turn()  # the second press passes anyway
    assert obs(t)["turn"] != 3 or obs(t)["step"] != "main1"


def test_rematch_and_new_game_after_a_game_against_the_computer(qtbot: Any, monkeypatch: Any) -> None:
    w = MainWindow(Settings(animations=False))
    qtbot.addWidget(w, before_close_func=lambda w: setattr(w, "confirm_leave", lambda: True))
    w.show()
    decks = [str(p) for p in sample_decks()]
    assert w.vs_computer(decks[0], decks[1], "heuristic")
    s = w.table.session
    qtbot.waitUntil(lambda: not s.is_thinking() and s.deciding_seat() == 0, timeout=120000)
    concede(w.table, confirm=False)  # the table's own Concede (F2), the question answered
    qtbot.waitUntil(lambda: s.game.outcome is not None, timeout=20000)
    labels = [b.text() for b in w.table.prompt_bar.buttons]
    assert "Rematch" in labels and "New game" in labels
    asked = []
    monkeypatch.setattr(w, "vs_computer", lambda *a, **k: asked.append(a) or True)
    _click(qtbot, w, "New game")
    assert asked  # the decks and level are asked again
    assert _click(qtbot, w, "Rematch")
    assert w.table.session is not s and type(w.table.session).__name__ == "AISession"
    assert w.table.session.game.outcome is None
    w.table.session.close()


def test_a_goldfish_attack_declined_on_the_way_still_stops_at_the_next_main_phase(qtbot: Any) -> None:
    """Session 18's English goldfish game: "Next turn" with a creature stops at the
    declaration of attackers (a decision of yours); "Don't attack" went on, but stopped in the
    next turn's upkeep, not at its first main phase as "Next turn" does without the
    declaration — the empty seat's skipped turn was counted as a turn crossed."""
    w = MainWindow(Settings(animations=False))
    qtbot.addWidget(w, before_close_func=lambda w: setattr(w, "confirm_leave", lambda: True))
    w.show()
    setup = {"mode": "rules", "You": {"battlefield": ["Friendly Teddy", "Plains"], "library": ["Plains"] * 10},
             "Bob": {"library": ["Island"] * 5}}
    game = Game(GameConfig(players=["You", "Bob"], mode="rules", setup=setup, goldfish=True))
    w.show_session(LocalSession(game, 0))
    assert _click(qtbot, w, "Next turn")
    assert (obs(w.table)["step"], (obs(w.table).get("pending") or {}).get("kind")) == ("declare_attackers", "attackers")
    assert _click(qtbot, w, "Don't attack")
    o = obs(w.table)
    assert (o["turn"], o["step"], o["active"]) == (3, "main1", 0)
