"""Deck validation per format (CR 100.2a, 100.4a for Constructed; 100.2b for Limited).

* constructed: main deck at least 60 cards; at most 4 copies of a card (by English name)
  in main deck and sideboard combined, basic lands excepted; sideboard at most 15 cards;
* limited: main deck at least 40 cards (any number of copies, any sideboard);
* casual: no limits;
* commander: CR 903.3-903.5 (engine/decks/commander.py).

Every finding is a `Problem` (message key + params + English sentence). Unrecognised cards
are warnings: the deck may be fine, we just cannot check those cards.
"""
from __future__ import annotations

from collections.abc import Callable

from engine.cards.data import bundled_cards
from engine.decks.commander import validate_commander
from engine.decks.messages import Problem
from engine.decks.model import FORMATS, MAX_ZONE_CARDS, ZONES, Deck

FORMAT_NAMES: dict[str, str] = {"constructed": "Constructed", "limited": "Limited",
                                "casual": "Casual", "commander": "Commander"}
MIN_MAIN: dict[str, int] = {"constructed": 60, "limited": 40}
MAX_COPIES = 4
MAX_SIDEBOARD = 15

# Basic lands beyond the bundled sets (imported decks have them; they are basic too).
BASIC_LAND_NAMES = frozenset({
    "Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes",
    "Snow-Covered Plains", "Snow-Covered Island", "Snow-Covered Swamp",
    "Snow-Covered Mountain", "Snow-Covered Forest", "Snow-Covered Wastes",
})


def is_basic_land(name: str) -> bool:
    """True for basic lands: the known names, or a bundled card with the Basic supertype."""
    if name in BASIC_LAND_NAMES:
        return True
    card = bundled_cards().get(name)
    return card is not None and "Basic" in card.types


def guess_format(deck: Deck) -> str:
    """The format a deck without a stated one is checked against: a deck naming a commander is
    a Commander deck; 60+ cards is Constructed, anything smaller Limited (so a short deck is
    still told it is short)."""
    if deck.commander:
        return "commander"
    return "constructed" if deck.total("main") >= MIN_MAIN["constructed"] else "limited"


def effective_format(deck: Deck, fmt: str | None = None) -> str:
    """`fmt`, else the deck's own format, else the guess; ValueError for an unknown name."""
    chosen = fmt or deck.format or guess_format(deck)
    if chosen not in FORMATS:
        raise ValueError(f"unknown deck format {chosen!r}; use one of {', '.join(FORMATS)}")
    return chosen


def validate(deck: Deck, fmt: str | None = None, *,
             is_basic: Callable[[str], bool] | None = None) -> list[Problem]:
    """Everything wrong with the deck for `fmt` (default: its own format or the guess).

    An empty list means the deck is legal. `is_basic` says which names are basic lands
    (default `is_basic_land`; the card database can supply a better one).
    """
    fmt = effective_format(deck, fmt)
    basic = is_basic or is_basic_land
    problems: list[Problem] = []

    for zone in ZONES:
        size = deck.total(zone)
        if size > MAX_ZONE_CARDS:
            # Decks are capped when read; one built in code can still be absurd.
            problems.append(Problem(
                "deck.zone_too_big", {"zone": zone, "count": size, "maximum": MAX_ZONE_CARDS}))

    minimum = MIN_MAIN.get(fmt)
    count = deck.total("main")
    if minimum is not None and count < minimum:
        problems.append(Problem(
            "deck.too_few", {"count": count, "minimum": minimum, "format": fmt}))

    if fmt == "constructed":
        copies: dict[str, int] = {}
        for zone in ("main", "side"):
            for name, n in deck.counts(zone).items():
                copies[name] = copies.get(name, 0) + n
        for name, n in copies.items():
            if n > MAX_COPIES and not basic(name):
                problems.append(Problem(
                    "deck.too_many_copies",
                    {"card": name, "count": n, "maximum": MAX_COPIES, "format": fmt}))
        side = deck.total("side")
        if side > MAX_SIDEBOARD:
            problems.append(Problem(
                "deck.sideboard_too_big", {"count": side, "maximum": MAX_SIDEBOARD, "format": fmt}))

    if fmt == "commander":  # CR 903.3-903.5
        problems += validate_commander(deck, basic)

    if deck.unknown_format and not deck.format:
        # kept as written (Deck.unknown_format): said, so a deck checked by its size is no
        # surprise, and the user knows choosing a format replaces it
        problems.append(Problem("deck.format.unknown", {"written": deck.unknown_format},
                                severity="warning"))
    for zone, entry in deck.unrecognized():
        problems.append(Problem(
            "deck.unrecognized", {"card": entry.name, "count": entry.count, "zone": zone}, severity="warning"))
    return problems


def errors(problems: list[Problem]) -> list[Problem]:
    """Only the problems that make a deck illegal (not the warnings)."""
    return [p for p in problems if p.severity == "error"]


def is_legal(deck: Deck, fmt: str | None = None) -> bool:
    """True when `validate` finds no errors."""
    return not errors(validate(deck, fmt))
