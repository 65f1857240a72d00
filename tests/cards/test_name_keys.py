"""One card, one name: no two cards of the built-in pool share a lookup key.

A deck file, the card browser and the card database find a card by a folded key (case, accents,
apostrophes: engine/decks/names.py `normalize_name`, engine/cards/importers/common.py `fold`).
Two cards whose names fold alike make a name read back as the other card: the pool had "Seance
Board" (the release notes' spelling) and "Séance Board" (the Oracle name) as two cards until
tools/build_assets.py gave the bundled card its Oracle name.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from engine.cards.importers.common import fold
from engine.decks.names import BASIC_LAND_TRANSLATIONS, default_resolver, normalize_name
from engine.rules.carddata import CardData, bundled_cards


def _names(name: str, card: CardData) -> Iterator[str]:
    """Every name a user may type for the card: English, German, Italian, each door's."""
    yield from (name, card.name_de or "", card.name_it or "", *BASIC_LAND_TRANSLATIONS.get(name, ()))
    for face in card.faces:
        yield from (face.get("name") or "", face.get("name_de") or "", face.get("name_it") or "")


@pytest.mark.parametrize("key", [normalize_name, fold], ids=["normalize_name", "fold"])
def test_no_two_pool_cards_fold_to_one_key(key: Callable[[str], str]) -> None:
    owners: dict[str, set[str]] = {}
    for name, card in bundled_cards().items():
        for alias in _names(name, card):
            if alias:
                owners.setdefault(key(alias), set()).add(name)
    assert {k: sorted(v) for k, v in owners.items() if len(v) > 1} == {}


def test_every_name_of_a_card_finds_that_card() -> None:
    resolver = default_resolver()
    wrong = {alias: resolver.resolve(alias) for name, card in bundled_cards().items()
             for alias in _names(name, card) if alias and resolver.resolve(alias) != name}
    assert wrong == {}


def test_seance_board_is_one_card_under_its_oracle_name() -> None:
    cards = bundled_cards()
    assert "Séance Board" in cards and "Seance Board" not in cards
    for typed in ("Seance Board", "séance board", "Séance-Brett", "Tavola per Sedute Spiritiche"):
        assert default_resolver().resolve(typed) == "Séance Board", typed
