"""Players' own arrows at a LAN table in hybrid mode, two windows on 127.0.0.1: Alice drags with
the right button from her land to Bob's on her table; Bob's table draws the arrow in Alice's
colour; Bob's click on it does not take it away (it is hers) and says why; Alice's click does,
on both tables."""
from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402

from net_helpers import heard_back, keep_hands, lan_pair, settled  # noqa: E402
from tests.app.table_mouse import RIGHT, centre, drag  # noqa: E402

pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)


def _land_onto_battlefield(qtbot: Any, s: Any) -> int:
    """A land from the seat's hand put onto the battlefield by a table move; its new id."""
    qtbot.waitUntil(lambda: bool(s.observation()["players"][s.seat]["hand"]), timeout=20000)
    hand = s.observation()["players"][s.seat]["hand"]
    # a basic land if the hand has one, else any card (a table move puts any card there; CI once
    # dealt a hand without a basic land)
    land = next((c for c in hand if c.get("name") in ("Forest", "Mountain", "Swamp", "Island", "Plains")), hand[0])
    before = {c["id"] for c in s.observation()["battlefield"]}
    # (a table move sent while updates are still on their way is made on the position then:
    # once is enough; engine/net/acts.py)
    s.submit(s.make("move", land["id"], args=("battlefield", 0)))
    qtbot.waitUntil(lambda: len(s.observation()["battlefield"]) > len(before), timeout=20000)
    return next(c["id"] for c in s.observation()["battlefield"] if c["id"] not in before)


def test_an_arrow_drawn_on_one_table_shows_on_the_other(qtbot: Any, tmp_path: Any) -> None:
    w, alice, v, bob, _ = lan_pair(qtbot, tmp_path, mode="hybrid")
    keep_hands(qtbot, [alice, bob])
    settled(qtbot, alice.worker.server.room, [alice, bob])
    mine = _land_onto_battlefield(qtbot, alice)
    theirs = _land_onto_battlefield(qtbot, bob)
    qtbot.waitUntil(lambda: mine in w.table.scene.cards and theirs in w.table.scene.cards, timeout=20000)
    view = w.table.view
    drag(w.table, centre(w.table, w.table.scene.cards[mine]), centre(w.table, w.table.scene.cards[theirs]), RIGHT)
    drawn = {"player": alice.seat, "from": mine, "to": ["o", theirs]}
    qtbot.waitUntil(lambda: bob.observation().get("arrows") == [drawn], timeout=20000)
    qtbot.waitUntil(lambda: len(v.table.scene.player_arrows.drawn) == 1, timeout=20000)
    item, _ = v.table.scene.player_arrows.drawn[0]
    line = item.line
    spot = next(line.pointAtPercent(f / 10) for f in (5, 4, 6, 3, 7, 2, 8)
                if v.table.scene.card_at(line.pointAtPercent(f / 10)) is None)
    qtbot.mouseClick(v.table.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     v.table.view.mapFromScene(spot))
    assert "Only the player who drew an arrow" in v.table.prompt_bar.message.text()
    heard_back(qtbot, bob)    # (had Bob's click sent anything, the host has answered it ...)
    heard_back(qtbot, alice)  # (... and Alice has read what came of it)
    assert alice.observation().get("arrows") == [drawn] and bob.observation().get("arrows") == [drawn]
    item, _ = w.table.scene.player_arrows.drawn[0]
    line = item.line
    spot = next(line.pointAtPercent(f / 10) for f in (5, 4, 6, 3, 7, 2, 8)
                if w.table.scene.card_at(line.pointAtPercent(f / 10)) is None)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, view.mapFromScene(spot))
    qtbot.waitUntil(lambda: bob.observation().get("arrows") == [] and not v.table.scene.player_arrows.drawn, timeout=20000)
    bob.close()
    alice.close()
