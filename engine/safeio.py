"""Reading files people send each other without hanging or running out of memory.

Every reader of a user file (decks, settings, recent decks, autosaves, saved games, card
imports) goes through `read_bytes` / `open_regular`: only regular files are read (a FIFO
would block forever, a symlink to /dev/zero never ends), and never more than the limit
plus one byte — so "too large" is known without reading the rest.
"""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO
import time


class NotRegularFileError(OSError):
    """The path is a FIFO, device, socket or folder, not a file."""


class FileTooLargeError(OSError):
    """The file is bigger than the reader's limit."""


def open_regular(path: str | os.PathLike[str]) -> BinaryIO:
    """Open `path` for binary reading if it is a regular file (symlinks are followed to
    their target, which must be one too); raises NotRegularFileError otherwise.

    O_NONBLOCK keeps open() itself from blocking on a FIFO; it is switched off again for
    the regular file, where it changes nothing anyway.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) \
        | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(os.fspath(path), flags)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegularFileError(errno.EINVAL, "it is not a regular file", os.fspath(path))
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_bytes(path: str | os.PathLike[str], limit: int) -> bytes:
    """The content of the regular file `path`, at most `limit` bytes; raises
    FileTooLargeError (reading only limit + 1 bytes) when there is more."""
    with open_regular(path) as fh:
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise FileTooLargeError(errno.EFBIG, f"the file is larger than {limit} bytes",
                                os.fspath(path))
    return data


def read_text(path: str | os.PathLike[str], limit: int, encoding: str = "utf-8") -> str:
    """`read_bytes` decoded (UnicodeDecodeError is a ValueError for the caller)."""
    return read_bytes(path, limit).decode(encoding)


def _free_name(path: Path, mark: str) -> Path:
    n = 1
    while True:
        target = path.with_name(f"{path.name}.{mark}-{n}")
        if not target.exists() and not target.is_symlink():
            return target
        n += 1


def keep_aside(path: Path, mark: str = "damaged") -> Path | None:
    """Rename an unreadable file to `<name>.<mark>-<n>` so the defaults can be written
    without losing it; returns the new name, or None when it could not be moved."""
    target = _free_name(path, mark)
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target


def keep_copy(path: Path, data: bytes, mark: str = "damaged") -> Path | None:
    """Write `data` (what was read from `path`) to a new `<name>.<mark>-<n>` beside it: a file
    read only in part (some values unusable) is kept whole before the program writes its own
    version over it. Returns the copy's name, or None when it could not be written."""
    target = _free_name(path, mark)
    try:
        with open(target, "xb") as fh:   # (x: never over an existing file)
            fh.write(data)
    except OSError:
        return None
    return target


def clean_tmp_leftovers(folder: Path, older_than: float = 3600.0) -> int:
    """Remove `.<name>.*.tmp` files atomic_write left behind when killed; only old ones, so
    another running Manatable's write in progress is never touched. Returns how many."""
    removed = 0
    try:
        entries = list(folder.iterdir())
    except OSError:
        return 0
    limit = time.time() - older_than
    for entry in entries:
        if entry.name.startswith(".") and entry.name.endswith(".tmp"):
            try:
                if entry.is_file() and entry.stat().st_mtime < limit:
                    entry.unlink()
                    removed += 1
            except OSError:
                continue
    return removed
