"""The bundled cards (assets/cards/*.json) as importer records, and the assets' version.

Read straight from the JSON rather than through engine.cards.data so that a test (or
a portable install) can point the database at another assets folder.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Iterator

from engine.cards.data import BUNDLED_SETS
from engine.cards.colors import color_string
from engine.cards.importers.common import ImportedCard, Printing, SetRecord
from engine.paths import ASSETS

SET_NAMES = {
    "DSK": "Duskmourn: House of Horror",
    "DSC": "Duskmourn: House of Horror Commander",
    "ROE": "Rise of the Eldrazi",
    "SPG": "Special Guests",
}
_EXTRA_KEYS = ("level_up_cost", "level_bands", "abilities_before_levels", "room_reminder")


def assets_dir_default() -> Path:
    return ASSETS / "cards"


def assets_version(assets_dir: Path | None = None) -> str:
    """A hash of every card asset file: when it changes, the bundled rows are refreshed.

    Hashing ~400 KB costs about a millisecond, cheap enough to do on every open.
    """
    folder = Path(assets_dir or assets_dir_default())
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.json")):
        digest.update(path.name.encode("utf-8") + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _layout(raw: dict[str, Any]) -> str:
    if raw.get("faces"):
        return "split"          # Rooms: MTGJSON and Scryfall call their layout "split"
    if raw.get("level_bands"):
        return "leveler"
    return "normal"


def bundled_record(raw: dict[str, Any]) -> ImportedCard:
    """One assets entry as an ImportedCard (English characteristics plus de/it)."""
    set_code = str(raw.get("set") or "").upper()
    return ImportedCard(
        name=raw["name"],
        mana_cost=raw.get("mana_cost") or None,
        colors=color_string(raw.get("colors") or ()),
        type_line=raw.get("type_line") or "",
        power=raw.get("power"), toughness=raw.get("toughness"), loyalty=raw.get("loyalty"),
        text=raw.get("text") or "",
        layout=_layout(raw),
        faces=list(raw.get("faces") or ()),
        name_de=raw.get("name_de"), name_it=raw.get("name_it"),
        type_line_de=raw.get("type_line_de"), type_line_it=raw.get("type_line_it"),
        text_de=raw.get("text_de"), text_it=raw.get("text_it"),
        rarity=raw.get("rarity"),
        printings=[Printing(set_code, str(raw.get("number") or ""), raw.get("rarity"))],
        extra={k: raw[k] for k in _EXTRA_KEYS if raw.get(k)},
    )


def read_bundled(assets_dir: Path | None = None) -> Iterator[ImportedCard | SetRecord]:
    """Every bundled card, set by set, preceded by the set's long name."""
    folder = Path(assets_dir or assets_dir_default())
    for set_code in BUNDLED_SETS:
        path = folder / f"{set_code}.json"
        if not path.exists():
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        code = str(data.get("set") or set_code).upper()
        yield SetRecord(code, SET_NAMES.get(code))
        for raw in data.get("cards", ()):
            if raw.get("name"):
                yield bundled_record(raw)
