"""What the deck editor keeps between sessions: the recent-decks list and autosaves.

Both live under engine.paths (so MANATABLE_HOME redirects them) and are written atomically.
A damaged file is never an error for the user: a corrupt recent list reads as empty, a
corrupt autosave as "no autosave"; either is renamed to `<name>.damaged-N` (kept for a
look, out of the way) and a notice is queued for the editor (`take_notices`).
"""
from __future__ import annotations

import hashlib
import json
import logging
import re
from pathlib import Path
from typing import Any

from engine import safeio
from engine.decks.model import MAX_ZONE_CARDS, Deck
from engine.messages import english
from engine.paths import atomic_write, config_dir, data_dir

log = logging.getLogger(__name__)
MAX_FILE_BYTES = 2_000_000
_notices: list[tuple[str, dict[str, str], str]] = []


def take_notices() -> list[tuple[str, dict[str, str], str]]:
    """(key, params, English text) for each damaged file set aside since the last call."""
    out = list(_notices)
    _notices.clear()
    return out


def _read_json(path: Path) -> Any:
    """The JSON in `path`; None when there is no file. A damaged one is set aside."""
    if not path.exists() and not path.is_symlink():
        return None
    try:
        return json.loads(safeio.read_text(path, MAX_FILE_BYTES))
    except (OSError, ValueError, RecursionError) as exc:
        _set_aside(path, exc)
        return None


def _set_aside(path: Path, exc: BaseException) -> None:
    kept = safeio.keep_aside(path)
    log.warning("Damaged file %s (%s); kept as %s", path, exc, kept)
    name = kept.name if kept else path.name
    params = {"path": str(path), "kept": name}
    _notices.append(("deck.storage.damaged", params, english("deck.storage.damaged", **params)))


RECENT_FILE = "recent_decks.json"
MAX_RECENT = 10
AUTOSAVE_DIR = "autosave"


# -- recent decks ------------------------------------------------------------------------

def _recent_path() -> Path:
    return config_dir() / RECENT_FILE


def _load_recent() -> list[Path]:
    try:
        path = _recent_path()
    except OSError:
        return []
    data = _read_json(path)
    items = data.get("recent") if isinstance(data, dict) else None
    if not isinstance(items, list):
        return []
    # At most a screenful of sane entries: a hand-made file must not hold a million paths.
    return [Path(p) for p in items[:100]
            if isinstance(p, str) and p and len(p) < 4096 and "\x00" not in p]


def _save_recent(paths: list[Path]) -> None:
    atomic_write(_recent_path(), json.dumps({"version": 1, "recent": [str(p) for p in paths]},
                                            indent=2) + "\n")


def recent_decks() -> list[Path]:
    """The recently used deck files, most recent first, at most 10, only those that exist."""
    out: list[Path] = []
    for p in _load_recent():
        try:
            if p.is_file():
                out.append(p)
        except (OSError, ValueError):
            continue
    return out[:MAX_RECENT]


def add_recent(path: str | Path) -> list[Path]:
    """Put `path` first in the recent list (opened or saved just now); returns the new list."""
    path = Path(path).resolve()
    paths = [path] + [p for p in recent_decks() if p != path]
    paths = paths[:MAX_RECENT]
    _save_recent(paths)
    return paths


def remove_recent(path: str | Path) -> list[Path]:
    """Drop `path` from the recent list; returns the new list."""
    path = Path(path).resolve()
    paths = [p for p in recent_decks() if p != path]
    _save_recent(paths)
    return paths


def clear_recent() -> None:
    """Empty the recent list."""
    _save_recent([])


# -- autosave ----------------------------------------------------------------------------

def autosave_path(key: str) -> Path:
    """Where the autosave for `key` (e.g. the deck's file path, or "untitled-1") lives.

    The file name is a readable slug plus a hash of the whole key, so any key (a path with
    slashes, a very long name) maps to one safe, distinct file name.
    """
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", key).strip("-")[-40:] or "deck"
    digest = hashlib.sha1(key.encode("utf-8")).hexdigest()[:12]
    return data_dir() / AUTOSAVE_DIR / f"{slug}-{digest}.json"


def autosave(deck: Deck, key: str) -> Path:
    """Save the editor's working copy of `deck` under `key` (lossless JSON); returns the path."""
    path = autosave_path(key)
    atomic_write(path, json.dumps({"key": key, "deck": deck.to_json()}, ensure_ascii=False,
                                  indent=1) + "\n")
    return path


def load_autosave(key: str) -> Deck | None:
    """The autosaved deck for `key`, or None when there is none or it is damaged."""
    path = autosave_path(key)
    data = _read_json(path)
    if not isinstance(data, dict) or data.get("key") != key:
        return None
    try:
        deck = Deck.from_json(data["deck"])
        _check_deck(deck)
        return deck
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError,
            OverflowError) as exc:
        _set_aside(path, exc)
        return None


def _check_deck(deck: Deck) -> None:
    """Absurd autosaves (a billion copies, a megabyte name) are damage, not a deck."""
    zones = [deck.zone(z) for z in ("main", "side", "commander", "companion")]
    for entries in zones + list(deck.extra_zones.values()):
        if sum(e.count for e in entries) > MAX_ZONE_CARDS:
            raise ValueError("a zone has too many cards")
        for e in entries:
            if not 1 <= e.count <= MAX_ZONE_CARDS or len(e.name) > 1000 or any(
                    v is not None and not isinstance(v, str) for v in (e.set_code, e.number)):
                raise ValueError("an absurd entry")


def discard_autosave(key: str) -> None:
    """Delete the autosave for `key` (after a real save, or when the user discards it)."""
    try:
        autosave_path(key).unlink()
    except FileNotFoundError:
        pass


def autosave_keys() -> list[str]:
    """Keys of every readable autosave, newest first (to offer recovery after a crash). Every
    file is looked at (newest first: by its time, before any is read); a damaged one is set
    aside with a notice, as `load_autosave` does."""
    folder = data_dir() / AUTOSAVE_DIR
    safeio.clean_tmp_leftovers(folder)       # half-written autosaves of a killed session
    stamped: list[tuple[float, Path]] = []
    for path in folder.glob("*.json") if folder.is_dir() else ():
        try:
            stamped.append((path.stat().st_mtime, path))
        except OSError:
            continue  # gone meanwhile (another Manatable discarded it), or not ours to look at
    keys: list[str] = []
    for _, path in sorted(stamped, reverse=True):
        try:
            key = json.loads(safeio.read_text(path, MAX_FILE_BYTES))["key"]
            if not isinstance(key, str):
                raise TypeError("the key is not text")
        except FileNotFoundError:
            continue
        except (OSError, ValueError, KeyError, TypeError, RecursionError) as exc:
            _set_aside(path, exc)
            continue
        keys.append(key)
    return keys
