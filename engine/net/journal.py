"""The host's journal: one JSON line per applied action, appended and flushed, so a host
that crashes restarts from it and the game resumes where it was.

Line 1 is the header (game name, seat names, decks, mode, seed, hashed seat tokens); then
`{"a": [seat, "action text"]}` per action (with `"auto": true` for a pass the seat's program
made by itself, protocol `Act.auto`: after a resume an undo still takes back the player's own
last action; a journal without it reads as no automatic passes) and `{"undo": n}` when the
table agreed to take back the last n actions. Seat tokens are stored as SHA-256 hashes: the file lets a player
reclaim a seat only with the token their own client holds.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import IO, Any

from engine import safeio
from engine.messages import english

FORMAT = "manatable-lan-journal"
MAX_LINE = 1 << 20
# a journal is read whole (a long game is ~2,300 actions of ~40 bytes); a bigger file is no
# journal this program wrote, and is refused before it is read
MAX_JOURNAL_BYTES = 64 << 20


class JournalError(ValueError):
    """The journal cannot be resumed: `key` and `params` name the sentence (net.journal.*,
    engine/messages/net.py) that the host's window shows in its language; str() is English."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(english(key, **params))
        self.key, self.params = key, params


class Journal:
    def __init__(self, path: Path, header: dict[str, Any], *, fsync: bool = False) -> None:
        self.path = Path(path)
        self.fsync = fsync
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fh: IO[str] | None = self.path.open("w", encoding="utf-8")
        self._write({"format": FORMAT, "version": 1, **header})

    @classmethod
    def reopen(cls, path: Path, *, fsync: bool = False) -> "Journal":
        """Continue an existing journal (after a restart): new lines go at its end."""
        j = cls.__new__(cls)
        j.path = Path(path)
        j.fsync = fsync
        j._fh = j.path.open("a", encoding="utf-8")
        return j

    def _write(self, entry: dict[str, Any]) -> None:
        if self._fh is None:
            return
        self._fh.write(json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n")
        self._fh.flush()
        if self.fsync:
            os.fsync(self._fh.fileno())

    def action(self, seat: int, text: str, auto: bool = False) -> None:
        self._write({"a": [seat, text], "auto": True} if auto else {"a": [seat, text]})

    def undo(self, n: int) -> None:
        self._write({"undo": n})

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None


def read(path: Path) -> tuple[dict[str, Any], list[tuple[int, str, bool]]]:
    """The header and the actions still in force (undos applied): (seat, text, automatic). A
    torn last line (the crash happened while writing it) is ignored; any other damage is a
    JournalError."""
    header: dict[str, Any] | None = None
    acts: list[tuple[int, str, bool]] = []
    try:
        text = safeio.read_text(path, MAX_JOURNAL_BYTES)
    except safeio.FileTooLargeError:
        raise JournalError("net.journal.too_large", path=str(path), maximum=MAX_JOURNAL_BYTES) from None
    except OSError as exc:  # (a FIFO or a folder too: NotRegularFileError)
        raise JournalError("net.journal.unreadable", path=str(path), reason=exc.strerror or str(exc)) from None
    except UnicodeDecodeError:
        raise JournalError("net.journal.not_journal", path=str(path)) from None
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        if len(line) > MAX_LINE:
            raise JournalError("net.journal.damaged", line=i + 1)
        try:
            entry = json.loads(line)
        except (json.JSONDecodeError, RecursionError) as exc:
            if i >= len(lines) - 2:  # the last line, torn by the crash
                break
            raise JournalError("net.journal.damaged", line=i + 1) from exc
        if header is None:
            if not isinstance(entry, dict) or entry.get("format") != FORMAT:
                raise JournalError("net.journal.not_journal", path=str(path))
            header = entry
        elif isinstance(entry, dict) and isinstance(entry.get("a"), list) and len(entry["a"]) == 2 \
                and isinstance(entry["a"][0], int) and isinstance(entry["a"][1], str) \
                and isinstance(entry.get("auto", False), bool):
            acts.append((int(entry["a"][0]), str(entry["a"][1]), bool(entry.get("auto", False))))
        elif isinstance(entry, dict) and isinstance(entry.get("undo"), int) \
                and 0 <= entry["undo"] <= len(acts):
            del acts[len(acts) - entry["undo"]:]
        else:
            raise JournalError("net.journal.damaged", line=i + 1)
    if header is None:
        raise JournalError("net.journal.not_journal", path=str(path))
    return header, acts
