"""Issue #25 item 11: cards take the free height at every window size (>= 120 px wide at
1920x1080 with an opponent), the first window fits a 1366x768 screen, Ctrl++ keeps your
hand in sight, and a maximized window is remembered."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from app import settings as settings_mod
from app.main import default_size
from app.settings import Settings
from app.shell.main_window import MainWindow
from tests.app.test_table_expect import table_for

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))


def test_cards_are_readable_at_common_sizes(qtbot: Any) -> None:
    # lazy: tools/measure_cards.py sets QT_QPA_PLATFORM and MANATABLE_HOME when imported
    from measure_cards import measure
    got = measure()
    assert got[("two players", 1920, 1080)] >= 120, got
    assert got[("two players", 1500, 950)] >= 100, got
    assert got[("two players", 1366, 768)] >= 78, got


def test_the_first_window_fits_the_screen() -> None:
    assert default_size(1366, 728) == (1350, 688)  # a laptop's free area (a taskbar below)
    assert default_size(2560, 1400) == (1500, 950)


def test_ctrl_plus_keeps_the_hand_in_sight(qtbot: Any) -> None:
    t = table_for(qtbot, {"turn": 3, "step": "main1", "You": {"hand": ["Forest", "Murder", "Piggy Bank"],
                                                               "library": ["Island"] * 5}})
    hand = t.scene.zones[("hand", 0)].sceneBoundingRect()
    for _ in range(3):
        t.actions_by_id["zoom_in"].trigger()
    seen = t.view.mapToScene(t.view.viewport().rect()).boundingRect()
    assert t.view.current_scale() > 1.5 * 0.9  # zoomed in
    assert seen.intersects(hand) and seen.bottom() >= hand.top() + 40  # the hand's cards are on screen


def test_a_maximized_window_is_remembered(qtbot: Any) -> None:
    w = MainWindow(Settings(animations=False))
    qtbot.addWidget(w)
    w.showMaximized()
    qtbot.waitUntil(w.isMaximized, timeout=20000)
    w.close()
    loaded, _ = settings_mod.load()
    assert loaded.maximized
