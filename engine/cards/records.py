"""What the card database hands out (engine/cards/db.py): a card's record with its
printings, a set, one page of search results. Plain values, no database in them.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable

from engine.cards.importers.common import Message
from engine.cards.search import QueryError

__all__ = ["CardDBUnavailable", "CardRecord", "DamagedRow", "PrintingInfo", "SearchResult", "SetInfo", "record_from_row"]


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
    """One page of matches (`cards`), how many match in all (`total`), or why the query failed.
    `skipped`: matching rows of the file that cannot be read as cards (damaged); they are left
    out of `cards` and `total`, and the caller says how many."""

    cards: list[CardRecord]
    total: int
    error: QueryError | None = None
    skipped: int = 0

    @property
    def ok(self) -> bool:
        return self.error is None


class CardDBUnavailable(Exception):
    """The card database exists but cannot be used right now (locked by another program,
    unreadable, disk full, a row that cannot be read); the file was left exactly as it was.
    `msg` says why. (Here, below db.py and queries.py, so both can raise it.)"""

    def __init__(self, msg: Message) -> None:
        super().__init__(msg.message)
        self.msg = msg


class DamagedRow(ValueError):
    """A row of the card database that cannot be read as a card (a value of the wrong type, JSON
    that is not JSON: a file edited by hand or by another program). `card` is its name."""

    def __init__(self, card: str, reason: str) -> None:
        super().__init__(f"{card}: {reason}")
        self.card = card
        self.reason = reason


def record_from_row(row: tuple[Any, ...], implemented: Callable[[str], bool]) -> CardRecord:
    """One card from the columns db.py selects (`_RECORD_COLUMNS`); DamagedRow if they are not
    the values the writer (engine/cards/importers/writer.py) stores."""
    (name, cost, mv, colors, identity, type_line, supers, types, subs, power, toughness,
     loyalty, text, rarity, set_code, number, layout, source, bundled, name_de, name_it,
     type_de, type_it, text_de, text_it, faces, extra, printings) = row
    try:
        prints = []
        for line in (printings or "").split("\n"):
            if line:
                code, number_, printed_rarity = (line.split("\t") + ["", ""])[:3]
                prints.append(PrintingInfo(code, number_, printed_rarity or None))
        face_list = json.loads(faces) if faces else []
        extra_map = json.loads(extra) if extra else {}
        if not isinstance(face_list, list) or not all(isinstance(f, dict) for f in face_list) \
                or not isinstance(extra_map, dict):
            raise ValueError("its faces or extra data are not of the stored shape")
        return CardRecord(
            name=name, mana_cost=cost, mana_value=float(mv), colors=tuple(colors),
            color_identity=tuple(identity), type_line=type_line,
            supertypes=tuple(supers.split()), types=tuple(types.split()),
            subtypes=tuple(subs.split()), power=power, toughness=toughness, loyalty=loyalty,
            text=text, rarity=rarity, set_code=set_code, number=number, layout=layout,
            source=source, bundled=bool(bundled),
            implemented=bool(bundled) and implemented(name),
            name_de=name_de, name_it=name_it, type_line_de=type_de, type_line_it=type_it,
            text_de=text_de, text_it=text_it,
            faces=tuple(face_list), printings=tuple(prints), extra=extra_map,
        )
    except (ValueError, TypeError, AttributeError, RecursionError) as exc:
        raise DamagedRow(str(name), str(exc)) from None
