"""Only real corruption may move the card database aside: locked, full and unopenable files
are left alone with a clear message, and the imported cards are still there afterwards."""
from __future__ import annotations

import os
import shutil
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from engine.cards import backups
from engine.cards.__main__ import main as cli
from engine.cards.db import CardDB, CardDBUnavailable

from carddb_helpers import FIXTURES


def _with_import(db: CardDB) -> int:
    report = db.import_file(FIXTURES / "scryfall-oracle-cards.json")
    assert report.ok, report.error
    imported = db.count(bundled=False)
    assert imported > 0
    db.close()
    return imported


def _intact(path: Path, imported: int) -> None:
    assert not backups.list_backups(path), "nothing may be moved aside"
    again = CardDB.open(path)
    assert again.count(bundled=False) == imported
    assert again.notices == []
    again.close()


def _hold_exclusive(path: Path) -> sqlite3.Connection:
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("PRAGMA locking_mode = EXCLUSIVE")
    other.execute("BEGIN EXCLUSIVE")
    other.execute("INSERT INTO meta (key, value) VALUES ('lock-test', 'x')")
    return other


def test_a_locked_database_is_left_alone(db: CardDB) -> None:
    imported = _with_import(db)
    other = _hold_exclusive(db.path)
    try:
        with pytest.raises(CardDBUnavailable) as info:
            CardDB.open(db.path, busy_timeout=0.2)
        assert info.value.msg.key == "cards.db_locked"
        assert "locked" in info.value.msg.message
    finally:
        other.execute("ROLLBACK")
        other.close()
    _intact(db.path, imported)


def test_the_cli_says_locked_and_changes_nothing(db: CardDB, capsys, monkeypatch) -> None:
    imported = _with_import(db)
    monkeypatch.setattr(CardDB, "busy_timeout", 0.2)
    other = _hold_exclusive(db.path)
    try:
        assert cli(["search", "cult"]) == 1
    finally:
        other.execute("ROLLBACK")
        other.close()
    err = capsys.readouterr().err
    assert "locked" in err and "Traceback" not in err
    _intact(db.path, imported)


def test_a_lock_that_ends_soon_is_waited_for(db: CardDB) -> None:
    imported = _with_import(db)
    other = _hold_exclusive(db.path)
    threading.Timer(0.3, lambda: (other.execute("ROLLBACK"), other.close())).start()
    again = CardDB.open(db.path, busy_timeout=5)
    assert again.count(bundled=False) == imported
    again.close()


def test_disk_full_during_import_changes_nothing(db: CardDB, monkeypatch) -> None:
    imported = _with_import(db)
    db = CardDB.open(db.path)
    real = CardDB._open_connection

    def full(self: CardDB) -> sqlite3.Connection:
        conn = real(self)
        (pages,) = conn.execute("PRAGMA page_count").fetchone()
        conn.execute(f"PRAGMA max_page_count = {pages}")     # no room for one more page
        return conn

    monkeypatch.setattr(CardDB, "_open_connection", full)
    report = db.import_file(FIXTURES / "AtomicCards.json")
    assert not report.ok and report.error is not None
    assert report.error.key == "cards.db_disk_full"
    monkeypatch.undo()
    db.close()
    _intact(db.path, imported)


def test_disk_full_while_refreshing_bundled_cards_keeps_the_file(db: CardDB, monkeypatch) -> None:
    imported = _with_import(db)
    conn = sqlite3.connect(db.path)
    conn.execute("UPDATE meta SET value = 'old' WHERE key = 'assets_version'")
    conn.commit()
    conn.close()

    def full(self: CardDB, conn: sqlite3.Connection, version: str) -> None:
        conn.execute("INSERT INTO meta (key, value) VALUES ('half', 'written')")
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(CardDB, "_write_bundled", full)
    again = CardDB.open(db.path)
    assert [n.key for n in again.notices] == ["cards.db_refresh_failed"]
    monkeypatch.undo()
    assert again.count(bundled=False) == imported
    again.close()
    assert not backups.list_backups(db.path)


def test_an_unopenable_path_is_a_message(tmp_path: Path) -> None:
    path = tmp_path / "cards.sqlite"
    path.mkdir()                                   # a folder where the file should be
    (path / "keep").write_text("x")
    with pytest.raises(CardDBUnavailable) as info:
        CardDB.open(path)
    assert info.value.msg.key == "cards.db_unavailable"
    assert (path / "keep").read_text() == "x" and not backups.list_backups(path)


def test_a_read_only_database_is_used_read_only(db: CardDB, monkeypatch) -> None:
    imported = _with_import(db)
    # Tests run as root, where chmod does not stop writing: pretend the OS says no.
    monkeypatch.setattr(os, "access", lambda p, mode: mode != os.W_OK)
    again = CardDB.open(db.path)
    assert again.read_only
    assert [n.key for n in again.notices] == ["cards.db_read_only"]
    assert again.count(bundled=False) == imported
    assert again.search("cult").total >= 1
    report = again.import_file(FIXTURES / "AtomicCards.json")
    assert report.error is not None and report.error.key == "import.read_only"
    again.close()


