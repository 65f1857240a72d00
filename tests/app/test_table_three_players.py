"""A three-player game on the table: every seat is drawn (the opponents in columns across
the top), and it does not fail on the third seat's cards, prompts or turns (issue 8: "a
3-player observation doesn't crash the table")."""
from __future__ import annotations

from typing import Any

from app.session import LocalSession
from engine.config import GameConfig
from engine.game import Game
from tests.app.table_mouse import show_table


def test_a_three_player_game_is_shown_without_failing(qtbot: Any, tmp_path: Any) -> None:
    setup = {"players": ["You", "Bob", "Carol"], "mode": "hybrid",
             "You": {"battlefield": ["Forest", "Piggy Bank"], "hand": ["Murder"], "library": ["Island"] * 5},
             "Bob": {"battlefield": ["Swamp"], "library": ["Island"] * 5},
             "Carol": {"battlefield": ["Friendly Teddy", "Mountain"], "hand": ["Pyroclasm"], "library": ["Island"] * 5}}
    game = Game(GameConfig(players=["You", "Bob", "Carol"], mode="hybrid", setup=setup))
    session = LocalSession(game, 0, controls={0, 1, 2})
    t = show_table(qtbot, session, size=(1400, 900))
    names = {i.name for i in t.scene.cards.values()}
    assert {"Forest", "Piggy Bank", "Swamp", "Friendly Teddy", "Mountain"} <= names  # every seat
    actives = set()
    for _ in range(200):  # play on through everybody's turns: prompts for all three seats
        dec = game.pending
        actives.add(game.active_player)
        if dec is None or game.turn > 3:
            break
        acts = game.legal_actions(dec.player)
        done = next((a for a in acts if a.verb == "pass" or a.args == ("done",)), acts[0])
        assert session.submit(done, player=dec.player)
        t.grab()
    assert actives == {0, 1, 2}
    t.grab().save(str(tmp_path / "three.png"))
