"""A scheme deck file of the user's is read as a deck file is: a regular file of limited size,
a count of at least one, each scheme at most once — said before anything big is built."""
from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest

from engine.decks.messages import DeckFormatError
from engine.decks.scheme_decks import built_in, load_scheme_deck, read_scheme_deck
from engine.decks.samples import COMMANDER_DIR, commander_decks
from tests.special_files import fifo, refusal_key


def _ten() -> list[str]:
    deck = built_in(commander_decks()[0])
    assert len(deck) >= 10
    return deck[:10]


def _write(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "schemes.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_good_file_reads_as_written(tmp_path: Path) -> None:
    ten = _ten()
    assert read_scheme_deck(_write(tmp_path, [f"1 {n}" for n in ten])) == ten


@pytest.mark.parametrize("count, key", [("0", "deck.line.count_out_of_range"),
                                        ("10000000000", "deck.line.count_out_of_range"),
                                        ("2", "deck.schemes.duplicate")])
def test_counts_other_than_one_are_refused(tmp_path: Path, count: str, key: str) -> None:
    ten = _ten()
    lines = [f"1 {n}" for n in ten[1:]] + [f"{count} {ten[0]}"]
    with pytest.raises(DeckFormatError) as info:
        read_scheme_deck(_write(tmp_path, lines))
    assert info.value.key == key


def test_special_and_huge_files_are_refused(tmp_path: Path) -> None:
    refused = partial(refusal_key, DeckFormatError, read_scheme_deck)
    assert refused(fifo(tmp_path / "fifo.txt")) == "deck.file.not_a_file"
    huge = tmp_path / "huge.txt"
    huge.write_bytes(b"# " + b"x" * 6_000_000 + b"\n")
    assert refused(huge) == "deck.file.too_large"


def test_a_built_in_deck_gives_its_product_s_scheme_deck_and_no_other_file_there_an_empty_one(tmp_path: Path) -> None:
    """load_scheme_deck: a built-in Commander deck's path gives its product's ten schemes; a
    file in that folder that is no Commander product is refused (too few), never an empty deck."""
    for deck in commander_decks():
        assert len(load_scheme_deck(deck)) >= 10
    with pytest.raises(DeckFormatError) as info:
        load_scheme_deck(COMMANDER_DIR / "not_a_product.cod")
    assert info.value.key == "deck.schemes.too_few"
