"""The hover zoom never hides the card under the pointer nor a player's panel (life, poison)
when the table has room elsewhere, and it is always wholly on screen — in small windows too."""
from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPointF, QRect, QSize, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from app.table import hover_zoom as hz
from app.table.widget import TableWidget
from engine.config import GameConfig
from engine.game import Game
from tests.app.table_mouse import show_table

SETUP = {"mode": "hybrid", "turn": 5, "step": "main1",
         "You": {"battlefield": ["Forest"] * 4 + ["Piggy Bank", "Cackling Slasher", "Student of Warfare",
                                                  "Abandoned Campground"],
                 "hand": ["Murder", "Scorching Dragonfire", "Swamp", "Piggy Bank", "Island", "Lionheart Glimmer"],
                 "graveyard": ["Pyroclasm"], "library": ["Island"] * 10},
         "Bob": {"hand": ["Murder"] * 3, "library": ["Plains"] * 7,
                 "battlefield": ["Plains", "Plains", "Island", "Piranha Fly", "Lionheart Glimmer",
                                 "Daggermaw Megalodon", "Friendly Teddy"]}}


def hover(t: TableWidget, card: Any) -> QRect:
    vp = t.view.viewport()
    p = t.view.mapFromScene(card.sceneBoundingRect().center())
    QApplication.sendEvent(vp, QMouseEvent(QMouseEvent.Type.MouseMove, QPointF(p), QPointF(vp.mapToGlobal(p)),
                                           Qt.MouseButton.NoButton, Qt.MouseButton.NoButton,
                                           Qt.KeyboardModifier.NoModifier))
    t.store.face(card.name, width=488)
    t.store.flush()
    t.view.show_zoom(card)
    assert t.view.hover_zoom.isVisible(), card.name
    return t.view.hover_zoom.geometry()


@pytest.mark.parametrize("size", [(1500, 950), (1100, 700)])
def test_the_zoom_hides_neither_the_card_nor_a_panel_and_stays_on_screen(qtbot: Any, size: tuple[int, int]) -> None:
    game = Game(GameConfig(players=["You", "Bob"], mode="hybrid", setup=SETUP))
    t = show_table(qtbot, game, size=size)
    view = t.view
    panels = [view.mapFromScene(p.sceneBoundingRect()).boundingRect() for p in t.scene.panels.values()]
    cards = [i for i in t.scene.cards.values() if i.zone in ("battlefield", "hand") and i.mine or i.zone == "battlefield"]
    assert len(cards) > 20
    for card in cards:
        z = hover(t, card)
        where = view.mapFromScene(card.sceneBoundingRect()).boundingRect()
        assert view.viewport().rect().contains(z), (card.name, z)  # wholly on screen
        assert not z.intersects(where), (card.name, z, where)  # the card under the pointer stays visible
        assert not any(z.intersects(p) for p in panels), (card.name, z)  # life and poison stay readable


def test_near_an_edge_it_goes_to_the_other_side() -> None:
    view, size = QSize(1000, 800), QSize(300, 420)
    right, _ = hz.place(view, size, QRect(100, 300, 100, 140), [])
    assert right.x() > 200  # room on the right: beside the card, on its right
    left, _ = hz.place(view, size, QRect(850, 300, 100, 140), [])
    assert left.x() + 300 < 850  # near the right edge: on its left
    low, _ = hz.place(view, size, QRect(450, 650, 100, 140), [])
    assert 0 <= low.y() <= 800 - 420 and low.x() >= 0  # the bottom row: pushed up into the view
    panel = QRect(0, 0, 180, 800)  # a panel down the left side: a card next to it is zoomed on its right
    beside, clear = hz.place(view, size, QRect(200, 300, 100, 140), [(panel, hz.WEIGHT_PANEL)])
    assert beside.x() >= 300 and clear


def test_a_smaller_zoom_rather_than_one_over_the_card() -> None:
    view = QSize(780, 600)  # a small window: 320 pixels fit neither beside the card nor over it
    card, panel = QRect(390, 130, 90, 116), QRect(5, 110, 132, 270)
    at, w = hz.place_shrinking(view, 320, card, [(panel, hz.WEIGHT_PANEL)])
    zoom = QRect(at, QSize(w, round(w * 680 / 488)))
    assert w >= 200 and not zoom.intersects(card) and not zoom.intersects(panel)
    assert QRect(0, 0, 780, 600).contains(zoom)


def test_the_zoom_shrinks_to_fit_a_small_view() -> None:
    assert hz.zoom_width(QSize(1400, 900), 320) == 320
    small = hz.zoom_width(QSize(500, 300), 320)
    assert small * 680 / 488 <= 300 and small <= 250
