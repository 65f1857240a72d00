"""Files a reader must refuse without reading them: a FIFO (an open() blocks until a writer
comes), a link to /dev/zero (never ends) and a sparse file far over any limit (no disk used).
Each is made at the path given (under the test's own tmp_path: safe on parallel workers).
`written`: ordinary files with the contents a test gives, several at once."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable

import pytest


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def link_to_dev_zero(path: Path) -> Path:
    path.symlink_to("/dev/zero")
    return path


def sparse(path: Path, size: int) -> Path:
    with path.open("wb") as fh:
        fh.truncate(size)
    return path


def written(folder: Path, contents: dict[str, str | bytes]) -> list[Path]:
    """Each file name's contents written into `folder` (text as UTF-8), the paths in order."""
    out = []
    for name, data in contents.items():
        path = folder / name
        if isinstance(data, bytes):
            path.write_bytes(data)
        else:
            path.write_text(data, encoding="utf-8")
        out.append(path)
    return out


def refusal_key(error: type[Exception], read: Callable[[Path], Any], path: Path) -> str:
    """The message key of the `error` that reading `path` raises (the test fails if none)."""
    with pytest.raises(error) as info:
        read(path)
    key: str = getattr(info.value, "key")
    return key
