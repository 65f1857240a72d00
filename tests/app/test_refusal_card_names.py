"""A refused action names every card in the UI language (session 18's Italian game: a
creature dragged onto a flier to block it was refused with "Compagno di Giochi Cencioso non
può bloccare Piranha Fly." — the attacker's name stayed English; Mosca Piranha in Italian)."""
from __future__ import annotations

from typing import Any

from app.i18n import error_text
from engine.actions import IllegalActionError


def test_the_attacker_a_creature_cannot_block_is_named_in_italian(italian: Any) -> None:
    text = error_text(IllegalActionError("block.cant", card="Ragged Playmate", attacker="Piranha Fly"))
    assert text.startswith("Compagno di Giochi Cencioso non può bloccare Mosca Piranha"), text


def test_the_source_that_forbids_an_attack_is_named_in_italian(italian: Any) -> None:
    text = error_text(IllegalActionError("attack.forbidden", card="Piranha Fly", player="Bob", source="Ragged Playmate"))
    assert "Mosca Piranha" in text and "Compagno di Giochi Cencioso" in text and "Piranha Fly" not in text, text
