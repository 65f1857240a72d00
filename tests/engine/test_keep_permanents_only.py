"""GameBase._keep_permanents_only (an ability going onto or leaving the stack): the per-position
memo keeps what is made of the permanents alone (_PERMANENTS_ONLY) and nothing else — with
each key classified once and remembered (game_base._KEEP_KEYS, _DROP_KEYS), the same entries
as the key-by-key filter."""
from __future__ import annotations

from typing import Any

from engine import game_base
from engine.config import GameConfig
from engine.game import Game
from engine.game_base import _PERMANENTS_ONLY


def _by_filter(memo: dict[Any, Any]) -> dict[Any, Any]:
    return {k: v for k, v in memo.items() if k in _PERMANENTS_ONLY or (type(k) is tuple and k[0] in _PERMANENTS_ONLY)}


def test_the_same_entries_as_the_filter_twice() -> None:
    g = Game(GameConfig(players=["Alice", "Bob"], mode="rules", setup={"Alice": {"battlefield": ["Forest"]}}))
    for _ in range(2):  # (the second time every key is known already)
        mine = {"effects": 1, ("player_rules", 0): 2, ("names", "own", 0, "", 5, 9): 3, "may_need_choices": 4,
                ("own_names", 1): 5, ("hand_cands", 0, None, None): 6, ("type_index",): 7}
        g.memo.update(mine)
        want = _by_filter(g.memo)
        g._keep_permanents_only()
        assert g.memo == want
        assert set(want) & set(mine) == {"effects", ("player_rules", 0), ("own_names", 1), ("type_index",)}


def test_a_key_known_as_dropped_stays_dropped() -> None:
    g = Game(GameConfig(players=["Alice", "Bob"], mode="rules", setup={"Alice": {"battlefield": ["Forest"]}}))
    g.memo[("names", "hand", 0)] = 1
    g._keep_permanents_only()
    assert ("names", "hand", 0) in game_base._DROP_KEYS and ("names", "hand", 0) not in g.memo
    g.memo[("names", "hand", 0)] = 1
    g._keep_permanents_only()
    assert ("names", "hand", 0) not in g.memo
