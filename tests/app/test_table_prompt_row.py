"""Issue #25 item 6: a prompt with many buttons (nine targets for "any target") never widens
the window: the buttons scroll sideways in their row, the sentence keeps a readable width,
and the log stays on screen — at 1366x768."""
from __future__ import annotations

from typing import Any

from tests.app.table_mouse import window_for

SETUP = {"turn": 3, "step": "main1",
         "You": {"hand": ["Overlord of the Boilerbilges"],
                 "battlefield": ["Mountain"] * 6 + ["Friendly Teddy", "Piggy Bank", "Ragged Playmate"]},
         "Bob": {"battlefield": ["Slavering Branchsnapper", "Daggermaw Megalodon", "Piranha Fly", "Lionheart Glimmer"]}}


def test_nine_targets_at_1366x768_scroll_in_their_row(qtbot: Any) -> None:
    w = window_for(qtbot, SETUP, size=(1366, 768))
    s = w.table.session
    s.submit("cast Overlord of the Boilerbilges")
    s.submit("pass")  # it resolves; its enters trigger asks for any target
    qtbot.wait(50)
    bar = w.table.prompt_bar
    assert len(bar.buttons) >= 9
    assert w.width() <= 1366 and w.height() <= 768  # the window was not widened
    assert bar.label.width() >= 240  # the sentence is not a one-word column
    scroll = bar.button_row.horizontalScrollBar()
    qtbot.waitUntil(lambda: scroll.maximum() > 0, timeout=20000)  # the rest of the row scrolls into view
    assert bar.button_row.width() < bar.button_row.widget().width()
    last = bar.buttons[-1]
    bar.button_row.ensureWidgetVisible(last)
    qtbot.waitUntil(lambda: scroll.value() > 0, timeout=20000)
    target = last.text()
    last.click()  # the far-right target, reached by scrolling, is chosen
    assert s.observation()["pending"] is None or s.observation()["pending"].get("kind") != "targets"
    assert any(target in str(e) for e in s.all_events()[-6:])
    assert w.width() <= 1366
