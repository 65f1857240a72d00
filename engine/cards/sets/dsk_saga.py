"""Duskmourn's Saga (CR 714, engine/cards/mechanics/saga.py): The Tale of Tamiyo."""
from __future__ import annotations

from engine.cards.layer.build import card
from engine.cards.mechanics.saga import Chapter
from engine.cards.sets import register
from engine.cards.vocab.cast_copies import ExileCopyCast
from engine.cards.vocab.hand import Draw
from engine.cards.vocab.library import Mill
from engine.cards.vocab.targets import GraveyardCard

register(card("The Tale of Tamiyo",
              Chapter(Mill(2, if_milled="share_type", then=(Draw(1),), repeat=True)),  # I, II, III
              Chapter(ExileCopyCast(),  # IV
                      targets=(GraveyardCard(("Instant", "Sorcery"), typed_subtypes=(("Planeswalker", "Tamiyo"),),
                                             up_to=True, any_number=True),))))
