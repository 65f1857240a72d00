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
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    return _base("config")


def data_dir() -> Path:
    return _base("data")


def cache_dir() -> Path:
    return _base("cache")


def atomic_write(path: Path, data: str | bytes) -> None:
    """Write a file so that a crash leaves either the old or the new content, never half."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
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
