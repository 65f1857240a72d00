"""The game in progress, saved on the side: after a crash (or a kill) the start page offers
it again ("Resume game"). One file in the data folder, written atomically (a crash while
writing leaves the previous autosave whole). The crash dialog (app/crash.py) can call
`write_autosave(session)` too; it never raises.
"""
from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any, Callable

from engine.paths import data_dir

log = logging.getLogger(__name__)
FILE_NAME = "autosave.manatable.json"
MAX_BYTES = 64 * 1024 * 1024  # a larger file is not ours: it is not offered


def autosave_path() -> Path:
    return data_dir() / FILE_NAME


def in_progress(session: Any) -> bool:
    """A game worth keeping: something was done in it and it is not over."""
    try:
        return bool(session.can_undo()) and session.game.outcome is None
    except AttributeError:
        return False


def write_autosave(session: Any, path: Path | None = None,
                   on_error: Callable[[BaseException], None] | None = None) -> Path | None:
    """Save `session` (a LocalSession) as the autosave; a finished or untouched game removes
    it. Returns the file written, None if nothing was written (a problem is logged, and given
    to `on_error` — the table says it; the crash dialog has no one to tell)."""
    try:
        if not in_progress(session):
            clear_autosave(path)
            return None
        target = path or autosave_path()
        session.save(target)
        return target
    except Exception as exc:  # never let saving on the side break the game or the crash dialog
        log.exception("Cannot write the autosave")
        if on_error is not None:
            on_error(exc)
        return None


def pending_autosave(path: Path | None = None) -> Path | None:
    """The autosave left by an earlier run, if there is one that looks like a game file."""
    target = path or autosave_path()
    try:
        if not target.is_file() or not 0 < target.stat().st_size <= MAX_BYTES:
            return None
        with target.open("rb") as fh:
            head = fh.read(4096).decode("utf-8", "replace")
        return target if head.lstrip().startswith("{") else None
    except OSError:
        return None


def clear_autosave(path: Path | None = None) -> None:
    try:
        (path or autosave_path()).unlink(missing_ok=True)
    except OSError:
        log.exception("Cannot remove the autosave")


def describe(path: Path) -> dict[str, Any]:
    """Turn and players of an autosave, for the start page (empty if unreadable)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        cfg = data.get("config") or {}
        return {"players": list(cfg.get("players") or []), "turn": int((data.get("state") or {}).get("turn", 0) or 0)}
    except (OSError, ValueError, TypeError, AttributeError):
        return {}
