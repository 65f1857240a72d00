"""Statistics without Qt: draw odds, curve, colours, sample hand; the browser's filters."""
from __future__ import annotations

import random
from math import comb

import pytest

from app.decks.library import card_group
from app.decks.search_model import Filters, combined_query
from app.decks.stats import (SampleHand, cards_seen, chance_at_least_one, chance_by_turn,
                             deck_stats, pips)


def test_cards_seen_on_the_play_and_on_the_draw() -> None:
    # the starting player skips the first draw (CR 103.8a)
    assert cards_seen(1, on_the_play=True) == 7
    assert cards_seen(1, on_the_play=False) == 8
    assert cards_seen(3, on_the_play=True) == 9
    assert cards_seen(3, on_the_play=False) == 10


def test_hypergeometric_matches_hand_computed_values() -> None:
    # 4 copies in 60 cards, 7 seen: 1 - (53*52*51*50)/(60*59*58*57) = 1 - 7027800/11703240
    assert chance_by_turn(60, 4, 1, True) == pytest.approx(1 - 7027800 / 11703240)
    assert chance_by_turn(60, 4, 1, True) == pytest.approx(0.39950, abs=1e-5)
    # on the draw turn 1 = 8 cards: 1 - (52*51*50*49)/(60*59*58*57)
    assert chance_by_turn(60, 4, 1, False) == pytest.approx(1 - 6497400 / 11703240)
    # turn 3 on the play: 9 cards seen: 1 - (51*50*49*48)/(60*59*58*57) = 48.75 %
    assert chance_by_turn(60, 4, 3, True) == pytest.approx(1 - 5997600 / 11703240)
    assert chance_by_turn(60, 4, 3, True) == pytest.approx(1 - comb(56, 9) / comb(60, 9))
    # one copy in a 40-card deck by turn 4 on the draw: 11 of 40 cards seen
    assert chance_by_turn(40, 1, 4, False) == pytest.approx(11 / 40)


def test_odds_edge_cases() -> None:
    assert chance_at_least_one(60, 0, 7) == 0.0
    assert chance_at_least_one(0, 4, 7) == 0.0
    assert chance_at_least_one(10, 4, 10) == 1.0       # the whole deck seen
    assert chance_at_least_one(7, 1, 30) == 1.0         # more cards than the deck has
    with pytest.raises(ValueError):
        cards_seen(0, True)


def test_pips_split_hybrid_symbols() -> None:
    assert pips("{1}{W}{W}") == {"W": 2}
    assert pips("{2/U}{B/G}") == {"U": 1, "B": 0.5, "G": 0.5}
    assert pips(None) == {}


def test_deck_stats_curve_colours_and_types(library: object) -> None:
    counts = {"Murder": 4, "Swamp": 10, "Cult Healer": 3, "Not A Card": 2}
    stats = deck_stats(counts, library.record, card_group)  # type: ignore[attr-defined]
    assert stats.total == 19
    assert stats.lands == 10
    assert stats.curve[3] == 7          # Murder {1}{B}{B}, Cult Healer {2}{W}
    assert stats.pips == {"W": 3.0, "B": 8.0}
    assert stats.color_cards == {"W": 3, "B": 4}
    assert stats.groups == {"instant": 4, "land": 10, "creature": 3, "unknown": 2}
    assert stats.average_mv == pytest.approx(3.0)


def test_sample_hand_london_mulligan() -> None:
    cards = [f"card {i}" for i in range(40)]
    hand = SampleHand(cards, random.Random(1))
    assert len(hand.hand) == 7 and len(hand.library) == 33
    hand.mulligan()
    hand.mulligan()
    assert hand.mulligans == 2 and hand.to_bottom == 2 and len(hand.hand) == 7
    bottomed = hand.hand[0]
    hand.put_on_bottom(0)
    hand.put_on_bottom(0)
    hand.put_on_bottom(0)             # nothing more is owed: ignored
    assert len(hand.hand) == 5 and hand.library[-2] == bottomed
    drawn = hand.draw()
    assert drawn is not None and hand.hand[-1] == drawn and len(hand.library) == 34
    assert sorted(hand.hand + hand.library) == sorted(cards)
    hand.new_hand()
    assert hand.mulligans == 0 and len(hand.hand) == 7


def test_filters_write_search_terms() -> None:
    assert Filters().query() == ""
    assert Filters(colors="wu", color_mode="any").query() == "(c:w OR c:u)"
    assert Filters(colors="wu", color_mode="atmost").query() == "c<=wu"
    assert Filters(colors="r", color_mode="exact").query() == "c=r"
    assert Filters(colors="c").query() == "c:c"
    assert Filters(type="creature", mv_op="<=", mv=2, rarity="rare", set_code="DSK",
                   implemented=True).query() == "t:creature mv<=2 r:rare s:dsk is:implemented"


def test_box_text_is_grouped_and_checked_on_its_own() -> None:
    query, error = combined_query("t:angel OR t:demon", Filters(colors="b"))
    assert error is None and query == "(t:angel OR t:demon) c:b"
    assert combined_query("  ", Filters(type="land")) == ("t:land", None)
    # our parenthesis must not close the user's: the error points into the box text
    query, error = combined_query("t:elf (c:g", Filters(type="creature"))
    assert error is not None and error.key == "search.unclosed_paren" and error.position == 6
