"""The listing's caches across positions on the benchmark's crowded pool boards (issue #24): a
plain card's cast ways kept with the payability questions they asked (engine/rules/cast_way.py),
a steady permanent's offered actions kept with its target questions and name map
(engine/rules/listing.py), mana actions written with their texts — checked against a copy of
the game with empty caches after every action (engine/cache_check.py), and the same actions
listed as a fresh listing of the same position would."""
from __future__ import annotations

import pytest

from engine.ai.random_agent import RandomAgent
from engine.bench import board_pool, pool_board
from engine.config import GameConfig
from engine.game import Game
from engine.rules import lister as lister_mod, targets as tg
from engine.rules.listing import priority_actions


def _pool_board(permanents: int, seed: int) -> Game:
    """The benchmark's crowded board with pool permanents mixed in (engine/bench.py pool_board)."""
    return pool_board(permanents, seed, board_pool())


@pytest.mark.parametrize("permanents, decisions", [(40, 120), (400, 25)])
def test_pool_boards_with_caches_checked(checked: None, permanents: int, decisions: int) -> None:
    g = _pool_board(permanents, 0)
    agents = [RandomAgent(1), RandomAgent(2)]
    for _ in range(decisions):
        if g.pending is None:
            break
        p = g.pending.player
        g.apply(agents[p].choose(g, p))  # (each action checked: cache_check.verify)
    assert g.history, "the board was played"


def test_a_second_listing_is_the_same() -> None:
    """A listing made with every cache warm lists the same actions, texts and all, as the first."""
    g = _pool_board(40, 1)
    agents = [RandomAgent(3), RandomAgent(4)]
    listed = 0
    for _ in range(120):
        if g.pending is None:
            break
        p = g.pending.player
        if g.pending.kind == "priority":
            first = priority_actions(g, p)
            assert priority_actions(g, p) == first
            texts = [a.text for a in g.legal_actions(p)]
            assert all(texts) and texts == [a.text for a in g.legal_actions(p)]
            listed += 1
        g.apply(agents[p].choose(g, p))
    assert listed


def test_a_target_word_is_asked_once_per_listing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Six Ragged Playmates ("{1}, {T}: Target creature with power 2 or less ...") on a board
    crowded enough that the target is chosen after the announcement: their kept entries ask
    whether the word has a legal target (Lister.same_answers) once per listing, not once per
    Playmate — and list what a game without caches lists."""
    side = ["Ragged Playmate"] * 6 + ["Forest"] * 14 + ["Piranha Fly"] * 12
    setup: dict[str, object] = {"Alice": {"battlefield": side, "library": ["Island"] * 10},
                                "Bob": {"battlefield": ["Piranha Fly"] * 12, "library": ["Island"] * 10}}
    g = Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="rules", setup=setup))
    while g.pending is None or g.pending.kind != "priority" or g.pending.player != 0 or g.st.step != "main1":
        assert g.pending is not None
        g.apply("pass", g.pending.player)
    first = [a.text for a in g.legal_actions(0)]
    assert sum(t.startswith("activate Ragged Playmate") and "mana" not in t for t in first) == 6
    asked: list[int] = []
    any_option = tg.any_option
    monkeypatch.setattr(lister_mod.tg, "any_option", lambda *a: asked.append(1) or any_option(*a))
    g.apply("activate Forest#1", 0)  # (a new position: the entries' questions asked again)
    again = [a.text for a in g.legal_actions(0)]
    assert len(asked) == 1
    assert again == [a.text for a in Game(g.config, _state=g.st.copy()).legal_actions(0)]
