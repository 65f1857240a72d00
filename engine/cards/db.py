"""The card database: SQLite (FTS5 for rules text) in the data dir, built from the bundled
assets, extended by imported card files, searched with the language in search.py.

    db = CardDB.open()                        # data_dir()/cards.sqlite; builds it if needed
    result = db.search("t:creature c:w mv<=2")
    db.resolve_name("Heiler des Kultes")      # -> "Cult Healer"
    report = db.import_file(path, progress=cb, cancel=event)   # from a worker thread

Opening is cheap (hash the assets, read two pragmas): nothing is loaded into memory.
The file is rebuilt when the schema version or the assets' hash changes, and moved
aside and rebuilt only when SQLite itself says it is corrupt. A locked, full or unreadable
file is never touched: opening raises CardDBUnavailable with a message, or the file is
used read-only (engine/cards/backups.py tells the errors apart and keeps the backups).
Each thread gets its own connection; the file is
in WAL mode, so the GUI can keep searching while a worker imports.
"""
from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Callable, TypeVar

from engine import safeio
from engine.cards import backups as bk
from engine.cards.importers import ImportReport, detect_format, read_cards
from engine.cards.importers.bundled import assets_version, read_bundled
from engine.cards.importers.common import (
    CancelFlag, CardFileError, ImportCancelled, Message, ProgressCallback, SetRecord, Skipped, fold,
)
from engine.cards.importers.schema import SCHEMA_VERSION, create_schema
from engine.cards.importers.writer import CardWriter
from engine.cards.records import CardDBUnavailable, CardRecord, PrintingInfo, SearchResult, SetInfo
from engine.cards.queries import CardQueries
from engine.cards.search import QueryError
from engine.paths import data_dir

__all__ = ["CardDB", "CardDBUnavailable", "CardRecord", "ImportReport", "Message", "PrintingInfo", "QueryError",
           "SearchResult", "SetInfo", "DB_FILENAME"]

log = logging.getLogger(__name__)
DB_FILENAME = "cards.sqlite"
# quick_check reads the whole file: worth it only while the file is small (bundled only).
_QUICK_CHECK_MAX_BYTES = 8 * 1024 * 1024
T = TypeVar("T")


def _is_corrupt(exc: BaseException) -> bool:
    return bk.error_kind(exc) == "corrupt"


def _unavailable(path: Path, exc: BaseException) -> CardDBUnavailable:
    kind = bk.error_kind(exc) if isinstance(exc, sqlite3.Error) else "unavailable"
    reason = getattr(exc, "strerror", None) or str(exc)
    if kind == "busy":
        return CardDBUnavailable(Message(
            "cards.db_locked", {"path": str(path)}))
    if kind == "full":
        return CardDBUnavailable(Message(
            "cards.db_disk_full", {"path": str(path)}))
    return CardDBUnavailable(Message(
        "cards.db_unavailable", {"path": str(path), "reason": reason}))


