"""The table driven with real mouse and keyboard events through the view: press, drag and
release, double-click, Ctrl+click, hover, and the keyboard shortcuts."""
from __future__ import annotations

from typing import Any

import pytest

from PySide6.QtCore import QPoint, QPointF, Qt

from app.session import LocalSession
from app.table import commands
from app.table.widget import TableWidget
from tests.app import table_mouse
from tests.app.table_mouse import table_for
from engine.actions import ActionSyntaxError
from engine.config import GameConfig
from engine.game import Game
from engine.actions import MAX_COUNTER_KIND, MAX_NOTE, MAX_TOKEN_NAME
from app.i18n import set_language


def obs(t: TableWidget) -> dict[str, Any]:
    return t.session.observation()


def item(t: TableWidget, zone: str, name: str) -> Any:
    return next(i for i in t.scene.cards.values() if i.zone == zone and i.name == name)


def at(t: TableWidget, scene_point: QPointF) -> QPoint:
    return t.view.mapFromScene(scene_point)


def drag(t: TableWidget, start: QPointF, end: QPointF, mods: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    table_mouse.drag(t, at(t, start), at(t, end), mods=mods)


def test_drag_a_land_with_the_mouse_plays_it_into_the_lands_row(qtbot: Any) -> None:
    t = table_for(qtbot, {"You": {"hand": ["Forest", "Murder"], "library": ["Island"]}})
    land = item(t, "hand", "Forest")
    zone = t.scene.zones[("battlefield", 0)]
    target = zone.rect.center()
    drag(t, land.scenePos(), target)
    forests = [c for c in obs(t)["battlefield"] if c["name"] == "Forest"]
    assert len(forests) == 1 and obs(t)["players"][0]["lands_played"] == 1
    placed = t.scene.cards[forests[0]["id"]]
    # it snaps into the ordered layout: the lands row, not where the pointer let go
    assert abs(placed.pos().y() - t.scene.row_centre_y(0, 2)) < 1
    assert placed.zone == "battlefield" and not zone.drop_hover  # the drop highlight is gone


def test_a_drop_outside_any_zone_changes_nothing(qtbot: Any) -> None:
    t = table_for(qtbot, {"You": {"hand": ["Forest"], "library": ["Island"]}})
    land = item(t, "hand", "Forest")
    home = QPointF(land.pos())
    drag(t, land.scenePos(), QPointF(4, 4))  # the corner of the table: no zone there
    assert not obs(t)["battlefield"] and item(t, "hand", "Forest").pos() == home


def test_double_click_with_the_mouse_taps(qtbot: Any) -> None:
    t = table_for(qtbot, {"You": {"battlefield": ["Forest"], "library": ["Island"]}})
    land = item(t, "battlefield", "Forest")
    qtbot.mouseDClick(t.view.viewport(), Qt.MouseButton.LeftButton, pos=at(t, land.scenePos()))
    assert obs(t)["battlefield"][0]["tapped"] and land.rotation() == 90


def test_ctrl_click_selects_two_cards_and_one_drag_moves_both(qtbot: Any) -> None:
    t = table_for(qtbot, {"You": {"battlefield": ["Forest", "Piggy Bank"], "library": ["Island"]}})
    forest, pig = item(t, "battlefield", "Forest"), item(t, "battlefield", "Piggy Bank")
    qtbot.mouseClick(t.view.viewport(), Qt.MouseButton.LeftButton, pos=at(t, forest.scenePos()))
    qtbot.mouseClick(t.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ControlModifier,
                     at(t, pig.scenePos()))
    assert {i.name for i in t.scene.selected_cards()} == {"Forest", "Piggy Bank"}
    grave = t.scene.zones[("graveyard", 0)]
    drag(t, pig.scenePos(), grave.rect.center())
    assert sorted(c["name"] for c in obs(t)["players"][0]["graveyard"]) == ["Forest", "Piggy Bank"]
    assert not obs(t)["battlefield"]


def test_hovering_a_hand_card_lifts_it_and_shows_it_in_the_preview(qtbot: Any) -> None:
    t = table_for(qtbot, {"You": {"hand": ["Murder", "Forest"], "library": ["Island"]}})
    murder = item(t, "hand", "Murder")
    t.scene.card_hovered(murder)
    assert murder.scale() > 1 and murder.zValue() > max(i.zValue() for i in t.scene.cards.values() if i is not murder)
    assert "Murder" in t.preview.info.text()
    t.scene.card_unhovered(murder)
    assert murder.scale() == 1


def test_keyboard_shortcuts_draw_undo_and_redo(qtbot: Any) -> None:
    t = table_for(qtbot, {"You": {"library": ["Island", "Forest", "Swamp"]}})
    t.activateWindow()
    qtbot.waitUntil(t.isActiveWindow, timeout=20000)  # window shortcuts need the active window
    t.view.setFocus()
    qtbot.keyClick(t.view, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    assert obs(t)["players"][0]["hand_count"] == 1
    qtbot.keyClick(t.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert obs(t)["players"][0]["hand_count"] == 0
    qtbot.keyClick(t.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert obs(t)["players"][0]["hand_count"] == 1
    assert t.log.lines()[-1] == "You draw a card."  # your own events in the second person


def test_space_passes_and_the_turn_moves_on(qtbot: Any) -> None:
    t = table_for(qtbot, {"You": {"battlefield": ["Forest"], "library": ["Island"] * 5}})
    t.activateWindow()
    qtbot.waitUntil(t.isActiveWindow, timeout=20000)
    t.view.setFocus()
    qtbot.keyClick(t.view, Qt.Key.Key_Space)  # main 1 -> (no stops) -> main 2
    assert obs(t)["step"] == "main2"
    qtbot.keyClick(t.view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)  # next turn
    assert obs(t)["turn"] == 3 and obs(t)["active"] == 0 and obs(t)["step"] == "main1"


def test_every_table_command_is_logged_and_survives_save_and_load(qtbot: Any, tmp_path: Any) -> None:
    """Saves replay action texts: whatever the table submits must read back as itself."""
    t = table_for(qtbot, {"You": {"battlefield": ["Forest", "Piggy Bank", "Friendly Teddy"],
                                  "hand": ["Murder"], "library": ["Island"] * 10}})
    it = t.interaction

    def select(name: str) -> Any:
        t.scene.clearSelection()
        card = item(t, "battlefield", name)
        card.setSelected(True)
        return card

    commands.token(t, "Treasure")
    commands.token(t, "Goblin 1/1")  # a name with a P/T: the token is a 1/1 "Goblin"
    commands.token(t, "Spirit", "2/2")
    select("Goblin")
    commands.set_pt(t, "3/3")
    commands.set_pt(t, "+0/+1")
    select("Piggy Bank")
    commands.counter_add(t)
    commands.note(t, t.selected(), "watch out: it's a pig")
    commands.attach(t, item(t, "battlefield", "Treasure"))
    it.card_clicked(item(t, "battlefield", "Piggy Bank"))
    select("Friendly Teddy")
    commands.phase_out(t)
    select("Forest")
    commands.turn_over(t)
    commands.tap(t)
    commands.untap_all(t)
    commands.draw_n(t, 2)
    commands.mill(t, 2)
    commands.shuffle(t)
    commands.life(t, 0, -3)
    commands.poison(t, 1, 2)
    commands.roll(t, 6)
    commands.coin(t)
    it.act("move", item(t, "hand", "Murder").obj_id, args=("library", -1))
    assert t.prompt_bar.message.isHidden() or not t.prompt_bar.message.text()  # nothing was refused
    names = {c["name"]: c for c in obs(t)["battlefield"]}
    assert (names["Goblin"]["power"], names["Goblin"]["toughness"]) == (3, 3)  # two +1/+1 counters
    assert names["Goblin"]["note"] == "P/T 3/4"  # unequal changes become a note
    assert names["Treasure"]["attached_to"] == names["Piggy Bank"]["id"]
    assert names["Piggy Bank"]["note"] == "watch out: it's a pig"
    n_lines = len(t.log.lines())
    assert n_lines > 20 and "You roll a d6" in " ".join(t.log.lines())
    path = tmp_path / "game.json"
    t.session.save(path)
    loaded = LocalSession.from_save(path)
    assert loaded.game.dump() == t.session.game.dump()


def test_too_long_table_texts_are_refused_with_the_limit_not_cut_short(qtbot: Any) -> None:
    """A token name, a note or a counter kind longer than the action allows is refused with a
    sentence naming the limit (in the UI language); nothing is created or written half."""

    set_language("de")
    try:
        t = table_for(qtbot, {"You": {"battlefield": ["Forest"], "library": ["Island"] * 5}})
        before = len(t.session.game.history)
        commands.token(t, "Z" * (MAX_TOKEN_NAME + 1))
        assert f"höchstens {MAX_TOKEN_NAME} Zeichen" in t.prompt_bar.message.text()
        forest = item(t, "battlefield", "Forest")
        commands.note(t, [forest], "n" * (MAX_NOTE + 1))
        assert f"höchstens {MAX_NOTE} Zeichen" in t.prompt_bar.message.text()
        commands.counter(t, "k" * (MAX_COUNTER_KIND + 1), 1, [forest])
        assert f"höchstens {MAX_COUNTER_KIND} Zeichen" in t.prompt_bar.message.text()
        assert len(t.session.game.history) == before
        commands.token(t, "Z" * MAX_TOKEN_NAME)  # the limit itself is fine
        assert any(c["name"] == "Z" * MAX_TOKEN_NAME for c in obs(t)["battlefield"])
    finally:
        set_language("en")


def test_too_long_texts_in_actions_are_refused_not_cut_short() -> None:
    """The text form ("token NAME", "note CARD: TEXT", "counter CARD KIND +N") says the limit."""

    game = Game(GameConfig(players=["You", "Bob"], mode="tabletop",
                           setup={"mode": "tabletop", "You": {"battlefield": ["Forest"]}}, goldfish=True))
    for text, key in (("token " + "Z" * 61 + " 2/2", "parse.token_name_too_long"),
                      ("note Forest: " + "n" * 201, "parse.note_too_long"),
                      ("counter Forest " + "k" * 41 + " +1", "parse.counter_kind_too_long")):
        with pytest.raises(ActionSyntaxError) as info:
            game.apply(text, 0)
        assert info.value.key == key, text
    assert not game.history
