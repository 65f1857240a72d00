"""The scheme banner (app/table/scheme_banner.py) as the archenemy meets it: their scheme is set
in motion at the start of their own first main phase (CR 701.25a; the release notes: "zu
Beginn seiner ersten Hauptphase"), just when they want to play. Played in Italian (session 15):
the banner sat over the middle of the table for 3.5 s, over the player's own battlefield and
the top of their hand, and a click there only closed it. Now it never covers the viewer's own
zones, and a press anywhere else on the table puts it away and goes on to the table."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRect
from PySide6.QtTest import QTest

from engine.config import GameConfig
from engine.game import Game
from tests.app.table_mouse import LEFT, NOMOD, centre, show_table, table_for

SCHEME = "Dark Wings Bring Your Downfall"


def _set_in_motion(t: Any) -> None:
    """The event the table gets when the archenemy (the viewer) sets a scheme in motion."""
    t.scheme_banner.show_events([{"key": "scheme_set_in_motion", "card": SCHEME, "player": "You"}], "You")


def _own_zones(t: Any) -> list[QRect]:
    seat = t.session.seat
    items = [t.scene.zones[("battlefield", seat)], t.scene.zones[("hand", seat)], t.scene.panels[seat]]
    return [t.view.mapFromScene(i.sceneBoundingRect()).boundingRect() for i in items]


def test_the_banner_leaves_your_own_battlefield_and_hand_free(qtbot: Any) -> None:
    for size in ((1500, 950), (1100, 700), (1800, 1100)):
        t = table_for(qtbot, {"You": {"hand": ["Forest"], "battlefield": ["Swamp"]}}, goldfish=False, size=size)
        _set_in_motion(t)
        banner = t.scheme_banner
        assert banner.isVisible() and banner.shown == [SCHEME]
        for zone in _own_zones(t):
            assert not banner.geometry().intersects(zone), (size, banner.geometry(), zone)


def test_playing_a_land_while_the_banner_is_shown_plays_it_and_puts_the_banner_away(qtbot: Any) -> None:
    t = table_for(qtbot, {"You": {"hand": ["Forest"], "battlefield": ["Swamp"]}, "step": "main1"}, mode="rules", goldfish=False)
    _set_in_motion(t)
    _set_in_motion(t)  # (a second one queued: Plots That Span Centuries)
    forest = next(i for i in t.scene.cards.values() if i.zone == "hand" and i.name == "Forest")
    QTest.mouseDClick(t.view.viewport(), LEFT, NOMOD, centre(t, forest))
    assert "Forest" in [c["name"] for c in t.session.observation()["battlefield"]]
    assert not t.scheme_banner.isVisible() and not t.scheme_banner.queue  # (the log keeps the sentences)


def test_the_banner_leaves_the_opponents_strips_in_sight(qtbot: Any) -> None:
    """Session 17's play3 at four seats: the banner sat over the opponents' strips across the top
    of the table, their life totals hidden until a press. It sits under them now."""
    players = ["You", "Bob", "Carol", "Dave"]
    for size in ((1500, 950), (1800, 1100)):
        setup = {"players": players, "mode": "hybrid", **{p: {"library": ["Swamp"] * 3} for p in players}}
        game = Game(GameConfig(players=players, mode="hybrid", setup=setup))
        t = show_table(qtbot, game, size=size)
        _set_in_motion(t)
        banner = t.scheme_banner
        assert banner.isVisible()
        for seat in (1, 2, 3):
            panel = t.scene.panels[seat]
            assert panel.compact
            strip = t.view.mapFromScene(panel.sceneBoundingRect()).boundingRect()
            assert not banner.geometry().intersects(strip), (size, seat, banner.geometry(), strip)
        for zone in _own_zones(t):
            assert not banner.geometry().intersects(zone), (size, banner.geometry(), zone)
