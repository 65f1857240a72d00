"""Where Manatable keeps its files: platformdirs, or MANATABLE_HOME for tests and portable installs."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import platformdirs

# The folder holding assets/ and i18n/: the source checkout, or in a PyInstaller bundle the
# unpacked data folder (sys._MEIPASS), where the spec puts them under the same names.
ROOT = Path(getattr(sys, "_MEIPASS", "")) if getattr(sys, "frozen", False) else \
    Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"


def _base(kind: str) -> Path:
    home = os.environ.get("MANATABLE_HOME")
    if home:
        path = Path(home) / kind
    else:
        getter = {"config": platformdirs.user_config_dir, "data": platformdirs.user_data_dir,
                  "cache": platformdirs.user_cache_dir}[kind]
        path = Path(getter("manatable", appauthor=False))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        # One clear sentence instead of a traceback; OSError so every caller's handler fits.
        reason = exc.strerror or str(exc)
        raise FolderError(exc.errno or 0, f"Manatable cannot create its {kind} folder {path} "
                          f"({reason}); set MANATABLE_HOME to a folder you can write to") from None
    return path


class FolderError(OSError):
    """A folder Manatable keeps its files in cannot be created."""

    def __str__(self) -> str:
        return str(self.strerror)


def config_dir() -> Path:
    return _base("config")


def data_dir() -> Path:
    return _base("data")


def cache_dir() -> Path:
    return _base("cache")


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def atomic_write(path: Path, data: str | bytes) -> None:
    """Write a file so that a crash leaves either the old or the new content, never half.

    A symlink is written through (its target is replaced, the link stays), and the file
    keeps its mode (a new file gets the usual 0666 minus umask, not mkstemp's 0600).
    """
    path = Path(path)
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        mode = os.stat(path).st_mode & 0o7777
    except OSError:
        mode = 0o666 & ~_umask()
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
