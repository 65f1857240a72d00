"""Attacking and blocking by dragging, as a player new to the table tries first (session 18's
Italian game against the computer): a creature dragged onto an opponent's panel attacks that
player; dragged onto an attacking creature, it blocks it. Before, the card went back to its
row and nothing was chosen; only clicks (the creature, then the player or the attacker) and
the prompt's buttons worked. The declaration is still sent by the prompt's Attack / Block
button, as after clicks."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint

from app.table.widget import TableWidget
from engine.config import GameConfig
from engine.game import Game
from tests.app.table_mouse import LEFT, drag, show_table


def _table(qtbot: Any, setup: dict[str, Any], players: list[str], until: str) -> TableWidget:
    game = Game(GameConfig(players=players, mode="rules", setup={"players": players, "mode": "rules", **setup}))
    for _ in range(60):  # passes to the declaration
        if game.pending.kind == until:
            break
        game.apply(next(a for a in game.legal_actions(game.pending.player) if a.verb == "pass"))
    assert game.pending.kind == until
    return show_table(qtbot, game, size=(1500, 950))


def _card(t: TableWidget, name: str) -> Any:
    return next(i for i in t.scene.cards.values() if i.name == name and i.zone == "battlefield")


def _at(t: TableWidget, item: Any) -> Any:
    return t.view.mapFromScene(item.sceneBoundingRect().center())


def _button(t: TableWidget, label: str) -> Any:
    return next(b for b in t.prompt_bar.buttons if b.text() == label)


def test_a_creature_dragged_onto_an_opponents_panel_attacks_that_player(qtbot: Any) -> None:
    players = ["You", "Bob", "Carol"]
    setup = {"step": "main1", "You": {"battlefield": ["Friendly Teddy", "Forest"], "library": ["Island"] * 5},
             "Bob": {"library": ["Island"] * 5}, "Carol": {"library": ["Island"] * 5}}
    t = _table(qtbot, setup, players, "attackers")
    bear = _card(t, "Friendly Teddy")
    carol = t.scene.panels[2]  # not the next opponent (Bob), whom a click and Attack would choose
    drag(t, _at(t, bear), t.view.mapFromScene(carol.rect.center()))
    assert t.interaction.attackers == [bear.obj_id]
    assert t.interaction.attack_to == {bear.obj_id: ("p", 2)}
    assert _button(t, "Attack").isEnabled()
    qtbot.mouseClick(_button(t, "Attack"), LEFT)
    obs = t.session.observation()
    assert next(c for c in obs["battlefield"] if c["name"] == "Friendly Teddy").get("attacking") == 2


def test_a_creature_dragged_onto_an_attacker_blocks_it(qtbot: Any) -> None:
    players = ["You", "Bob"]
    setup = {"active": "Bob", "step": "main1", "You": {"battlefield": ["Friendly Teddy"], "library": ["Island"] * 5},
             "Bob": {"battlefield": ["Cult Healer"], "library": ["Island"] * 5}}
    game = Game(GameConfig(players=players, mode="rules", setup={"players": players, "mode": "rules", **setup}))
    for _ in range(60):  # Bob attacks with his bear; then to your declaration of blockers
        if game.pending.kind == "blockers":
            break
        if game.pending.kind == "attackers":
            for verb in ("attacker", "attack"):
                game.apply(next(a for a in game.legal_actions(1) if a.verb == verb))
            continue
        game.apply(next(a for a in game.legal_actions(game.pending.player) if a.verb == "pass"))
    assert game.pending.kind == "blockers" and game.pending.player == 0
    t = show_table(qtbot, game)
    mine, theirs = _card(t, "Friendly Teddy"), _card(t, "Cult Healer")
    assert "drag the blocker onto the attacker" in t.interaction.prompt()[0]  # (the prompt says so)
    drag(t, _at(t, mine), _at(t, theirs))
    assert t.interaction.blocks == [(mine.obj_id, theirs.obj_id)]
    qtbot.mouseClick(_button(t, "Block"), LEFT)
    obs = t.session.observation()
    assert next(c for c in obs["battlefield"] if c["name"] == "Friendly Teddy").get("blocking") == [theirs.obj_id]


def test_a_drag_onto_nothing_in_combat_chooses_nothing(qtbot: Any) -> None:
    setup = {"step": "main1", "You": {"battlefield": ["Friendly Teddy"], "library": ["Island"] * 5},
             "Bob": {"library": ["Island"] * 5}}
    t = _table(qtbot, setup, ["You", "Bob"], "attackers")
    bear = _card(t, "Friendly Teddy")
    mine = next(z for z in t.scene.items() if getattr(z, "kind", None) == "battlefield" and getattr(z, "owner", None) == 0)
    drag(t, _at(t, bear), t.view.mapFromScene(mine.sceneBoundingRect().bottomRight()) - QPoint(40, 40))
    assert t.interaction.attackers == [] and t.interaction.attack_to == {}


def test_the_combat_prompts_say_a_drag_works(qtbot: Any) -> None:
    """Session 18: the prompts said "click" only, while the mouse help says a drag chooses an
    attacker or a blocker too. Each mouse prompt of a declaration now says so."""
    for players in (["You", "Bob"], ["You", "Bob", "Carol"]):
        setup = {"step": "main1", "You": {"battlefield": ["Friendly Teddy"], "library": ["Island"] * 5},
                 **{p: {"library": ["Island"] * 5} for p in players[1:]}}
        t = _table(qtbot, setup, players, "attackers")
        prompt, _ = t.interaction.prompt()
        assert "drag them onto" in prompt and "Click the creatures" in prompt, prompt
