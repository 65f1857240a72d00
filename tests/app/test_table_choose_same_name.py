"""Found playing Archenemy in German: Harrow ("search for up to two basic land cards") with
several Forests in the library showed a "Wald" button per Forest, every one of them ticked
once one was chosen, and a second Forest could not be chosen (the click took the first one
back); the engine refused two of the same name. Now each button is chosen on its own, the
two Forests arrive, and a row of buttons too long for the bar keeps its scroll bar under the
buttons rather than over their lower half."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from tests.app.table_mouse import window_for

SETUP = {"turn": 3, "step": "main1",
         "You": {"hand": ["Harrow"], "battlefield": ["Forest"] * 3 + ["Plains"],
                 "library": ["Forest"] * 6 + ["Swamp"] * 3},
         "Bob": {"battlefield": []}}


def test_two_forests_chosen_from_their_own_buttons(qtbot: Any) -> None:
    w = window_for(qtbot, SETUP)
    s = w.table.session
    s.submit("cast Harrow")
    s.submit("choose Plains")  # the additional cost: a land sacrificed
    s.submit("pass")
    qtbot.wait(50)
    bar = w.table.prompt_bar
    forests = [b for b in bar.buttons if b.text() == "Forest"]
    assert len(forests) == 6
    qtbot.mouseClick(forests[0], Qt.MouseButton.LeftButton)
    forests = [b for b in bar.buttons if b.text().endswith("Forest")]
    assert [b.text() for b in forests[:2]] == ["✔ Forest", "Forest"]  # only the one clicked is ticked
    bar.button_row.ensureWidgetVisible(forests[1])
    qtbot.mouseClick(forests[1], Qt.MouseButton.LeftButton)  # a second Forest, not the first taken back
    assert [b.text() for b in bar.buttons if b.text().endswith("Forest")][:3] == ["✔ Forest", "✔ Forest", "Forest"]
    done = bar.button("Done")
    # every button is whole: the row is as high as a button, plus the scroll bar when it scrolls
    scroll = bar.button_row.horizontalScrollBar()
    qtbot.waitUntil(lambda: scroll.maximum() > 0, timeout=20000)
    assert bar.button_row.height() >= done.sizeHint().height() + scroll.sizeHint().height()
    assert done is not None and done.isEnabled()
    bar.button_row.ensureWidgetVisible(done)
    qtbot.mouseClick(done, Qt.MouseButton.LeftButton)
    qtbot.wait(50)
    o = s.observation()
    assert sum(1 for c in o["battlefield"] if c["name"] == "Forest") == 5  # three and the two found
