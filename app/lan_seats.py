"""A joined LAN seat's key kept on disk (data_dir()/lan/seats.json), so that a player whose
program crashed or was closed can sit down again ("Rejoin the game"): the host knows the
seat only by that key (engine/net/room.py keeps its hash, in memory and in its journal).

One entry per table address ("host:port" as ws:// URL) and player name, the newest game's
(two programs on one computer, a host and a player, keep a seat each). The key is a
secret of this user's: the file is written with the user's own permissions only.

A damaged file (not JSON, not an object) is kept aside as seats.json.damaged-N before a new
one is written, so no other seat's key is lost; an entry of the wrong shape is not offered
(and is kept as it is in the file).
"""
from __future__ import annotations

import json
import logging
import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

from engine.net.client import url_for
from engine.paths import data_dir
from engine.safeio import FileTooLargeError, NotRegularFileError, keep_aside, read_text

log = logging.getLogger(__name__)
KEEP_DAYS = 7  # a seat older than that belongs to a game long over


@dataclass(frozen=True)
class SavedSeat:
    address: str
    name: str
    game: str
    token: str
    saved: float
    journal: str = ""  # the host's own seat: the journal its game resumes from


def _path() -> Path:
    return data_dir() / "lan" / "seats.json"


def _load() -> dict[str, Any] | None:
    """The file's entries; None when it exists but cannot be read now (then nothing is
    written over it)."""
    path = _path()
    try:
        data = json.loads(read_text(path, 1_000_000))
    except FileNotFoundError:
        return {}
    except (ValueError, RecursionError, FileTooLargeError, NotRegularFileError) as exc:
        # (not JSON, too large, a pipe: kept aside, then a new file can be written)
        log.warning("Damaged file %s (%s); kept as %s", path, exc, keep_aside(path))
        return {}
    except OSError as exc:
        log.warning("Cannot read %s: %s", path, exc)
        return None
    if not isinstance(data, dict):
        log.warning("Damaged file %s (not an object); kept as %s", path, keep_aside(path))
        return {}
    return data


def _usable(got: Any) -> TypeGuard[dict[str, Any]]:
    """An entry of the shape remember() writes (a hand-edited or damaged one is not offered)."""
    if not isinstance(got, dict) or not isinstance(got.get("token"), str):
        return False
    saved_at = got.get("saved", 0)
    return (isinstance(saved_at, (int, float)) and not isinstance(saved_at, bool) and math.isfinite(saved_at)
            and all(isinstance(got.get(k, ""), str) for k in ("name", "game", "journal")))


def _write(data: dict[str, Any]) -> None:
    path = _path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1), encoding="utf-8")
    tmp.chmod(0o600)
    tmp.replace(path)


def remember(address: str, name: str, game: str, token: str, journal: str = "") -> None:
    """Keep the seat this user got at the table at `address` (a host's own: with its journal)."""
    if not token:
        return
    data = _load()
    if data is None:
        return  # (the file cannot be read now: writing would lose the seats it keeps; logged)
    data[_key(address, name)] = {"name": name, "game": game, "token": token, "saved": time.time(),
                                 "journal": journal}
    _write(data)


def hosted() -> list[SavedSeat]:
    """The games this user hosted whose journal is still there, newest first."""
    out = []
    for key, got in (_load() or {}).items():
        if _usable(got) and got.get("journal") and Path(str(got["journal"])).is_file():
            out.append(_seat(key.partition("|")[0], got))
    return sorted(out, key=lambda s: -s.saved)


def _seat(address: str, got: dict[str, Any]) -> SavedSeat:
    return SavedSeat(address, str(got.get("name", "")), str(got.get("game", "")), str(got["token"]),
                     float(got.get("saved", 0)), str(got.get("journal", "")))


def _key(address: str, name: str) -> str:
    return url_for(address) + "|" + " ".join(name.split()).lower()


def forget(address: str, name: str) -> None:
    data = _load()
    if data is not None and data.pop(_key(address, name), None) is not None:
        _write(data)


def saved(address: str, name: str) -> SavedSeat | None:
    """The seat `name` kept at the table at `address`, unless it is too old to matter."""
    if not address.strip():
        return None
    key = _key(address, name)
    got = (_load() or {}).get(key)
    if not _usable(got):
        return None
    if time.time() - float(got.get("saved", 0)) > KEEP_DAYS * 86400:
        return None
    return _seat(url_for(address), got)
