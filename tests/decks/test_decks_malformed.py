"""Broken files and lines give a located, readable message, never a traceback."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.decks import DeckFormatError, deck_from_text, read_deck


@pytest.mark.parametrize("name, key, line", [
    ("broken_mismatched.cod", "deck.file.bad_xml", 7),
    ("bad_count.cod", "deck.line.bad_count", 6),
    ("bad_quantity.dek", "deck.line.bad_count", 4),
    ("bad_count_line.txt", "deck.line.bad_count", 3),
    ("not_a_card_line.txt", "deck.line.not_a_card", 3),
    ("wrong_root.cod", "deck.file.wrong_root", 2),
])
def test_malformed_fixture_files(fixtures: Path, name: str, key: str, line: int) -> None:
    with pytest.raises(DeckFormatError) as info:
        read_deck(fixtures / name)
    err = info.value
    assert (err.key, err.line) == (key, line)
    assert err.text.startswith(f"Line {line}: ") and err.text.endswith(".")
    assert err.problem.params["line"] == line


@pytest.mark.parametrize("text, key, line", [
    ("4 Murder\n0 Piggy Bank\n", "deck.line.count_out_of_range", 2),
    ("4 Murder\n100000 Piggy Bank\n", "deck.line.count_out_of_range", 2),
    ("-1 Murder\n", "deck.line.bad_count", 1),
    ("4.5 Murder\n", "deck.line.bad_count", 1),
    ("4 Murder\n12\n", "deck.line.no_name", 2),
    ('<cockatrice_deck><zone name="main"><card number="2"/></zone></cockatrice_deck>',
     "deck.line.no_name", 1),
    ('<cockatrice_deck>\n<zone name="main">\n<card name="Murder"/></zone></cockatrice_deck>',
     "deck.line.no_count", 3),
    ('<Deck>\n<Cards Quantity="1" Sideboard="maybe" Name="Murder"/></Deck>',
     "deck.dek.bad_sideboard_flag", 2),
    ("<cockatrice_deck>\n<deckname>x</deckname>\n", "deck.file.bad_xml", 3),
])
def test_malformed_text(text: str, key: str, line: int) -> None:
    with pytest.raises(DeckFormatError) as info:
        deck_from_text(text)
    assert (info.value.key, info.value.line) == (key, line)
    assert f"Line {line}" in str(info.value)


def test_missing_and_oversized_files(tmp_path: Path) -> None:
    with pytest.raises(DeckFormatError) as info:
        read_deck(tmp_path / "nope.cod")
    assert info.value.key == "deck.file.unreadable" and info.value.line is None
    big = tmp_path / "big.txt"
    big.write_bytes(b"4 Murder\n" * 700_000)
    with pytest.raises(DeckFormatError) as info:
        read_deck(big)
    assert info.value.key == "deck.file.too_large"


def test_binary_garbage_is_a_message_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "garbage.cod"
    path.write_bytes(bytes(range(256)))
    with pytest.raises(DeckFormatError):
        read_deck(path)


def test_doctype_and_entities_are_refused(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("Murder")
    external = (f'<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY x SYSTEM "file://{secret}">]>'
                '<cockatrice_deck><deckname>&x;</deckname></cockatrice_deck>')
    laughs = ('<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY a "aaaaaaaaaa">'
              + "".join(f'<!ENTITY {b} "{("&" + a + ";") * 10}">'
                        for a, b in zip("abcdefgh", "bcdefghi"))
              + ']><cockatrice_deck><deckname>&i;</deckname></cockatrice_deck>')
    for text in (external, laughs):
        with pytest.raises(DeckFormatError) as info:
            deck_from_text(text)
        assert (info.value.key, info.value.line) == ("deck.file.doctype", 2)
