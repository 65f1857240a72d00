"""Planeswalkers on the table (issue #10, Kaito, Bane of Nightmares), with real mouse events:
loyalty abilities from a double-click, an opponent's planeswalker attacked by clicking the
attacker and then the planeswalker (CR 506.3), the loyalty in the observation."""
from __future__ import annotations

from typing import Any

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
    qtbot.waitUntil(lambda: not obs(t)["stack"], timeout=3000)
    assert [c.get("emblem") for c in obs(t)["players"][0]["command"]] == ["Ninjas you control get +1/+1."]
    dclick(t, mine)  # once a turn (CR 606.3): nothing more to activate
    assert not t.interaction.actions_for(mine)
    t.session.submit("pass")
    qtbot.waitUntil(lambda: (obs(t)["pending"] or {}).get("kind") == "attackers", timeout=3000)
    t.interaction.refresh()
    theirs = next(i for i in t.scene.cards.values() if i.zone == "battlefield" and i.name == KAITO and not i.mine)
    neck = item(t, "battlefield", "Grasping Longneck")
    click(t, neck)
    click(t, theirs)
    assert t.interaction.attack_to == {neck.obj_id: ("o", theirs.obj_id)}
    t.interaction.declare_attackers()
    qtbot.waitUntil(lambda: not any(c["name"] == KAITO and c["controller"] == 1 for c in obs(t)["battlefield"]),
                    timeout=3000)  # 4 damage to a planeswalker with 3 loyalty (CR 120.3c, 704.5i)
    assert obs(t)["players"][1]["life"] == 20
