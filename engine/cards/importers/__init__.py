"""Card database importers: MTGJSON, Scryfall bulk data and Cockatrice cards.xml.

`detect_format(path)` looks at the content (not the extension), `read_cards(path, ...)`
streams the file as ImportedCard/SetRecord objects and turns every way a file can be
malformed into a CardFileError whose message says where and why. Compressed files
(gzip, bzip2, xz, single-member zip as MTGJSON ships them) are read transparently.
"""
from __future__ import annotations

import bz2
import contextlib
import gzip
import lzma
import os
import re
import xml.etree.ElementTree as ET
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Iterator, cast

import ijson  # type: ignore[import-untyped]  # no stubs published

from engine import safeio
from engine.cards.importers.common import (
    CancelFlag, CardFileError, CountingReader, ImportCancelled, ImportedCard, Message,
    ProgressCallback, SetRecord, Skipped,
)
from engine.cards.importers.cockatrice import read_cockatrice
from engine.cards.importers.limits import GuardedStream
from engine.cards.importers.mtgjson import (
    SET_KEYS, read_all_printings, read_atomic, read_set_file,
)
from engine.cards.importers.scryfall import read_scryfall

__all__ = [
    "FORMAT_NAMES", "CardFileError", "ImportCancelled", "ImportReport", "ImportedCard", "Message",
    "SetRecord", "Skipped", "detect_format", "read_cards",
]

FORMAT_NAMES = {
    "mtgjson-atomic": "MTGJSON AtomicCards",
    "mtgjson-allprintings": "MTGJSON AllPrintings",
    "mtgjson-set": "MTGJSON set file",
    "scryfall": "Scryfall bulk data",
    "scryfall-list": "Scryfall card list",
    "cockatrice": "Cockatrice cards.xml",
}
_HEAD = 64 * 1024
_DETECT_LIMIT = 4 * 1024 * 1024   # give up looking for the structure after this many bytes


@dataclass
class ImportReport:
    """What an import did. `error` is set (and nothing was changed) when it failed or was cancelled."""

    path: str
    format: str | None = None
    cards_added: int = 0
    cards_updated: int = 0
    bundled_matched: int = 0
    entries: int = 0
    printings_added: int = 0
    seconds: float = 0.0
    cancelled: bool = False
    error: Message | None = None
    skipped: Skipped | None = None      # the malformed records left out, by reason

    @property
    def skipped_count(self) -> int:
        return sum(self.skipped.counts.values()) if self.skipped is not None else 0

    def notes(self) -> list[Message]:
        """What the user must know besides the summary: the records skipped, how many and why
        (nothing when the import failed: then nothing was imported)."""
        if self.error is not None or self.skipped is None:
            return []
        return self.skipped.messages(Path(self.path).name)

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def format_name(self) -> str:
        return FORMAT_NAMES.get(self.format or "", self.format or "")

    def summary(self) -> Message:
        """A sentence for the user about the outcome."""
        if self.error is not None:
            return self.error
        return Message("import.done", {"file": Path(self.path).name, "seconds": round(self.seconds, 1)})

    def counts(self) -> list[Message]:
        """What a finished import changed, one sentence per count with its plural (cards added,
        cards updated, printings added); nothing when the import failed."""
        if self.error is not None:
            return []
        return [Message("import.cards_added", {"count": self.cards_added}),
                Message("import.cards_updated", {"count": self.cards_updated}),
                Message("import.printings_added", {"count": self.printings_added})]


def _unknown(path: Path) -> CardFileError:
    return CardFileError(
        "import.unknown_format",
        file=path.name)


