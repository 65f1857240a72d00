"""engine.safeio and atomic_write: regular files only, size limits, modes and symlinks kept,
leftovers cleaned."""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from engine import safeio
from engine.paths import FolderError, atomic_write, config_dir


def test_read_limits(tmp_path: Path) -> None:
    f = tmp_path / "a.txt"
    f.write_bytes(b"x" * 11)
    assert safeio.read_bytes(f, 11) == b"x" * 11
    with pytest.raises(safeio.FileTooLargeError):
        safeio.read_bytes(f, 10)
    with pytest.raises(safeio.NotRegularFileError):
        safeio.read_bytes(tmp_path, 10)


def test_atomic_write_keeps_mode_and_writes_through_symlinks(tmp_path: Path) -> None:
    target = tmp_path / "real.txt"
    target.write_text("old")
    os.chmod(target, 0o644)
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    atomic_write(link, "new")
    assert link.is_symlink() and target.read_text() == "new"
    assert os.stat(target).st_mode & 0o777 == 0o644
    fresh = tmp_path / "fresh.txt"
    atomic_write(fresh, "x")
    assert os.stat(fresh).st_mode & 0o777 == 0o666 & ~_umask()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_tmp_leftovers_are_cleaned(tmp_path: Path) -> None:
    old = tmp_path / ".settings.json.abc123.tmp"
    old.write_text("half")
    past = time.time() - 7200
    os.utime(old, (past, past))
    new = tmp_path / ".settings.json.def456.tmp"
    new.write_text("in progress")
    assert safeio.clean_tmp_leftovers(tmp_path) == 1
    assert not old.exists() and new.exists()


def test_an_uncreatable_home_is_a_clear_message(tmp_path: Path, monkeypatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("MANATABLE_HOME", str(blocker / "home"))
    with pytest.raises(FolderError) as info:
        config_dir()
    assert "MANATABLE_HOME" in str(info.value) and "cannot create" in str(info.value)
