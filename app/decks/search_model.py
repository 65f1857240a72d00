"""The card browser's query (search box + filter widgets) and its virtual result model.

The filters are written as terms of the search language (docs/search.md) and joined to
the box text, so what the filters do is exactly what the user could have typed. The box
is checked on its own first: an error's position then points into what the user typed.

The model holds no more than a few pages of results: `rowCount` is the total the search
reported, and a row's record is fetched with limit/offset when the view first paints it,
so 33,000 matches cost one count and one page, not 33,000 records.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, QTimer

from app.decks.library import CardLibrary
from app.decks.text import lang
from app.i18n import message
from app.render.translate import type_line
from engine.cards.db import CardRecord
from engine.cards.search import QueryError, compile_query

PAGE_SIZE = 100         # about three screens of rows; a page costs ~1 ms per 20 records
MAX_PAGES = 24
COLOR_MODES = ("any", "all", "exact", "atmost")
TYPES = ("creature", "instant", "sorcery", "artifact", "enchantment", "planeswalker", "land",
         "battle", "legendary")
RARITIES = ("common", "uncommon", "rare", "mythic")
MV_OPS = ("=", "<=", ">=")
ModelIndex = QModelIndex | QPersistentModelIndex


@dataclass
class Filters:
    """The filter widgets' state. Empty fields filter nothing."""

    colors: str = ""            # letters of w u b r g, and c for colourless
    color_mode: str = "any"     # any (one of them), all (at least these), exact, atmost
    type: str = ""
    mv_op: str = ""             # "", "=", "<=", ">="
    mv: int = 0
    rarity: str = ""
    set_code: str = ""
    implemented: bool = False

    def query(self) -> str:
        """The filters as search terms, e.g. 'c<=wu t:creature mv<=2'."""
        terms: list[str] = []
        colors = "".join(c for c in "wubrg" if c in self.colors.lower())
        colorless = "c" in self.colors.lower()
        if colors or colorless:
            if self.color_mode == "any":
                parts = [f"c:{c}" for c in colors] + (["c:c"] if colorless else [])
                terms.append(parts[0] if len(parts) == 1 else f"({' OR '.join(parts)})")
            elif not colors:
                terms.append("c:c")
            else:
                op = {"all": ">=", "exact": "=", "atmost": "<="}.get(self.color_mode, ">=")
                terms.append(f"c{op}{colors}")
        if self.type:
            terms.append(f"t:{self.type}")
        if self.mv_op in MV_OPS:
            terms.append(f"mv{self.mv_op}{int(self.mv)}")
        if self.rarity:
            terms.append(f"r:{self.rarity}")
        if self.set_code:
            terms.append(f"s:{self.set_code.lower()}")
        if self.implemented:
            terms.append("is:implemented")
        return " ".join(terms)


def combined_query(box: str, filters: Filters) -> tuple[str, QueryError | None]:
    """(query to run, error in the box text). The box is parenthesised so that its ORs do
    not swallow the filters ("t:elf OR t:goblin" + "c:g" must not mean
    "t:elf OR (t:goblin c:g)"); it is checked alone first, so that a parenthesis it leaves
    open is reported instead of being closed by ours."""
    box = box.strip()
    extra = filters.query()
    if box:
        compiled = compile_query(box)
        if isinstance(compiled, QueryError):
            return box, compiled
    if not box:
        return extra, None
    return (f"({box}) {extra}" if extra else box), None


def typed_name(box: str) -> str:
    """The name the search box text would be if it were a card's whole name ("Sumpf",
    '"Cult Healer"', "!Sumpf"): that card comes first in the results (Return adds the first
    row), on every page, whatever the filters ("" when nothing is typed)."""
    return box.strip().lstrip("!").strip('"')


def pt_text(record: CardRecord) -> str:
    if record.power is not None and record.toughness is not None:
        return f"{record.power}/{record.toughness}"
    return record.loyalty or ""