def test_real_corruption_is_recovered_and_offered_back(db: CardDB, capsys) -> None:
    imported = _with_import(db)
    healthy = db.path.read_bytes()
    db.path.write_bytes(b"\x00garbage" * 4096)
    again = CardDB.open(db.path)
    assert any(n.key == "cards.db_corrupt_rebuilt" for n in again.notices)
    assert again.count(bundled=False) == 0
    found = again.list_backups()
    assert len(found) == 1
    msg = again.restore_backup(found[0].path)
    assert msg.key == "cards.backup_unusable"                      # garbage is not restored
    # An older Manatable moved a healthy (merely locked) database aside: it can come back.
    old = db.path.with_name("cards.sqlite.corrupt-20240101-000000")
    old.write_bytes(healthy)
    again.close()
    assert cli(["--db", str(db.path), "backups"]) == 0
    out = capsys.readouterr().out
    assert "cards.sqlite.corrupt-20240101-000000" in out and "cards" in out
    number = next(line.split(".")[0] for line in out.splitlines() if "20240101" in line)
    assert cli(["--db", str(db.path), "restore", number]) == 0
    restored = CardDB.open(db.path)
    assert restored.count(bundled=False) == imported
    restored.close()
    assert cli(["--db", str(db.path), "restore", "/etc/passwd"]) == 1


def test_old_backups_are_cleaned_keeping_the_newest(tmp_path: Path) -> None:
    path = tmp_path / "cards.sqlite"
    old = time.time() - 40 * 86400
    for i, age in enumerate((old - 100, old, time.time())):
        f = tmp_path / f"cards.sqlite.corrupt-2024010{i}-000000"
        f.write_bytes(b"x")
        os.utime(f, (age, age))
    removed = backups.clean_old_backups(path)
    assert len(removed) == 2
    assert len(backups.list_backups(path)) == 1
    # Only old ones: the newest of them is still kept.
    for f in tmp_path.iterdir():
        f.unlink()
    for i in range(2):
        f = tmp_path / f"cards.sqlite.corrupt-2024010{i}-000000"
        f.write_bytes(b"x")
        os.utime(f, (old - i, old - i))
    backups.clean_old_backups(path)
    assert len(backups.list_backups(path)) == 1


def test_build_leftovers_of_dead_processes_are_removed(home: Path) -> None:
    folder = home / "data"
    folder.mkdir(parents=True)
    dead = folder / ".cards.sqlite.building-999999999"
    dead.write_bytes(b"half")
    CardDB.open().close()
    assert not dead.exists()


def test_schema_change_keeps_the_old_file(db: CardDB) -> None:
    db.close()
    conn = sqlite3.connect(db.path)
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    again = CardDB.open()
    assert any(n.key == "cards.db_schema_rebuilt" for n in again.notices)
    kept = again.list_backups()
    assert len(kept) == 1 and ".replaced-" in kept[0].path.name
    again.close()
    shutil.rmtree(db.path.parent)


def _damage(path: Path, *names: str) -> None:
    """Rows whose stored JSON is not JSON (a file edited by another program)."""
    conn = sqlite3.connect(path)
    conn.executemany("UPDATE cards SET faces = '{not json' WHERE name = ?", [(n,) for n in names])
    conn.commit()
    conn.close()


def test_a_row_that_cannot_be_read_is_skipped_and_counted(db: CardDB) -> None:
    """A damaged card row failed every search whose page held it (reading it raised, the whole
    result was an error). Now a search leaves it out and counts it; the other cards read as
    before, `get` of that card says which card of which database is damaged, and the file is
    not changed."""
    path = db.path
    instants = db.search("t:instant", limit=1000)
    assert instants.ok and instants.skipped == 0 and "Murder" in [c.name for c in instants.cards]
    db.close()
    _damage(path, "Murder")
    before = path.read_bytes()
    db = CardDB.open(path)
    try:
        result = db.search("Murder")
        assert result.ok and result.skipped == 1
        assert [c.name for c in result.cards] == ["Marvin, Murderous Mimic"] and result.total == 1
        again = db.search("t:instant", limit=1000)
        assert again.ok and again.skipped == 1 and again.total == instants.total - 1
        assert [c.name for c in again.cards] == [c.name for c in instants.cards if c.name != "Murder"]
        none_damaged = db.search("t:creature")
        assert none_damaged.ok and none_damaged.skipped == 0
        with pytest.raises(CardDBUnavailable) as info:
            db.get("Murder")
        assert info.value.msg.key == "cards.damaged_row"
        assert "Murder" in info.value.msg.message and str(path) in info.value.msg.message
        cult = db.get("Cult Healer")
        assert cult is not None and cult.name == "Cult Healer"
    finally:
        db.close()
    assert path.read_bytes() == before


def test_pages_stay_exact_around_damaged_rows(db: CardDB) -> None:
    """Paging by offset over a result with damaged rows: every good card exactly once, in the
    order of the undamaged search, whichever page meets the damage first."""
    path = db.path
    whole = [c.name for c in db.search("t:creature", limit=10000).cards]
    broken = [whole[7], whole[8], whole[30]]
    db.close()
    _damage(path, *broken)
    db = CardDB.open(path)
    try:
        before_damage = db.search("t:creature", limit=10, offset=10)    # (not met yet)
        assert before_damage.skipped == 0 and before_damage.total == len(whole)
        met = db.search("t:creature", limit=10, offset=30)      # meets one: all three found
        assert met.skipped == 3 and met.total == len(whole) - 3
        seen = [c.name for o in range(0, len(whole), 10)
                for c in db.search("t:creature", limit=10, offset=o).cards]
        assert seen == [n for n in whole if n not in broken]
    finally:
        db.close()
