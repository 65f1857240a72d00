"""Searching your library by hand at a hybrid LAN table (two windows on 127.0.0.1, protocol 4):
"View library" lists the seat's own library as the host sends it, a card is taken by its id —
a land whose name is also in the hand, where a move by name would be ambiguous — the list
follows, the other player is told that Bob looks through his library and never which card he
took; closing the list ends the look."""
from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication, QMenu  # noqa: E402

from engine.net import protocol as P  # noqa: E402
from net_helpers import keep_hands, lan_pair  # noqa: E402
from tests.app.table_mouse import LEFT, centre, context_menu  # noqa: E402

pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)


def _me(session: Any) -> dict[str, Any]:
    return next(p for p in session.observation()["players"] if p["index"] == session.seat)


def test_view_library_at_a_lan_table_lists_it_and_takes_a_card_by_id(qtbot: Any, tmp_path: Any) -> None:
    w, alice, v, bob, _ = lan_pair(qtbot, tmp_path, mode="hybrid")
    keep_hands(qtbot, [alice, bob])
    told: list[str] = []
    alice.status.connect(told.append)
    sent: list[Any] = []
    send = bob.worker.send
    bob.worker.send = lambda msg: (sent.append(msg), send(msg))[1]
    errors: list[str] = []
    bob.error.connect(errors.append)
    t = v.table
    context_menu(t, centre(t, t.scene.zones[("library", bob.seat)]))
    menu = QApplication.activePopupWidget()
    assert isinstance(menu, QMenu)
    entry = next(a for a in menu.actions() if a.text() == "View library")
    qtbot.mouseClick(menu, LEFT, pos=menu.actionGeometry(entry).center())
    assert len(t.viewers) == 1
    viewer = t.viewers[0]
    count = _me(bob)["library_count"]
    qtbot.waitUntil(lambda: viewer.list.count() == count, timeout=20000)
    assert viewer.status.text() == f"{count} cards"
    qtbot.waitUntil(lambda: "Bob is looking through their library." in told, timeout=20000)
    # a card whose name is in Bob's hand too (by name, "move Forest to hand" would not say which)
    hand_names = {c["name"] for c in _me(bob)["hand"]}
    row = next(i for i in range(viewer.list.count()) if viewer.list.item(i).text() in hand_names)
    item = viewer.list.item(row)
    name, oid = item.text(), item.data(Qt.ItemDataRole.UserRole)
    hand_before = len(_me(bob)["hand"])
    log_before = len(w.table.log.lines())
    viewer.list.setCurrentItem(item)
    viewer.move_buttons[0].click()  # "To hand"
    qtbot.waitUntil(lambda: len(_me(bob)["hand"]) == hand_before + 1 and viewer.list.count() == count - 1,
                    timeout=20000)
    assert oid not in [viewer.list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(viewer.list.count())]
    moves = [m for m in sent if isinstance(m, P.Act) and m.text.startswith("move")]
    assert moves and moves[-1].fields is not None and moves[-1].fields.get("obj") == oid
    assert sum(c["name"] == name for c in _me(bob)["hand"]) >= 2  # (the one it had, and this one)
    qtbot.waitUntil(lambda: next(p for p in alice.observation()["players"] if p["index"] == bob.seat)["hand_count"]
                    == hand_before + 1, timeout=20000)
    assert not any(name in line for line in w.table.log.lines()[log_before:]), w.table.log.lines()[log_before:]
    assert errors == []
    viewer.close()
    qtbot.waitUntil(lambda: any(isinstance(m, P.LibraryLook) and not m.open for m in sent), timeout=20000)
