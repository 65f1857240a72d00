"""Life Insurance's extort (CR 702.101a): "each opponent loses 1 life and you gain that much
life" — the life gained is the life the opponents lost, not the number of opponents (the
card's ruling: "if your opponent's life total can't change (perhaps because that player
controls Platinum Emperion), you won't gain any life"). No card of the pool keeps a life total
from changing, so a scenario can't show the difference: here one opponent's life losses are
made to change nothing, as such a card would (CR 119.3)."""
from __future__ import annotations

from typing import Any

import pytest

from engine.config import GameConfig
from engine.game import Game


def _game() -> Game:
    setup = {"Alice": {"hand": ["Night's Whisper"], "battlefield": ["Life Insurance", "Swamp", "Swamp", "Plains"],
                       "library": ["Island"] * 4},
             "Bob": {"library": ["Island"] * 4}, "Carol": {"library": ["Island"] * 4}}
    return Game(GameConfig(players=["Alice", "Bob", "Carol"], seed=1, mode="rules", setup=setup))


def _extort(g: Game) -> None:
    """Alice casts Night's Whisper and pays for extort; everything resolves."""
    g.apply("cast Night's Whisper", 0)
    while g.pending is not None and g.pending.kind == "priority":
        g.apply("pass", g.pending.player)
    assert g.pending is not None and g.pending.player == 0
    g.apply("choose yes", 0)
    while g.st.stack:
        assert g.pending is not None and g.pending.kind == "priority"
        g.apply("pass", g.pending.player)


def test_extort_gains_the_life_each_opponent_lost() -> None:
    g = _game()
    _extort(g)
    assert [p.life for p in g.st.players] == [20 + 2 - 2, 19, 19]  # (Night's Whisper: Alice loses 2)


def test_an_opponent_whose_life_total_cant_change_gains_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    g = _game()
    lose = g.lose_life

    def bob_unchanging(player: int, n: int, *args: Any, **kwargs: Any) -> None:
        if player != 1:
            lose(player, n, *args, **kwargs)
    monkeypatch.setattr(g, "lose_life", bob_unchanging)
    _extort(g)
    assert [p.life for p in g.st.players] == [20 + 1 - 2, 20, 19]  # Carol's 1, not two opponents' 2
