"""Decks without Qt: the model, validation, file formats, name resolution, storage.

    from engine.decks import read_deck, validate
    deck, unknown = read_deck("rakdos.cod")      # unknown: UnknownCard list, never dropped
    for problem in validate(deck):                # Problem(key, params, text, severity)
        print(problem.text)

See docs/decks.md.
"""
from __future__ import annotations

from engine.decks.files import (deck_from_text, deck_to_text, read_deck, style_for_path,
                                write_deck)
from engine.decks.formats import STYLES, LoadedDeck, detect_text_style
from engine.decks.messages import DeckFormatError, Problem
from engine.decks.model import FORMATS, ZONES, Deck, DeckEntry, UnknownCard
from engine.decks.names import (CardNameIndex, ChainedResolver, FunctionResolver, NameResolver,
                                default_resolver, normalize_name)
from engine.decks.samples import sample_decks
from engine.decks.storage import (add_recent, autosave, clear_recent, discard_autosave,
                                  load_autosave, recent_decks, remove_recent)
from engine.decks.validate import effective_format, errors, guess_format, is_legal, validate

__all__ = [
    "FORMATS", "STYLES", "ZONES", "CardNameIndex", "ChainedResolver", "Deck", "DeckEntry",
    "DeckFormatError", "FunctionResolver", "LoadedDeck", "NameResolver", "Problem",
    "UnknownCard", "add_recent", "autosave", "clear_recent", "deck_from_text", "deck_to_text",
    "default_resolver", "detect_text_style", "discard_autosave", "effective_format", "errors",
    "guess_format", "is_legal", "load_autosave", "normalize_name", "read_deck",
    "recent_decks", "remove_recent", "sample_decks", "style_for_path", "validate",
    "write_deck",
]
