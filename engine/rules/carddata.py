"""Bundled card characteristics from assets/cards/*.json (built by tools/build_assets.py)."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
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
    """Every bundled card by English name (first printing wins)."""
    cards: dict[str, CardData] = {}
    for set_code in BUNDLED_SETS:
        path = ASSETS / "cards" / f"{set_code}.json"
        for raw in json.loads(path.read_text(encoding="utf-8"))["cards"]:
            cards.setdefault(raw["name"], card_from_json(raw))
    return cards


def card(name: str) -> CardData:
    """The bundled card with this English name; KeyError if there is none."""
    return bundled_cards()[name]
