"""Issue #27: the bundled cards are found by their printed German and Italian names, type
lines and texts (MTGJSON foreignData, tools/build_card_text.py)."""
from __future__ import annotations

from engine.cards.db import CardDB


def _names(db: CardDB, query: str) -> set[str]:
    result = db.search(query, limit=500)
    assert result.ok, result.error
    return {card.name for card in result.cards}


def test_italian_names_faces_types_and_text(db: CardDB) -> None:
    assert _names(db, "sciacalla") == {"Optimistic Scavenger"}
    assert _names(db, '!"Nemesi Urlante"') == {"Screaming Nemesis"}
    assert "Grand Entryway // Elegant Rotunda" in _names(db, '"chiostro elegante"')  # a door's name
    assert "Cult Healer" in _names(db, "lang:it t:chierico") or "Cult Healer" in _names(db, "lang:it guaritore")
    assert "Break Down the Door" in _names(db, 'o:"manifesta angoscia" t:istantaneo')


def test_german_printed_text(db: CardDB) -> None:
    assert _names(db, "schnetzelvolk") >= {"Razorkin Hordecaller", "Razorkin Needlehead"}
    assert "Break Down the Door" in _names(db, 'o:"manifestiere das grauen" t:spontanzauber')


def test_italian_deck_list_imports_with_every_card_found() -> None:
    from engine.decks import read_deck, validate
    from engine.paths import ASSETS

    deck, unknown = read_deck(ASSETS / "decks" / "veglia_inquietante_it.txt")
    assert unknown == []
    assert deck.name == "Veglia Inquietante" and deck.format == "limited"
    assert deck.total("main") == 40 and validate(deck) == []
    names = {e.name for _, e in deck.entries()}
    assert {"Plains", "Swamp", "Murder", "Grand Entryway // Elegant Rotunda", "Jump Scare"} <= names
