"""What the deck editor keeps between sessions: the recent-decks list and autosaves.

Both live under engine.paths (so MANATABLE_HOME redirects them) and are written atomically.
A damaged file is never an error for the user: a corrupt recent list reads as empty, a
corrupt autosave as "no autosave".
"""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from engine.decks.model import Deck
from engine.paths import atomic_write, config_dir, data_dir

RECENT_FILE = "recent_decks.json"
MAX_RECENT = 10
AUTOSAVE_DIR = "autosave"


# -- recent decks ------------------------------------------------------------------------

def _recent_path() -> Path:
    return config_dir() / RECENT_FILE


def _load_recent() -> list[Path]:
    try:
        data = json.loads(_recent_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    items = data.get("recent") if isinstance(data, dict) else None
    if not isinstance(items, list):
        return []
    return [Path(p) for p in items if isinstance(p, str) and p]


def _save_recent(paths: list[Path]) -> None:
    atomic_write(_recent_path(), json.dumps({"version": 1, "recent": [str(p) for p in paths]},
                                            indent=2) + "\n")


def recent_decks() -> list[Path]:
    """The recently used deck files, most recent first, at most 10, only those that exist."""
    return [p for p in _load_recent() if p.is_file()][:MAX_RECENT]


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
    try:
        data = json.loads(autosave_path(key).read_text(encoding="utf-8"))
        if data.get("key") != key:
            return None
        return Deck.from_json(data["deck"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def discard_autosave(key: str) -> None:
    """Delete the autosave for `key` (after a real save, or when the user discards it)."""
    try:
        autosave_path(key).unlink()
    except FileNotFoundError:
        pass


def autosave_keys() -> list[str]:
    """Keys of every readable autosave, newest first (to offer recovery after a crash)."""
    folder = data_dir() / AUTOSAVE_DIR
    found: list[tuple[float, str]] = []
    for path in folder.glob("*.json") if folder.is_dir() else ():
        try:
            key = json.loads(path.read_text(encoding="utf-8"))["key"]
            found.append((path.stat().st_mtime, str(key)))
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return [key for _, key in sorted(found, reverse=True)]
