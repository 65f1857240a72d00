from __future__ import annotations

import pytest

from engine.decks import Deck, UnknownCard, deck_from_text


def test_add_merges_same_card_and_counts_per_zone() -> None:
    deck = Deck()
    deck.add("Murder", 2)
    deck.add("Murder", 2)
    deck.add("Pyroclasm", 3, "side")
    assert [(e.name, e.count) for e in deck.main] == [("Murder", 4)]
    assert deck.total("main") == 4 and deck.total("side") == 3
    assert deck.count("Murder") == 4 and deck.count("Pyroclasm") == 3
    assert deck.card_names() == ["Murder"] * 4


def test_printings_stay_separate_but_count_together() -> None:
    deck = Deck()
    deck.add("Mountain", 10, set_code="DSK", number="275")
    deck.add("Mountain", 2, set_code="DSK", number="283")
    assert len(deck.main) == 2
    assert deck.counts() == {"Mountain": 12}


def test_remove_set_count_and_move() -> None:
    deck = Deck()
    deck.add("Murder", 4)
    assert deck.remove("Murder", 1) == 1
    deck.set_count("Murder", 1)
    assert deck.count("Murder", "main") == 1
    deck.set_count("Bear Trap", 2)
    assert deck.move("Bear Trap", 5, "main", "side") == 2
    assert deck.counts("main") == {"Murder": 1} and deck.counts("side") == {"Bear Trap": 2}
    deck.set_count("Murder", 0)
    assert deck.main == []


def test_counts_must_be_positive_and_zones_known() -> None:
    with pytest.raises(ValueError):
        Deck().add("Murder", 0)
    with pytest.raises(ValueError):
        Deck().zone("graveyard")


def test_resolve_unknown_replaces_it_in_place() -> None:
    deck, unknown = deck_from_text("4 Murder\n3 Scorching Dragonfyre\n2 Piggy Bank\n")
    assert [u.name for u in unknown] == ["Scorching Dragonfyre"]
    assert unknown[0].suggestions[0] == "Scorching Dragonfire"
    deck.resolve_unknown(unknown[0], unknown[0].suggestions[0])
    assert [(e.name, e.count, e.recognized) for e in deck.main] == [
        ("Murder", 4, True), ("Scorching Dragonfire", 3, True), ("Piggy Bank", 2, True)]
    with pytest.raises(KeyError):
        deck.resolve_unknown(unknown[0], "Murder")


def test_resolve_unknown_merges_into_existing_entry() -> None:
    deck, unknown = deck_from_text("2 Murder\n2 Murdr\n")
    deck.resolve_unknown(unknown[0], "Murder")
    assert [(e.name, e.count) for e in deck.main] == [("Murder", 4)]


def test_unknown_kept_as_written_by_default() -> None:
    deck, unknown = deck_from_text("4 Lightning Bolt\n")
    assert unknown == [UnknownCard(1, "Lightning Bolt", 4, "main", ["Lightning Greaves"])]
    assert [(z, e.name, e.count) for z, e in deck.unrecognized()] == [("main", "Lightning Bolt", 4)]


def test_json_round_trip_and_copy_are_independent() -> None:
    deck = Deck("Test", "Line one\nLine two", "limited")
    deck.add("Murder", 4, set_code="DSK", number="110")
    deck.add("Oddity", 1, recognized=False)
    deck.add("Pyroclasm", 2, "side")
    deck.extra_zones["tokens"] = []
    assert Deck.from_json(deck.to_json()) == deck
    clone = deck.copy()
    clone.main[0].count = 1
    assert deck.main[0].count == 4


def test_from_json_rejects_garbage() -> None:
    with pytest.raises(ValueError):
        Deck.from_json({"version": 2})
    bad = Deck().to_json()
    bad["zones"]["main"] = [{"name": "Murder", "count": 0}]
    with pytest.raises(ValueError):
        Deck.from_json(bad)