@contextlib.contextmanager
def open_stream(path: Path) -> Iterator[tuple[IO[bytes], IO[bytes]]]:
    """(decompressed stream, raw file) for a plain or compressed card file."""
    try:
        raw = safeio.open_regular(path)     # never a FIFO or /dev/zero behind a symlink
    except FileNotFoundError:
        raise CardFileError("import.not_found",
                            file=path.name) from None
    except OSError as exc:
        raise CardFileError("import.unreadable", file=path.name,
                            reason=str(exc.strerror or exc)) from None
    with raw:
        magic = raw.read(6)
        raw.seek(0)
        stream: IO[bytes]
        if magic.startswith(b"\x1f\x8b"):
            stream = cast(IO[bytes], gzip.GzipFile(fileobj=raw, mode="rb"))
        elif magic.startswith(b"BZh"):
            stream = bz2.BZ2File(raw, "rb")
        elif magic.startswith(b"\xfd7zXZ\x00"):
            stream = lzma.LZMAFile(raw, "rb")
        elif magic.startswith(b"PK\x03\x04"):
            try:
                archive = zipfile.ZipFile(raw)
                members = [m for m in archive.infolist() if not m.is_dir()]
            except zipfile.BadZipFile as exc:
                raise _damaged(path, exc) from None
            if len(members) != 1:
                raise CardFileError(
                    "import.zip_members",
                    file=path.name)
            member = members[0]
            if member.flag_bits & 0x1:
                raise CardFileError(
                    "import.zip_encrypted", file=path.name)
            try:
                stream = archive.open(member)
            except (NotImplementedError, RuntimeError, zipfile.BadZipFile, OSError) as exc:
                raise CardFileError(
                    "import.zip_unsupported", file=path.name,
                    reason=str(exc)) from None
        else:
            stream = raw
        with stream:
            yield stream, raw


def guarded(stream: IO[bytes], raw: IO[bytes], path: Path, *, json: bool) -> IO[bytes]:
    """The decompressed stream with the size, ratio, depth and string limits applied
    (duck-typed as a binary file: the parsers only call read())."""
    compressed = None if stream is raw else raw.tell
    return cast(IO[bytes], GuardedStream(stream, path.name, json=json, compressed=compressed))


def _damaged(path: Path, exc: BaseException) -> CardFileError:
    return CardFileError("import.damaged_archive",
                         file=path.name, reason=str(exc))


def detect_format(path: str | os.PathLike[str]) -> str:
    """Which importer reads this file (a key of FORMAT_NAMES); CardFileError if none."""
    path = Path(path)
    with open_stream(path) as (stream, _raw):
        try:
            head = stream.read(_HEAD)
        except (OSError, EOFError, lzma.LZMAError, zlib.error, zipfile.BadZipFile) as exc:
            raise _damaged(path, exc) from None
        text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
        if text.startswith(b"<"):
            if b"cockatrice_carddatabase" in head:
                return "cockatrice"
            raise _unknown(path)
        if text.startswith(b"["):
            return "scryfall"
        if not text.startswith(b"{"):
            raise _unknown(path)
    # A JSON object: follow its structure until "data" shows which kind it is.
    with open_stream(path) as (stream, raw):
        limited = _Limited(guarded(stream, raw, path, json=True), _DETECT_LIMIT)
        try:
            kind = _json_kind(limited)
        except (ijson.JSONError, ijson.IncompleteJSONError, _LimitReached, UnicodeDecodeError,
                OSError, EOFError, lzma.LZMAError, zlib.error):
            kind = None
    if kind is None:
        raise _unknown(path)
    return kind


class _LimitReached(Exception):
    pass


class _Limited:
    def __init__(self, stream: IO[bytes], limit: int) -> None:
        self._stream, self._left = stream, limit

    def read(self, size: int = -1) -> bytes:
        if size == 0:
            return b""
        if self._left <= 0:
            raise _LimitReached()
        data = self._stream.read(min(size, self._left) if size > 0 else self._left)
        self._left -= len(data)
        return data


def _json_kind(stream: _Limited) -> str | None:
    data_key_seen = False
    for prefix, event, value in ijson.parse(stream):
        if prefix == "data" and event == "start_array":
            return "scryfall-list"
        if prefix == "data" and event == "map_key":
            if value in SET_KEYS:
                return "mtgjson-set"
            data_key_seen = True
            continue
        if data_key_seen and prefix.startswith("data.") and prefix.count(".") >= 1:
            if event == "start_array":
                return "mtgjson-atomic"
            if event == "start_map":
                return "mtgjson-allprintings"
            return None
        if prefix == "" and event == "end_map":
            return None
    return None


