"""A Room in the hand, double-clicked in German: the menu offered "Bodenloses Becken //
Umkleidekabine wirken" twice — one entry per door, in the same words (session 19's goldfish
game). Each entry names the door it casts (CR 709.3a: a Room is cast as one of its halves)."""
from __future__ import annotations

from typing import Any

from app.i18n import set_language
from app.table.menus import rules_label
from engine.actions import Action
from tests.app.test_table_expect import item, table_for
from tests.app.table_mouse import LEFT

ROOM = "Bottomless Pool // Locker Room"


def test_each_door_of_a_room_is_its_own_entry_in_german(qtbot: Any, german: Any) -> None:
    t = table_for(qtbot, {"turn": 3, "step": "main1",
                          "You": {"hand": [ROOM], "battlefield": ["Island"] * 6}}, mode="rules")
    room = item(t, "hand", ROOM)
    casts = [a for a in t.interaction.actions_for(room) if a.verb == "cast"]
    assert sorted(rules_label(a, room.name) for a in casts) == ["Bodenloses Becken wirken", "Umkleidekabine wirken"]
    qtbot.mouseDClick(t.view.viewport(), LEFT, pos=t.view.mapFromScene(room.sceneBoundingRect().center()))
    menu = t.action_menu
    assert sorted(a.text() for a in menu.actions()) == ["Bodenloses Becken wirken", "Umkleidekabine wirken"]
    menu.hide()


def test_a_card_of_one_face_is_named_whole(german: Any) -> None:
    set_language("de")
    assert rules_label(Action(0, "cast", obj=1), "Cult Healer") == "Heiler des Kultes wirken"


def test_a_locked_door_is_named_in_its_menu_entry(german: Any) -> None:
    set_language("de")
    label = rules_label(Action(0, "unlock", obj=1, face="Locker Room"), ROOM)
    assert label == "Umkleidekabine entsperren"
