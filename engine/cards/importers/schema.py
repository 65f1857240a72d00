"""The card database's schema. Bump SCHEMA_VERSION whenever the DDL below changes:
an older file is then rebuilt rather than migrated (PRAGMA user_version holds it).
"""
from __future__ import annotations

import sqlite3

SCHEMA_VERSION = 1

# One row per card (oracle level), printings in their own table. Derived columns
# (masks, counts, *_num, *_search) exist so that every search operator is a plain
# comparison SQLite can do without calling back into Python.
DDL = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;

CREATE TABLE cards (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,             -- fold(name), unique (the writer ensures it)
    name_de TEXT, name_it TEXT,
    mana_cost TEXT, mana_value REAL NOT NULL DEFAULT 0,
    colors TEXT NOT NULL DEFAULT '', color_identity TEXT NOT NULL DEFAULT '',
    colors_mask INTEGER NOT NULL DEFAULT 0, colors_count INTEGER NOT NULL DEFAULT 0,
    identity_mask INTEGER NOT NULL DEFAULT 0, identity_count INTEGER NOT NULL DEFAULT 0,
    type_line TEXT NOT NULL DEFAULT '', type_line_de TEXT, type_line_it TEXT,
    supertypes TEXT NOT NULL DEFAULT '', types TEXT NOT NULL DEFAULT '',
    subtypes TEXT NOT NULL DEFAULT '',
    power TEXT, toughness TEXT, loyalty TEXT,
    power_num REAL, toughness_num REAL, loyalty_num REAL,
    text TEXT NOT NULL DEFAULT '', text_de TEXT, text_it TEXT,
    rarity TEXT, set_code TEXT, number TEXT,
    layout TEXT NOT NULL DEFAULT 'normal', faces TEXT, extra TEXT,
    source TEXT NOT NULL, bundled INTEGER NOT NULL DEFAULT 0,
    name_search TEXT NOT NULL DEFAULT '',   -- folded names, all languages and faces
    type_search TEXT NOT NULL DEFAULT ''    -- folded type lines, all languages
);

-- Every column a search filters on, in name order: a search scans this narrow index
-- (about a tenth of the table) and reads the wide rows only for the page it shows.
-- Not UNIQUE on name_key alone on purpose: such an index would tempt the planner into
-- reading wide rows in name order.
CREATE INDEX cards_search ON cards (
    name_key, name_search, type_search, colors_mask, colors_count, identity_mask,
    identity_count, mana_value, power_num, toughness_num, loyalty_num, bundled,
    name_de, name_it, name
);

CREATE TABLE printings (
    card_id INTEGER NOT NULL,           -- deleted with its card by the writer
    set_code TEXT NOT NULL,
    number TEXT NOT NULL DEFAULT '',
    rarity TEXT, rarity_rank INTEGER,
    source TEXT NOT NULL,
    PRIMARY KEY (card_id, set_code, number)
) WITHOUT ROWID;
CREATE INDEX printings_by_set ON printings(set_code, card_id);
CREATE INDEX printings_by_rarity ON printings(rarity_rank, card_id);

-- Every name a card is known by (English, German, Italian; whole card and faces),
-- folded: resolve_name() and exact-name search are one index probe.
CREATE TABLE names (
    key TEXT NOT NULL, lang TEXT NOT NULL, card_id INTEGER NOT NULL,
    PRIMARY KEY (key, lang, card_id)
) WITHOUT ROWID;
CREATE INDEX names_by_card ON names(card_id);

CREATE TABLE sets (code TEXT PRIMARY KEY, name TEXT, source TEXT) WITHOUT ROWID;

CREATE TABLE imports (
    id INTEGER PRIMARY KEY, path TEXT NOT NULL, format TEXT NOT NULL,
    imported_at TEXT NOT NULL, cards INTEGER NOT NULL
);

-- Rules text in English, German and Italian. External content: the text lives once,
-- in cards. No triggers: the only writer (importers/writer.py) rebuilds the index once per
-- import, which is ten times faster than indexing row by row.
CREATE VIRTUAL TABLE cards_fts USING fts5(
    text, text_de, text_it, content='cards', content_rowid='id',
    tokenize='unicode61 remove_diacritics 2'
);
"""


def create_schema(conn: sqlite3.Connection) -> None:
    """Create every table in an empty database and stamp the schema version."""
    conn.executescript(DDL)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
