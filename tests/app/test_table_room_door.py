"""Issue #25 item 2: a Room with one unlocked door is the Room card with that door marked —
not a grey "?" card said to be "a copy of" its own door (CR 709.5)."""
from __future__ import annotations

from typing import Any

from app.table.card_item import face_name
from app.table.docks import describe
from engine.view import _own_doors
from tests.app.test_table_expect import item, obs, table_for

ROOM = "Glassworks // Shattered Yard"


def test_a_room_with_one_door_unlocked_is_drawn_as_the_room(qtbot: Any) -> None:
    t = table_for(qtbot, {"turn": 3, "step": "main1",
                          "You": {"battlefield": [f"{ROOM} | unlocked=Glassworks", "Island"]}}, mode="rules")
    card = next(c for c in obs(t)["battlefield"] if c["name"] == ROOM)
    assert "copy_of" not in card and card["unlocked"] == ["Glassworks"]
    room = item(t, "battlefield", ROOM)
    assert face_name(room.data) == ROOM and room.room  # drawn from the card's own data, doors marked
    text = describe(room.data, "battlefield")
    assert "copy" not in text and "Unlocked doors: Glassworks" in text


def test_a_copy_of_another_card_is_still_a_copy() -> None:
    assert _own_doors(ROOM, "Glassworks") and _own_doors(ROOM, ROOM)
    assert not _own_doors("Phantasmal Image", "Glassworks") and not _own_doors(ROOM, "Phantasmal Image")
