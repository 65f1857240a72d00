"""What every card importer shares: the normalized card record, messages, and text helpers.

An importer turns one file format into a stream of `ImportedCard` (and `SetRecord`)
objects; `writer.CardWriter` merges them into the database. Keeping the formats apart
from the merge rules means "bundled cards win" is decided in exactly one place.
"""
from __future__ import annotations

import re
import threading
import unicodedata
from dataclasses import dataclass, field
from typing import IO, Any, Callable, Protocol

from engine.messages import english

SUPERTYPES = frozenset({"Basic", "Legendary", "Ongoing", "Snow", "World", "Elite", "Host"})

# Rarity order as Scryfall compares it (r>=rare includes special and mythic).
RARITY_RANK = {"common": 1, "uncommon": 2, "rare": 3, "special": 4, "mythic": 5, "bonus": 6}
_RARITY_ALIASES = {
    "c": "common", "u": "uncommon", "r": "rare", "m": "mythic", "s": "special", "b": "bonus",
    "mythic rare": "mythic", "basic land": "common", "land": "common", "l": "common",
    "timeshifted": "special",
}

ProgressCallback = Callable[[int, "int | None"], None]


class CancelFlag(Protocol):
    """Anything with is_set(): a threading.Event, or a tiny stand-in in tests."""

    def is_set(self) -> bool: ...


@dataclass(frozen=True)
class Message:
    """A sentence for the user: a translation key and its named parameters; `message` is the
    key's English sentence (engine/messages/decks.py), filled in: create it without one."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    message: str = ""

    def __post_init__(self) -> None:
        if not self.message:  # the key's sentence (engine/messages/), in English
            object.__setattr__(self, "message", english(self.key, **self.params))

    def __str__(self) -> str:
        return self.message


class CardFileError(Exception):
    """A file the user chose cannot be read as a card database; says where and why."""

    def __init__(self, key: str, /, **params: Any) -> None:
        self.msg = Message(key, dict(params))  # the English sentence: the key's, from the catalog
        super().__init__(self.msg.message)


class Skipped:
    """The records of a file an import skipped because they are malformed, counted by reason
    (a message key, engine/messages/decks.py `import.skipped_*`; a refused set code quoted),
    and those it kept changed (`import.cleaned_*`: control characters removed from a name):
    the user is told how many and why (ImportReport.notes), never nothing. (No line: the
    parsers read in chunks, a line number would be the chunk's end.)

    Records a format skips on purpose (tokens, art cards, languages other than English, German
    and Italian) are not malformed and not counted here."""

    NOT_OBJECT = "import.skipped_not_object"   # an entry that is not a card object
    NO_NAME = "import.skipped_no_name"         # a card without a name
    SET_CODE = "import.skipped_set_code"       # a printing whose set code cannot name a set
    SET = "import.skipped_set"                 # a set whose code is missing or cannot be one
    CLEANED_NAME = "import.cleaned_name"       # a card kept with control characters removed
    #                                            from its name (English, German or Italian)

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}
        self.first: dict[str, dict[str, Any]] = {}

    def add(self, reason: str, **params: Any) -> None:
        self.counts[reason] = self.counts.get(reason, 0) + 1
        self.first.setdefault(reason, params)

    def messages(self, file: str) -> list[Message]:
        """One sentence per reason, in a fixed order."""
        return [Message(reason, {"file": file, "count": self.counts[reason], **self.first[reason]})
                for reason in sorted(self.counts)]


class ImportCancelled(Exception):
    """The user cancelled; the transaction is rolled back."""


@dataclass
class Printing:
    set_code: str
    number: str = ""
    rarity: str | None = None


@dataclass
class SetRecord:
    """A set's long name, when the file carries it."""

    code: str
    name: str | None = None


@dataclass
class ImportedCard:
    """One card in the shape the database wants, whatever file it came from.

    None means "this file does not say", which matters when merging: a later file
    that lacks a field does not erase what an earlier file told us.
    """

    name: str
    mana_cost: str | None = None
    mana_value: float | None = None
    colors: str | None = None            # letters in WUBRG order, "" for colourless
    color_identity: str | None = None
    type_line: str = ""
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    text: str = ""
    layout: str | None = None
    faces: list[dict[str, Any]] = field(default_factory=list)
    name_de: str | None = None
    name_it: str | None = None
    type_line_de: str | None = None
    type_line_it: str | None = None
    text_de: str | None = None
    text_it: str | None = None
    rarity: str | None = None
    printings: list[Printing] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)


# -- text ------------------------------------------------------------------------------

_QUOTES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'", "“": '"', "”": '"',
                         "„": '"', "–": "-", "—": "-"})
_SPACES = re.compile(r"\s+")


_COMBINING = re.compile(r"[\u0300-\u036f]+")


def fold(text: str) -> str:
    """Case- and accent-insensitive form used for name look-ups and LIKE searches.

    "Glänzendes Theater" and "glanzendes  theater" fold alike, so a German user
    can type without umlauts; typographic apostrophes fold to ASCII ones.
    """
    if text.isascii():                       # the common case, kept cheap: imports fold a lot
        folded = text.lower().replace("`", "'")
    else:
        decomposed = unicodedata.normalize("NFKD", text.translate(_QUOTES))
        folded = _COMBINING.sub("", decomposed).casefold()
    if "  " in folded or folded != folded.strip() or "\n" in folded or "\t" in folded:
        folded = _SPACES.sub(" ", folded).strip()
    return folded