def _reader_for(fmt: str, reader: CountingReader, skips: Skipped) -> Iterator[ImportedCard | SetRecord]:
    if fmt == "mtgjson-atomic":
        return read_atomic(reader, skips)
    if fmt == "mtgjson-allprintings":
        return read_all_printings(reader, skips)
    if fmt == "mtgjson-set":
        return read_set_file(reader, skips)
    if fmt == "scryfall":
        return read_scryfall(reader, skips=skips)
    if fmt == "scryfall-list":
        return read_scryfall(reader, "data.item", skips)
    if fmt == "cockatrice":
        return read_cockatrice(reader, skips)
    raise ValueError(f"unknown format {fmt!r}")


def read_cards(path: str | os.PathLike[str], fmt: str | None = None,
               progress: ProgressCallback | None = None,
               cancel: CancelFlag | None = None,
               skips: Skipped | None = None) -> Iterator[ImportedCard | SetRecord]:
    """Stream every card and set of a card file. Raises CardFileError (located) on bad input,
    ImportCancelled when `cancel` is set; progress gets (bytes done, file size). Malformed
    records the file's format lets one skip (an entry that is not a card object, a card
    without a name) are counted in `skips`."""
    skips = skips if skips is not None else Skipped()
    path = Path(path)
    fmt = fmt or detect_format(path)
    total = path.stat().st_size
    with open_stream(path) as (stream, raw):
        reader = CountingReader(guarded(stream, raw, path, json=fmt != "cockatrice"), total,
                                progress, cancel, counted=raw)
        try:
            yield from _reader_for(fmt, reader, skips)
        except (ijson.IncompleteJSONError, ijson.JSONError) as exc:
            raise _json_error(path, reader, exc) from None
        except ET.ParseError as exc:
            line, column = getattr(exc, "position", (0, 0))
            reason = re.sub(r":\s*line \d+, column \d+$", "", str(exc))
            raise CardFileError(
                "import.xml_error", file=path.name, line=line, column=column, reason=reason) from None
        except UnicodeDecodeError as exc:
            raise CardFileError(
                "import.encoding",
                file=path.name, offset=reader.bytes_read, reason=str(exc)) from None
        except (EOFError, lzma.LZMAError, zlib.error, zipfile.BadZipFile, gzip.BadGzipFile,
                OSError) as exc:
            raise _damaged(path, exc) from None
        except RecursionError:
            raise CardFileError("import.too_deep", file=path.name) from None
        except (TypeError, AttributeError, KeyError, ValueError) as exc:
            # The file parsed, but an entry has a shape no version of the format has.
            line = reader.newlines + 1
            raise CardFileError(
                "import.bad_entry", file=path.name, line=line, reason=str(exc)) from None
        reader.report(force=True)


def _json_error(path: Path, reader: CountingReader, exc: Exception) -> CardFileError:
    """Locate a yajl error: its message quotes the text around the error; find it in the chunk."""
    text = str(exc)
    lines = text.split("\n")
    reason = lines[0].removeprefix("parse error: ").strip().rstrip(".") or text.strip()
    chunk = reader.last_chunk
    chunk_start = reader.bytes_read - len(chunk)
    offset = reader.bytes_read
    if "premature EOF" in reason or "Incomplete JSON content" in reason:
        line = reader.newlines + 1
        return CardFileError(
            "import.json_truncated", file=path.name, line=line, offset=offset)
    if len(lines) >= 3 and "^" in lines[2]:
        snippet, caret = lines[1], lines[2].index("^")
        core = snippet.lstrip(" ")
        pad = len(snippet) - len(core)
        flat = chunk.replace(b"\n", b" ").replace(b"\r", b" ")
        found = flat.find(core.encode("utf-8", "replace")) if core else -1
        if found >= 0:
            offset = chunk_start + found + max(0, caret - pad)
    local = max(0, min(len(chunk), offset - chunk_start))
    line = reader.lines_before_last + chunk[:local].count(b"\n") + 1
    return CardFileError(
        "import.json_error",
        file=path.name, line=line, offset=offset, reason=reason)
