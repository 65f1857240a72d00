"""What the card database hands out (engine/cards/db.py): a card's record with its
printings, a set, one page of search results. Plain values, no database in them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.cards.search import QueryError

__all__ = ["CardRecord", "PrintingInfo", "SearchResult", "SetInfo"]


@dataclass(frozen=True)
class PrintingInfo:
    set_code: str
    number: str
    rarity: str | None


@dataclass(frozen=True)
class CardRecord:
    """One card as the database knows it. Names are English unless the field says otherwise."""

    name: str
    mana_cost: str | None
    mana_value: float
    colors: tuple[str, ...]
    color_identity: tuple[str, ...]
    type_line: str
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    power: str | None
    toughness: str | None
    loyalty: str | None
    text: str
    rarity: str | None
    set_code: str | None
    number: str | None
    layout: str
    source: str
    bundled: bool
    implemented: bool
    name_de: str | None = None
    name_it: str | None = None
    type_line_de: str | None = None
    type_line_it: str | None = None
    text_de: str | None = None
    text_it: str | None = None
    faces: tuple[dict[str, Any], ...] = ()
    printings: tuple[PrintingInfo, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def sets(self) -> tuple[str, ...]:
        """Set codes this card was printed in, without repeats."""
        return tuple(dict.fromkeys(p.set_code for p in self.printings))

    def localized_name(self, lang: str) -> str:
        """The name in "de" or "it" where known, else the English name."""
        return {"de": self.name_de, "it": self.name_it}.get(lang) or self.name

    def localized_type_line(self, lang: str) -> str:
        return {"de": self.type_line_de, "it": self.type_line_it}.get(lang) or self.type_line

    def localized_text(self, lang: str) -> str:
        return {"de": self.text_de, "it": self.text_it}.get(lang) or self.text


@dataclass(frozen=True)
class SetInfo:
    code: str
    name: str | None
    cards: int
    bundled: bool


@dataclass
class SearchResult:
    """One page of matches (`cards`), how many match in all (`total`), or why the query failed."""

    cards: list[CardRecord]
    total: int
    error: QueryError | None = None

    @property
    def ok(self) -> bool:
        return self.error is None
