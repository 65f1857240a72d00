"""Merges imported cards into the database: the one place the precedence rules live.

* A bundled card's characteristics always win: an import only adds printings and fills
  German/Italian names, type lines and texts the assets do not have.
* Between imported files, the later file wins for every field it states; a field the
  file does not state (None) keeps what an earlier file said.
* Refreshing the bundled assets (`bundled=True`) overwrites bundled characteristics.

The caller owns the transaction; the writer never commits.
"""
from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass
from typing import Any

from engine.cards.colors import color_identity, color_mask, color_string, colors_in
from engine.cards.importers.common import (
    RARITY_RANK, ImportedCard, SetRecord, Skipped, fold, mana_value, normalize_rarity, split_type_line,
    stat_number,
)

BASE_COLUMNS = (
    "name", "mana_cost", "mana_value", "colors", "color_identity", "type_line", "power",
    "toughness", "loyalty", "text", "layout", "faces", "extra",
    "name_de", "name_it", "type_line_de", "type_line_it", "text_de", "text_it",
    "rarity", "set_code", "number", "source", "bundled",
)
CHARACTERISTICS = ("mana_cost", "mana_value", "colors", "color_identity", "type_line", "power",
                   "toughness", "loyalty", "text", "layout", "faces", "extra")
FOREIGN = ("name_de", "name_it", "type_line_de", "type_line_it", "text_de", "text_it")
MAIN_PRINTING = ("rarity", "set_code", "number")
DERIVED_COLUMNS = (
    "name_key", "colors_mask", "colors_count", "identity_mask", "identity_count",
    "supertypes", "types", "subtypes", "power_num", "toughness_num", "loyalty_num",
    "name_search", "type_search",
)
ALL_COLUMNS = BASE_COLUMNS + DERIVED_COLUMNS

_INSERT_WITH_ID = (f"INSERT INTO cards (id, {', '.join(ALL_COLUMNS)}) "
                   f"VALUES (?, {', '.join('?' for _ in ALL_COLUMNS)})")
_UPDATE = f"UPDATE cards SET {', '.join(c + ' = ?' for c in ALL_COLUMNS)} WHERE id = ?"
_SELECT = f"SELECT {', '.join(BASE_COLUMNS)} FROM cards WHERE id = ?"
_NAME = "INSERT OR IGNORE INTO names (key, lang, card_id) VALUES (?, ?, ?)"
_PRINTING = (
    "INSERT INTO printings (card_id, set_code, number, rarity, rarity_rank, source) "
    "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (card_id, set_code, number) DO UPDATE SET "
    "rarity = coalesce(printings.rarity, excluded.rarity), "
    "rarity_rank = coalesce(printings.rarity_rank, excluded.rarity_rank)"
)


@dataclass
class WriteStats:
    cards_added: int = 0
    cards_updated: int = 0
    bundled_matched: int = 0      # entries naming a bundled card: printings and names only
    entries: int = 0


def base_row(card: ImportedCard, source: str, bundled: bool) -> dict[str, Any]:
    """The stored (non-derived) columns for one imported card."""
    cost = card.mana_cost or None
    colors = card.colors if card.colors is not None else color_string(colors_in(cost))
    identity = (card.color_identity if card.color_identity is not None
                else color_identity(colors, cost, card.text, card.type_line))
    first = card.printings[0] if card.printings else None
    rarity = normalize_rarity(card.rarity or (first.rarity if first else None))
    return {
        "name": card.name,
        "mana_cost": cost,
        "mana_value": card.mana_value if card.mana_value is not None else mana_value(cost),
        "colors": colors,
        "color_identity": identity,
        "type_line": card.type_line or "",
        "power": card.power, "toughness": card.toughness, "loyalty": card.loyalty,
        "text": card.text or "",
        "layout": card.layout or "normal",
        "faces": json.dumps(card.faces, ensure_ascii=False) if card.faces else None,
        "extra": json.dumps(card.extra, ensure_ascii=False) if card.extra else None,
        "name_de": card.name_de or None, "name_it": card.name_it or None,
        "type_line_de": card.type_line_de or None, "type_line_it": card.type_line_it or None,
        "text_de": card.text_de or None, "text_it": card.text_it or None,
        "rarity": rarity,
        "set_code": first.set_code.upper() if first else None,
        "number": (first.number or None) if first else None,
        "source": source,
        "bundled": 1 if bundled else 0,
    }


