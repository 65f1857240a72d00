"""What every deck reader shares: name resolution with unknown-card bookkeeping, counts."""
from __future__ import annotations

from typing import NamedTuple

from engine.decks.messages import DeckFormatError
from engine.decks.model import MAX_ZONE_CARDS, Deck, DeckEntry, UnknownCard
from engine.decks.names import NameResolver, default_resolver

#: No real deck has more copies of one card; a bigger number is a typo (or a CatID).
MAX_COUNT = 9999
#: "Did you mean" costs a fuzzy search per name: only the first this many unknown names get
#: suggestions (a file of 40,000 made-up names must not take minutes).
MAX_SUGGESTED = 50


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
        # (zone, name, set, number, recognized) -> entry: merging is a dict lookup, not a
        # scan of the zone per line (which made 40,000 distinct names quadratic).
        self._index: dict[tuple[str, str, str | None, str | None, bool], DeckEntry] = {}
        self._totals: dict[str, int] = {}
        self._resolved: dict[str, str | None] = {}

    def add(self, line: int, name: str, count: int, zone: str, set_code: str | None = None,
            number: str | None = None) -> None:
        name = clean_name(name, line)
        self.count_extra(line, zone, count)
        if name in self._resolved:
            english = self._resolved[name]
        else:
            english = self._resolved[name] = self.resolver.resolve(name)
        recognized = english is not None
        shown = english if english is not None else name
        key = (zone, shown, set_code, number, recognized)
        entry = self._index.get(key)
        if entry is not None:
            entry.count += count
        else:
            entry = DeckEntry(shown, count, set_code, number, recognized)
            self.deck.zone(zone).append(entry)
            self._index[key] = entry
        if not recognized:
            looked_up = len(self.unknown) < MAX_SUGGESTED
            suggestions = self.resolver.close_matches(name) if looked_up else []
            self.unknown.append(UnknownCard(line, name, count, zone, suggestions, looked_up))

    def count_extra(self, line: int, zone: str, count: int) -> None:
        """Count `count` more cards in `zone`; refuse a zone over MAX_ZONE_CARDS."""
        total = self._totals.get(zone, 0) + count
        if total > MAX_ZONE_CARDS:
            raise DeckFormatError("deck.zone.too_many_cards",
                                  {"line": line, "zone": zone, "maximum": MAX_ZONE_CARDS})
        self._totals[zone] = total

    def result(self) -> LoadedDeck:
        return LoadedDeck(self.deck, self.unknown)


def clean_name(name: str, line: int) -> str:
    """A card name with whitespace runs folded; control characters (which would reach the
    terminal and make files Manatable cannot reopen) are refused."""
    name = " ".join(name.split())
    if not name:
        raise DeckFormatError("deck.line.no_name", {"line": line})
    if any(ord(ch) < 32 or 127 <= ord(ch) < 160 for ch in name):
        raise DeckFormatError("deck.line.control_characters", {"line": line})
    return name


def parse_count(raw: str | None, line: int, name: str = "") -> int:
    """A card count from a file; a clear located error when it is not a whole number >= 1."""
    text = (raw or "").strip()
    if not text:
        raise DeckFormatError("deck.line.no_count", {"line": line, "card": name})
    if not text.isdigit() or not text.isascii():
        raise DeckFormatError("deck.line.bad_count", {"line": line, "count": text, "card": name})
    count = int(text)
    if count < 1 or count > MAX_COUNT:
        raise DeckFormatError("deck.line.count_out_of_range",
                              {"line": line, "count": count, "maximum": MAX_COUNT})
    return count
