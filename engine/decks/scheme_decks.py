"""Scheme decks for the Archenemy formats (CR 904.3; the release notes: "mindestens zehn
Komplott-Karten ... höchstens ein Exemplar einer bestimmten Komplott-Karte").

The four built-in Commander decks (assets/decks/commander) each get a scheme deck of ten
Duskmourn schemes that the rules engine implements. Which schemes each real product holds is
not in our sources, so these lists stand in for them, as the decks stand in for the products.
A scheme deck file is plain text, one scheme a line ("1 Running Is Useless" or the name alone;
English, German or Italian names), `//` or `#` starting a comment.
"""
from __future__ import annotations

import re
from pathlib import Path

from engine.decks.messages import DeckFormatError

#: CR 904.3 and the notes: at least ten schemes
MIN_SCHEMES = 10

#: deck file stem -> its scheme deck (English names)
BUILT_IN: dict[str, list[str]] = {
    "death_toll": ["Choose Your Demise", "I Am Duskmourn", "I Am Never Alone", "Kneel Before My Legions",
                   "My Tendrils Run Deep", "No Secret Is Hidden from Me", "Power Without Equal",
                   "Running Is Useless", "You Will Know True Suffering", "Your Mistake Is My Triumph"],
    "endless_punishment": ["Dark Wings Bring Your Downfall", "I Am Duskmourn", "Kneel Before My Legions",
                           "My Laughter Echoes", "My Will Is Irresistible", "Only I Know What Awaits",
                           "A Premonition of Your Demise", "Running Is Useless", "You Are Unworthy of Mercy",
                           "You Cannot Hide from Me"],
    "jump_scare": ["Choose Your Demise", "Mine Is the Only Truth", "My Tendrils Run Deep",
                   "My Wings Enfold All", "No Secret Is Hidden from Me", "Plots That Span Centuries",
                   "Reality Is Mine to Control", "When Will You Learn?", "Your Mistake Is My Triumph",
                   "Your Own Face Mocks You"],
    "miracle_worker": ["I Am Never Alone", "Mine Is the Only Truth", "My Laughter Echoes",
                       "My Will Is Irresistible", "My Wings Enfold All", "Plots That Span Centuries",
                       "Power Without Equal", "A Premonition of Your Demise", "When Will You Learn?",
                       "You Cannot Hide from Me"],
}


def built_in(deck_path: str | Path) -> list[str]:
    """The built-in scheme deck that goes with a built-in Commander deck (empty for others)."""
    return list(BUILT_IN.get(Path(deck_path).stem, []))


def check(names: list[str]) -> list[str]:
    """The names as they are, or DeckFormatError: every one a scheme card, each at most once,
    at least ten (CR 904.3, the notes)."""
    from engine.cards.data import scheme_cards

    known = scheme_cards()
    for name in names:
        if name not in known:
            raise DeckFormatError("deck.schemes.unknown", {"card": name})
    for name in names:
        if names.count(name) > 1:
            raise DeckFormatError("deck.schemes.duplicate", {"card": name})
    if len(names) < MIN_SCHEMES:
        raise DeckFormatError("deck.schemes.too_few", {"count": len(names), "minimum": MIN_SCHEMES})
    return list(names)


def _english_name(text: str) -> str:
    """A scheme's English name from its English, German or Italian name (any case)."""
    from engine.cards.data import scheme_cards

    want = text.strip().casefold()
    for name, data in scheme_cards().items():
        forms = {name, getattr(data, "name_de", None) or "", getattr(data, "name_it", None) or ""}
        if want in {f.casefold() for f in forms if f}:
            return name
    return text.strip()


def read_scheme_deck(path: str | Path) -> list[str]:
    """A scheme deck file (see the module's docstring), checked."""
    names: list[str] = []
    for raw in Path(path).read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith(("//", "#")):
            continue
        m = re.fullmatch(r"(\d+)x?\s+(.+)", line)
        count, name = (int(m.group(1)), m.group(2)) if m else (1, line)
        names.extend([_english_name(name)] * count)
    return check(names)
