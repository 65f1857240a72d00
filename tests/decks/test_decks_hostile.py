"""Hostile deck input: every pattern that reads user text grows linearly, lines and zones
are capped, special files are never read, control characters are refused.

Growth is checked by comparing the processor time of this thread for n and 20n characters
(best of three, so one busy moment on a shared machine does not count; time spent waiting
for the processor is not counted at all): linear code takes about 20x, quadratic 400x, so
the bound of 80x separates them without any absolute timing, with room for noise.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.cards.colors import colors_in
from engine.cards.importers.common import braced_cost, fold, mana_value
from engine.cards.search import compile_query
from engine.decks.files import decode_deck_bytes, deck_from_text, read_deck
from engine.decks.formats import text as text_format
from engine.decks.formats.base import MAX_ZONE_CARDS
from engine.decks.messages import DeckFormatError
from engine.decks.model import Deck
from engine.decks.names import default_resolver, normalize_name
from engine.decks.validate import errors, validate
from tests.special_files import fifo, link_to_dev_zero, refusal_key, sparse

RESOLVER = default_resolver()


def _classify(line: str) -> object:
    try:
        return text_format._classify(1, line, RESOLVER)
    except DeckFormatError as exc:
        return exc


# (what, function, input of size n) — each a shape that made a backtracking pattern slow.
PATHOLOGICAL: list[tuple[str, Callable[[str], object], Callable[[int], str]]] = [
    ("count then spaces", _classify, lambda n: "4" + " " * n),
    ("count, spaces, no name", _classify, lambda n: "4" + " \t" * n + "x"),
    ("digits", _classify, lambda n: "1" * n + "a"),
    ("digits and spaces", _classify, lambda n: "1 " * n + ":"),
    ("header tail digits", _classify, lambda n: "Sideboard" + "1" * n + "x"),
    ("header tail spaces", _classify, lambda n: "Lands" + " " * n + "(1"),
    ("foil marks", _classify, lambda n: "1 a" + " *a" * n),
    ("arena sets", _classify, lambda n: "1 a" + " (AB)" * n),
    ("dec sets", _classify, lambda n: "1 [" + "A" * n),
    ("comment spaces", _classify, lambda n: "// name" + " " * n + "x"),
    ("sb prefix", _classify, lambda n: "SB:" + " " * n),
    ("normalize spaces", normalize_name, lambda n: "a" + " " * n + "b"),
    ("normalize slashes", normalize_name, lambda n: "a" + " /" * n + " x"),
    ("fold", fold, lambda n: "Ä " * n),
    ("mana braces", mana_value, lambda n: "{" * n),
    ("colour braces", colors_in, lambda n: "{" * n + "W"),
    ("braced cost", braced_cost, lambda n: "1" * n + "W"),
    ("search keywords", compile_query, lambda n: "a" * n + " t"),
    ("search quotes", compile_query, lambda n: '"' + " " * n),
    ("paste xml root", lambda s: _swallow(deck_from_text, s), lambda n: "<" + " " * n),
    ("decode utf-16 guess", decode_deck_bytes, lambda n: ("\x00a" * n).encode("latin-1")),
]


def _swallow(fn: Callable[[str], object], arg: str) -> object:
    try:
        return fn(arg)
    except DeckFormatError as exc:
        return exc


def _best_of_three(fn: Callable[[str], object], arg: str) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.thread_time()
        fn(arg)
        best = min(best, time.thread_time() - start)
    return best


@pytest.mark.parametrize("what, fn, make", PATHOLOGICAL, ids=[p[0] for p in PATHOLOGICAL])
def test_patterns_grow_linearly(what: str, fn: Callable[[str], object],
                                make: Callable[[int], str]) -> None:
    small, big = make(2000), make(40000)
    fn(small)                                    # warm caches
    for attempt in range(3):
        ratio = _best_of_three(fn, big) / max(_best_of_three(fn, small), 1e-5)
        if ratio < 80:
            return
    pytest.fail(f"{what}: 20x the input took {ratio:.0f}x the time")


def test_the_719_byte_file_of_the_report_reads_at_once() -> None:
    # A run of spaces and digits inside one line took 53 s before.
    text = "4" + " " * 350 + "1" * 350 + "\n"
    with pytest.raises(DeckFormatError):
        deck_from_text(text + "x" * 10)          # whatever the verdict, it comes back
    deck_from_text("4 " + " " * 700 + "Murder\n")


def test_long_lines_and_many_lines_are_refused() -> None:
    with pytest.raises(DeckFormatError) as info:
        deck_from_text("4 Murder\n" + "1 " + "a" * 5000 + "\n")
    assert info.value.key == "deck.line.too_long" and "Line 2" in info.value.text
    with pytest.raises(DeckFormatError) as info:
        deck_from_text("1 Murder\n" * (text_format.MAX_LINES + 1))
    assert info.value.key == "deck.file.too_many_lines"


def test_a_million_card_deck_is_refused() -> None:
    text = "".join(f"9999 Card {i}\n" for i in range(100))
    with pytest.raises(DeckFormatError) as info:
        deck_from_text(text)
    assert info.value.key == "deck.zone.too_many_cards"
    cod = ('<cockatrice_deck version="1"><zone name="main">'
           + '<card number="9999" name="Murder"/>' * 2 + "</zone></cockatrice_deck>")
    with pytest.raises(DeckFormatError):
        deck_from_text(cod)


def test_validate_never_calls_a_huge_deck_legal() -> None:
    deck = Deck()
    deck.main.append(__import__("engine.decks.model", fromlist=["DeckEntry"]).DeckEntry(
        "Mountain", 10**9))
    assert any(p.key == "deck.zone_too_big" for p in errors(validate(deck, "casual")))


def test_many_unknown_names_read_quickly_with_few_suggestions() -> None:
    text = "".join(f"1 Zzqx Unknown {i}\n" for i in range(5000))
    loaded = deck_from_text(text)
    assert len(loaded.unknown) == 5000
    assert sum(1 for u in loaded.unknown if u.suggestions) <= 50
    assert len(loaded.deck.main) == 5000
    assert sum(e.count for e in loaded.deck.main) <= MAX_ZONE_CARDS


def test_control_characters_in_names_are_refused() -> None:
    with pytest.raises(DeckFormatError) as info:
        deck_from_text("4 Mur\x1b[31mder\n")
    assert info.value.key == "deck.line.control_characters"
    with pytest.raises(DeckFormatError):
        deck_from_text('<cockatrice_deck><zone name="main">'
                       '<card number="1" name="a&#x1b;b"/></zone></cockatrice_deck>')


def test_utf16_cod_without_bom_reads(tmp_path: Path) -> None:
    cod = ('<?xml version="1.0"?>\n<cockatrice_deck version="1"><zone name="main">'
           '<card number="4" name="Murder"/></zone></cockatrice_deck>\n')
    for encoding in ("utf-16-le", "utf-16-be"):
        path = tmp_path / f"deck-{encoding}.cod"
        path.write_bytes(cod.encode(encoding))
        loaded = read_deck(path)
        assert loaded.deck.main[0].name == "Murder" and loaded.deck.main[0].count == 4


def test_a_fifo_is_not_read(tmp_path: Path) -> None:
    path = fifo(tmp_path / "deck.txt")
    result: list[object] = []
    worker = threading.Thread(target=lambda: result.append(_swallow(read_deck, str(path))),
                              daemon=True)
    worker.start()
    worker.join(10)
    assert not worker.is_alive(), "reading a FIFO blocked"
    assert isinstance(result[0], DeckFormatError) and result[0].key == "deck.file.not_a_file"


def test_a_symlink_to_dev_zero_is_not_read(tmp_path: Path) -> None:
    link = link_to_dev_zero(tmp_path / "deck.cod")
    assert refusal_key(DeckFormatError, read_deck, link) == "deck.file.not_a_file"


def test_a_huge_sparse_file_reads_only_the_limit(tmp_path: Path) -> None:
    big = sparse(tmp_path / "deck.txt", 50 * 1024 ** 3)        # 50 GB, no disk used
    assert refusal_key(DeckFormatError, read_deck, big) == "deck.file.too_large"
