"""The sample decks shipped in assets/decks (Duskmourn cards, Cockatrice .cod files)."""
from __future__ import annotations

import html
import re
from pathlib import Path

from engine.paths import ASSETS

SAMPLE_DIR = ASSETS / "decks"
# The decks built around the cards the rules engine implemented first come first: the
# first one is what `--goldfish` and the dialogs offer by default, and it should play
# entirely in rules mode. Decks not named here follow by file name.
FIRST = ("furnace_red.cod", "haunted_skies.cod", "rakdos_rampage.cod", "rot_and_ruin.cod",
         "toybox_brigade.cod")


def sample_decks() -> list[Path]:
    """Every bundled sample deck file: the first-implemented decks, then by file name."""
    def key(p: Path) -> tuple[int, str]:
        return (FIRST.index(p.name) if p.name in FIRST else len(FIRST), p.name)
    return sorted(SAMPLE_DIR.glob("*.cod"), key=key)


COMMANDER_DIR = SAMPLE_DIR / "commander"


def commander_decks() -> list[Path]:
    """The built-in Commander decks (tools/build_commander_decks.py), by file name."""
    return sorted(COMMANDER_DIR.glob("*.cod"))


PRINTED_COMMANDER_DIR = COMMANDER_DIR / "official"


def printed_commander_decks() -> list[Path]:
    """The four Duskmourn Commander decks as printed (tools/build_dsc_decks.py), by file name."""
    return sorted(PRINTED_COMMANDER_DIR.glob("*.txt"))


# a deck's title is read from the start of its file only: a name comes first in every format
_TITLE_BYTES = 64 * 1024
_COD_NAME = re.compile(r"<deckname>(.*?)</deckname>", re.DOTALL)
_TEXT_NAME = re.compile(r"^\s*(?://|#)\s*NAME\s*:\s*(.+?)\s*$|^\s*Name\s+(.+?)\s*$", re.MULTILINE | re.IGNORECASE)


def deck_title(path: Path) -> str:
    """The name a deck file gives itself (Cockatrice's <deckname>, a text list's "// NAME:"
    or Arena's "Name"), else its file name without the suffix: the one name every dialog shows
    for a deck. Reads no card: cheap enough for a list of files."""
    try:
        with open(path, "rb") as f:
            head = f.read(_TITLE_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return path.stem
    match = _COD_NAME.search(head) if path.suffix.lower() == ".cod" else _TEXT_NAME.search(head)
    name = html.unescape(next((g for g in match.groups() if g), "")).strip() if match else ""
    return " ".join(name.split()) or path.stem
