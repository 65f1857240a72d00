"""Card-name resolution for deck import: any language / spelling -> the English card name.

Deck readers depend only on the small `NameResolver` protocol, so the SQLite card database
(engine.cards.db) can be plugged in later; until then `default_resolver()` knows the bundled
cards (English, German and Italian names, plus the faces of split cards and Rooms).
"""
from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Protocol, runtime_checkable

from engine.cards.data import bundled_cards, card_index


@runtime_checkable
class NameResolver(Protocol):
    """What deck readers need from a card database."""

    def resolve(self, name: str) -> str | None:
        """The English name of the card called `name` in any known language, or None."""
        ...

    def close_matches(self, name: str, n: int = 5) -> list[str]:
        """Up to `n` English names that look like `name`, best first (for "did you mean")."""
        ...


# The bundled data has no translations for basic lands, yet every German or Italian deck
# list has them.
BASIC_LAND_TRANSLATIONS: dict[str, tuple[str, ...]] = {
    "Plains": ("Ebene", "Pianura"),
    "Island": ("Insel", "Isola"),
    "Swamp": ("Sumpf", "Palude"),
    "Mountain": ("Gebirge", "Montagna"),
    "Forest": ("Wald", "Foresta"),
}

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'",
                              "\u00b4": "'", "\u2032": "'", "\u2010": "-", "\u2011": "-",
                              "\u2013": "-", "\u00c6": "Ae", "\u00e6": "ae"})
_SLASHES = re.compile(r"\s*/+\s*")
_SPACES = re.compile(r"\s+")


def normalize_name(name: str) -> str:
    """The lookup key of a name: case, accents, apostrophe and split-card slash style folded.

    "Winter’s Intervention" == "winter's intervention"; "Fire/Ice" == "Fire /// Ice" ==
    "fire // ice"; MTGO's ASCII "Lim-Dul" == "Lim-Dûl"; "Löwenherz" == "Lowenherz".
    """
    text = unicodedata.normalize("NFKD", name.translate(_APOSTROPHES))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    # Fold whitespace runs first: "\s*/+\s*" on a long run of spaces is quadratic.
    text = _SLASHES.sub(" // ", " ".join(text.split()))
    return _SPACES.sub(" ", text).strip().casefold()


def name_keys(cards: Iterable[tuple[str, Iterable[str]]],
              face_names: Iterable[tuple[str, str]] = ()) -> dict[str, str]:
    """Each lookup key (normalize_name) of (English name, other names) pairs -> the English
    name; the first card to claim a key keeps it. `face_names`: (English name, one face's name)
    pairs, keyed as the faces of a "A // B" name are (a Room whose other door has no printed
    name in a language still finds its card by the door that has one)."""
    exact: dict[str, str] = {}
    faces: dict[str, str] = {}
    for english, others in cards:
        for alias in (english, *others):
            if not alias:
                continue
            exact.setdefault(normalize_name(alias), english)
            if "//" in alias:
                for face in alias.split("//"):
                    faces.setdefault(normalize_name(face), english)
    for english, face in face_names:
        faces.setdefault(normalize_name(face), english)
    for key, english in faces.items():
        # A whole card's name wins over another card's face name.
        exact.setdefault(key, english)
    return exact


class CardNameIndex:
    """A `NameResolver` over (English name, other names) pairs; exact lookups are O(1).

    For a split card or Room, each face name (in every language) also resolves to the full
    name, because Cockatrice and some sites list a card by its front face only.
    """

    def __init__(self, cards: Iterable[tuple[str, Iterable[str]]]) -> None:
        self._exact = name_keys(cards)
        self._keys = list(self._exact)

    @classmethod
    def from_keys(cls, keys: dict[str, str]) -> CardNameIndex:
        """The index over keys `name_keys` made (read from assets/cards/index.json)."""
        index = cls(())
        index._exact = dict(keys)
        index._keys = list(index._exact)
        return index

    def resolve(self, name: str) -> str | None:
        return self._exact.get(normalize_name(name))

    def close_matches(self, name: str, n: int = 5) -> list[str]:
        key = normalize_name(name)
        if not key:
            return []
        # Ask difflib for more keys than needed: several keys (languages, faces) can map to
        # the same English name.
        found = difflib.get_close_matches(key, self._keys, n=n * 3, cutoff=0.6)
        out: list[str] = []
        for match in found:
            english = self._exact[match]
            if english not in out:
                out.append(english)
        return out[:n]

    def __len__(self) -> int:
        return len(self._exact)


class FunctionResolver:
    """A `NameResolver` from two functions, e.g. the card database's
    ``FunctionResolver(db.resolve_name, db.close_matches)``."""

    def __init__(self, resolve: Callable[[str], str | None],
                 close_matches: Callable[[str, int], list[str]]) -> None:
        self._resolve = resolve
        self._close = close_matches

    def resolve(self, name: str) -> str | None:
        return self._resolve(name)

    def close_matches(self, name: str, n: int = 5) -> list[str]:
        return list(self._close(name, n))[:n]


class ChainedResolver:
    """Asks each resolver in turn: the first answer wins; suggestions are merged in order."""

    def __init__(self, *resolvers: NameResolver) -> None:
        self.resolvers = resolvers

    def resolve(self, name: str) -> str | None:
        for resolver in self.resolvers:
            found = resolver.resolve(name)
            if found is not None:
                return found
        return None

    def close_matches(self, name: str, n: int = 5) -> list[str]:
        out: list[str] = []
        for resolver in self.resolvers:
            out += [m for m in resolver.close_matches(name, n) if m not in out]
        return out[:n]


def bundled_name_keys() -> dict[str, str]:
    """The lookup keys of the bundled cards (English, German, Italian names): what
    assets/cards/index.json keeps under "names" (parses every card file)."""
    cards = bundled_cards()

    def aliases(name: str) -> list[str]:
        card = cards[name]
        return [a for a in (card.name_de, card.name_it, *BASIC_LAND_TRANSLATIONS.get(name, ()))
                if a]

    doors = [(name, face[key]) for name in cards for face in cards[name].faces
             for key in ("name_de", "name_it") if face.get(key)]
    return name_keys(((name, aliases(name)) for name in cards), doors)


def bundled_name_index() -> CardNameIndex:
    """A fresh index over the bundled cards (English, German, Italian): from the generated
    index where it matches the card files (no card is parsed), else from the cards."""
    index = card_index()
    if index is not None and "names" in index:
        return CardNameIndex.from_keys(index["names"])
    return CardNameIndex.from_keys(bundled_name_keys())


@lru_cache(maxsize=1)
def default_resolver() -> NameResolver:
    """The resolver readers use when given none: the bundled cards (built once)."""
    return bundled_name_index()