class CardDB(CardQueries):
    """The card database. Create with CardDB.open(); safe to use from several threads.
    Search, names, sets and counts: CardQueries (engine/cards/queries.py)."""

    #: Seconds to wait for another program's lock before giving up with a message.
    busy_timeout: float = 5.0

    def __init__(self, path: Path, assets_dir: Path | None = None) -> None:
        self.path = Path(path)
        self.assets_dir = assets_dir
        self.notices: list[Message] = []
        self.read_only = False
        self._local = threading.local()
        self._lock = threading.RLock()
        self._connections: list[sqlite3.Connection] = []
        self._implemented: frozenset[str] | None = None

    # -- opening, building, recovering --------------------------------------------------

    @classmethod
    def open(cls, path: str | os.PathLike[str] | None = None, *,
             assets_dir: str | os.PathLike[str] | None = None,
             busy_timeout: float | None = None) -> CardDB:
        """Open the database at `path` (default data_dir()/cards.sqlite), building or
        rebuilding it from the bundled assets when it is missing, outdated or corrupt.
        Raises CardDBUnavailable (file untouched) when it is locked, full or unopenable."""
        try:
            where = Path(path) if path else data_dir() / DB_FILENAME
        except OSError as exc:
            raise _unavailable(Path(str(path or DB_FILENAME)), exc) from None
        db = cls(where, Path(assets_dir) if assets_dir else None)
        if busy_timeout is not None:
            db.busy_timeout = busy_timeout
        try:
            db._ensure()
        except (sqlite3.Error, OSError) as exc:
            db.close()
            raise _unavailable(db.path, exc) from None
        return db

    def _ensure(self) -> None:
        bk.clean_build_leftovers(self.path)
        safeio.clean_tmp_leftovers(self.path.parent)     # atomic_write's, after a kill -9
        bk.clean_old_backups(self.path)
        version = assets_version(self.assets_dir)
        state = self._inspect(version)
        if state == "ok":
            self._check_writable()
            return
        if state == "assets":
            try:
                self._refresh_bundled(version)
                self.notices.append(Message("cards.db_refreshed", {}))
                return
            except (sqlite3.DatabaseError, OSError) as exc:
                if not _is_corrupt(exc):
                    # Locked, full or read-only: keep using the file as it is.
                    self.notices.append(Message(
                        "cards.db_refresh_failed", {"reason": str(exc)}))
                    self._check_writable()
                    return
                state = "corrupt"
        if state == "corrupt":
            self._recover()
            return
        if state == "schema":
            # Keep the old file: it holds the user's imports, and a newer Manatable reads it.
            backup = bk.move_aside(self.path, ".replaced-")
            log.warning("card database %s has another schema; kept as %s", self.path, backup)
        self._build_fresh(version)
        if state == "schema":
            self.notices.append(Message(
                "cards.db_schema_rebuilt", {}))

    def _inspect(self, version: str) -> str:
        """'ok', 'missing', 'schema', 'assets' or 'corrupt', touching as little as possible."""
        try:
            size = self.path.stat().st_size
        except FileNotFoundError:
            return "missing"
        if size == 0:
            return "missing"
        conn = None
        try:
            conn = sqlite3.connect(self.path, timeout=self.busy_timeout, isolation_level=None)
            (user_version,) = conn.execute("PRAGMA user_version").fetchone()
            if user_version == 0:                 # an empty SQLite file: nothing to lose
                return "missing"
            if user_version != SCHEMA_VERSION:
                return "schema"
            row = conn.execute("SELECT value FROM meta WHERE key = 'assets_version'").fetchone()
            conn.execute("SELECT id FROM cards LIMIT 1").fetchall()
            if size <= _QUICK_CHECK_MAX_BYTES:
                (check,) = conn.execute("PRAGMA quick_check").fetchone()
                if check != "ok":
                    return "corrupt"
            return "ok" if row and row[0] == version else "assets"
        except sqlite3.DatabaseError as exc:
            if _is_corrupt(exc):
                return "corrupt"
            if bk.error_kind(exc) == "readonly" or not self._can_write():
                return self._inspect_read_only(version)
            raise
        finally:
            if conn is not None:
                conn.close()

    def _can_write(self) -> bool:
        return os.access(self.path, os.W_OK) and os.access(self.path.parent, os.W_OK)

    def _check_writable(self) -> None:
        if not self._can_write():
            self._go_read_only()

    def _go_read_only(self) -> None:
        if not self.read_only:
            self.read_only = True
            self.close()
            self.notices.append(Message(
                "cards.db_read_only", {"path": str(self.path)}))

    def _inspect_read_only(self, version: str) -> str:
        """The file cannot be written: check it read-only and use it as it is."""
        conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True,
                               timeout=self.busy_timeout, isolation_level=None)
        try:
            (user_version,) = conn.execute("PRAGMA user_version").fetchone()
            conn.execute("SELECT id FROM cards LIMIT 1").fetchall()
        except sqlite3.DatabaseError as exc:
            if _is_corrupt(exc):
                raise CardDBUnavailable(Message(
                    "cards.db_damaged_read_only", {"path": str(self.path)})) from None
            raise
        finally:
            conn.close()
        if user_version != SCHEMA_VERSION:
            raise CardDBUnavailable(Message(
                "cards.db_unavailable", {"path": str(self.path), "reason": "read-only"}))
        self._go_read_only()
        return "ok"

    def _recover(self) -> None:
        """Move a corrupt file aside (cards.sqlite.corrupt-<timestamp>) and rebuild."""
        self.close()
        backup = bk.move_aside(self.path, ".corrupt-")
        log.warning("card database %s was corrupt; moved to %s and rebuilt", self.path, backup)
        self._build_fresh(assets_version(self.assets_dir))
        self.notices.append(Message(
            "cards.db_corrupt_rebuilt", {"backup": str(backup)}))

    def _build_fresh(self, version: str) -> None:
        """Build from the bundled assets into a temporary file, then rename it into place,
        so a crash mid-build never leaves a half-built database behind."""
        self.close()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(f".{self.path.name}.building-{os.getpid()}")
        tmp.unlink(missing_ok=True)
        conn = sqlite3.connect(tmp, isolation_level=None)
        try:
            conn.execute("PRAGMA journal_mode = OFF")
            conn.execute("PRAGMA synchronous = OFF")
            create_schema(conn)
            conn.execute("BEGIN")
            self._write_bundled(conn, version)
            conn.execute("COMMIT")
            conn.execute("PRAGMA journal_mode = WAL")
        finally:
            conn.close()
        for suffix in ("-wal", "-shm"):     # a stale WAL must never meet the new file
            Path(str(self.path) + suffix).unlink(missing_ok=True)
        os.replace(tmp, self.path)

    def _refresh_bundled(self, version: str) -> None:
        """The assets changed: rewrite the bundled rows in place, keeping imported cards."""
        conn = self._open_connection()
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                conn.execute("DELETE FROM printings WHERE source = 'bundled'")
                self._write_bundled(conn, version)
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
        finally:
            conn.close()

    def _write_bundled(self, conn: sqlite3.Connection, version: str) -> None:
        writer = CardWriter(conn, "bundled", bundled=True)
        keys: set[str] = set()
        for item in read_bundled(self.assets_dir):
            if isinstance(item, SetRecord):
                conn.execute("INSERT INTO sets (code, name, source) VALUES (?, ?, 'bundled') "
                             "ON CONFLICT (code) DO UPDATE SET name = excluded.name",
                             (item.code, item.name))
            else:
                keys.add(fold(item.name))
                writer.add(item)
        writer.remove_stale_bundled(keys)
        writer.finish()
        conn.executemany("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                         [("assets_version", version), ("built_at", time.strftime("%Y-%m-%d %H:%M:%S"))])

    # -- connections -------------------------------------------------------------------

    def _open_connection(self) -> sqlite3.Connection:
        # check_same_thread=False only so that close() may close every thread's connection;
        # each connection is still used by the one thread that opened it.
        if self.read_only:
            conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True,
                                   timeout=self.busy_timeout, isolation_level=None,
                                   check_same_thread=False)
        else:
            conn = sqlite3.connect(self.path, timeout=self.busy_timeout, isolation_level=None,
                                   check_same_thread=False)
            conn.execute("PRAGMA synchronous = NORMAL")
        conn.create_function("fold", 1, fold, deterministic=True)  # (a search sorted by a translated name)
        return conn

    # -- backups -----------------------------------------------------------------------

    def list_backups(self) -> list[bk.Backup]:
        """Earlier card databases that were moved aside, newest first."""
        return bk.list_backups(self.path)

    def restore_backup(self, backup: str | os.PathLike[str]) -> Message:
        """Put a moved-aside database back in place (the current one becomes a backup).
        A damaged or foreign backup is refused and nothing changes."""
        source = Path(backup)
        if source.parent.resolve() != self.path.parent.resolve() or not source.is_file():
            return Message("cards.backup_missing", {"path": str(source)})
        cards, problem = bk.check_backup(source)
        if problem is not None:
            return Message("cards.backup_unusable", {"path": str(source), "reason": problem})
        if self.read_only:
            return Message("cards.db_read_only", {"path": str(self.path)})
        with self._lock:
            self.close()
            current = bk.move_aside(self.path, ".replaced-")
            os.replace(source, self.path)
            for suffix in ("-wal", "-shm"):
                side = Path(f"{source}{suffix}")
                if side.exists():
                    os.replace(side, Path(f"{self.path}{suffix}"))
            self._ensure()
        return Message("cards.backup_restored",
                       {"backup": source.name, "count": cards, "previous": current.name})

    def _conn(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._open_connection()
            self._local.conn = conn
            self._local.has_implemented = False
            with self._lock:
                self._connections.append(conn)
        return conn

    def close(self) -> None:
        """Close every connection this object opened (in any thread)."""
        with self._lock:
            for conn in self._connections:
                try:
                    conn.close()
                except sqlite3.Error:
                    pass
            self._connections.clear()
            # Other threads' slots would still hold closed connections: a fresh
            # threading.local makes every thread open a new one on its next call.
            self._local = threading.local()

    def __enter__(self) -> CardDB:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _guarded(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run a read; if the file turns out corrupt, move it aside, rebuild and retry once."""
        try:
            return fn(self._conn())
        except sqlite3.DatabaseError as exc:
            if not _is_corrupt(exc):
                raise
            with self._lock:
                self._recover()
            return fn(self._conn())

    # -- importing ---------------------------------------------------------------------

    def import_file(self, path: str | os.PathLike[str], progress: ProgressCallback | None = None,
                    cancel: CancelFlag | None = None) -> ImportReport:
        """Import a card file (MTGJSON, Scryfall, Cockatrice; format detected from content)
        in one transaction. Callable from a worker thread: `progress(done, total)` gets bytes
        read and the file size; setting `cancel` stops it. On a malformed file or a cancel
        the database is left exactly as it was and the report's `error` says why."""
        path = Path(path)
        report = ImportReport(path=str(path))
        start = time.perf_counter()
        conn: sqlite3.Connection | None = None
        try:
            if self.read_only:
                raise CardFileError("import.read_only", file=path.name)
            report.format = detect_format(path)
            conn = self._open_connection()
            conn.execute("PRAGMA cache_size = -32768")      # 32 MiB: fewer index page reads
            conn.execute("PRAGMA temp_store = MEMORY")
            conn.execute("BEGIN IMMEDIATE")
            (before,) = conn.execute("SELECT count(*) FROM printings").fetchone()
            skips = Skipped()
            writer = CardWriter(conn, source=path.name, skips=skips)
            for item in read_cards(path, report.format, progress, cancel, skips):
                if isinstance(item, SetRecord):
                    writer.add_set(item)
                else:
                    writer.add(item)
            if cancel is not None and cancel.is_set():
                raise ImportCancelled()
            writer.finish()
            (after,) = conn.execute("SELECT count(*) FROM printings").fetchone()
            conn.execute("INSERT INTO imports (path, format, imported_at, cards) VALUES "
                         "(?, ?, ?, ?)", (str(path.resolve()), report.format,
                                          time.strftime("%Y-%m-%d %H:%M:%S"),
                                          writer.stats.entries))
            conn.execute("COMMIT")
            stats = writer.stats
            report.cards_added, report.cards_updated = stats.cards_added, stats.cards_updated
            report.bundled_matched, report.entries = stats.bundled_matched, stats.entries
            report.printings_added = int(after) - int(before)
            report.skipped = skips
            try:
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.OperationalError:
                pass                       # a reader is busy: SQLite checkpoints later
        except CardFileError as exc:
            self._rollback(conn)
            report.error = exc.msg
        except ImportCancelled:
            self._rollback(conn)
            report.cancelled = True
            report.error = Message("import.cancelled", {"file": path.name})
        except sqlite3.DatabaseError as exc:
            self._rollback(conn)
            if bk.error_kind(exc) in ("busy", "full"):
                report.error = _unavailable(self.path, exc).msg
            else:
                report.error = Message("import.database_error", {"file": path.name, "reason": str(exc)})
            if _is_corrupt(exc):
                with self._lock:
                    self._recover()
        except BaseException:
            self._rollback(conn)
            raise
        finally:
            if conn is not None:
                conn.close()
            report.seconds = time.perf_counter() - start
        return report

    @staticmethod
    def _rollback(conn: sqlite3.Connection | None) -> None:
        if conn is not None and conn.in_transaction:
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass
