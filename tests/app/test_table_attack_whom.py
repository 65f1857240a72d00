"""Attacking at a table of three or more, with the mouse. A creature the rules send at one
player (Ursine Monstrosity: "This creature attacks that player this combat if able", CR
508.1d) was sent at the next opponent by a click and Attack: the declaration was refused,
the choice cleared, and a German four-player Commander game stalled there (the play tool
clicked on forever). A click and Attack now declares the attack the rules ask for; the prompt
says that a click on a player chooses whom the creatures attack."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from app.i18n import set_language
from app.table.widget import TableWidget
from engine.config import GameConfig
from engine.game import Game
from tests.app.table_mouse import show_table

LEFT = Qt.MouseButton.LeftButton


def _table(qtbot: Any, seed: int, battlefield: list[str]) -> TableWidget:
    setup = {"players": ["You", "Bob", "Carol"], "mode": "rules", "step": "main1", "seed": seed,
             "You": {"battlefield": battlefield, "library": ["Island"] * 5},
             "Bob": {"library": ["Island"] * 5}, "Carol": {"library": ["Island"] * 5}}
    game = Game(GameConfig(players=["You", "Bob", "Carol"], mode="rules", setup=setup, seed=seed))
    for _ in range(50):  # to the declaration of attackers (Ursine Monstrosity's trigger resolves)
        if game.pending.kind == "attackers":
            break
        game.apply(next(a for a in game.legal_actions(game.pending.player) if a.verb == "pass"))
    return show_table(qtbot, game)


def _click_card(qtbot: Any, t: TableWidget, name: str) -> None:
    item = next(i for i in t.scene.cards.values() if i.name == name and i.zone == "battlefield")
    qtbot.mouseClick(t.view.viewport(), LEFT, pos=t.view.mapFromScene(item.sceneBoundingRect().center()))


def _click_button(qtbot: Any, t: TableWidget, label: str) -> None:
    button = next(b for b in t.prompt_bar.buttons if b.text() == label)
    assert button.isEnabled(), label
    qtbot.mouseClick(button, LEFT)


def test_a_creature_told_whom_to_attack_attacks_that_player_by_click_and_attack(qtbot: Any) -> None:
    t = _table(qtbot, 1, ["Ursine Monstrosity", "Forest"])  # (seed 1: it must attack Carol, not Bob)
    game = t.session.game
    assert [a.pairs for a in game.legal_actions(0) if a.verb == "attacker"] != []
    _click_card(qtbot, t, "Ursine Monstrosity")
    _click_button(qtbot, t, "Attack")
    bear = next(c for c in t.session.observation()["battlefield"] if c["name"] == "Ursine Monstrosity")
    assert bear.get("attacking") == 2  # Carol
    assert t.prompt_bar.message.isHidden() or not t.prompt_bar.message.text()  # nothing refused


def test_the_prompt_says_a_click_on_a_player_chooses_whom_they_attack(qtbot: Any) -> None:
    set_language("de")
    t = _table(qtbot, 1, ["Friendly Teddy", "Forest"])
    text, _ = t.interaction.prompt()
    assert "Spieler" in text and "Bob" in text, text  # the next opponent, who is attacked without a click
    # a click on the creature, then on Carol's panel, then Angreifen: Carol is attacked
    _click_card(qtbot, t, "Friendly Teddy")
    panel = t.scene.panels[2]
    qtbot.mouseClick(t.view.viewport(), LEFT, pos=t.view.mapFromScene(panel.rect.center()))
    _click_button(qtbot, t, "Angreifen")
    teddy = next(c for c in t.session.observation()["battlefield"] if c["name"] == "Friendly Teddy")
    assert teddy.get("attacking") == 2


def test_attackers_sent_at_two_players_in_any_click_order(qtbot: Any) -> None:
    """A German four-player game: Ursine Monstrosity told to attack Computer 2, two creatures
    at Computer 1 — "Der Tisch kann diese Aktion nicht eindeutig aufschreiben: attack Scavenging
    Ooze, Winter, Cynical Opportunist -> Computer 1, Ursine Monstrosity -> Computer 2", because
    the clicks were not in the order the action's text groups them."""
    t = _table(qtbot, 2, ["Friendly Teddy", "Ragged Playmate", "Acrobatic Cheerleader", "Forest"])
    _click_card(qtbot, t, "Friendly Teddy")
    qtbot.mouseClick(t.view.viewport(), LEFT, pos=t.view.mapFromScene(t.scene.panels[1].rect.center()))
    _click_card(qtbot, t, "Ragged Playmate")
    qtbot.mouseClick(t.view.viewport(), LEFT, pos=t.view.mapFromScene(t.scene.panels[2].rect.center()))
    _click_card(qtbot, t, "Acrobatic Cheerleader")  # (no click on a player: the next opponent, Bob)
    _click_button(qtbot, t, "Attack")
    attacking = {c["name"]: c.get("attacking") for c in t.session.observation()["battlefield"]}
    assert attacking == {"Friendly Teddy": 1, "Ragged Playmate": 2, "Acrobatic Cheerleader": 1, "Forest": None}
    assert t.prompt_bar.message.isHidden() or not t.prompt_bar.message.text()
