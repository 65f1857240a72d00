"""Helpers shared by the card database tests (a plain module: conftest is not importable)."""
from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "cards"
ALL_FIXTURES = ("AtomicCards.json", "AllPrintings.json", "FDN.json", "scryfall-oracle-cards.json",
                "scryfall-all-cards.json", "cards-v4.xml", "cards-v3.xml")


def snapshot(path: Path) -> str:
    """A digest of every row the database holds: equal digests mean nothing changed."""
    digest = hashlib.sha256()
    conn = sqlite3.connect(path)
    try:
        for table in ("meta", "cards", "printings", "names", "sets", "imports"):
            for row in sorted(map(repr, conn.execute(f"SELECT * FROM {table}"))):
                digest.update(row.encode())
        for row in conn.execute("SELECT rowid FROM cards_fts WHERE cards_fts MATCH 'damage' "
                                "ORDER BY rowid"):
            digest.update(repr(row).encode())
    finally:
        conn.close()
    return digest.hexdigest()
