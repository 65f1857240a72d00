"""What every deck reader shares: name resolution with unknown-card bookkeeping, counts."""
from __future__ import annotations

from typing import NamedTuple

from engine.decks.messages import DeckFormatError
from engine.decks.model import Deck, UnknownCard
from engine.decks.names import NameResolver, default_resolver

#: No real deck has more copies of one card; a bigger number is a typo (or a CatID).
MAX_COUNT = 9999


class LoadedDeck(NamedTuple):
    """What a reader returns: the deck (unknown names kept as written) and those unknowns."""

    deck: Deck
    unknown: list[UnknownCard]


class DeckBuilder:
    """Collects card lines into a Deck, resolving names and recording the unknown ones."""

    def __init__(self, resolver: NameResolver | None = None) -> None:
        self.resolver = resolver if resolver is not None else default_resolver()
        self.deck = Deck()
        self.unknown: list[UnknownCard] = []

    def add(self, line: int, name: str, count: int, zone: str, set_code: str | None = None,
            number: str | None = None) -> None:
        name = " ".join(name.split())
        if not name:
            raise DeckFormatError("deck.line.no_name", {"line": line},
                                  f"Line {line}: the card entry has no card name.")
        english = self.resolver.resolve(name)
        if english is None:
            self.deck.add(name, count, zone, set_code=set_code, number=number, recognized=False)
            self.unknown.append(UnknownCard(line, name, count, zone,
                                            self.resolver.close_matches(name)))
        else:
            self.deck.add(english, count, zone, set_code=set_code, number=number)

    def result(self) -> LoadedDeck:
        return LoadedDeck(self.deck, self.unknown)


def parse_count(raw: str | None, line: int, name: str = "") -> int:
    """A card count from a file; a clear located error when it is not a whole number >= 1."""
    text = (raw or "").strip()
    card = f" of {name}" if name else ""
    if not text:
        raise DeckFormatError("deck.line.no_count", {"line": line, "card": name},
                              f"Line {line}: the entry{card} has no card count.")
    if not text.isdigit() or not text.isascii():
        raise DeckFormatError("deck.line.bad_count", {"line": line, "count": text, "card": name},
                              f"Line {line}: “{text}” is not a valid card count; "
                              f"use a whole number such as 4.")
    count = int(text)
    if count < 1 or count > MAX_COUNT:
        raise DeckFormatError("deck.line.count_out_of_range",
                              {"line": line, "count": count, "maximum": MAX_COUNT},
                              f"Line {line}: the card count {count} is out of range; "
                              f"it must be between 1 and {MAX_COUNT}.")
    return count
