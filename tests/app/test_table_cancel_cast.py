"""A spell whose costs or targets are still being chosen can be cancelled from the prompt bar
(or with Esc): the player who clicked the wrong card is not stuck. The engine has no action
that backs out of a cast, so a local game takes the cast back with undo; the game is then
exactly as before (the card in hand, the lands untapped, nothing sacrificed)."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from app.i18n import set_language
from tests.app.test_table_expect import click, dclick, item, obs, table_for

KAITO = "Kaito, Bane of Nightmares"


def bar_buttons(t: Any) -> dict[str, Any]:
    return {b.text(): b for b in t.prompt_bar.buttons}


def bargain_table(qtbot: Any) -> Any:
    """Betrayer's Bargain: "As an additional cost ..., sacrifice a creature or enchantment or
    pay {2}." — cast at one of your creatures, the sacrifice asked after."""
    t = table_for(qtbot, {"turn": 3, "step": "main1",
                          "You": {"hand": ["Betrayer's Bargain"],
                                  "battlefield": ["Mountain"] * 4 + ["Friendly Teddy", "Piggy Bank"],
                                  "library": ["Island"] * 5}}, mode="rules")
    dclick(t, item(t, "hand", "Betrayer's Bargain"))
    assert t.interaction.mode == "targets"
    click(t, item(t, "battlefield", "Friendly Teddy"))
    assert obs(t)["pending"]["prompt"] == "ask.sacrifice"
    return t


def test_an_additional_cost_can_be_cancelled_from_the_prompt_bar(qtbot: Any) -> None:
    t = bargain_table(qtbot)
    before_ids = {c["id"] for c in obs(t)["battlefield"]}
    buttons = bar_buttons(t)
    assert "Pay {2}" in buttons and "Cancel" in buttons
    buttons["Cancel"].click()
    o = obs(t)
    assert o["pending"]["kind"] == "priority" and not o["stack"]
    assert [c["name"] for c in o["players"][0]["hand"]] == ["Betrayer's Bargain"]
    assert not any(c["tapped"] for c in o["battlefield"])  # the mana is not spent
    assert {c["name"] for c in o["battlefield"]} >= {"Friendly Teddy", "Piggy Bank"}
    assert before_ids <= {c["id"] for c in o["battlefield"]}
    assert "You cancelled casting Betrayer" in t.prompt_bar.message.text()
    # and it can be cast again, the right way
    dclick(t, item(t, "hand", "Betrayer's Bargain"))
    click(t, item(t, "battlefield", "Friendly Teddy"))
    bar_buttons(t)["Piggy Bank"].click()
    assert "Betrayer's Bargain" in [c["name"] for c in obs(t)["stack"]]  # (under Piggy Bank's dies trigger)
    assert not any(c["name"] == "Piggy Bank" for c in obs(t)["battlefield"])


def test_escape_cancels_the_cast_too_and_redo_puts_it_back(qtbot: Any) -> None:
    t = bargain_table(qtbot)
    t.activateWindow()
    qtbot.waitUntil(t.isActiveWindow, timeout=20000)
    t.view.setFocus()
    QTest.keyClick(t.view, Qt.Key.Key_Escape)
    assert obs(t)["pending"]["kind"] == "priority" and not obs(t)["stack"]
    assert t.session.redo()
    assert obs(t)["pending"]["prompt"] == "ask.sacrifice"


def test_a_tap_cost_can_be_cancelled_in_german(qtbot: Any) -> None:
    set_language("de")
    t = table_for(qtbot, {"turn": 3, "step": "main1",
                          "You": {"hand": ["Fear of Exposure"],
                                  "battlefield": ["Forest"] * 5 + ["Friendly Teddy"],
                                  "library": ["Island"] * 5}}, mode="rules")
    dclick(t, item(t, "hand", "Fear of Exposure"))
    assert obs(t)["pending"]["prompt"] == "ask.tap_cost"
    buttons = bar_buttons(t)
    assert "Abbrechen" in buttons
    buttons["Abbrechen"].click()
    assert obs(t)["pending"]["kind"] == "priority"
    assert [c["name"] for c in obs(t)["players"][0]["hand"]] == ["Fear of Exposure"]
    assert "abgebrochen" in t.prompt_bar.message.text()


def test_a_choice_while_a_spell_resolves_is_not_offered_as_a_cancel(qtbot: Any) -> None:
    t = table_for(qtbot, {"turn": 5, "step": "main1",
                          "You": {"battlefield": [f"{KAITO} | counter:loyalty=4"],
                                  "library": ["Murder", "Plains", "Forest", "Island"]}}, mode="rules")
    kaito = item(t, "battlefield", KAITO)
    assert t.session.submit(next(a for a in t.interaction.actions_for(kaito) if a.ability == 3))
    t.session.submit("pass")  # it resolves: surveil asks
    qtbot.waitUntil(lambda: (obs(t)["pending"] or {}).get("prompt") == "ask.surveil_graveyard", timeout=20000)
    assert "Cancel" not in bar_buttons(t) and not t.interaction.can_cancel_cast()
    t.interaction.cancel()  # Esc changes nothing here
    assert obs(t)["pending"]["prompt"] == "ask.surveil_graveyard"


def test_a_click_on_a_card_that_is_no_choice_says_so(qtbot: Any) -> None:
    t = bargain_table(qtbot)
    mountain = item(t, "battlefield", "Mountain")
    click(t, mountain)
    assert obs(t)["pending"]["prompt"] == "ask.sacrifice"  # nothing chosen
    assert "Mountain is not one of the choices" in t.prompt_bar.message.text()
