"""MTG Arena deck text (import/export window).

    About
    Name Rakdos Rampage

    Deck
    4 Murder (DSK) 110
    4 Bottomless Pool /// Locker Room (DSK) 43

    Sideboard
    3 Pyroclasm (DSK) 149

Set code and collector number are written when the entry has them (Arena picks a printing
otherwise). Arena has no comments and no format, so those are not written. Arena writes
split cards and Rooms with three slashes; the name resolver reads any slash style.
"""
from __future__ import annotations

from engine.decks.formats.base import LoadedDeck
from engine.decks.formats.text import detect_text_style, read_text
from engine.decks.model import Deck, DeckEntry
from engine.decks.names import NameResolver


def read_arena(text: str, resolver: NameResolver | None = None) -> LoadedDeck:
    """Read Arena text (the shared text reader understands every Arena section)."""
    return read_text(text, resolver)


def looks_like_arena(text: str) -> bool:
    """True when the text is shaped like an Arena export (headers or ``(SET) 123`` lines)."""
    return detect_text_style(text) == "arena"


def arena_line(entry: DeckEntry) -> str:
    name = " /// ".join(part.strip() for part in entry.name.split("//"))
    line = f"{entry.count} {name}"
    if entry.set_code:
        line += f" ({entry.set_code})"
        if entry.number:
            line += f" {entry.number}"
    return line


def write_arena(deck: Deck) -> str:
    """The deck as Arena text."""
    blocks: list[list[str]] = []
    if deck.name:
        blocks.append(["About", f"Name {deck.name}"])
    for header, entries in (("Commander", deck.commander), ("Companion", deck.companion),
                            ("Deck", deck.main), ("Sideboard", deck.side)):
        if entries or header == "Deck":
            blocks.append([header, *(arena_line(e) for e in entries)])
    return "\n\n".join("\n".join(block) for block in blocks) + "\n"
