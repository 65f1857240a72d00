"""Deck file formats, one module each: Cockatrice .cod, MTGO .dek, Arena text, plain text.

Every reader takes the text and an optional `NameResolver` and returns a `LoadedDeck`
(deck, unknown cards); every writer takes a `Deck` and returns the text.
"""
from __future__ import annotations

from collections.abc import Callable

from engine.decks.formats.arena import read_arena, write_arena
from engine.decks.formats.base import LoadedDeck
from engine.decks.formats.cockatrice import read_cod, write_cod
from engine.decks.formats.mtgo import read_dek, write_dek
from engine.decks.formats.plain import read_plain, write_mtgo_text, write_plain
from engine.decks.formats.text import detect_text_style, read_text
from engine.decks.model import Deck

#: Writer per output style; the keys are what `deck_to_text(deck, style)` accepts.
WRITERS: dict[str, Callable[[Deck], str]] = {
    "plain": write_plain,
    "arena": write_arena,
    "mtgo": write_mtgo_text,
    "cod": write_cod,
    "dek": write_dek,
}

STYLES: tuple[str, ...] = tuple(WRITERS)

__all__ = ["LoadedDeck", "STYLES", "WRITERS", "detect_text_style", "read_arena", "read_cod",
           "read_dek", "read_plain", "read_text", "write_arena", "write_cod", "write_dek",
           "write_mtgo_text", "write_plain"]
