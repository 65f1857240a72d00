"""Players' own arrows on a tabletop table (engine/rules/arrows.py), with the mouse: a drag with
the right button from a permanent to another or to a player's panel draws one in the seat's
colour (the context menu the press brings is held back, and opens when the button comes up
where it went down); the card menu's "Draw an arrow…" and a click do it too; a click on one's
own arrow takes it away; Ctrl+Z brings it back; the battlefield's menu takes all away; the
next turn clears them. German table: the strings are the catalog's."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication, QMenu

from app.i18n import set_language, tr
from app.settings import Settings
from app.table.widget import TableWidget
from engine.config import GameConfig
from engine.game import Game
from tests.app.table_mouse import LEFT, NOB, RIGHT, centre, drag, press, send, show_table


def _table(qtbot: Any) -> TableWidget:
    set_language("de")
    setup = {"mode": "tabletop", "You": {"library": ["Island"] * 5, "battlefield": ["Piggy Bank", "Forest"]},
             "Bob": {"library": ["Island"] * 5, "battlefield": ["Bear Trap"]}}
    game = Game(GameConfig(players=["You", "Bob"], mode="tabletop", setup=setup))
    return show_table(qtbot, game, Settings(animations=False, language="de"))


def _item(t: TableWidget, name: str) -> Any:
    return next(i for i in t.scene.cards.values() if i.zone == "battlefield" and i.name == name)


def _arrows(t: TableWidget) -> list[dict[str, Any]]:
    return list(t.session.observation().get("arrows") or [])


def test_right_drag_draws_an_arrow_a_click_takes_it_away_undo_brings_it_back(qtbot: Any) -> None:
    t = _table(qtbot)
    pig, trap = _item(t, "Piggy Bank"), _item(t, "Bear Trap")
    drag(t, centre(t, pig), centre(t, trap), RIGHT)
    qtbot.wait(20)
    assert not isinstance(QApplication.activePopupWidget(), QMenu)  # a drag: no menu
    assert _arrows(t) == [{"player": 0, "from": pig.obj_id, "to": ["o", trap.obj_id]}]
    drawn = t.scene.player_arrows.drawn
    assert len(drawn) == 1 and drawn[0][0].scene() is t.scene
    assert "Du ziehst einen Pfeil: Sparschwein → Bärenfalle." in t.log.lines()[-1]
    # a click on the arrow's line (where no card is) takes it away
    line = drawn[0][0].line
    spot = next(line.pointAtPercent(f / 10) for f in (5, 4, 6, 3, 7) if t.scene.card_at(line.pointAtPercent(f / 10)) is None)
    qtbot.mouseClick(t.view.viewport(), LEFT, Qt.KeyboardModifier.NoModifier, t.view.mapFromScene(spot))
    assert _arrows(t) == [] and t.scene.player_arrows.drawn == []
    t.session.undo()
    qtbot.wait(20)
    assert len(_arrows(t)) == 1 and len(t.scene.player_arrows.drawn) == 1


def test_right_click_without_a_drag_still_opens_the_menu_and_its_entry_draws_an_arrow(qtbot: Any) -> None:
    t = _table(qtbot)
    pig = _item(t, "Piggy Bank")
    a = centre(t, pig)
    press(t, a, RIGHT)  # the context menu comes with it (as on X11 and Wayland)
    assert not isinstance(QApplication.activePopupWidget(), QMenu)  # held while the button is down
    send(t, QEvent.Type.MouseButtonRelease, a, RIGHT, NOB)
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu), timeout=20000)
    menu = QApplication.activePopupWidget()
    entry = next(x for x in menu.actions() if x.text() == tr("Draw an arrow…"))
    assert entry.text() == "Einen Pfeil ziehen …" and entry.isEnabled()
    entry.trigger()
    menu.close()
    assert "Pfeil von Sparschwein" in t.prompt_bar.label.text()
    panel = t.scene.panels[1]
    qtbot.mouseClick(t.view.viewport(), LEFT, Qt.KeyboardModifier.NoModifier, t.view.mapFromScene(panel.rect.center()))
    assert _arrows(t) == [{"player": 0, "from": pig.obj_id, "to": ["p", 1]}]
    # the battlefield's menu: "Remove your arrows"
    t.interaction.act("clear arrows")
    assert _arrows(t) == []


def test_arrows_are_gone_as_the_next_turn_begins(qtbot: Any) -> None:
    t = _table(qtbot)
    drag(t, centre(t, _item(t, "Forest")), centre(t, _item(t, "Bear Trap")), RIGHT)
    assert len(_arrows(t)) == 1
    t.interaction.act("next turn")
    assert _arrows(t) == [] and t.scene.player_arrows.drawn == []
