"""A creature cast for its blitz cost carries a marker on the table until it is sacrificed at
the end step (CR 702.152a); its tooltip and the preview say what will happen, in the UI language."""
from __future__ import annotations

from typing import Any

from app.i18n import set_language
from app.table.docks import describe
from tests.app.test_table_expect import dclick, item, obs, table_for

SETUP = {"turn": 3, "step": "main1",
         "You": {"hand": ["Star Athlete"], "battlefield": ["Mountain"] * 4, "library": ["Island"] * 5}}


def blitz_athlete(qtbot: Any) -> Any:
    t = table_for(qtbot, SETUP, mode="rules")
    dclick(t, item(t, "hand", "Star Athlete"))  # two ways to cast it: a menu
    menu = t.action_menu
    assert menu is not None
    blitz = next(a for a in menu.actions() if "Blitz" in a.text() or "blitz" in a.text())
    blitz.trigger()
    t.session.submit("pass")  # it resolves
    assert not obs(t)["stack"]
    return t


def test_a_blitzed_creature_is_marked_and_says_why(qtbot: Any) -> None:
    t = blitz_athlete(qtbot)
    athlete = item(t, "battlefield", "Star Athlete")
    assert athlete.data.get("blitz") and athlete.data.get("sacrifice_at_end")
    tip = athlete.toolTip()
    assert "blitz" in tip and "end step" in tip and "draws a card" in tip
    assert tip in describe(athlete.data, "battlefield").splitlines()
    for _ in range(30):  # on to the end step, where its delayed trigger resolves
        if obs(t)["turn"] != 3 or obs(t).get("pending") is None:
            break
        if obs(t)["pending"]["kind"] == "attackers":
            t.interaction.declare_attackers(none=True)
        else:
            t.session.submit("pass")
    assert obs(t)["players"][0]["hand_count"] >= 1  # it died: its controller drew a card
    assert not any(i.name == "Star Athlete" and i.zone == "battlefield" for i in t.scene.cards.values())


def test_the_marker_speaks_german_and_italian(qtbot: Any) -> None:
    t = blitz_athlete(qtbot)
    athlete = item(t, "battlefield", "Star Athlete")
    set_language("de")
    assert "Endsegment" in describe(athlete.data, "battlefield")
    set_language("it")
    assert "sottofase finale" in describe(athlete.data, "battlefield")
    assert "sacrificato" in describe({"sacrifice_at_end": True}, "battlefield")


def test_a_creature_cast_for_its_mana_cost_has_no_marker(qtbot: Any) -> None:
    t = table_for(qtbot, {**SETUP, "You": {**SETUP["You"], "battlefield": ["Mountain"] * 5}}, mode="rules")
    t.session.submit("cast Star Athlete")
    t.session.submit("pass")
    athlete = item(t, "battlefield", "Star Athlete")
    assert not athlete.data.get("blitz") and not athlete.data.get("sacrifice_at_end") and not athlete.toolTip()
