"""Plain-text deck lists (``4 Murder``), and MTGO's plain-text export.

Reading is done by the shared tolerant reader (`engine.decks.formats.text.read_text`).
Written form, which that reader reads back to an equal deck (printings aside)::

    // NAME: Rakdos Rampage
    // FORMAT: constructed
    // Any comment lines
    4 Murder
    22 Mountain

    Sideboard
    3 Pyroclasm

A deck with a commander or companion gets ``Commander`` / ``Companion`` sections and a
``Deck`` header before the main deck.
"""
from __future__ import annotations

from engine.decks.formats.base import LoadedDeck
from engine.decks.formats.mtgo import mtgo_name
from engine.decks.formats.text import read_text
from engine.decks.model import Deck, DeckEntry
from engine.decks.names import NameResolver


def read_plain(text: str, resolver: NameResolver | None = None) -> LoadedDeck:
    """Read a plain-text deck list (any text style is accepted)."""
    return read_text(text, resolver)


def _lines(entries: list[DeckEntry]) -> list[str]:
    return [f"{e.count} {e.name}" for e in entries]


def write_plain(deck: Deck) -> str:
    """The deck as plain text with // comments and a Sideboard section."""
    out: list[str] = []
    if deck.name:
        out.append(f"// NAME: {deck.name}")
    if deck.format or deck.unknown_format:
        out.append(f"// FORMAT: {deck.format or deck.unknown_format}")
    for comment in deck.comments.splitlines():
        out.append(f"// {comment}".rstrip())
    sections = [("Commander", deck.commander), ("Companion", deck.companion)]
    for header, entries in sections:
        if entries:
            out += ["", header, *_lines(entries)]
    if deck.commander or deck.companion:
        out += ["", "Deck"]
    elif out:
        out.append("")
    out += _lines(deck.main)
    if deck.side:
        out += ["", "Sideboard", *_lines(deck.side)]
    return "\n".join(out).lstrip("\n") + "\n"


def write_mtgo_text(deck: Deck) -> str:
    """MTGO's own text export: main deck, a blank line, the sideboard; no comments.

    Commander and companion cards go to the sideboard, as in a .dek file.
    """
    main = [f"{e.count} {mtgo_name(e.name)}" for e in deck.main]
    side = [f"{e.count} {mtgo_name(e.name)}" for z in ("side", "commander", "companion")
            for e in deck.zone(z)]
    text = "\n".join(main)
    if side:
        text += "\n\n" + "\n".join(side)
    return text + "\n"
