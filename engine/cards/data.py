"""The card layer's name for engine/rules/carddata.py: a card's printed characteristics from
the bundled assets (CardData), which the rules read too (issue #24)."""
from engine.rules.carddata import BUNDLED_SETS, CardData, bundled_cards, card, card_from_json

__all__ = ["BUNDLED_SETS", "CardData", "bundled_cards", "card", "card_from_json"]
