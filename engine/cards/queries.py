"""The reading half of the card database (engine/cards/db.py): search and its sorting, a
card by name in any language, "did you mean", sets and counts. CardDB inherits it; every
read goes through CardDB._guarded (a corrupt file is rebuilt and the read tried once more)."""
from __future__ import annotations

import difflib
import json
import re
import sqlite3
import threading
from pathlib import Path
from typing import Any, Callable, TypeVar

from engine.cards.importers.common import Message, fold
from engine.cards.records import CardDBUnavailable, CardRecord, DamagedRow, SearchResult, SetInfo, record_from_row
from engine.cards.search import QueryError, compile_query
from engine.messages import english

T = TypeVar("T")

_RECORD_COLUMNS = (
    "c.name, c.mana_cost, c.mana_value, c.colors, c.color_identity, c.type_line, "
    "c.supertypes, c.types, c.subtypes, c.power, c.toughness, c.loyalty, c.text, c.rarity, "
    "c.set_code, c.number, c.layout, c.source, c.bundled, c.name_de, c.name_it, "
    "c.type_line_de, c.type_line_it, c.text_de, c.text_it, c.faces, c.extra, "
    "(SELECT group_concat(p.set_code || char(9) || p.number || char(9) || "
    "coalesce(p.rarity, ''), char(10)) FROM printings p WHERE p.card_id = c.id)"
)


