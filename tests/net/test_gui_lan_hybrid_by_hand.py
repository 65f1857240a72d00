"""A joined seat's gestures by hand at a hybrid LAN table (two windows on 127.0.0.1), as played in
German with four seats in session 16: a card dragged from the hand onto the battlefield when the
rules don't allow playing it, and a land double-clicked when it can't add mana. The table first
asked the engine why not — at a LAN table that sent the host an action known to be refused, whose
refusal came back as a red error after the card had already been moved by hand ("You can cast
… only as a sorcery", "This permanent has no mana ability …"), and the message about the move
quoted whatever refusal had come last ("The game has moved on …"). Now only the move is sent, and
the message says what was done. And "Put onto the battlefield face down" from a hand card's menu
moved the card face up (every table's log named it) and never turned it over: the table waited
for the move's events to learn the new card's id, which a LAN table has only later. It is one
move now. ("View library" at a LAN table: tests/net/test_gui_lan_library_search.py.)"""
from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from engine.net import protocol as P  # noqa: E402
from net_helpers import keep_hands, lan_pair, settled  # noqa: E402
from PySide6.QtWidgets import QApplication, QMenu  # noqa: E402

from tests.app.table_mouse import LEFT, NOMOD, centre, context_menu, drag  # noqa: E402

pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)
LANDS = ("Forest", "Mountain", "Swamp", "Island", "Plains")


def test_a_joined_seat_puts_cards_down_by_hand_without_refusals(qtbot: Any, tmp_path: Any) -> None:
    w, alice, v, bob, _ = lan_pair(qtbot, tmp_path, mode="hybrid")
    keep_hands(qtbot, [alice, bob])
    # the opening's last updates (the programs' automatic passes up to the first main phase)
    settled(qtbot, alice.worker.server.room, [alice, bob])
    # "bob" the seat whose turn it is not: it may play nothing now (either window is a seat at
    # the host's table over the network, the host's own too); "alice" the other
    if bob.observation()["active"] == bob.seat:
        (bob, v), (alice, w) = (alice, w), (bob, v)
    sent: list[str] = []
    send = bob.worker.send
    bob.worker.send = lambda msg: (sent.append(msg.text) if isinstance(msg, P.Act) else None, send(msg))[1]
    errors: list[str] = []
    bob.error.connect(errors.append)
    t = v.table
    field = t.view.mapFromScene(t.scene.zones[("battlefield", bob.seat)].rect.center())

    def by_hand(name_ok: Any) -> int:
        item = next(i for i in t.scene.cards.values() if i.zone == "hand" and i.mine and name_ok(i.name))
        oid = item.obj_id
        drag(t, centre(t, item), field)
        qtbot.waitUntil(lambda: any(c["id"] != oid and c["name"] == item.name and c.get("controller") == bob.seat
                                    for c in bob.observation()["battlefield"]), timeout=20000)
        return next(c["id"] for c in bob.observation()["battlefield"] if c["name"] == item.name)

    spell = by_hand(lambda n: n not in LANDS)
    said = t.prompt_bar.message.text()
    assert said.endswith("was put onto the battlefield by hand: the rules do not allow playing it now."), said
    land = by_hand(lambda n: n in LANDS)
    qtbot.waitUntil(lambda: land in t.scene.cards, timeout=20000)
    QTest.mouseDClick(t.view.viewport(), LEFT, NOMOD, centre(t, t.scene.cards[land]))
    qtbot.waitUntil(lambda: any(c["id"] == land and c.get("tapped") for c in bob.observation()["battlefield"]),
                    timeout=20000)
    assert t.prompt_bar.message.text().endswith("was tapped by hand; it added no mana."), t.prompt_bar.message.text()
    # (the host answers a seat's actions in order, on one connection: the tap, the last, was
    # made, so a refusal of any of them would have been read before it)
    assert errors == []
    assert [text.split()[0] for text in sent] == ["move", "move", "tap"], sent
    assert spell != land
    # a hand card put onto the battlefield face down, by its menu
    # (a name not seen yet: a second copy of the spell put down above would be named rightly)
    seen = " ".join(w.table.log.lines()) + " ".join(c.get("name", "") for c in bob.observation()["battlefield"])
    card = next(i for i in t.scene.cards.values() if i.zone == "hand" and i.mine and i.name not in seen)
    hidden = card.name
    context_menu(t, centre(t, card))
    menu = QApplication.activePopupWidget()
    assert isinstance(menu, QMenu)
    entry = next(a for a in menu.actions() if a.text() == "Put onto the battlefield face down")
    qtbot.mouseClick(menu, LEFT, pos=menu.actionGeometry(entry).center())
    qtbot.waitUntil(lambda: all(any(c.get("face_down") and c.get("controller") == bob.seat
                                    for c in s.observation()["battlefield"]) for s in (alice, bob)), timeout=20000)
    other = w
    assert not any(c.get("name") == hidden and not c.get("face_down") for c in bob.observation()["battlefield"])
    assert not any(hidden in line for line in other.table.log.lines()), other.table.log.lines()[-4:]
