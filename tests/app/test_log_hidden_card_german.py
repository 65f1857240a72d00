"""The German log names a face-down card in the right case (session 18's four-seat hybrid
table in German: Bob read "Alice zeigt mit einem Pfeil von eine verdeckte Karte auf Computer
1." — "eine verdeckte Karte" after "von", which asks for "einer verdeckten Karte"). The
by-hand sentences whose card can be hidden put it where the nominative or accusative fits,
as "verschiebt … manuell nach: {zone}" already did."""
from __future__ import annotations

from typing import Any

import pytest

from app.i18n import event_text

HIDDEN = None  # (the observation's name of a card the viewer cannot see)
DATIVE_AFTER = ("von eine ", "mit eine ", "zu eine ", "aus eine ", "bei eine ")


@pytest.mark.parametrize("event", [
    {"key": "manual_arrow", "player": "Alice", "card": HIDDEN, "to": "Mountain"},
    {"key": "manual_arrow_player", "player": "Alice", "card": HIDDEN, "target": "Computer 1"},
    {"key": "manual_arrow_removed", "player": "Alice", "card": HIDDEN, "to": HIDDEN},
    {"key": "manual_arrow_player_removed", "player": "Alice", "card": HIDDEN, "target": "Bob"},
    {"key": "manual_counter", "player": "Alice", "card": HIDDEN, "kind": "+1/+1", "delta": -1},
    {"key": "manual_note", "player": "Alice", "card": HIDDEN, "text": "Köder"},
])
def test_a_face_down_card_is_named_in_the_right_case(german: Any, event: dict[str, Any]) -> None:
    for you in ("Bob", "Alice"):  # another player's line and one's own ("Du …")
        text = event_text({**event, "manual": True}, you=you)
        assert text and "verdeckte Karte" in text, text
        assert not any(bad in text for bad in DATIVE_AFTER), text
