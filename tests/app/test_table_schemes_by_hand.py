"""A tabletop Archenemy table (played in German with four seats, session 16): the game sets no
scheme in motion itself there (nothing is enforced, CR 904.6's turn-based action is the
player's), and the table had no way to do it by hand — the scheme deck's menu offered only
"Look at the cards" (of a deck nobody looks at, CR 904.3), a face-up scheme none at all. Now
the scheme deck's menu sets its top scheme in motion (CR 701.25a; the banner shows it), and a
face-up scheme's menu puts it on the bottom of the scheme deck (CR 701.26a abandon; 704.6e a
scheme done)."""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication, QMenu

from app.settings import Settings
from engine.config import GameConfig
from engine.game import Game
from tests.app.table_mouse import LEFT, centre, context_menu, show_table

DECK = ["Swamp"] * 30 + ["Mountain"] * 29
SCHEMES = ["Kneel Before My Legions", "Plots That Span Centuries", "My Tendrils Run Deep",
           "You Are Unworthy of Mercy", "Running Is Useless", "My Laughter Echoes"]


def _click_entry(qtbot: Any, label: str) -> None:
    menu = QApplication.activePopupWidget()
    assert isinstance(menu, QMenu)
    shown = [a.text() for a in menu.actions()]
    entry = next((a for a in menu.actions() if a.text() == label), None)
    assert entry is not None and entry.isEnabled(), shown
    qtbot.mouseClick(menu, LEFT, pos=menu.actionGeometry(entry).center())


def test_the_archenemy_sets_a_scheme_in_motion_and_puts_it_back_by_hand(qtbot: Any) -> None:
    game = Game(GameConfig(players=["You", "Bob", "Carol", "Dave"], decks=[DECK] * 4, seed=5, mode="tabletop",
                           format="archenemy_commander", schemes=[SCHEMES, [], [], []], skip_mulligans=True))
    t = show_table(qtbot, game, Settings(animations=False))
    pile = t.scene.zones[("schemes", 0)]
    assert pile.isVisible() and pile.count == len(SCHEMES)
    context_menu(t, centre(t, pile))
    _click_entry(qtbot, "Set the top scheme in motion")
    me = t.session.observation()["players"][0]
    up = [c for c in me["command"] if c.get("scheme")]
    assert len(up) == 1 and me["schemes"] == len(SCHEMES) - 1
    assert t.scheme_banner.shown == [up[0]["name"]]  # shown large, as the rules' own would be
    t.scheme_banner.dismiss()
    scheme = t.scene.cards[up[0]["id"]]
    context_menu(t, centre(t, scheme))
    _click_entry(qtbot, "Put it on the bottom of your scheme deck")
    me = t.session.observation()["players"][0]
    assert not [c for c in me["command"] if c.get("scheme")] and me["schemes"] == len(SCHEMES)
    assert t.log.lines()[-1] == f"Your scheme {up[0]['name']} is turned face down and put on the bottom of your scheme deck."
