"""Issue #25 item 12: no stale or misleading highlights — during manifest dread the cards of
the same name on the table are not lit as choosable; the hover zoom and the preview let go
of a card that left the table; a choice button shows its card in the preview on hover."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF
from PySide6.QtGui import QEnterEvent
from PySide6.QtWidgets import QApplication

from tests.app.test_table_expect import item, obs, table_for

SETUP = {"turn": 3, "step": "main1",
         "You": {"hand": ["Manifest Dread"], "battlefield": ["Forest", "Forest", "Island", "Island"],
                 "library": ["Island", "Forest", "Swamp"]}}


def test_manifest_dread_lights_nothing_on_the_table_and_its_buttons_preview(qtbot: Any) -> None:
    t = table_for(qtbot, SETUP, mode="rules")
    t.session.submit("cast Manifest Dread")
    t.session.submit("pass")
    pend = obs(t)["pending"]
    assert pend and pend["prompt"] == "ask.manifest_dread"
    lit = [i.name for i in t.scene.cards.values() if i.highlight == "choice"]
    assert lit == []  # the Islands and Forests on the battlefield are not the cards to choose
    button = next(b for b in t.prompt_bar.buttons if b.text() in ("Island", "Forest"))
    QApplication.sendEvent(button, QEnterEvent(QPointF(2, 2), QPointF(2, 2), QPointF(2, 2)))
    assert t.preview.current_name() == button.text()


def test_the_preview_and_zoom_let_go_of_a_card_that_left(qtbot: Any) -> None:
    t = table_for(qtbot, {"turn": 3, "step": "main1",
                          "You": {"hand": ["Murder"], "battlefield": ["Swamp"] * 3, "library": ["Island"] * 3},
                          "Bob": {"battlefield": ["Slavering Branchsnapper"]}}, mode="rules")
    snapper = item(t, "battlefield", "Slavering Branchsnapper")
    t.scene.hovered.emit(snapper)  # as hovering it does
    assert t.preview.current_name() == "Slavering Branchsnapper" and t.view.zoom_card is snapper
    t.session.submit("cast Murder -> Slavering Branchsnapper")
    t.session.submit("pass")
    assert not any(c["name"] == "Slavering Branchsnapper" for c in obs(t)["battlefield"])
    assert t.view.zoom_card is None and not t.view.hover_zoom.isVisible()
    assert t.preview.current_name() != "Slavering Branchsnapper"