def normalize_rarity(value: str | None) -> str | None:
    if not value:
        return None
    low = value.strip().lower()
    low = _RARITY_ALIASES.get(low, low)
    return low if low in RARITY_RANK else None


# -- mana --------------------------------------------------------------------------------

_SYMBOL = re.compile(r"\{([^{}]*)\}")   # "{{{{..." must not be quadratic


def symbol_value(sym: str) -> float:
    """Mana value of one symbol (CR 202.3): generic counts its number, X counts 0."""
    s = sym.upper()
    if s.isdigit():
        return float(int(s))
    if s in ("X", "Y", "Z", "∞"):
        return 0.0
    if s.startswith("H") and len(s) == 2:      # half mana (Un-cards)
        return 0.5
    if "/" in s:
        left = s.split("/")[0]
        return float(int(left)) if left.isdigit() else 1.0
    return 1.0


def mana_value(cost: str | None) -> float:
    """Mana value of a printed cost; a split cost ("{1}{R} // {1}{U}") counts both halves."""
    if not cost:
        return 0.0
    return sum(symbol_value(s) for s in _SYMBOL.findall(cost))


def braced_cost(cost: str | None) -> str | None:
    """Cockatrice writes "2WW" or "1{W/U}"; the database keeps "{2}{W}{W}" everywhere."""
    if cost is None:
        return None
    cost = cost.strip()
    if not cost:
        return ""
    halves = [h.strip() for h in cost.split("//")]
    out = []
    for half in halves:
        symbols: list[str] = []
        i = 0
        while i < len(half):
            ch = half[i]
            if ch == "{":
                end = half.find("}", i)
                end = len(half) if end < 0 else end
                symbols.append("{" + half[i + 1:end] + "}")
                i = end + 1
            elif ch.isdigit():
                j = i
                while j < len(half) and half[j].isdigit():
                    j += 1
                symbols.append("{" + half[i:j] + "}")
                i = j
            elif ch.isspace():
                i += 1
            elif i + 2 < len(half) and half[i + 1] == "/":
                symbols.append("{" + half[i:i + 3].upper() + "}")   # hybrid "W/U", "W/P"
                i += 3
            else:
                symbols.append("{" + ch.upper() + "}")
                i += 1
        out.append("".join(symbols))
    return " // ".join(out)


# -- types and stats ---------------------------------------------------------------------

def split_type_line(type_line: str) -> tuple[list[str], list[str], list[str]]:
    """(supertypes, types, subtypes) of every face of a type line, in printed order."""
    supers: list[str] = []
    types: list[str] = []
    subs: list[str] = []
    for face in type_line.split("//"):
        if "—" in face:
            left, right = face.split("—", 1)
        elif " - " in face:                   # older Cockatrice files use a hyphen
            left, right = face.split(" - ", 1)
        else:
            left, right = face, ""
        for word in left.split():
            bucket = supers if word in SUPERTYPES else types
            if word not in bucket:
                bucket.append(word)
        for word in right.replace(",", " ").split():
            if word not in subs:
                subs.append(word)
    return supers, types, subs


_LEADING_NUMBER = re.compile(r"^[+-]?\d+(?:\.\d+)?")


def stat_number(value: str | None) -> float | None:
    """Numeric value of a power/toughness/loyalty for comparisons; "*" counts as 0 (as Scryfall)."""
    if value is None or value == "":
        return None
    m = _LEADING_NUMBER.match(value.strip())
    if m:
        return float(m.group())
    if "*" in value or "X" in value.upper():
        return 0.0
    return None


# -- reading files -----------------------------------------------------------------------

class CountingReader:
    """Wraps a binary file: counts bytes and lines read, reports progress, honours cancel.

    Parsers read in chunks (ijson: 64 KiB), so progress costs one call per chunk. The
    line count lets JSON errors say "line N" although yajl only reports a snippet.
    """

    def __init__(self, raw: IO[bytes], total: int | None, progress: ProgressCallback | None,
                 cancel: CancelFlag | None, counted: IO[bytes] | None = None) -> None:
        self._raw = raw
        self._counted = counted or raw      # for compressed files: progress on the file itself
        self.total = total
        self._progress = progress
        self._cancel = cancel
        self.bytes_read = 0
        self.lines_before_last = 0
        self.newlines = 0
        self.last_chunk = b""
        self._last_reported = -1

    def read(self, size: int = -1) -> bytes:
        if size == 0:                        # ijson probes read(0) for bytes vs str
            return b""
        if self._cancel is not None and self._cancel.is_set():
            raise ImportCancelled()
        data = self._raw.read(size)
        self.lines_before_last = self.newlines
        self.last_chunk = data
        self.bytes_read += len(data)
        self.newlines += data.count(b"\n")
        self.report()
        return data

    def position(self) -> int:
        """Bytes of the underlying file consumed (compressed bytes for a compressed file)."""
        try:
            return self._counted.tell()
        except (OSError, AttributeError, ValueError):
            return self.bytes_read

    def report(self, force: bool = False) -> None:
        if self._progress is None:
            return
        pos = self.position()
        if force or pos != self._last_reported:
            self._last_reported = pos
            self._progress(pos, self.total)

    def check_cancel(self) -> None:
        if self._cancel is not None and self._cancel.is_set():
            raise ImportCancelled()


def new_cancel_flag() -> threading.Event:
    """Convenience for callers: a flag import_file() understands."""
    return threading.Event()
