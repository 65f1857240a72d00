"""Planeswalkers on the table (issue #10, Kaito, Bane of Nightmares), with real mouse events:
loyalty abilities from a double-click, an opponent's planeswalker attacked by clicking the
attacker and then the planeswalker (CR 506.3), the loyalty in the observation."""
from __future__ import annotations

from typing import Any

from PySide6.QtGui import QColor, QImage, QPainter

from app.table.card_item import RECT
from tests.app.test_table_expect import click, dclick, item, obs, table_for

KAITO = "Kaito, Bane of Nightmares"


def test_loyalty_abilities_and_attacking_a_planeswalker_with_the_mouse(qtbot: Any) -> None:
    t = table_for(qtbot, {"turn": 5, "step": "main1",
                          "You": {"battlefield": ["Island", "Swamp", f"{KAITO} | counter:loyalty=4", "Grasping Longneck"],
                                  "library": ["Island"] * 5},
                          "Bob": {"battlefield": [f"{KAITO} | counter:loyalty=3"], "library": ["Plains"] * 5}},
                  mode="rules")
    mine = next(i for i in t.scene.cards.values() if i.zone == "battlefield" and i.name == KAITO and i.mine)
    acts = t.interaction.actions_for(mine)
    assert sorted({a.ability for a in acts}) == [2, 3, 4]  # +1, 0, −2 (1 is ninjutsu, from the hand)
    assert mine.data["counters"] == {"loyalty": 4} and mine.data["types"] == ["Creature"]
    plus = next(a for a in acts if a.ability == 2)
    assert t.session.submit(plus)
    t.session.submit("pass")  # Bob (goldfish) passes too: it resolves
    qtbot.waitUntil(lambda: not obs(t)["stack"], timeout=20000)
    assert [c.get("emblem") for c in obs(t)["players"][0]["command"]] == ["Ninjas you control get +1/+1."]
    dclick(t, mine)  # once a turn (CR 606.3): nothing more to activate
    assert not t.interaction.actions_for(mine)
    t.session.submit("pass")
    qtbot.waitUntil(lambda: (obs(t)["pending"] or {}).get("kind") == "attackers", timeout=20000)
    t.interaction.refresh()
    theirs = next(i for i in t.scene.cards.values() if i.zone == "battlefield" and i.name == KAITO and not i.mine)
    neck = item(t, "battlefield", "Grasping Longneck")
    click(t, neck)
    click(t, theirs)
    assert t.interaction.attack_to == {neck.obj_id: ("o", theirs.obj_id)}
    t.interaction.declare_attackers()
    qtbot.waitUntil(lambda: not any(c["name"] == KAITO and c["controller"] == 1 for c in obs(t)["battlefield"]),
                    timeout=20000)  # 4 damage to a planeswalker with 3 loyalty (CR 120.3c, 704.5i)
    assert obs(t)["players"][1]["life"] == 20


def test_a_targeted_loyalty_ability_is_one_menu_entry_and_its_target_is_clicked(qtbot: Any) -> None:
    t = table_for(qtbot, {"turn": 5, "step": "main1",
                          "You": {"battlefield": [f"{KAITO} | counter:loyalty=4", "Piranha Fly", "Appendage Amalgam"],
                                  "library": ["Island"] * 5},
                          "Bob": {"battlefield": ["Grasping Longneck"], "library": ["Plains"] * 5}},
                  mode="rules")
    mine = next(i for i in t.scene.cards.values() if i.zone == "battlefield" and i.name == KAITO)
    dclick(t, mine)
    labels = [a.text() for a in t.action_menu.actions()]
    assert len(labels) == 3 and sum("-2:" in x for x in labels) == 1  # not once per creature
    next(a for a in t.action_menu.actions() if "-2:" in a.text()).trigger()
    assert t.interaction.mode == "targets" and not obs(t)["stack"]  # asked, not guessed
    neck = item(t, "battlefield", "Grasping Longneck")
    click(t, neck)
    assert obs(t)["stack"][0]["targets"] == [{"obj": neck.obj_id}]


def test_a_second_loyalty_ability_in_a_turn_says_why_not(qtbot: Any) -> None:
    t = table_for(qtbot, {"turn": 5, "step": "main1",
                          "You": {"battlefield": [f"{KAITO} | counter:loyalty=4"], "library": ["Island"] * 5}},
                  mode="rules")
    mine = next(i for i in t.scene.cards.values() if i.zone == "battlefield" and i.name == KAITO)
    plus = next(a for a in t.interaction.actions_for(mine) if a.ability == 2)
    assert t.session.submit(plus)
    t.session.submit("pass")
    qtbot.waitUntil(lambda: not obs(t)["stack"], timeout=20000)
    dclick(t, mine)
    assert t.session.last_error == "A loyalty ability of Kaito, Bane of Nightmares was already activated this turn (CR 606.3)."


def test_ninjutsu_gets_its_stop_once_blockers_are_declared(qtbot: Any) -> None:
    """With no stop set in the declare blockers step, passing on would skip the only moment
    ninjutsu can be activated (CR 702.49, 509.1h): the table stops there for it."""
    t = table_for(qtbot, {"turn": 5, "step": "main1",
                          "You": {"hand": [KAITO], "battlefield": ["Island", "Island", "Swamp", "Piranha Fly"],
                                  "library": ["Island"] * 5},
                          "Bob": {"battlefield": ["Grasping Longneck"], "library": ["Plains"] * 5}},
                  mode="rules")
    assert "declare_blockers" not in t.session.stops
    t.session.submit("pass")
    qtbot.waitUntil(lambda: (obs(t)["pending"] or {}).get("kind") == "attackers", timeout=20000)
    t.interaction.refresh()
    click(t, item(t, "battlefield", "Piranha Fly"))
    t.interaction.declare_attackers()  # Bob (goldfish) declares no blockers
    qtbot.waitUntil(lambda: obs(t)["step"] != "declare_attackers", timeout=20000)
    assert obs(t)["step"] == "declare_blockers" and obs(t)["pending"]["kind"] == "priority"
    kaito = item(t, "hand", KAITO)
    assert kaito.highlight == "playable"
    dclick(t, kaito)
    assert any("Ninjutsu" in a.text() for a in t.action_menu.actions())


def test_a_loyalty_ability_on_the_stack_is_marked_as_an_ability(qtbot: Any) -> None:
    """The stack shows the source's face for an ability; a ribbon says "Activated ability",
    so Kaito's +1 does not look like Kaito cast a second time."""
    t = table_for(qtbot, {"turn": 5, "step": "main1",
                          "You": {"battlefield": [f"{KAITO} | counter:loyalty=4"], "library": ["Island"] * 5}},
                  mode="rules")
    kaito = item(t, "battlefield", KAITO)
    assert t.session.submit(next(a for a in t.interaction.actions_for(kaito) if a.ability == 2))
    on_stack = next(i for i in t.scene.cards.values() if i.zone == "stack")
    assert on_stack.data["kind"] == "ability"
    img = QImage(int(RECT.width()), int(RECT.height()), QImage.Format.Format_ARGB32)
    img.fill(QColor(0, 0, 0))
    p = QPainter(img)
    p.translate(-RECT.left(), -RECT.top())
    on_stack.paint(p, None, None)  # type: ignore[arg-type]
    p.end()
    ribbon = QColor(img.pixel(6, int(RECT.height() * 0.40) + 4))
    assert ribbon.blue() > 90 and ribbon.red() < 60  # the blue "Activated ability" ribbon
