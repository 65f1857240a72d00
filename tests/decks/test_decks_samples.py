from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.decks import read_deck, sample_decks, validate
from engine.paths import ASSETS

DSK_NAMES = {c["name"] for c in json.loads(
    (ASSETS / "cards" / "dsk.json").read_text(encoding="utf-8"))["cards"]}


def test_at_least_five_samples() -> None:
    assert len(sample_decks()) >= 5
    assert all(p.suffix == ".cod" for p in sample_decks())


@pytest.mark.parametrize("path", sample_decks(), ids=lambda p: p.stem)
def test_sample_loads_cleanly_and_is_legal(path: Path) -> None:
    deck, unknown = read_deck(path)
    assert unknown == []
    assert deck.name and deck.comments
    assert deck.format in ("constructed", "limited")
    assert deck.total("main") == {"constructed": 60, "limited": 40}[deck.format]
    assert validate(deck) == []
    names = {e.name for _, e in deck.entries()}
    assert names <= DSK_NAMES
