"""A log sentence starts with a capital letter, also when it starts with a hidden card (the
joined LAN seat's log said "eine verdeckte Karte fügt dir 4 Schadenspunkte zu.")."""
from __future__ import annotations

from engine.messages import event_text


def test_a_sentence_that_starts_with_a_hidden_card_starts_with_a_capital() -> None:
    text = event_text({"key": "damage", "source": None, "player": "Bob", "amount": 4, "target": "Bob"})
    assert text == "A face-down card deals 4 damage to Bob."
    you = event_text({"key": "damage", "source": None, "player": "Bob", "amount": 4, "target": "Bob"}, you="Bob")
    assert you is not None and you[0].isupper()
