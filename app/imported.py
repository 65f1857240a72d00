"""Imported cards reach the engine: before a game starts, every deck name the bundled pool
does not know is looked up in the card database (engine/cards/db.py, filled by the user's
imports) and registered with its printed characteristics (engine.cards.behaviour
.register_printed). The engine then casts it for its mana cost at the speed its types
allow and resolves what it implements (keywords); the rest is played by hand in hybrid.
Without this an imported card was a grey "?" with no cost."""
from __future__ import annotations

import logging
from typing import Any, Iterable

from engine.cards.behaviour import printed, register_printed
from engine.cards.data import CardData

log = logging.getLogger(__name__)


def card_data(record: Any) -> Any:
    """A CardDB record as the engine's CardData."""
    return CardData(name=record.name, set=record.set_code or "", number=record.number or "",
                    mana_cost=record.mana_cost, type_line=record.type_line, text=record.text or "",
                    colors=tuple(record.colors), rarity=record.rarity, power=record.power,
                    toughness=record.toughness, loyalty=record.loyalty, name_de=record.name_de,
                    name_it=record.name_it, type_line_de=record.type_line_de, text_de=record.text_de,
                    faces=tuple(record.faces))


def register_imported(names: Iterable[str], db: Any = None) -> list[str]:
    """Register the names the engine does not know from the card database; returns the
    names found and registered. A database problem never stops a game from starting."""
    unknown = sorted({n for n in names if isinstance(n, str) and n and printed(n) is None})
    if not unknown:
        return []
    done = []
    try:
        if db is None:
            from engine.cards.db import CardDB  # lazy: the card database loads only for a deck with imported cards (start-up)

            db = CardDB.open()
        for name in unknown:
            record = db.get(name)
            if record is not None and record.name == name:
                register_printed(card_data(record))
                done.append(name)
    except Exception:  # a damaged or missing database: the cards stay unknown, the game starts
        log.exception("Cannot look up imported cards")
    return done
