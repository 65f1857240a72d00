"""A creature attached to another permanent (an Equipment creature or a creature attached by
hand in hybrid) can attack and block: it was laid under its host like an Aura, lit as able to
attack with only a 16-point strip of it showing, and a click on where it is chose its host.
Now it lies whole beside its host, raised as attachments are, and a click on it chooses it."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint

from app.table.widget import TableWidget
from engine.config import GameConfig
from engine.game import Game
from tests.app.table_mouse import LEFT, show_table


def _table(qtbot: Any) -> TableWidget:
    players = ["You", "Bob"]
    setup = {"step": "main1", "You": {"battlefield": ["Cult Healer @h", "Friendly Teddy|attached=@h",
                                                     "Conductive Machete|attached=@h"], "library": ["Island"] * 5},
             "Bob": {"library": ["Island"] * 5}}
    game = Game(GameConfig(players=players, mode="hybrid", setup={"players": players, "mode": "hybrid", **setup},
                           goldfish=True))
    while game.pending.kind != "attackers":
        game.apply(next(a for a in game.legal_actions(game.pending.player) if a.verb == "pass"))
    return show_table(qtbot, game)


def _card(t: TableWidget, name: str) -> Any:
    return next(i for i in t.scene.cards.values() if i.name == name and i.zone == "battlefield")


def _at(t: TableWidget, item: Any) -> QPoint:
    return t.view.mapFromScene(item.sceneBoundingRect().center())


def test_an_attached_creature_lies_beside_its_host_and_a_click_on_it_attacks(qtbot: Any) -> None:
    t = _table(qtbot)
    host, teddy, ring = _card(t, "Cult Healer"), _card(t, "Friendly Teddy"), _card(t, "Conductive Machete")
    assert teddy.highlight == "playable"
    # the whole card shows: nothing of the table lies over it
    over = [i for i in t.scene.items(teddy.sceneBoundingRect().adjusted(10, 10, -10, -10))
            if i is not teddy and getattr(i, "zone", "") == "battlefield" and i.zValue() > teddy.zValue()]
    assert over == []
    # raised as an attachment, right of its host and of the Equipment peeking from under it
    assert teddy.pos().y() < host.pos().y()
    assert teddy.pos().x() > ring.pos().x() > host.pos().x()
    qtbot.mouseClick(t.view.viewport(), LEFT, pos=_at(t, teddy))
    assert t.interaction.attackers == [teddy.obj_id]
    assert teddy.highlight == "attacker"
