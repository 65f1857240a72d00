"""An attack of many creatures at once: its one-line text ("attack Piggy Bank#1, ... -> Bob") grew
past what a saved game and a LAN frame take, so a game with 80 attackers saved but did not load
again ("the file is damaged"), and one with 150 was refused as a bug. The engine now refuses to
record an action whose text is too long to write down, and the table declares such an attack in
parts (one attacker at a time, then done): the same attack, and the save loads."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from app.session import LocalSession
from app.settings import Settings
from app.table.widget import TableWidget
from engine.actions import MAX_ACTION_TEXT, Action, ActionSyntaxError
from engine.config import GameConfig
from engine.game import Game

import pytest


def _game(n: int) -> Game:
    setup = {"mode": "rules", "step": "main1", "You": {"battlefield": ["Piggy Bank"] * n},
             "Bob": {"library": ["Island"] * 5}}
    game = Game(GameConfig(players=["You", "Bob"], mode="rules", setup=setup, skip_mulligans=True))
    while game.pending.kind != "attackers":
        game.apply("pass", game.pending.player)
    return game


def _pigs(game: Game) -> list[int]:
    return [o for o in game.st.battlefield if game.st.objects[o].name == "Piggy Bank"]


def test_an_action_too_long_to_write_down_is_refused_and_every_recorded_one_loads() -> None:
    game = _game(80)   # 80 attackers: about 1,200 characters, over the old limit of a saved text
    game.apply(Action(0, "attack", pairs=tuple((o, ("p", 1)) for o in _pigs(game))))
    assert 1000 < len(game.history[-1].text) <= MAX_ACTION_TEXT
    Game.from_json(json.loads(json.dumps(game.to_json())))   # (refused as damaged before)
    game = _game(160)  # 160 attackers: over MAX_ACTION_TEXT; nothing changes
    before = game.dump()
    with pytest.raises(ActionSyntaxError) as info:
        game.apply(Action(0, "attack", pairs=tuple((o, ("p", 1)) for o in _pigs(game))))
    assert info.value.key == "action.text_too_long"
    assert game.dump() == before


def test_the_table_declares_a_long_attack_in_parts_and_the_game_saves_and_loads(qtbot: Any,
                                                                                tmp_path: Path) -> None:
    game = _game(160)
    t = TableWidget(LocalSession(game, 0, controls={0}), Settings(animations=False))
    qtbot.addWidget(t)
    t.interaction.attackers = list(_pigs(game))
    t.interaction.declare_attackers()
    attacking = [c for c in t.session.observation()["battlefield"] if c.get("attacking") is not None]
    assert len(attacking) == 160
    assert t.prompt_bar.message.isHidden() or not t.prompt_bar.message.text()  # nothing refused
    path = tmp_path / "long.manatable.json"
    t.session.save(path)
    assert LocalSession.from_save(path).game.dump() == t.session.game.dump()
