"""Card databases that were moved aside (``cards.sqlite.corrupt-<stamp>``), and the rules
for telling real damage from a database that is only locked, full or unreadable.

Only SQLite's own "corrupt" and "not a database" errors (or a failed quick_check) make a
file damaged; every other error leaves the file alone. Files moved aside are kept so the
user can restore one (older versions of Manatable moved healthy, merely locked databases
aside), and removed after KEEP_DAYS — except the newest, which is always kept.
"""
from __future__ import annotations

import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from engine.cards.importers.schema import SCHEMA_VERSION

KEEP_DAYS = 30
MARKS = (".corrupt-", ".replaced-")
_CORRUPT_CODES = {11, 26}            # SQLITE_CORRUPT, SQLITE_NOTADB
_BUSY_CODES = {5, 6}                 # SQLITE_BUSY, SQLITE_LOCKED
_FULL_CODES = {13}                   # SQLITE_FULL
_READONLY_CODES = {8, 3, 23}         # SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH


def error_kind(exc: BaseException) -> str:
    """'corrupt', 'busy', 'full', 'readonly' or 'unavailable' (can't open, I/O, other)."""
    code = getattr(exc, "sqlite_errorcode", None)
    text = str(exc).lower()
    if code is not None:
        primary = code & 0xFF
        if primary in _CORRUPT_CODES:
            return "corrupt"
        if primary in _BUSY_CODES:
            return "busy"
        if primary in _FULL_CODES:
            return "full"
        if primary in _READONLY_CODES:
            return "readonly"
        return "unavailable"
    # Errors raised without a code (tests, older Pythons): judge by SQLite's wording.
    if "malformed" in text or "not a database" in text:
        return "corrupt"
    if "locked" in text or "busy" in text:
        return "busy"
    if "full" in text:
        return "full"
    if "readonly" in text or "read-only" in text:
        return "readonly"
    return "unavailable"


@dataclass(frozen=True)
class Backup:
    path: Path
    modified: float
    size: int


def list_backups(db_path: Path) -> list[Backup]:
    """The moved-aside copies of `db_path`, newest first (their -wal/-shm files not listed)."""
    found: list[Backup] = []
    folder = db_path.parent
    if not folder.is_dir():
        return []
    for entry in folder.iterdir():
        name = entry.name
        if not name.startswith(db_path.name) or name.endswith(("-wal", "-shm")):
            continue
        if not any(name.startswith(db_path.name + mark) for mark in MARKS):
            continue
        try:
            st = entry.stat()
        except OSError:
            continue
        if entry.is_file():
            found.append(Backup(entry, st.st_mtime, st.st_size))
    return sorted(found, key=lambda b: (b.modified, b.path.name), reverse=True)


def clean_old_backups(db_path: Path, days: int = KEEP_DAYS, now: float | None = None) -> list[Path]:
    """Delete backups older than `days`, always keeping the newest; returns what went."""
    limit = (time.time() if now is None else now) - days * 86400
    removed: list[Path] = []
    for backup in list_backups(db_path)[1:]:
        if backup.modified < limit:
            for path in (backup.path, Path(f"{backup.path}-wal"), Path(f"{backup.path}-shm")):
                try:
                    path.unlink()
                except OSError:
                    continue
            removed.append(backup.path)
    return removed


def backup_name(db_path: Path, mark: str) -> Path:
    """A fresh name `cards.sqlite<mark><timestamp>[-n]` next to the database."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    backup = db_path.with_name(f"{db_path.name}{mark}{stamp}")
    n = 1
    while backup.exists():
        n += 1
        backup = db_path.with_name(f"{db_path.name}{mark}{stamp}-{n}")
    return backup


def move_aside(db_path: Path, mark: str) -> Path:
    """Rename the database (and its -wal/-shm) to a backup name; returns the new path."""
    backup = backup_name(db_path, mark)
    if db_path.exists():
        os.replace(db_path, backup)
    for suffix in ("-wal", "-shm"):
        side = Path(f"{db_path}{suffix}")
        if side.exists():
            os.replace(side, Path(f"{backup}{suffix}"))
    return backup


def check_backup(path: Path) -> tuple[int, str | None]:
    """(number of cards, None) when `path` is a healthy card database of this version,
    else (0, why not) — read-only, the file is never changed."""
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=2)
    except sqlite3.Error as exc:
        return 0, str(exc)
    try:
        (version,) = conn.execute("PRAGMA user_version").fetchone()
        if version != SCHEMA_VERSION:
            return 0, f"made by another version of Manatable (schema {version})"
        (check,) = conn.execute("PRAGMA quick_check").fetchone()
        if check != "ok":
            return 0, f"damaged ({check})"
        (cards,) = conn.execute("SELECT count(*) FROM cards").fetchone()
        return int(cards), None
    except sqlite3.Error as exc:
        return 0, str(exc)
    finally:
        conn.close()


def clean_build_leftovers(db_path: Path) -> None:
    """Remove `.cards.sqlite.building-PID` files whose process is gone (a crash mid-build)."""
    folder = db_path.parent
    if not folder.is_dir():
        return
    for entry in folder.glob(f".{db_path.name}.building-*"):
        pid_text = entry.name.rsplit("-", 1)[-1]
        if pid_text.isdigit() and int(pid_text) != os.getpid() and _alive(int(pid_text)):
            continue
        try:
            entry.unlink()
        except OSError:
            pass


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True