def merge_rows(old: dict[str, Any], new: dict[str, Any], incoming_bundled: bool) -> dict[str, Any]:
    """Apply the precedence rules (see the module docstring) to one stored row."""
    out = dict(old)
    if incoming_bundled:
        for col in CHARACTERISTICS + MAIN_PRINTING:
            out[col] = new[col]
        for col in FOREIGN:
            out[col] = new[col] if new[col] is not None else old[col]
        out["source"], out["bundled"] = "bundled", 1
    elif old["bundled"]:
        for col in FOREIGN:
            if old[col] is None:
                out[col] = new[col]
    else:
        for col in CHARACTERISTICS + FOREIGN:
            if new[col] is not None:
                out[col] = new[col]
        for col in MAIN_PRINTING:
            if old[col] is None:
                out[col] = new[col]
        out["source"] = new["source"]
    out["name"] = old["name"]
    return out


def _face_names(row: dict[str, Any]) -> list[tuple[str, str]]:
    """(name, lang) of the faces of a multi-face card, from its faces JSON or its " // " name."""
    found: list[tuple[str, str]] = []
    faces = json.loads(row["faces"]) if row["faces"] else []
    for face in faces:
        for lang, key in (("en", "name"), ("de", "name_de"), ("it", "name_it")):
            if face.get(key):
                found.append((face[key], lang))
    for lang, key in (("en", "name"), ("de", "name_de"), ("it", "name_it")):
        full = row[key]
        if full and "//" in full:
            found.extend((half.strip(), lang) for half in full.split("//") if half.strip())
    return found


def all_names(row: dict[str, Any]) -> list[tuple[str, str]]:
    """Every (folded name, lang) a card answers to, without duplicates."""
    pairs = [(row["name"], "en"), (row["name_de"], "de"), (row["name_it"], "it")]
    pairs += _face_names(row)
    seen: dict[tuple[str, str], None] = {}
    for name, lang in pairs:
        if name:
            seen.setdefault((fold(name), lang), None)
    return list(seen)


def derive(row: dict[str, Any], names: list[tuple[str, str]] | None = None) -> dict[str, Any]:
    """The derived columns: what search compares, computed once at write time."""
    supers, types, subs = split_type_line(row["type_line"] or "")
    colors_m = color_mask(row["colors"] or "")
    ident_m = color_mask(row["color_identity"] or "")
    folded = dict.fromkeys(key for key, _ in (names if names is not None else all_names(row)))
    type_lines = [row[c] for c in ("type_line", "type_line_de", "type_line_it") if row[c]]
    return {
        "name_key": fold(row["name"]),
        "colors_mask": colors_m, "colors_count": bin(colors_m).count("1"),
        "identity_mask": ident_m, "identity_count": bin(ident_m).count("1"),
        "supertypes": " ".join(supers), "types": " ".join(types), "subtypes": " ".join(subs),
        "power_num": stat_number(row["power"]), "toughness_num": stat_number(row["toughness"]),
        "loyalty_num": stat_number(row["loyalty"]),
        # Newlines separate the names so a phrase search cannot match across two names.
        "name_search": "\n".join(folded),
        "type_search": "\n".join(fold(t) for t in type_lines),
    }


_CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f]")
# Set codes name image folders: 1 to 16 letters, digits and "_" (real ones have 3 to 6); any
# other is refused, not cut or cleaned into another set's code
_SET_CODE = re.compile(r"[A-Za-z0-9_]{1,16}")
MAX_SHOWN_CODE = 24  # characters of a refused code quoted in the message (with "…" when longer)
MAX_SHOWN_NAME = 80  # likewise of a cleaned card name


def set_code_ok(code: str) -> bool:
    return _SET_CODE.fullmatch(code) is not None


def _shown(text: str, most: int = MAX_SHOWN_CODE) -> str:
    """`text` quoted in a message: whole, or its first `most` characters and "…"."""
    return text if len(text) <= most else text[:most] + "…"


class CardWriter:
    """Writes one import's cards (or the bundled assets) inside the caller's transaction.

    New cards get their ids here and are written in batches (executemany); the FTS index
    is rebuilt once in finish(), which costs a fraction of indexing row by row. So
    finish() must be called before the transaction commits.
    """

    BATCH = 2000

    def __init__(self, conn: sqlite3.Connection, source: str, bundled: bool = False,
                 skips: Skipped | None = None) -> None:
        self.conn = conn
        self.skips = skips if skips is not None else Skipped()  # malformed records refused here
        self.source = source
        self.bundled = bundled
        self.stats = WriteStats()
        self.seen_ids: set[int] = set()
        self._index: dict[str, tuple[int, int]] = {
            key: (cid, b) for key, cid, b in conn.execute("SELECT name_key, id, bundled FROM cards")
        }
        (max_id,) = conn.execute("SELECT coalesce(max(id), 0) FROM cards").fetchone()
        self._next_id = int(max_id) + 1
        self._first_pending = self._next_id
        self._cards: list[list[Any]] = []
        self._names: list[tuple[str, str, int]] = []
        self._printings: list[tuple[int, str, str, str | None, int | None, str]] = []

    def add(self, card: ImportedCard) -> None:
        # Control characters would reach the terminal and deck files written from the
        # database (which then cannot be read back): dropped from every name on import.
        # A cleaned name is counted (the import report says how many and the first), so the
        # user can tell why a card is not found by the name the file gave it.
        name = _CONTROLS.sub("", card.name).strip()
        if not name:
            self.skips.add(Skipped.NO_NAME)
            return
        cleaned = name != card.name.strip()
        card.name = name
        for lang in ("de", "it"):
            other = getattr(card, f"name_{lang}", None)
            if isinstance(other, str) and _CONTROLS.search(other):
                setattr(card, f"name_{lang}", _CONTROLS.sub("", other).strip() or None)
                cleaned = True
        if cleaned:
            self.skips.add(Skipped.CLEANED_NAME, card=_shown(name, MAX_SHOWN_NAME))
        kept = []
        for printing in card.printings:
            code = printing.set_code.strip()
            if set_code_ok(code):
                printing.set_code = code
                kept.append(printing)
            else:
                self.skips.add(Skipped.SET_CODE, code=_shown(code))
        card.printings = kept
        self.stats.entries += 1
        new = base_row(card, self.source, self.bundled)
        key = fold(name)
        hit = self._index.get(key)
        if hit is None:
            card_id = self._next_id
            self._next_id += 1
            names = all_names(new)
            row = {**new, **derive(new, names)}
            self._cards.append([card_id] + [row[c] for c in ALL_COLUMNS])
            self._names.extend((k, lang, card_id) for k, lang in names)
            self._index[key] = (card_id, row["bundled"])
            self.stats.cards_added += 1
        else:
            card_id, was_bundled = hit
            if card_id >= self._first_pending:
                self.flush()                  # the row must be in the table to be merged
            if was_bundled and not self.bundled:
                self.stats.bundled_matched += 1
            cur = self.conn.execute(_SELECT, (card_id,))
            old = dict(zip(BASE_COLUMNS, cur.fetchone()))
            if card_id in self.seen_ids:      # within one file, the first printing stays main
                for col in MAIN_PRINTING:
                    new[col] = old[col]
            merged = merge_rows(old, new, self.bundled)
            if merged != old:
                names = all_names(merged)
                row = {**merged, **derive(merged, names)}
                self.conn.execute(_UPDATE, [row[c] for c in ALL_COLUMNS] + [card_id])
                self.conn.execute("DELETE FROM names WHERE card_id = ?", (card_id,))
                self.conn.executemany(_NAME, [(k, lang, card_id) for k, lang in names])
                self._index[key] = (card_id, row["bundled"])
                if card_id not in self.seen_ids:
                    self.stats.cards_updated += 1
        self.seen_ids.add(card_id)
        self._add_printings(card_id, card)
        if len(self._cards) >= self.BATCH or len(self._printings) >= 4 * self.BATCH:
            self.flush()

    def add_set(self, record: SetRecord) -> None:
        code = record.code.strip()
        if not set_code_ok(code):
            self.skips.add(Skipped.SET, code=_shown(code))
            return
        self.conn.execute(
            "INSERT INTO sets (code, name, source) VALUES (?, ?, ?) ON CONFLICT (code) "
            "DO UPDATE SET name = coalesce(sets.name, excluded.name)",
            (code.upper(), record.name, self.source))

    def flush(self) -> None:
        """Write the batched rows."""
        if self._cards:
            self.conn.executemany(_INSERT_WITH_ID, self._cards)
            self._cards.clear()
        if self._names:
            self.conn.executemany(_NAME, self._names)
            self._names.clear()
        if self._printings:
            self.conn.executemany(_PRINTING, self._printings)
            self._printings.clear()
        self._first_pending = self._next_id

    def finish(self) -> None:
        """Flush, tidy the printings, name every printed set, and rebuild the text index."""
        self.flush()
        # A printing without collector number (AtomicCards lists only set codes) is only
        # worth a row while no numbered printing of that set is known.
        self.conn.execute(
            "DELETE FROM printings WHERE number = '' AND EXISTS (SELECT 1 FROM printings q "
            "WHERE q.card_id = printings.card_id AND q.set_code = printings.set_code "
            "AND q.number != '')")
        self.conn.execute(
            "INSERT OR IGNORE INTO sets (code, name, source) "
            "SELECT DISTINCT set_code, NULL, ? FROM printings", (self.source,))
        self.conn.execute("INSERT INTO cards_fts (cards_fts) VALUES ('rebuild')")

    def _add_printings(self, card_id: int, card: ImportedCard) -> None:
        for p in card.printings:
            code = p.set_code.strip().upper()
            if not code:
                continue
            rarity = normalize_rarity(p.rarity)
            rank = RARITY_RANK.get(rarity) if rarity else None
            self._printings.append((card_id, code, (p.number or "").strip(), rarity, rank,
                                    self.source))

    def remove_stale_bundled(self, keep_keys: set[str]) -> int:
        """After an assets refresh: drop bundled cards the assets no longer have.

        A card an import also knows stays, as an imported card; otherwise it goes.
        """
        self.flush()
        removed = 0
        stale = [(cid, key) for key, (cid, b) in self._index.items() if b and key not in keep_keys]
        for cid, key in stale:
            self.conn.execute("DELETE FROM printings WHERE card_id = ? AND source = 'bundled'",
                              (cid,))
            other = self.conn.execute("SELECT source FROM printings WHERE card_id = ? LIMIT 1",
                                      (cid,)).fetchone()
            if other:
                self.conn.execute("UPDATE cards SET bundled = 0, source = ? WHERE id = ?",
                                  (other[0], cid))
                self._index[key] = (cid, 0)
            else:
                self.conn.execute("DELETE FROM cards WHERE id = ?", (cid,))
                self.conn.execute("DELETE FROM names WHERE card_id = ?", (cid,))
                del self._index[key]
                removed += 1
        return removed
