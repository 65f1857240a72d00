"""The release notes' card records as the product's card files keep them (tools/build_assets.py
writes them, tools/build_card_text.py reads them back to match the printed text)."""
from __future__ import annotations

KEEP_FACE = {"name_en": "name", "name_de": "name_de", "name_it": "name_it",
             "mana_cost": "mana_cost", "type_line_en": "type_line",
             "type_line_de": "type_line_de", "oracle_en": "text", "text_de": "text_de"}
# the release notes' spelling -> the Oracle name (MTGJSON "name"; tools/build_assets.py's docstring)
ORACLE_NAMES = {"Seance Board": "Séance Board"}


def card_record(raw: dict) -> dict:
    """One card of the release notes' data (shared/data/*_cards.json) as assets/cards keeps it."""
    card = {
        "name": ORACLE_NAMES.get(raw["name_en"], raw["name_en"]),
        "name_de": raw.get("name_de"),
        "name_it": raw.get("name_it"),
        "set": raw["set"],
        "number": raw["number"],
        "rarity": raw.get("rarity"),
        "mana_cost": raw.get("mana_cost"),
        "colors": raw.get("colors") or [],
        "type_line": raw.get("type_line_en") or "",
        "type_line_de": raw.get("type_line_de"),
        "power": raw.get("power"),
        "toughness": raw.get("toughness"),
        "loyalty": raw.get("loyalty"),
        "text": raw.get("oracle_en") or "",
        "text_de": raw.get("text_de"),
        "rulings_de": raw.get("rulings_de") or [],
    }
    if raw.get("faces"):
        card["faces"] = [{new: f.get(old) for old, new in KEEP_FACE.items()} for f in raw["faces"]]
    if raw.get("room_reminder_en"):
        card["room_reminder"] = raw["room_reminder_en"]
    if raw.get("level_bands"):
        card["level_up_cost"] = raw.get("level_up_cost")
        card["abilities_before_levels"] = raw.get("abilities_before_levels") or []
        card["level_bands"] = raw["level_bands"]
    return {k: v for k, v in card.items() if v is not None}
