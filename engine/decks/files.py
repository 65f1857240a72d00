"""Reading and writing deck files and clipboard text, choosing the format for the caller."""
from __future__ import annotations

import codecs
import re
from pathlib import Path

from engine.decks.commander import DECK_SIZE, is_legendary_creature
from engine.decks.formats import STYLES, WRITERS
from engine.decks.formats.base import LoadedDeck
from engine.decks.formats.cockatrice import read_cod
from engine.decks.formats.mtgo import read_dek
from engine.decks.formats.text import read_text
from engine.decks.formats.xmltree import expect_root, parse_xml
from engine.decks.messages import DeckFormatError
from engine.decks.model import Deck
from engine.decks.names import NameResolver
from engine import safeio
from engine.paths import atomic_write

#: Deck files are a few kilobytes; anything this big is not a deck (and would hang the UI).
MAX_FILE_BYTES = 5_000_000

_COD_ROOT = re.compile(r"<\s*cockatrice_deck\b")
_DEK_ROOT = re.compile(r"<\s*Deck\b")


def style_for_path(path: str | Path) -> str:
    """The writer style a file name asks for: .cod, .dek, .arena.txt -> arena, else plain."""
    name = Path(path).name.lower()
    if name.endswith(".arena.txt"):
        return "arena"
    if name.endswith(".cod"):
        return "cod"
    if name.endswith(".dek"):
        return "dek"
    return "plain"


def decode_deck_bytes(raw: bytes) -> str:
    """Text from a deck file: UTF-8 (with or without BOM), UTF-16 with BOM, else Windows-1252
    (what older MTGO and Windows tools write)."""
    for bom, encoding in ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"),
                          (codecs.BOM_UTF16_BE, "utf-16")):
        if raw.startswith(bom):
            return raw.decode(encoding, errors="replace")
    # UTF-16 without a byte-order mark: ASCII text has a zero byte in every other place.
    if len(raw) >= 4 and raw.count(0) * 3 >= len(raw):
        even, odd = raw[0::2].count(0), raw[1::2].count(0)
        if odd > even * 4:
            return raw.decode("utf-16-le", errors="replace")
        if even > odd * 4:
            return raw.decode("utf-16-be", errors="replace")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def _deck_name_from(path: Path) -> str:
    name = path.name
    for suffix in (".arena.txt", path.suffix):
        if suffix and name.lower().endswith(suffix.lower()):
            return name[: -len(suffix)]
    return name


def _read_xml(text: str, hint: str, resolver: NameResolver | None, name: str) -> LoadedDeck:
    if _COD_ROOT.search(text):
        return read_cod(text, resolver)
    if _DEK_ROOT.search(text):
        return read_dek(text, resolver, name)
    root = parse_xml(text)   # raises for malformed XML
    if hint == "dek":
        expect_root(root, "Deck", "Magic Online deck")
        return read_dek(text, resolver, name)
    expect_root(root, "cockatrice_deck", "Cockatrice deck")
    # The patterns above missed the root (odd spacing or encoding), the tree did not.
    return read_cod(text, resolver)


def deck_from_text(text: str, resolver: NameResolver | None = None) -> LoadedDeck:
    """A deck from clipboard text: Arena or plain text (auto-detected), or pasted .cod/.dek XML."""
    if text.lstrip().startswith("<"):
        return commander_from_sideboard(_read_xml(text, "cod", resolver, ""))
    return commander_from_sideboard(read_text(text, resolver))


def commander_from_sideboard(loaded: LoadedDeck) -> LoadedDeck:
    """MTGO (.dek and its text export) keeps a Commander deck's commander in the sideboard: a
    deck of 99 main cards whose sideboard is one legendary creature card is read as a
    Commander deck with that card as its commander (CR 903.5a: 100 cards with it)."""
    deck = loaded.deck
    side = deck.side
    if deck.commander or deck.total("main") != DECK_SIZE - 1 or len(side) != 1 or side[0].count != 1 \
            or not is_legendary_creature(side[0].name):
        return loaded
    deck.move(side[0].name, 1, "side", "commander")
    return loaded


def deck_to_text(deck: Deck, style: str = "plain") -> str:
    """The deck as text for the clipboard or a file: plain, arena, mtgo, cod or dek."""
    try:
        writer = WRITERS[style]
    except KeyError:
        raise ValueError(f"unknown deck text style {style!r}; use one of {', '.join(STYLES)}") \
            from None
    return writer(deck)


def read_deck(path: str | Path, resolver: NameResolver | None = None) -> LoadedDeck:
    """Read a deck file of any supported format (chosen by content, then by extension).

    A deck without a name of its own is named after the file. Raises DeckFormatError with
    a clear message (and line number where there is one) for unreadable or malformed files.
    """
    path = Path(path)
    text = read_deck_text(path)
    name = _deck_name_from(path)
    style = style_for_path(path)
    if text.lstrip().startswith("<") or style in ("cod", "dek"):
        loaded = _read_xml(text, style, resolver, name)
    else:
        loaded = read_text(text, resolver)
    loaded = commander_from_sideboard(loaded)
    if not loaded.deck.name:
        loaded.deck.name = name
    return loaded


def read_deck_text(path: Path) -> str:
    """A deck file's text: a regular file of at most MAX_FILE_BYTES, in
    any of the encodings decode_deck_bytes reads; DeckFormatError says why not."""
    try:
        raw = safeio.read_bytes(path, MAX_FILE_BYTES)
    except safeio.FileTooLargeError:
        raise DeckFormatError("deck.file.too_large", {"path": str(path), "size": file_size(path)}) from None
    except safeio.NotRegularFileError:
        raise DeckFormatError("deck.file.not_a_file", {"path": str(path)}) from None
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise DeckFormatError("deck.file.unreadable", {"path": str(path), "reason": reason}) from None
    return decode_deck_bytes(raw)


def file_size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0  # (gone or unreadable meanwhile: the message still says it was too large)


def write_deck(deck: Deck, path: str | Path, style: str | None = None) -> Path:
    """Save atomically (never a half-written file) in the style the extension names, or
    `style` ("plain", "arena", "mtgo", "cod", "dek"). Returns the path."""
    path = Path(path)
    atomic_write(path, deck_to_text(deck, style or style_for_path(path)))
    return path
