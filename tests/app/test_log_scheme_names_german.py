"""The German log quotes a scheme's name (session 17's play3: "Du schmiedest das Komplott Mein
Gelächter hallt wider." — a German scheme name is a sentence in sentence case, which runs on
into the log's own sentence; an Italian or English one stands out by its capitals)."""
from __future__ import annotations

from typing import Any

import pytest

from app.i18n import event_text


@pytest.mark.parametrize("key", ["scheme_set_in_motion", "scheme_done", "scheme_abandoned"])
def test_a_scheme_is_named_in_quotes(german: Any, key: str) -> None:
    for you in ("Bob", "Ada"):  # another player's line and one's own
        text = event_text({"key": key, "player": "Ada", "card": "My Laughter Echoes"}, you=you)
        assert text and "„Mein Gelächter hallt wider“" in text, text
