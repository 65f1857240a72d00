from __future__ import annotations

import pytest

from engine.decks import Deck, errors, guess_format, is_legal, validate


def deck_of(main: dict[str, int], side: dict[str, int] | None = None,
            fmt: str | None = None) -> Deck:
    deck = Deck(format=fmt)
    for name, n in main.items():
        deck.add(name, n)
    for name, n in (side or {}).items():
        deck.add(name, n, "side")
    return deck


def keys(deck: Deck, fmt: str | None = None) -> list[str]:
    return [p.key for p in validate(deck, fmt)]


def test_constructed_minimum_sixty() -> None:
    deck = deck_of({"Mountain": 48, "Murder": 4}, fmt="constructed")
    [problem] = validate(deck)
    assert problem.key == "deck.too_few"
    assert problem.params == {"count": 52, "minimum": 60, "format": "constructed"}
    assert problem.text == "The main deck has 52 cards; Constructed needs at least 60."
    assert is_legal(deck_of({"Mountain": 56, "Murder": 4}), "constructed")


def test_four_copies_counted_across_main_and_side_basic_lands_exempt() -> None:
    deck = deck_of({"Mountain": 53, "Murder": 4, "Piggy Bank": 3}, {"Murder": 1})
    [problem] = validate(deck, "constructed")
    assert problem.key == "deck.too_many_copies"
    assert problem.params["card"] == "Murder" and problem.params["count"] == 5
    assert "5 copies of Murder" in problem.text
    assert is_legal(deck_of({"Mountain": 30, "Snow-Covered Island": 30}), "constructed")


def test_sideboard_at_most_fifteen() -> None:
    deck = deck_of({"Mountain": 60}, {"Plains": 16})
    assert keys(deck, "constructed") == ["deck.sideboard_too_big"]
    assert validate(deck, "constructed")[0].text == (
        "The sideboard has 16 cards; Constructed allows at most 15.")
    assert keys(deck, "limited") == []


def test_limited_minimum_forty_any_copies() -> None:
    assert keys(deck_of({"Forest": 30, "Murder": 9}), "limited") == ["deck.too_few"]
    assert keys(deck_of({"Forest": 31, "Murder": 9}), "limited") == []


def test_casual_has_no_limits() -> None:
    assert validate(deck_of({"Murder": 7}), "casual") == []
    assert validate(Deck(format="casual")) == []


def test_singular_card_text() -> None:
    assert validate(deck_of({"Murder": 1}), "limited")[0].text.startswith(
        "The main deck has 1 card;")


def test_format_from_deck_else_guessed_by_size() -> None:
    assert guess_format(deck_of({"Forest": 60})) == "constructed"
    assert guess_format(deck_of({"Forest": 41})) == "limited"
    assert guess_format(deck_of({"Forest": 30})) == "limited"
    sixty_limited = deck_of({"Forest": 50, "Murder": 10}, fmt="limited")
    assert validate(sixty_limited) == []
    assert keys(sixty_limited, "constructed") == ["deck.too_many_copies"]


def test_unrecognised_cards_are_warnings_not_errors() -> None:
    deck = deck_of({"Forest": 40})
    deck.add("Lightning Bolt", 4, recognized=False)
    problems = validate(deck, "limited")
    assert [(p.key, p.severity) for p in problems] == [("deck.unrecognized", "warning")]
    assert errors(problems) == []


def test_unknown_format_is_rejected() -> None:
    with pytest.raises(ValueError):
        validate(Deck(), "vintage-cube")
