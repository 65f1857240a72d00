"""Issue #27: the bundled cards are found by their printed German and Italian names, type
lines and texts (MTGJSON foreignData, tools/build_card_text.py)."""
from __future__ import annotations

from engine.cards.db import CardDB
from engine.decks import read_deck, validate
from engine.paths import ASSETS


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
    deck, unknown = read_deck(ASSETS / "decks" / "veglia_inquietante_it.txt")
    assert unknown == []
    assert deck.name == "Veglia Inquietante" and deck.format == "limited"
    assert deck.total("main") == 40 and validate(deck) == []
    names = {e.name for _, e in deck.entries()}
    assert {"Plains", "Swamp", "Murder", "Grand Entryway // Elegant Rotunda", "Jump Scare"} <= names


def test_the_second_sources_names_and_texts_are_found(db: CardDB) -> None:
    """Gaps filled from Forge's translation files (tools/card_text_forge.py) are searchable too."""
    assert _names(db, '"calore sacrilego"') == {"Unholy Heat"}
    assert _names(db, "espropriazione") == {"Expropriate"}
    giant = "Beanstalk Giant // Fertile Footsteps"
    assert giant in _names(db, 'o:"mettila sul campo di battaglia, poi rimescola il tuo grimorio"')  # the Adventure's
    assert giant in _names(db, 'o:"bringe sie ins Spiel und mische danach" "blühender schritt"')
