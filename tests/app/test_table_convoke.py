"""The convoke decision on the table (engine/rules/convoke.py): the creatures to tap are the
highlighted cards, one click each, and Done pays the rest with mana."""
from __future__ import annotations

from typing import Any

from app.i18n import set_language
from tests.app.test_table_expect import click, item, obs, table_for

THEATER = "Dazzling Theater // Prop Room | unlocked=Dazzling Theater"


def bar_buttons(t: Any) -> dict[str, Any]:
    return {b.text(): b for b in t.prompt_bar.buttons}


def _cast_doll(qtbot: Any) -> Any:
    set_language("de")
    t = table_for(qtbot, {"turn": 3, "step": "main1",
                          "You": {"battlefield": [THEATER, "Twitching Doll", "Forest"], "hand": ["Twitching Doll"],
                                  "library": ["Island"] * 3}}, mode="rules")
    assert t.session.submit("cast Twitching Doll")
    qtbot.waitUntil(lambda: (obs(t)["pending"] or {}).get("prompt") == "ask.convoke", timeout=20000)
    return t


def test_a_click_on_a_mana_creature_taps_it_for_convoke(qtbot: Any) -> None:
    t = _cast_doll(qtbot)
    doll = item(t, "battlefield", "Twitching Doll")
    assert doll.highlight and "Einberufen" in t.prompt_bar.label.text()
    click(t, doll)
    qtbot.waitUntil(lambda: obs(t)["pending"]["kind"] == "priority", timeout=20000)
    mine = {o["name"]: o for o in obs(t)["battlefield"] if o["controller"] == 0}
    assert mine["Twitching Doll"]["tapped"] and not mine["Twitching Doll"].get("counters") and obs(t)["stack"]


def test_done_pays_the_rest_with_mana(qtbot: Any) -> None:
    t = _cast_doll(qtbot)
    done = bar_buttons(t)["Fertig"]
    assert done.isEnabled()
    done.click()
    qtbot.waitUntil(lambda: obs(t)["pending"]["kind"] == "priority", timeout=20000)
    mine = {o["name"]: o for o in obs(t)["battlefield"] if o["controller"] == 0}
    assert mine["Twitching Doll"]["counters"] == {"nest": 1} and obs(t)["stack"]


def test_the_convoke_choice_can_be_cancelled(qtbot: Any) -> None:
    t = _cast_doll(qtbot)
    bar_buttons(t)["Abbrechen"].click()
    o = obs(t)
    assert o["pending"]["kind"] == "priority" and not o["stack"]
    assert [c["name"] for c in o["players"][0]["hand"]] == ["Twitching Doll"]
    assert not any(c["tapped"] for c in o["battlefield"])
