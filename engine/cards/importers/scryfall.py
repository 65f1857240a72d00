"""Scryfall bulk data: oracle-cards, default-cards, all-cards (a top-level JSON array of
card objects), and an API list response ({"object": "list", "data": [...]}).

Non-English entries (all-cards) carry the English oracle fields plus `printed_name`,
`printed_type_line` and `printed_text`; German and Italian ones give the card its
names in those languages, other languages are skipped.
"""
from __future__ import annotations

from typing import Any, Iterator

import ijson  # type: ignore[import-untyped]  # no stubs published

from engine.cards.colors import color_string
from engine.cards.importers.common import CountingReader, ImportedCard, Printing, SetRecord, Skipped

_SKIP_LAYOUTS = frozenset({"token", "double_faced_token", "emblem", "art_series"})
_LANGS = {"en", "de", "it"}


def _s(value: Any) -> str | None:
    return str(value) if value is not None and value != "" else None


def card_from_object(obj: dict[str, Any], skips: Skipped | None = None) -> ImportedCard | None:
    """One Scryfall card object as an ImportedCard (None for tokens, art cards, other languages;
    and for a card without a name, counted in `skips`)."""
    if obj.get("object", "card") != "card" or obj.get("layout") in _SKIP_LAYOUTS:
        return None
    lang = str(obj.get("lang") or "en")
    name = _s(obj.get("name"))
    if lang not in _LANGS:
        return None
    if not name:
        if skips is not None:
            skips.add(Skipped.NO_NAME)
        return None
    raw_faces = obj.get("card_faces") or []
    if not isinstance(raw_faces, list) or not all(isinstance(f, dict) for f in raw_faces):
        # (a face that is not an object: the card would be imported with fewer faces)
        if skips is not None:
            skips.add(Skipped.NOT_OBJECT)
        return None
    faces = list(raw_faces)
    first = faces[0] if faces else obj
    cost = _s(obj.get("mana_cost")) if "mana_cost" in obj else _s(first.get("mana_cost"))
    if "colors" in obj:
        colors = color_string(obj.get("colors"))
    else:
        union: set[str] = set()
        for f in faces:
            union.update(f.get("colors") or ())
        colors = color_string(union)
    if "oracle_text" in obj:
        text = str(obj.get("oracle_text") or "")
    else:
        text = "\n//\n".join(str(f.get("oracle_text") or "") for f in faces)
    cmc = obj.get("cmc")
    card = ImportedCard(
        name=name,
        mana_cost=cost,
        mana_value=float(cmc) if isinstance(cmc, (int, float)) else None,
        colors=colors,
        color_identity=color_string(obj.get("color_identity") or ()),
        type_line=str(obj.get("type_line") or first.get("type_line") or ""),
        power=_s(obj.get("power", first.get("power"))),
        toughness=_s(obj.get("toughness", first.get("toughness"))),
        loyalty=_s(obj.get("loyalty", first.get("loyalty")) or obj.get("defense")),
        text=text,
        layout=_s(obj.get("layout")),
        faces=[{k: v for k, v in {
            "name": _s(f.get("name")), "mana_cost": _s(f.get("mana_cost")),
            "type_line": _s(f.get("type_line")), "text": _s(f.get("oracle_text")),
            "power": _s(f.get("power")), "toughness": _s(f.get("toughness")),
            "loyalty": _s(f.get("loyalty")),
            f"name_{lang}": _s(f.get("printed_name")) if lang != "en" else None,
        }.items() if v is not None} for f in faces],
        rarity=_s(obj.get("rarity")),
    )
    if obj.get("set"):
        card.printings = [Printing(str(obj["set"]), str(obj.get("collector_number") or ""),
                                   _s(obj.get("rarity")))]
    if lang != "en":
        printed = _s(obj.get("printed_name"))
        if printed is None and faces:
            parts = [str(f.get("printed_name") or "") for f in faces]
            printed = " // ".join(p for p in parts if p) or None
        ptype = _s(obj.get("printed_type_line"))
        ptext = _s(obj.get("printed_text"))
        if ptext is None and faces and any(f.get("printed_text") for f in faces):
            ptext = "\n//\n".join(str(f.get("printed_text") or "") for f in faces)
        setattr(card, f"name_{lang}", printed)
        setattr(card, f"type_line_{lang}", ptype)
        setattr(card, f"text_{lang}", ptext)
    return card


def read_scryfall(reader: CountingReader, prefix: str = "item",
                  skips: Skipped | None = None) -> Iterator[ImportedCard | SetRecord]:
    """Every card object under `prefix` ("item" for bulk files, "data.item" for a list);
    malformed entries are counted in `skips`."""
    seen_sets: set[str] = set()
    for obj in ijson.items(reader, prefix, use_float=True):
        reader.check_cancel()
        if not isinstance(obj, dict):
            if skips is not None:
                skips.add(Skipped.NOT_OBJECT)
            continue
        code = str(obj.get("set") or "").upper()
        if code and code not in seen_sets and obj.get("set_name"):
            seen_sets.add(code)
            yield SetRecord(code, str(obj["set_name"]))
        card = card_from_object(obj, skips)
        if card is not None:
            yield card
