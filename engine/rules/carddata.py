"""Bundled card characteristics from assets/cards/*.json (built by tools/build_assets.py)."""
from __future__ import annotations

import hashlib
import json
import re
import threading
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.paths import ASSETS

BUNDLED_SETS = ("dsk", "roe", "dsc", "spg", "dsc_decks")  # spg: the Special Guests cards of Duskmourn boosters;
# dsc_decks: the reprints of the four Duskmourn Commander decks (tools/build_dsc_decks.py)


@dataclass(frozen=True)
class CardData:
    """The printed characteristics of one card (English), with German/Italian names and text."""

    name: str
    set: str
    number: str
    mana_cost: str | None
    type_line: str
    text: str
    colors: tuple[str, ...] = ()
    rarity: str | None = None
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    name_de: str | None = None
    name_it: str | None = None
    type_line_de: str | None = None
    text_de: str | None = None
    type_line_it: str | None = None
    text_it: str | None = None
    faces: tuple[dict[str, Any], ...] = ()
    level_up_cost: str | None = None
    level_bands: tuple[dict[str, Any], ...] = ()
    rulings_de: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def types(self) -> tuple[str, ...]:
        """Card types (and supertypes) from the first face's type line, e.g. ('Basic', 'Land')."""
        left = self.type_line.split("//")[0].split("—")[0]
        return tuple(left.split())

    @property
    def subtypes(self) -> tuple[str, ...]:
        first = self.type_line.split("//")[0]
        return tuple(first.split("—")[1].split()) if "—" in first else ()

    def localized_name(self, lang: str) -> str:
        if lang == "de" and self.name_de:
            return self.name_de
        if lang == "it" and self.name_it:
            return self.name_it
        return self.name

    def localized_text(self, lang: str) -> str:
        """The printed rules text in `lang` where the card data has it, else the English text."""
        return {"de": self.text_de, "it": self.text_it}.get(lang) or self.text

    def localized_type_line(self, lang: str) -> str:
        return {"de": self.type_line_de, "it": self.type_line_it}.get(lang) or self.type_line

    def has_text(self, lang: str) -> bool:
        """Whether the data has this card's rules text printed in `lang` (English always)."""
        return lang == "en" or bool({"de": self.text_de, "it": self.text_it}.get(lang))


def card_from_json(raw: dict[str, Any]) -> CardData:
    known = {"name", "set", "number", "mana_cost", "type_line", "text", "colors", "rarity", "power",
             "toughness", "loyalty", "name_de", "name_it", "type_line_de", "text_de", "type_line_it",
             "text_it", "faces", "level_up_cost", "level_bands", "rulings_de"}
    kw: dict[str, Any] = {k: raw.get(k) for k in known if k in raw}
    for key in ("colors", "faces", "level_bands", "rulings_de"):
        kw[key] = tuple(raw.get(key) or ())
    kw.setdefault("text", "")
    kw.setdefault("mana_cost", None)
    return CardData(extra={k: v for k, v in raw.items() if k not in known}, **kw)


@lru_cache(maxsize=None)
def bundled_cards() -> dict[str, CardData]:
    """Every bundled card by English name (first printing wins). Parses every card file: for
    the tools that look at the whole pool; a game asks `bundled_card` by name."""
    cards: dict[str, CardData] = {}
    with _lock:
        for set_code in BUNDLED_SETS:
            for raw in json.loads(_path(set_code).read_text(encoding="utf-8"))["cards"]:
                if raw["name"] not in cards:  # (a card read by name before is the same object)
                    cards[raw["name"]] = _by_name.get(raw["name"]) or card_from_json(raw)
        _whole[:] = [cards]
    return cards


def card(name: str) -> CardData:
    """The bundled card with this English name; KeyError if there is none."""
    got = bundled_card(name)
    if got is None:
        raise KeyError(name)
    return got


# -- by name, with an index (issue #24: start-up and memory do not grow with the pool) ---------
# assets/cards/index.json (`python -m engine.cards index`) says where each card's record is in
# its file (byte offsets), so a game parses the records of its own cards, not the five files
# (with their German and Italian text and rulings). The index holds the digest of the files it
# describes: when they changed since (or it is missing), every lookup reads the whole pool as
# before (slower, never wrong); tests/engine/test_layering.py fails until it is written again.

INDEX_PATH = ASSETS / "cards" / "index.json"
_by_name: dict[str, CardData] = {}
_whole: list[dict[str, CardData]] = []  # bundled_cards(), once it was read
_lock = threading.RLock()  # (the table and a computer player's thread may ask at once)


def _path(set_code: str) -> Path:
    return ASSETS / "cards" / f"{set_code}.json"


def files_digest() -> str:
    """A digest of the bundled card files, in BUNDLED_SETS order."""
    h = hashlib.sha256()
    for set_code in BUNDLED_SETS:
        h.update(set_code.encode() + b"\0" + _path(set_code).read_bytes() + b"\0")
    return h.hexdigest()


@lru_cache(maxsize=1)
def card_index() -> dict[str, Any] | None:
    """The generated index if it describes the card files as they are, else None."""
    try:
        index: dict[str, Any] = json.loads(INDEX_PATH.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return index if index.get("digest") == files_digest() else None


def bundled_card(name: str) -> CardData | None:
    """The bundled card with this English name (None if there is none), parsed from its own
    record where the index says (the same object `bundled_cards()` holds)."""
    got = _by_name.get(name)
    if got is not None:
        return got
    if _whole:  # the whole pool is read already
        return _whole[0].get(name)
    index = card_index()
    if index is None:
        return bundled_cards().get(name)
    where = index["cards"].get(name)
    if where is None:
        return None
    set_code, start, end = where
    with _lock:
        got = _by_name.get(name)
        if got is None:
            with _path(set_code).open("rb") as f:
                f.seek(start)
                got = _by_name[name] = card_from_json(json.loads(f.read(end - start)))
    return got


def bundled_names() -> list[str]:
    """The English names of the bundled cards, in the pool's order (from the index: nothing
    is parsed)."""
    index = card_index()
    return list(index["cards"]) if index is not None else list(bundled_cards())


def record_spans(text: str) -> list[tuple[str, int, int]]:
    """(name, first byte, end byte) of each record of a card file's "cards" list."""
    data = json.loads(text)
    decoder = json.JSONDecoder()
    at = re.search(r'"cards"\s*:\s*\[', text)
    if at is None:
        raise ValueError("no card list")
    spans: list[tuple[str, int, int]] = []
    pos, byte = at.end(), len(text[:at.end()].encode("utf-8"))
    while True:
        skip = re.compile(r"[\s,]*").match(text, pos)
        assert skip is not None
        byte += len(skip.group().encode("utf-8"))
        pos = skip.end()
        if text[pos] == "]":
            break
        raw, end = decoder.raw_decode(text, pos)
        size = len(text[pos:end].encode("utf-8"))
        spans.append((raw["name"], byte, byte + size))
        pos, byte = end, byte + size
    if [name for name, _, _ in spans] != [raw["name"] for raw in data["cards"]]:
        raise ValueError("the card list was not read as json reads it")
    return spans


def build_index() -> dict[str, Any]:
    """The card part of assets/cards/index.json: where each card's record is (first printing wins)."""
    cards: dict[str, list[Any]] = {}
    for set_code in BUNDLED_SETS:
        for name, start, end in record_spans(_path(set_code).read_text(encoding="utf-8")):
            cards.setdefault(name, [set_code, start, end])
    return {"digest": files_digest(), "cards": cards}
