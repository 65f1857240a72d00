"""A wide hand keeps clear of its zone's name. Played in session 20 (four-seat German and
Italian games, an English game against the computer): with seven or eight cards in hand the
fanned cards covered "Hand" / "Mano" at the zone's top left, and the opponent's backs covered
their "Hand" in the left column. A small hand stays centred as before."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainterPath, QPolygonF

from app.i18n import set_language
from app.session import LocalSession
from app.table.widget import TableWidget
from engine.config import GameConfig
from engine.game import Game

from tests.app.table_mouse import show_table, table_for

HAND = ["Plains", "Island", "Swamp", "Mountain", "Forest", "Murder", "Cult Healer", "Bear Trap"]


def _label_rect(zone: Any) -> QRectF:
    """Where the zone's name is drawn (zones.py: 8 units in, 4 down, one 12-point line)."""
    return QRectF(zone.rect.left() + 8, zone.rect.top() + 4, zone.label_width() - 14, 16)


def _covering(t: TableWidget, seat: int) -> list[str]:
    """The hand cards whose face (turned as the fan turns it) lies over the zone's name."""
    zone = t.scene.zones[("hand", seat)]
    label = QPainterPath()
    label.addRect(_label_rect(zone))
    out = []
    for i in t.scene.cards.values():
        if i.zone != "hand" or not i.isVisible() or i.mine != (seat == t.session.seat):
            continue
        face = QPainterPath()
        face.addPolygon(QPolygonF(i.mapToScene(i.shape().boundingRect())))  # (the card itself, no glow)
        if face.intersects(label):
            out.append(str(i.data.get("name")))
    return out


def _four_seats(hand: list[str]) -> TableWidget:
    names = ["Anna", "Bob", "Carol", "Dave"]
    setup = {n: {"library": ["Plains"] * 5} for n in names}
    setup["Anna"]["hand"] = hand
    return Game(GameConfig(players=names, mode="rules", setup=setup))  # type: ignore[return-value]


def test_eight_cards_leave_the_hand_label_readable(qtbot: Any) -> None:
    set_language("it")
    try:
        t = table_for(qtbot, {"You": {"hand": HAND, "library": ["Plains"] * 5}})
        assert t.scene.zones[("hand", 0)].label_width() > 0
        assert _covering(t, 0) == []
        t = show_table(qtbot, LocalSession(_four_seats(HAND), 0, controls={0}))  # (a narrower hand zone)
        assert _covering(t, 0) == []
    finally:
        set_language("en")


def test_the_opponents_backs_leave_their_hand_label_readable(qtbot: Any) -> None:
    game = Game(GameConfig(players=["You", "Bob"], mode="rules",
                           setup={"You": {"library": ["Plains"] * 5}, "Bob": {"hand": HAND, "library": ["Island"] * 5}}))
    t = show_table(qtbot, LocalSession(game, 0, controls={0}))
    if not t.scene.zones[("hand", 1)].isVisible():
        return  # (a layout without the opponent's backs: nothing to cover)
    assert _covering(t, 1) == []


def test_a_small_hand_stays_centred(qtbot: Any) -> None:
    t = table_for(qtbot, {"You": {"hand": HAND[:3], "library": ["Plains"] * 5}})
    zone = t.scene.zones[("hand", 0)]
    xs = sorted(i.pos().x() for i in t.scene.cards.values() if i.zone == "hand" and i.mine)
    assert abs((xs[0] + xs[-1]) / 2 - zone.rect.center().x()) < 1.0
