"""Commander (CR 903) through the engine's API: the start of a game, what every seat sees,
and the saved game, undo and clone keeping the command zone, the tax and commander damage."""
from __future__ import annotations

import pytest

from engine.config import GameConfig
from engine.game import Game

DECK = ["Swamp"] * 30 + ["Mountain"] * 29


def _game(**kw: object) -> Game:
    decks = [DECK + ["The Lord of Pain"], DECK + ["Valgavoth, Harrower of Souls"], DECK + ["Winter, Cynical Opportunist"]]
    cfg = GameConfig(players=["Alice", "Bob", "Carol"], decks=decks, seed=3, mode="rules", format="commander",
                     commanders=[["The Lord of Pain"], ["Valgavoth, Harrower of Souls"], ["Winter, Cynical Opportunist"]],
                     **kw)  # type: ignore[arg-type]
    return Game(cfg)


def test_commander_starts_in_the_command_zone_at_40_life() -> None:
    """CR 903.6 (103.2c): the commander from the deck face up in the command zone; 903.7: 40 life."""
    g = _game()
    obs = g.observation(None).to_json()
    assert obs["format"] == "commander"
    for pv, name in zip(obs["players"], ["The Lord of Pain", "Valgavoth, Harrower of Souls",
                                         "Winter, Cynical Opportunist"]):
        assert pv["life"] == 40
        assert [c["name"] for c in pv["command"]] == [name]
        assert pv["command"][0]["commander"] is True
        assert pv["commanders"] == [{"card": name, "zone": "command", "id": pv["command"][0]["id"],
                                     "casts": 0, "tax": 0}]
        assert pv["library_count"] + pv["hand_count"] == 59  # the 99 without the commander (here 59)
    assert any(e["key"] == "commander" for e in g.events)


def test_config_rules() -> None:
    with pytest.raises(ValueError, match="not one of its player's deck cards"):
        GameConfig(players=["A", "B"], decks=[DECK, DECK], format="commander", commanders=[["The Lord of Pain"]])
    with pytest.raises(ValueError, match="has no commanders"):
        GameConfig(players=["A", "B"], decks=[DECK + ["The Lord of Pain"], DECK], commanders=[["The Lord of Pain"]])
    with pytest.raises(ValueError, match="Unknown format"):
        GameConfig(format="two_headed_giant")
    assert GameConfig().life == 20 and GameConfig(format="commander").life == 40
    assert GameConfig(format="commander", starting_life=30).life == 30


def test_json_undo_and_clone_keep_the_commander_state() -> None:
    setup = {"format": "commander",
             "Alice": {"battlefield": ["The Lord of Pain", "Swamp", "Swamp"], "commander": ["The Lord of Pain"],
                       "commander_casts": 2, "library": ["Swamp"] * 5},
             "Bob": {"commander_damage": {"The Lord of Pain": 7}, "library": ["Swamp"] * 5,
                     "command": ["Valgavoth, Harrower of Souls"], "commander": ["Valgavoth, Harrower of Souls"]},
             "Carol": {"library": ["Swamp"] * 5}}
    g = Game(GameConfig(players=["Alice", "Bob", "Carol"], mode="rules", format="commander", setup=setup))
    lord = next(iter(g.st.players[0].commanders))
    for _ in range(4):
        dec = g.pending
        assert dec is not None
        g.apply(g.legal_actions(dec.player)[0])
    copy = g.clone()
    assert copy.st.players[1].commander_damage == {lord: 7} and copy.st.players[0].commander_casts == {lord: 2}
    before = g.dump()
    dec = g.pending
    assert dec is not None
    g.apply(g.legal_actions(dec.player)[0])
    g.undo()
    assert g.dump() == before
    again = Game.from_json(g.to_json())
    assert again.dump() == g.dump()
    assert again.st.players[1].commander_damage == {lord: 7}
    assert again.st.players[0].commanders == g.st.players[0].commanders
    obs = g.observation(2).to_json()
    assert obs["players"][1]["commander_damage"] == [{"commander": "The Lord of Pain", "owner": "Alice", "damage": 7}]
    assert obs["players"][0]["commanders"][0]["tax"] == 4
    assert obs["players"][1]["commanders"][0]["zone"] == "command"


def test_saved_commander_game_replays() -> None:
    g = _game()
    for _ in range(12):
        dec = g.pending
        assert dec is not None
        g.apply(g.legal_actions(dec.player)[-1])
    again = Game.from_json(g.to_json())
    assert again.dump() == g.dump()
    assert again.config.format == "commander" and again.config.commanders == g.config.commanders