class CardSearchModel(QAbstractTableModel):
    """Search results, fetched page by page as the view scrolls."""

    COLUMNS = ("name", "cost", "type", "pt", "set")
    NameRole = Qt.ItemDataRole.UserRole + 1        # the English name
    CostRole = Qt.ItemDataRole.UserRole + 2        # the mana cost text, for the delegate

    def __init__(self, library: CardLibrary, page_size: int = PAGE_SIZE) -> None:
        super().__init__()
        self.library = library
        self.page_size = page_size
        self.query = ""
        self.first = ""
        self.total = 0
        self.skipped = 0       # matching rows of the database that cannot be read (left out, said)
        self.error: QueryError | None = None
        self._pages: OrderedDict[int, list[CardRecord]] = OrderedDict()
        self.fetches = 0       # pages read from the database (the benchmark reports it)

    # -- searching ------------------------------------------------------------------

    def set_query(self, query: str, error: QueryError | None = None, first: str = "") -> None:
        """Run `query` (or show `error` and no rows). Reads the count and the first page; the
        card named exactly `first` (typed_name of the box) comes before the others."""
        self.beginResetModel()
        self._pages.clear()
        self.query = query
        self.first = first
        self.error = error
        self.total = 0
        self.skipped = 0
        if error is None:
            result = self.library.db.search(query, self.page_size, 0, lang=lang(), first=first)
            self.fetches += 1
            self.error = result.error
            if result.ok:
                self.total = result.total
                self.skipped = result.skipped
                self._pages[0] = result.cards
        self.endResetModel()

    def refresh(self) -> None:
        """Run the same query again (the database changed)."""
        self.set_query(self.query, self.error, self.first)

    def record_at(self, row: int) -> CardRecord | None:
        if not 0 <= row < self.total:
            return None
        page = row // self.page_size
        cards = self._pages.get(page)
        if cards is None:
            result = self.library.db.search(self.query, self.page_size, page * self.page_size, lang=lang(),
                                            first=self.first)
            self.fetches += 1
            cards = result.cards
            if result.ok and result.skipped != self.skipped:
                # A damaged row met on this page for the first time: the database now leaves it
                # out, so the count and the rows after it moved. Search again, once the view has
                # finished painting (a model reset inside data() would break the view).
                QTimer.singleShot(0, self.refresh)
            self._pages[page] = cards
            while len(self._pages) > MAX_PAGES:
                self._pages.popitem(last=False)
        else:
            self._pages.move_to_end(page)
        index = row - page * self.page_size
        return cards[index] if index < len(cards) else None

    def name_at(self, row: int) -> str | None:
        record = self.record_at(row)
        return record.name if record is not None else None

    def row_of(self, name: str) -> int | None:
        """The row of a card among the pages read so far (for tests and re-selection)."""
        for page, cards in self._pages.items():
            for i, record in enumerate(cards):
                if record.name == name:
                    return page * self.page_size + i
        return None

    # -- Qt model -------------------------------------------------------------------

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else self.total

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return message(f"decks.column.{self.COLUMNS[section]}")
        return None

    _ROLES = frozenset({int(Qt.ItemDataRole.DisplayRole), int(Qt.ItemDataRole.ToolTipRole),
                        int(Qt.ItemDataRole.TextAlignmentRole), int(NameRole), int(CostRole)})

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # Views ask for a dozen roles per cell while painting: answer the unused ones
        # before looking the record up.
        if int(role) not in self._ROLES or not index.isValid():
            return None
        record = self.record_at(index.row())
        if record is None:
            return None
        column = self.COLUMNS[index.column()]
        if role == self.NameRole:
            return record.name
        if role == self.CostRole:
            return record.mana_cost or ""
        if role == Qt.ItemDataRole.DisplayRole:
            language = lang()
            if column == "name":
                return record.localized_name(language)
            if column == "cost":
                return ""          # drawn as symbols by the delegate
            if column == "type":  # the data's own translation, else built from the glossary
                given = record.localized_type_line(language)
                return type_line(record.type_line, language, given if given != record.type_line else None)
            if column == "pt":
                return pt_text(record)
            return record.set_code or ""
        if role == Qt.ItemDataRole.ToolTipRole and column == "name":
            shown = record.localized_name(lang())
            return shown if shown == record.name else f"{shown}\n{record.name}"
        if role == Qt.ItemDataRole.TextAlignmentRole and column in ("pt", "set"):
            return int(Qt.AlignmentFlag.AlignCenter)
        return None
