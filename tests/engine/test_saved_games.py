"""Saved games (the replay: config + actions) load back exactly; damaged files give a clear
message and never a traceback from deep inside the engine."""
from __future__ import annotations

import json

import pytest

from engine.ai.random_agent import play_game
from engine.config import GameConfig
from engine.game import Game
from engine.savefile import check_config, read_save

DECK = ["Forest"] * 6 + ["Piggy Bank", "Friendly Teddy", "Horrid Vigor", "Slavering Branchsnapper"] * 2


def _played(n: int = 60) -> Game:
    g = Game(GameConfig(decks=[DECK, DECK], seed=3, mode="hybrid"))
    play_game(g, 3, max_decisions=n)
    return g


def test_round_trip_through_json_text() -> None:
    g = _played()
    text = json.dumps(g.to_json())
    again = Game.from_json(json.loads(text))
    assert again.dump() == g.dump()
    assert [a.text for a in again.history] == [a.text for a in g.history]


@pytest.mark.parametrize("damage", [
    lambda d: "not a dict",
    lambda d: {**d, "format": "something else"},
    lambda d: {**d, "config": {"players": ["A"], "nonsense": 1}},
    lambda d: {**d, "config": {**d["config"], "mode": "chaos"}},
    lambda d: {**d, "actions": "pass"},
    lambda d: {**d, "actions": d["actions"][:5] + [{"player": 0, "text": "cast Black Lotus"}]},
    lambda d: {**d, "actions": d["actions"] + [{"player": "x", "text": "pass"}]},
    lambda d: {**d, "state": {"turn": 99}},
])
def test_damaged_files_give_a_message(damage) -> None:  # type: ignore[no-untyped-def]
    data = _played().to_json()
    with pytest.raises(ValueError) as info:
        Game.from_json(damage(data))
    assert str(info.value)


def test_a_four_player_commander_game_with_the_fourth_seat_first_saves_and_loads(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A 3-4 player save names any seat as the first player (was refused above seat 2)."""
    cmd = ["Winter, Cynical Opportunist", "Valgavoth, Harrower of Souls", "Kianne, Corrupted Memory",
           "Aminatou, Veil Piercer"]
    g = Game(GameConfig(players=["A", "B", "C", "D"], decks=[DECK + [c] for c in cmd], commanders=[[c] for c in cmd],
                        format="commander", first_player=3, seed=2, mode="rules"))
    play_game(g, 2, max_decisions=80)
    path = tmp_path / "four.json"
    path.write_text(json.dumps(g.to_json()), encoding="utf-8")
    again = Game.from_json(read_save(path))
    assert again.dump() == g.dump() and again.st.first_player == 3
    with pytest.raises(ValueError):
        check_config({**g.to_json()["config"], "first_player": 4})
