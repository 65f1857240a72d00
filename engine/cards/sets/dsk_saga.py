"""Duskmourn's Saga (CR 714, engine/cards/mechanics/saga.py): The Tale of Tamiyo."""
from __future__ import annotations

from engine.cards.layer.build import card
from engine.cards.mechanics.saga import Chapter
from engine.cards.sets import register
from engine.cards.vocab.cast_copies import ExileCopyCast, GraveyardCardOf, MillWhileShared

register(card("The Tale of Tamiyo",
              Chapter(MillWhileShared(2)),  # I, II, III
              Chapter(ExileCopyCast(),  # IV
                      targets=(GraveyardCardOf(("Instant", "Sorcery"), (("Planeswalker", "Tamiyo"),)),))))
