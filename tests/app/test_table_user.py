"""Driving the table as a user would: drag, double-click, target prompts, table moves, undo.
Assertions look at the engine's state (observation) and at the card items."""
from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QLineEdit

from app.i18n import set_language, step_name
from app.table import commands
from app.table.widget import MENU_CHUNK, TableWidget
from tests.app.table_mouse import table_for


def obs(t: TableWidget) -> dict[str, Any]:
    return t.session.observation()


def item(t: TableWidget, zone: str, name: str, mine: bool = True) -> Any:
    return next(i for i in t.scene.cards.values() if i.zone == zone and i.name == name and i.mine == mine)


def on_battlefield(t: TableWidget, name: str) -> list[dict[str, Any]]:
    return [c for c in obs(t)["battlefield"] if c["name"] == name]


def test_drag_a_land_from_hand_to_the_battlefield(qtbot: Any) -> None:
    t = table_for(qtbot, {"You": {"hand": ["Forest"], "library": ["Island"]}})
    land = item(t, "hand", "Forest")
    zone = t.scene.zones[("battlefield", 0)]
    t.interaction.drop([land], zone, zone.rect.center(), {land: land.pos()}, QPointF(0, 0))
    assert len(on_battlefield(t, "Forest")) == 1
    assert obs(t)["players"][0]["lands_played"] == 1  # played by the rules, not moved by hand
    assert any(i.zone == "battlefield" and i.name == "Forest" for i in t.scene.cards.values())


def test_double_click_taps_and_the_item_rotates(qtbot: Any) -> None:
    t = table_for(qtbot, {"You": {"battlefield": ["Forest"], "library": ["Island"]}})
    land = item(t, "battlefield", "Forest")
    t.interaction.card_double_clicked(land)
    assert on_battlefield(t, "Forest")[0]["tapped"]
    it = item(t, "battlefield", "Forest")
    qtbot.waitUntil(lambda: abs(it.rotation()) == 90, timeout=20000)


def test_cast_a_spell_with_a_target_prompt(qtbot: Any) -> None:
    t = table_for(qtbot, {"You": {"hand": ["Murder"], "battlefield": ["Swamp", "Swamp", "Swamp"],
                                  "library": ["Island"]},
                          "Bob": {"battlefield": ["Piggy Bank", "Friendly Teddy"], "library": ["Island"]}},
                  mode="rules")
    t.interaction.card_double_clicked(item(t, "hand", "Murder"))
    assert t.interaction.mode == "targets"  # the prompt bar asks for a target
    text, _ = t.interaction.prompt()
    assert "Murder" in text
    victim = item(t, "battlefield", "Piggy Bank", mine=False)
    assert victim.highlight  # the legal target is highlighted
    t.interaction.card_clicked(victim)
    assert [c["name"] for c in obs(t)["stack"]] == ["Murder"]
    t.interaction.pass_priority()  # you pass, Bob passes by himself, Murder resolves
    assert [c["name"] for c in obs(t)["stack"]] == ["Piggy Bank"]  # its dies trigger (Bob's Treasure)
    t.interaction.pass_priority()
    qtbot.waitUntil(lambda: not obs(t)["stack"], timeout=20000)
    assert [c["name"] for c in obs(t)["players"][1]["graveyard"]] == ["Piggy Bank"]


def test_cast_a_creature_by_double_click(qtbot: Any) -> None:
    t = table_for(qtbot, {"You": {"hand": ["Piggy Bank"], "battlefield": ["Mountain", "Mountain"],
                                  "library": ["Island"]}}, mode="rules")
    t.interaction.card_double_clicked(item(t, "hand", "Piggy Bank"))
    assert [c["name"] for c in obs(t)["stack"]] == ["Piggy Bank"]
    t.interaction.pass_priority()
    qtbot.waitUntil(lambda: bool(on_battlefield(t, "Piggy Bank")), timeout=20000)
    assert item(t, "battlefield", "Piggy Bank").data["sick"]


def test_turn_face_down_shows_a_back_to_the_opponent_and_a_peek_to_the_owner(qtbot: Any) -> None:
    t = table_for(qtbot, {"You": {"battlefield": ["Piggy Bank"], "library": ["Island"]}})
    it = item(t, "battlefield", "Piggy Bank")
    it.setSelected(True)
    commands.turn_over(t)
    card = on_battlefield(t, "Piggy Bank")[0]
    assert card["face_down"] and card["power"] == 2
    assert t.session.game.observation(1).to_json()["battlefield"][0]["name"] is None  # hidden from Bob
    it = item(t, "battlefield", "Piggy Bank")
    assert not it.face_visible_to_me() or it.data.get("face_down")