class CardQueries:
    """What CardDB answers from the file; CardDB gives the connections."""

    path: Path
    _local: threading.local
    _implemented: frozenset[str] | None

    def _guarded(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        raise NotImplementedError  # CardDB's

    def _implemented_names(self) -> frozenset[str]:
        if self._implemented is None:
            from engine.cards.registry import implemented_names  # lazy: start-up (pulls in behaviours)
            self._implemented = implemented_names()
        return self._implemented

    def _ensure_implemented_table(self, conn: sqlite3.Connection) -> None:
        if getattr(self._local, "has_implemented", False):
            return
        conn.execute("CREATE TEMP TABLE IF NOT EXISTS implemented (name TEXT PRIMARY KEY)")
        conn.execute("DELETE FROM temp.implemented")
        conn.executemany("INSERT OR IGNORE INTO temp.implemented (name) VALUES (?)",
                         [(n,) for n in self._implemented_names()])
        self._local.has_implemented = True

    def _damaged_message(self, exc: DamagedRow) -> Message:
        return Message("cards.damaged_row", {"path": str(self.path), "card": exc.card, "reason": exc.reason})

    def _record(self, row: tuple[Any, ...]) -> CardRecord:
        """A row as a card; a row that cannot be read is CardDBUnavailable, said (cards.damaged_row)."""
        try:
            return record_from_row(row, self._implemented_names().__contains__)
        except DamagedRow as exc:
            raise CardDBUnavailable(self._damaged_message(exc)) from None

    def _known_damaged(self, conn: sqlite3.Connection) -> str:
        """The ids of the rows this connection's last scan found damaged, as a JSON list for
        json_each ("[]" when none or when the file changed since: another connection's commit
        changes `data_version`, and a search then scans again when it meets a damaged row)."""
        (version,) = conn.execute("PRAGMA data_version").fetchone()
        known: tuple[int, str] | None = getattr(self._local, "damaged", None)
        return known[1] if known is not None and known[0] == version else "[]"

    def _scan_damaged(self, conn: sqlite3.Connection) -> None:
        """Read every card row once and remember those that cannot be read, so that searches
        leave them out and count them instead of failing (a damaged row among 33,000 would
        otherwise fail every search whose page holds it)."""
        (version,) = conn.execute("PRAGMA data_version").fetchone()
        bad: list[int] = []
        implemented = self._implemented_names().__contains__
        for row in conn.execute(f"SELECT c.id, {_RECORD_COLUMNS} FROM cards c"):
            try:
                record_from_row(row[1:], implemented)
            except DamagedRow:
                bad.append(int(row[0]))
        self._local.damaged = (version, json.dumps(bad))

    def search(self, query: str, limit: int = 100, offset: int = 0, lang: str = "en",
               first: str = "") -> SearchResult:
        """Cards matching `query` (docs/search.md), sorted by name in `lang` (the English name
        where a card has none in it), one page at a time; the card named exactly `first` (in any
        of its names or its faces' names) before all others, on every page count. A query the
        parser rejects gives a result with `error` set, never an exception."""
        # (an Italian list in English order read as shuffled: "Campeggio Abbandonato, Oculo ...")
        order = f"fold(COALESCE(NULLIF(c.name_{lang}, ''), c.name)), c.name_key" if lang in ("de", "it") else "c.name_key"
        order_params: list[Any] = []
        if fold(first):
            # ("Sumpf": Swamp before Egelbefallener Sumpf, in the order, so on every page)
            order = f"(c.id IN (SELECT card_id FROM names WHERE key = ?)) DESC, {order}"
            order_params = [fold(first)]
        compiled = compile_query(query)
        if isinstance(compiled, QueryError):
            return SearchResult([], 0, compiled)

        def run(conn: sqlite3.Connection) -> SearchResult:
            if compiled.needs_implemented:
                self._ensure_implemented_table(conn)
            for attempt in (1, 2):
                damaged = self._known_damaged(conn)
                where, params = compiled.where, list(compiled.params)
                skipped = 0
                if damaged != "[]":
                    (skipped,) = conn.execute(
                        f"SELECT count(*) FROM cards c WHERE ({where}) AND c.id IN "
                        "(SELECT value FROM json_each(?))", [*params, damaged]).fetchone()
                    where, params = f"({where}) AND c.id NOT IN (SELECT value FROM json_each(?))", \
                        [*params, damaged]
                (total,) = conn.execute(f"SELECT count(*) FROM cards c WHERE {where}",
                                        params).fetchone()
                rows = conn.execute(
                    f"SELECT {_RECORD_COLUMNS} FROM cards c WHERE {where} "
                    f"ORDER BY {order} LIMIT ? OFFSET ?", [*params, *order_params, max(0, limit), max(0, offset)])
                try:
                    cards = [record_from_row(r, self._implemented_names().__contains__) for r in rows]
                except DamagedRow:
                    if attempt == 2:       # (damaged again after a fresh scan: written meanwhile)
                        raise
                    self._scan_damaged(conn)
                    continue
                return SearchResult(cards, int(total), skipped=int(skipped))
            raise AssertionError("unreachable")

        try:
            return self._guarded(run)
        except DamagedRow as exc:  # (only if rows were damaged while this search ran)
            error = self._damaged_message(exc)
            return SearchResult([], 0, QueryError(error.key, error.params, error.message, 0))
        except CardDBUnavailable as exc:
            return SearchResult([], 0, QueryError(exc.msg.key, exc.msg.params, exc.msg.message, 0))
        except sqlite3.OperationalError as exc:
            params = {"position": 0, "reason": str(exc)}
            return SearchResult([], 0, QueryError("search.failed", params, english("search.failed", **params), 0))

    def get(self, name: str) -> CardRecord | None:
        """The card with this English name (case-insensitive), else the card that name
        resolves to in any language (see resolve_name); None if there is none."""
        def run(conn: sqlite3.Connection) -> CardRecord | None:
            row = conn.execute(f"SELECT {_RECORD_COLUMNS} FROM cards c WHERE c.name_key = ?",
                               (fold(name),)).fetchone()
            return self._record(row) if row else None

        record = self._guarded(run)
        if record is None:
            english = self.resolve_name(name)
            if english is not None:
                record = self._guarded(lambda conn: self._record(conn.execute(
                    f"SELECT {_RECORD_COLUMNS} FROM cards c WHERE c.name = ?",
                    (english,)).fetchone()))
        return record

    def resolve_name(self, name: str) -> str | None:
        """The English name of the card called `name` in English, German or Italian
        (case- and accent-insensitive; a face name or "A/B" finds "A // B"), or None."""
        candidates = [name]
        if "/" in name:
            # Whitespace folded first: the pattern would be quadratic on runs of spaces.
            candidates.append(re.sub(r" ?/{1,2} ?", " // ", " ".join(name.split())))

        def run(conn: sqlite3.Connection) -> str | None:
            for candidate in candidates:
                key = fold(candidate)
                row = conn.execute(
                    "SELECT c.name FROM names n JOIN cards c ON c.id = n.card_id WHERE n.key = ? "
                    "ORDER BY (c.name_key = n.key) DESC, (n.lang = 'en') DESC, c.bundled DESC "
                    "LIMIT 1", (key,)).fetchone()
                if row:
                    return str(row[0])
            return None

        return self._guarded(run) if name.strip() else None

    def close_matches(self, name: str, n: int = 5) -> list[str]:
        """English names of up to `n` cards whose name (in any language) is close to `name`;
        for "did you mean ...?" after resolve_name() found nothing."""
        key = fold(name)
        if not key:
            return []

        def run(conn: sqlite3.Connection) -> list[tuple[str, str]]:
            sql = "SELECT n.key, c.name FROM names n JOIN cards c ON c.id = n.card_id"
            (total,) = conn.execute("SELECT count(*) FROM names").fetchone()
            if total <= 5000:
                return conn.execute(sql).fetchall()
            # A big database: only names that share their start or a longer word with the
            # query, and whose length allows a ratio of 0.6, are worth difflib's time.
            words = sorted({w for w in re.findall(r"\w+", key) if len(w) >= 4}, key=len)[-3:]
            where = ["(n.key >= ? AND n.key < ?)"] + ["instr(n.key, ?) > 0"] * len(words)
            params: list[Any] = [key[:3], key[:3] + "\U0010ffff", *words]
            return conn.execute(
                f"{sql} WHERE ({' OR '.join(where)}) AND length(n.key) BETWEEN ? AND ? "
                "LIMIT 2000", [*params, int(len(key) * 0.42), int(len(key) * 2.4) + 1]).fetchall()

        scored: dict[str, float] = {}
        matcher = difflib.SequenceMatcher(autojunk=False)
        matcher.set_seq2(key)
        for cand_key, name in self._guarded(run):  # (name: not `english`, the message helper)
            matcher.set_seq1(cand_key)
            if matcher.real_quick_ratio() < 0.6 or matcher.quick_ratio() < 0.6:
                continue
            ratio = matcher.ratio()
            if ratio >= 0.6 and ratio > scored.get(name, 0.0):
                scored[name] = ratio
        return [e for e, _ in sorted(scored.items(), key=lambda kv: (-kv[1], kv[0]))[:n]]

    def sets(self) -> list[SetInfo]:
        """Every set with at least one card here, by code, with its card count."""
        rows = self._guarded(lambda conn: conn.execute(
            "SELECT s.code, s.name, count(DISTINCT p.card_id), max(p.source = 'bundled') "
            "FROM sets s JOIN printings p ON p.set_code = s.code "
            "GROUP BY s.code ORDER BY s.code").fetchall())
        return [SetInfo(code, name, int(count), bool(b)) for code, name, count, b in rows]

    def count(self, bundled: bool | None = None) -> int:
        """How many cards there are (only bundled ones, or only imported ones, if asked)."""
        where = "" if bundled is None else f" WHERE bundled = {1 if bundled else 0}"
        (n,) = self._guarded(lambda conn: conn.execute(
            f"SELECT count(*) FROM cards{where}").fetchone())
        return int(n)
