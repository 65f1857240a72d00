"""The card layer's name for engine/rules/carddata.py: a card's printed characteristics from
the bundled assets (CardData), which the rules read too (issue #24)."""
import json
from functools import lru_cache

from engine.paths import ASSETS
from engine.rules.carddata import (BUNDLED_SETS, CardData, bundled_card, bundled_cards, bundled_names, card,
                                   card_from_json, card_index)

__all__ = ["BUNDLED_SETS", "CardData", "add_printed", "bundled_card", "bundled_cards", "bundled_names", "card",
           "card_from_json", "card_index", "printed", "scheme_cards"]

# cards imported by the user (app/imported.py), played by hand: engine/cards/behaviour.py register_printed
_extra_cards: dict[str, CardData] = {}


def printed(name: str) -> CardData | None:
    """A card's printed characteristics by English name: a bundled card, an imported one or a
    scheme; None if none is known."""
    return bundled_card(name) or _extra_cards.get(name) or scheme_cards().get(name)


def add_printed(card: CardData) -> None:
    """Make an imported card's characteristics known (behaviour.register_printed also forgets
    what its caches said of that name)."""
    _extra_cards[card.name] = card


@lru_cache(maxsize=None)
def scheme_cards() -> dict[str, CardData]:
    """The Archenemy scheme cards (CR 314; assets/cards/schemes.json, tools/build_schemes.py) by
    English name. Kept apart from bundled_cards(): a scheme is never a deck card (CR 904.3), so
    the pool, the deck editor and the search never see one."""
    path = ASSETS / "cards" / "schemes.json"
    return {raw["name"]: card_from_json(raw) for raw in json.loads(path.read_text(encoding="utf-8"))["cards"]}
