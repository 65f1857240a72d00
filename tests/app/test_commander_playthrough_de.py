"""A German player's Commander game through the table's own gestures (issue #28): the start
page's Commander button, the Commander dialog (four players, three computer players), Keep,
lands played by double-clicking them in the hand, the commander cast by double-clicking the
command zone pile, Next turn (Space) — for several turns; then the tax shows on the panel.
Every label is German; the seat is called "Du". Screenshots with COMMANDER_SHOTS=DIR."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from app import ai_session
from app.commander_dialog import CommanderDialog
from app.i18n import set_language
from app.settings import Settings
from app.shell.main_window import MainWindow
from app.table.zones import PileItem
from engine.decks.samples import commander_decks
from tests.app.table_mouse import centre

LEFT = Qt.MouseButton.LeftButton
TURNS = 14  # about three and a half rounds of four players


def _shot(w: MainWindow, name: str) -> None:
    out = os.environ.get("COMMANDER_SHOTS")
    if out:
        QTest.qWait(60)  # (the prompt's new buttons show once the event loop has run)
        w.grab().save(str(Path(out) / name))


def _button(w: MainWindow, *labels: str) -> Any:
    for label in labels:
        for b in w.table.prompt_bar.buttons:
            if b.isEnabled() and b.text() == label:
                return b
    return None


def _pile_at(t: Any, pile: PileItem) -> QPoint:
    return t.view.mapFromScene(pile.mapToScene(pile.card_rect().center()))


def _fill_dialog(seen: list[str]) -> None:
    """The Commander dialog as a user fills it: four players, the built-in decks, OK."""
    dlg = QApplication.activeModalWidget()
    if not isinstance(dlg, CommanderDialog):
        QTimer.singleShot(20, lambda: _fill_dialog(seen))
        return
    seen.append(dlg.windowTitle())
    seen.append(dlg.name.text())  # the name field: the remembered name, else "You" in German
    dlg.seats.setValue(4)
    for row, path in zip(dlg.rows, commander_decks()):  # the built-in decks (the seed is chosen for them)
        row.deck.setCurrentIndex(row.deck.findData(str(path)))
    dlg.level.setCurrentIndex(dlg.level.findData("heuristic"))
    ok = dlg.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    QTest.mouseClick(ok, LEFT)


def test_a_german_commander_game_against_three_computer_players(qtbot: Any, monkeypatch: Any) -> None:
    set_language("de")
    monkeypatch.setattr(ai_session.random, "randrange", lambda *_a: 19)  # the game's seed: you start, the commander castable on your fourth turn
    w = MainWindow(Settings(language="de", animations=False))
    qtbot.addWidget(w, before_close_func=lambda w: setattr(w, "confirm_leave", lambda: True))
    w.resize(1500, 950)
    w.show()
    button = w.start.buttons["commander"]
    seen: list[str] = []
    QTimer.singleShot(0, lambda: _fill_dialog(seen))
    QTest.mouseClick(button, LEFT)
    assert len(seen) == 2 and seen[1] == "Du"  # the dialog opened and was filled
    qtbot.waitUntil(lambda: w.table is not None, timeout=20000)
    t = w.table
    s = t.session
    s.pause_ms = 10
    g = s.game
    assert g.config.format == "commander" and g.num_players == 4
    assert g.st.players[0].name == "Du"  # no remembered name: the German "You"
    assert [p.name for p in g.st.players[1:]] == ["Computer 1", "Computer 2", "Computer 3"]
    scene = t.scene
    for i in range(4):  # every command zone a pile, the opponents' in their columns
        pile = scene.zones[("command", i)]
        assert isinstance(pile, PileItem) and pile.isVisible() and pile.badge == "Steuer +0"
    commander = g.st.players[0].commanders
    cast_at: int | None = None
    lands = 0
    for _ in range(600):
        qtbot.waitUntil(lambda: s.game.outcome is not None or
                        (not s.is_thinking() and s.deciding_seat() == 0), timeout=120000)
        g = s.game
        if g.outcome is not None or g.st.turn > TURNS:
            break
        dec = g.pending
        if dec.kind == "mulligan":
            QTest.mouseClick(_button(w, "Behalten"), LEFT)
            continue
        if dec.prompt.startswith("ask.commander"):  # CR 903.9: your commander may go home
            QTest.mouseClick(_button(w, "Ja"), LEFT)
            continue
        if dec.kind == "attackers":
            QTest.mouseClick(_button(w, "Nicht angreifen"), LEFT)
            continue
        if dec.kind == "blockers":
            QTest.mouseClick(_button(w, "Nicht blocken"), LEFT)
            continue
        if dec.kind != "priority":
            s.submit(s.legal_actions()[0])  # any other choice: its first answer
            continue
        legal = s.legal_actions()
        mine = g.st.active == 0 and g.st.step in ("main1", "main2") and not g.st.stack
        land = next((a for a in legal if a.verb == "play"), None)
        home = [o for o in g.st.players[0].command]
        if mine and land is not None:
            item = scene.cards[land.obj]
            QTest.mouseDClick(t.view.viewport(), LEFT, Qt.KeyboardModifier.NoModifier, centre(t, item))
            lands += 1
            continue
        if mine and any(a.verb == "cast" and a.obj in home for a in legal) and cast_at is None:
            _shot(w, "table_commander_4p_cast_de.png")
            pile = scene.zones[("command", 0)]
            QTest.mouseDClick(t.view.viewport(), LEFT, Qt.KeyboardModifier.NoModifier, _pile_at(t, pile))
            qtbot.waitUntil(lambda: bool(s.game.st.stack) or s.game.pending.kind != "priority", timeout=20000)
            cast_at = s.game.st.turn
            continue
        b = _button(w, "Nächster Zug", "Passen", "Verrechnen")
        assert b is not None, [(x.text(), x.isVisible(), x.isEnabled(), x.parent().isVisible(), w.table.prompt_bar.isVisible(), w.isVisible()) for x in w.table.prompt_bar.buttons]
        QTest.mouseClick(b, LEFT)
    g = s.game
    assert g.st.turn > TURNS or g.outcome is not None
    assert lands >= 3
    assert cast_at is not None, "the commander was never castable"
    # the commander cast from the command zone: it counts one cast, the next costs {2} more
    card = next(iter(commander))
    assert g.st.players[0].commander_casts.get(card) == 1
    assert any(e.get("key") == "cast" and "commander_tax" in e for e in g.events)
    panel = scene.panels[0]
    assert any(tax == 2 for _n, _z, tax in panel.info.get("commanders", []))
    assert s.ai_actions > 0
    _shot(w, "table_commander_4p_de.png")
    s.close()


def test_the_remembered_name_sits_at_the_commander_table(qtbot: Any) -> None:
    set_language("de")
    dlg = CommanderDialog(None, "Anna")
    qtbot.addWidget(dlg)
    assert dlg.name.text() == "Anna" and dlg.player_name() == "Anna"
    dlg.name.setText("")
    assert dlg.player_name() == "Du"
    w = MainWindow(Settings(language="de", animations=False, player_name="Anna"))
    qtbot.addWidget(w, before_close_func=lambda w: setattr(w, "confirm_leave", lambda: True))
    assert w.commander([str(p) for p in commander_decks()[:3]], "heuristic", seed=3)
    assert [p.name for p in w.table.session.game.st.players] == ["Anna", "Computer 1", "Computer 2"]
    w.table.session.close()
