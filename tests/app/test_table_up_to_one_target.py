"""A spell with "up to one target" (Unnerving Grasp: return up to one target nonland
permanent, then manifest dread), double-clicked in the hand: the table offered a menu of one
entry, "Unheimliches Zupacken wirken", whose pick opened the same menu again — the spell could
not be cast (session 19's German goldfish game). Now its targets are lit to click, and the
prompt's "Nothing" casts it without one (CR 601.2c: "up to" lets the player choose none)."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint

from app.table.widget import TableWidget
from tests.app.test_table_expect import item, table_for
from tests.app.table_mouse import LEFT

GRASP = "Unnerving Grasp"


def _table(qtbot: Any) -> TableWidget:
    return table_for(qtbot, {"turn": 1, "step": "main1",
                             "You": {"hand": [GRASP], "battlefield": ["Island"] * 3 + ["Cult Healer"],
                                     "library": ["Forest"] * 5},
                             "Bob": {"battlefield": ["Friendly Teddy"], "library": ["Island"] * 5}}, mode="rules")


def _at(t: TableWidget, it: Any) -> QPoint:
    return t.view.mapFromScene(it.sceneBoundingRect().center())


def _stack_names(t: TableWidget) -> list[str]:
    return [c.get("name") for c in t.session.observation().get("stack", [])]


def test_a_click_on_a_lit_permanent_casts_it_with_that_target(qtbot: Any, german: Any) -> None:
    t = _table(qtbot)
    qtbot.mouseDClick(t.view.viewport(), LEFT, pos=_at(t, item(t, "hand", GRASP)))
    assert t.interaction.mode == "targets" and t.action_menu is None
    teddy = item(t, "battlefield", "Friendly Teddy")
    assert teddy.highlight == "target"
    labels = [b.text() for b in t.prompt_bar.buttons]
    assert "Nichts" in labels and "Abbrechen" in labels
    qtbot.mouseClick(t.view.viewport(), LEFT, pos=_at(t, teddy))
    assert _stack_names(t) == [GRASP]
    assert str(t.session.game.history[-1]) == "cast Unnerving Grasp -> Friendly Teddy"


def test_nothing_casts_it_without_a_target(qtbot: Any, german: Any) -> None:
    t = _table(qtbot)
    qtbot.mouseDClick(t.view.viewport(), LEFT, pos=_at(t, item(t, "hand", GRASP)))
    nothing = next(b for b in t.prompt_bar.buttons if b.text() == "Nichts")
    qtbot.mouseClick(nothing, LEFT)
    assert _stack_names(t) == [GRASP] and t.interaction.mode == ""
    assert str(t.session.game.history[-1]) == "cast Unnerving Grasp"
