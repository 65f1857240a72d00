"""A game saved before a card of the pool was renamed still replays (engine/savefile.py
RENAMED_CARDS): Séance Board was "Seance Board" until session 14."""
from __future__ import annotations

import json

import pytest

from engine.config import GameConfig
from engine.game import Game
from engine.savefile import renamed

ALICE = 0


def _saved_with_board() -> Game:
    g = Game(GameConfig(mode="rules", setup={
        "Alice": {"hand": ["Séance Board"], "battlefield": ["Swamp", "Swamp"], "library": ["Swamp"] * 5},
        "Bob": {"library": ["Swamp"] * 5}}))
    g.apply("cast Séance Board", ALICE)
    g.apply("pass", ALICE)
    g.apply("pass", 1)
    return g


def test_a_game_saved_under_the_old_name_replays_under_the_new_one() -> None:
    g = _saved_with_board()
    text = json.dumps(g.to_json(), ensure_ascii=False)
    old = json.loads(text.replace("Séance Board", "Seance Board"))  # the file an older version wrote
    assert "Seance Board" in json.dumps(old, ensure_ascii=False)
    again = Game.from_json(old)
    assert again.st.to_dict() == g.st.to_dict()
    names = [again.st.objects[i].name for i in again.st.battlefield]
    assert "Séance Board" in names


def test_renaming_touches_only_the_old_names() -> None:
    assert renamed({"Seance Board": ["cast Seance Board", "Seance Boards", 3], "x": "Séance Board"}) == {
        "Séance Board": ["cast Séance Board", "Séance Boards", 3], "x": "Séance Board"}


def test_a_tampered_state_is_still_refused() -> None:
    data = json.loads(json.dumps(_saved_with_board().to_json()))
    data["state"]["players"][0]["life"] = 99
    with pytest.raises(ValueError):
        Game.from_json(data)
