"""What the hot seat tests share (test_hot_seat.py, test_hot_seat_stops.py): a deck list for
each of `n` seats, from the sample decks in turn. Their short hand-over delay is the fixture
`quick_cover` of tests/app/conftest.py, asked for by each module's `pytestmark`."""
from __future__ import annotations

from engine.decks import read_deck
from engine.decks.samples import sample_decks


def sample_deck_lists(n: int) -> list[list[str]]:
    """The card names of `n` decks: the sample decks in turn, again from the first when there
    are fewer samples than seats."""
    paths = sample_decks()
    return [read_deck(paths[i % len(paths)]).deck.card_names() for i in range(n)]
