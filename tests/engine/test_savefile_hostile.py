"""Hostile saved games: every wrongly typed or out-of-range field is "the file is damaged",
never an IndexError, OverflowError, RecursionError or a gigabyte of memory."""
from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Any, Callable

import pytest

from engine.config import GameConfig
from engine.game import Game
from engine.savefile import SaveFileError, parse, read_save
from engine.savefile import MAX_FILE_BYTES
from tests.special_files import fifo, link_to_dev_zero, refusal_key, sparse

DECK = ["Forest"] * 20


def _good() -> dict[str, Any]:
    g = Game(GameConfig(decks=[DECK, DECK], seed=1, mode="hybrid", skip_mulligans=True))
    return g.to_json()


def _cfg(**changes: Any) -> Callable[[dict[str, Any]], dict[str, Any]]:
    return lambda d: {**d, "config": {**d["config"], **changes}}


def _nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


HOSTILE: list[tuple[str, Callable[[dict[str, Any]], Any]]] = [
    ("first player 5", _cfg(first_player=5)),
    ("first player -1", _cfg(first_player=-1)),
    ("first player float", _cfg(first_player=0.5)),
    ("first player true", _cfg(first_player=True)),
    ("hand size 1e9", _cfg(hand_size=10 ** 9)),
    ("hand size negative", _cfg(hand_size=-3)),
    ("hand size text", _cfg(hand_size="7")),
    ("life huge", _cfg(starting_life=10 ** 100)),
    ("seed float", _cfg(seed=1.5)),
    ("seed huge", _cfg(seed=10 ** 400)),
    ("players five", _cfg(players=["a", "b", "c", "d", "e"])),
    ("players numbers", _cfg(players=[1, 2])),
    ("player name huge", _cfg(players=["a" * 100_000, "b"])),
    ("decks nested lists", _cfg(decks=[[["Forest"]], []])),
    ("decks dict", _cfg(decks={"a": 1})),
    ("decks three", _cfg(decks=[[], [], []])),
    ("deck million cards", _cfg(decks=[["Forest"] * 1_000_000, []])),
    ("card name control chars", _cfg(decks=[["Fo\x1brest"], []])),
    ("mode number", _cfg(mode=3)),
    ("goldfish text", _cfg(goldfish="yes")),
    ("setup list", _cfg(setup=[1, 2])),
    ("setup deep", _cfg(setup={"a": _nested(200)})),
    ("unknown config key", _cfg(__class__="x")),
    ("config list", lambda d: {**d, "config": [1]}),
    ("config missing", lambda d: {k: v for k, v in d.items() if k != "config"}),
    ("actions dict", lambda d: {**d, "actions": {"a": 1}}),
    ("action player 7", lambda d: {**d, "actions": [{"player": 7, "text": "pass"}]}),
    ("action player inf", lambda d: {**d, "actions": [{"player": 1e309, "text": "pass"}]}),
    ("action text list", lambda d: {**d, "actions": [{"player": 0, "text": ["pass"]}]}),
    ("action text missing", lambda d: {**d, "actions": [{"player": 0}]}),
    ("state deep", lambda d: {**d, "state": _nested(500)}),
    ("gui seat 5", lambda d: {**d, "gui": {"seat": 5}}),
    ("gui seat text", lambda d: {**d, "gui": {"seat": "0"}}),
    ("gui list", lambda d: {**d, "gui": []}),
    ("version 0", lambda d: {**d, "version": 0}),
    ("version text", lambda d: {**d, "version": "2"}),
    ("not an object", lambda d: [d]),
]


@pytest.mark.parametrize("what, damage", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_damaged_fields_are_refused(what: str, damage: Callable[[dict[str, Any]], Any]) -> None:
    with pytest.raises(SaveFileError) as info:
        Game.from_json(damage(_good()))
    assert info.value.key in ("savefile.damaged", "savefile.not_a_game")
    assert str(info.value).startswith(("The file is damaged", "This is not"))


@pytest.mark.parametrize("raw", [
    b"[" * 100_000, b'{"a":' * 50_000, b"\xff\xfe\x00garbage", b"", b"NaN",
    b'{"format": "manatable-game", "config": {"seed": Infinity}}',
])
def test_unparseable_bytes_are_refused(raw: bytes, tmp_path: Path) -> None:
    path = tmp_path / "game.manatable.json"
    path.write_bytes(raw)
    with pytest.raises(SaveFileError):
        read_save(path)


def test_a_good_file_still_loads(tmp_path: Path) -> None:
    path = tmp_path / "game.manatable.json"
    path.write_text(json.dumps(_good()))
    assert Game.from_json(read_save(path)).config.decks[0] == DECK
    assert isinstance(parse(path.read_bytes()), dict)


def test_game_config_caps_decks() -> None:
    with pytest.raises(ValueError):
        GameConfig(decks=[["Forest"] * 10_001, []])


def test_special_files_are_refused(tmp_path: Path) -> None:
    refused = partial(refusal_key, SaveFileError, read_save)
    assert refused(fifo(tmp_path / "fifo.json")) == "savefile.not_a_file"
    assert refused(link_to_dev_zero(tmp_path / "zero.json")) == "savefile.not_a_file"


def test_a_huge_file_is_named_too_large(tmp_path: Path) -> None:
    """The limit is said in the message's own words (it was an English reason in a sentence)."""
    with pytest.raises(SaveFileError) as info:
        read_save(sparse(tmp_path / "huge.json", MAX_FILE_BYTES + 1))
    assert info.value.key == "savefile.too_large" and info.value.params == {"maximum": 50}


def test_a_newer_version_is_named_not_called_damaged() -> None:
    """A file of a newer Manatable is not damaged: the message says which version it is."""
    with pytest.raises(SaveFileError) as info:
        Game.from_json({**_good(), "version": 2})
    assert info.value.key == "savefile.newer_version"
    assert info.value.params == {"version": 2, "supported": 1}
    assert "newer version of Manatable" in str(info.value)


def test_replay_failures_have_message_keys() -> None:
    """Settings the game refuses, an action it refuses and a state that differs: each a keyed
    message (the app translates it), the refusal that stopped the replay kept as the cause."""
    data = _good()
    with pytest.raises(SaveFileError) as info:
        Game.from_json({**data, "config": {**data["config"], "commanders": [["Forest"]]}})
    assert info.value.key == "savefile.bad_settings" and "no commanders" in info.value.params["reason"]
    with pytest.raises(SaveFileError) as info:
        Game.from_json({**data, "actions": [{"player": 0, "text": "cast Murder"}]})
    assert info.value.key == "savefile.action_refused"
    assert info.value.params["number"] == 1 and info.value.params["action"] == "cast Murder"
    assert getattr(info.value.__cause__, "key", None) == "ref.none"
    with pytest.raises(SaveFileError) as info:
        Game.from_json({**data, "state": {**data["state"], "turn": 5}})
    assert info.value.key == "savefile.state_differs"
