"""No combat arrow after the game is over (session 18's playthrough: the attack arrow stayed
over the loser's panel). The game ends at once (CR 104.1): nothing attacks any more."""
from __future__ import annotations

from typing import Any

from app.session import LocalSession
from app.table import geometry as geo
from engine.config import GameConfig
from engine.game import Game
from tests.app.table_mouse import show_table


def attack_arrows(t: Any) -> list[Any]:
    return [a for a in t.scene.arrows if a.colour == geo.ATTACK]


def test_the_attack_arrow_goes_when_the_attack_ends_the_game(qtbot: Any) -> None:
    g = Game(GameConfig(players=["You", "Bob"], mode="rules", setup={
        "turn": 3, "step": "main1", "You": {"battlefield": ["Cult Healer"]}, "Bob": {"life": 2}}))
    s = LocalSession(g, 0, controls={0, 1})  # (a hot seat: the test answers for Bob too)
    t = show_table(qtbot, s)
    while g.pending is not None and g.pending.kind == "priority":  # to the declaration of attackers
        assert s.submit("pass", player=g.pending.player), s.last_error
    assert s.submit("attack Cult Healer -> Bob")
    assert attack_arrows(t), "the attack is shown while it goes on"
    while s.observation().get("outcome") is None and s.game.pending is not None:
        assert s.submit("pass", player=s.game.pending.player), s.last_error
    assert s.observation()["outcome"] is not None
    assert not attack_arrows(t)