def test_phase_out_makes_the_card_translucent(qtbot: Any) -> None:
    t = table_for(qtbot, {"You": {"battlefield": ["Friendly Teddy"], "library": ["Island"]}})
    it = item(t, "battlefield", "Friendly Teddy")
    it.setSelected(True)
    commands.phase_out(t)
    assert on_battlefield(t, "Friendly Teddy")[0]["phased_out"]
    assert item(t, "battlefield", "Friendly Teddy").opacity() < 1.0


def test_manual_moves_are_refused_in_rules_mode_with_a_message(qtbot: Any) -> None:
    t = table_for(qtbot, {"You": {"battlefield": ["Friendly Teddy"], "library": ["Island"]}}, mode="rules")
    it = item(t, "battlefield", "Friendly Teddy")
    it.setSelected(True)
    commands.phase_out(t)
    assert not on_battlefield(t, "Friendly Teddy")[0]["phased_out"]
    assert "rules mode" in t.session.last_error


def test_undo_takes_back_the_last_move(qtbot: Any) -> None:
    t = table_for(qtbot, {"You": {"battlefield": ["Forest"], "library": ["Island"]}})
    t.interaction.card_double_clicked(item(t, "battlefield", "Forest"))
    assert on_battlefield(t, "Forest")[0]["tapped"]
    t.undo()
    assert not on_battlefield(t, "Forest")[0]["tapped"]
    t.redo()
    assert on_battlefield(t, "Forest")[0]["tapped"]


def test_counters_show_as_badges_and_life_changes(qtbot: Any) -> None:
    t = table_for(qtbot, {"You": {"battlefield": ["Piggy Bank"], "library": ["Island"]}})
    it = item(t, "battlefield", "Piggy Bank")
    commands.counter(t, "+1/+1", 2, [it])
    assert on_battlefield(t, "Piggy Bank")[0]["counters"] == {"+1/+1": 2}
    assert on_battlefield(t, "Piggy Bank")[0]["power"] == 5
    commands.life(t, 1, -3)
    assert obs(t)["players"][1]["life"] == 17


@pytest.mark.parametrize("lang", ["de", "it"])
def test_the_table_speaks_the_ui_language(qtbot: Any, lang: str) -> None:
    set_language(lang)
    t = table_for(qtbot, {"You": {"battlefield": ["Forest"], "library": ["Island"]}})
    assert step_name("main1") not in ("step.main1", "First main phase")
    t.retranslate()
    t.grab()


def test_declare_attackers_by_clicking_then_done(qtbot: Any) -> None:
    t = table_for(qtbot, {"You": {"battlefield": ["Piggy Bank", "Friendly Teddy"], "library": ["Island"]},
                          "Bob": {"library": ["Island"]}}, mode="rules")
    t.session.submit("pass")  # main 1 -> beginning of combat -> the attack declaration
    qtbot.waitUntil(lambda: (obs(t)["pending"] or {}).get("kind") == "attackers", timeout=20000)
    t.interaction.refresh()
    assert t.interaction.mode == "attackers"
    t.interaction.card_clicked(item(t, "battlefield", "Piggy Bank"))
    _, buttons = t.interaction.prompt()
    assert buttons  # Done / no attack
    t.interaction.declare_attackers()
    qtbot.waitUntil(lambda: obs(t)["players"][1]["life"] == 17, timeout=20000)
    assert item(t, "battlefield", "Piggy Bank").data["tapped"]


def test_zone_viewer_lists_and_searches_the_graveyard(qtbot: Any) -> None:
    t = table_for(qtbot, {"You": {"graveyard": ["Murder", "Pyroclasm", "Forest"], "library": ["Island"]}})
    viewer = t.open_zone_viewer("graveyard", 0)
    qtbot.addWidget(viewer)
    assert viewer.isVisible()
    names = viewer.findChildren(type(viewer))  # the dialog exists; its list holds the three cards
    del names
    box = viewer.findChild(QLineEdit)
    assert box is not None
    box.setText("Pyro")


def test_a_long_action_menu_keeps_every_action(qtbot: Any) -> None:
    """No legal action is cut off a menu: past MENU_CHUNK entries the menu has submenus."""
    t = table_for(qtbot, {"You": {"hand": ["Forest"], "library": ["Island"]}}, mode="rules")
    acts = [a for a in t.interaction.legal] * (MENU_CHUNK + 5)
    t.pick_action(acts, "Forest")
    menu = t.action_menu
    entries = [a for m in (x.menu() for x in menu.actions()) if m is not None for a in m.actions()]
    assert len(entries) == len(acts)
    menu.close()
