"""The table's log in German and Italian after a Room's door ability resolves and bounces a
creature (session 19's report, played in German): the ability's line read like the Room
resolving again ("Bodenloses Becken // Umkleidekabine wird verrechnet"), and the bounced
creature, public on the battlefield, was "Eine Karte" in the other seat's log (CR 400.2).
Set MANATABLE_SHOTS to a folder to keep a screenshot of each table."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from app.i18n import card_name
from app.session import LocalSession
from app.table.widget import TableWidget
from engine.config import GameConfig
from engine.game import Game
from tests.app.table_mouse import show_table

ALICE, BOB = 0, 1


def _bounced(qtbot: Any) -> TableWidget:
    """Alice unlocks Bottomless Pool and returns Bob's Bashful Beastie to his hand, at a hot
    seat; at the end Alice has priority, so the screen (and its log) is hers."""
    setup = {"turn": 3, "step": "main1",
             "Alice": {"library": ["Plains"] * 5, "hand": ["Bottomless Pool // Locker Room"], "battlefield": ["Island"]},
             "Bob": {"library": ["Island"] * 5, "battlefield": ["Bashful Beastie"]}}
    g = Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="rules", setup=setup))
    t = show_table(qtbot, LocalSession(g, ALICE, controls={ALICE, BOB}))
    assert t.session.submit("cast Bottomless Pool // Locker Room: Bottomless Pool", player=ALICE, auto_pass=False)
    for _ in range(20):
        p = g.pending
        if p is None or (p.kind == "priority" and not g.st.stack):
            break
        answer = "pass" if p.kind == "priority" else "choose Bashful Beastie"
        assert t.session.submit(answer, player=p.player, auto_pass=False)
    assert [g.st.objects[o].name for o in g.st.players[BOB].hand] == ["Bashful Beastie"]
    assert t.session.log_seat() == ALICE
    qtbot.wait(50)
    return t


def _lines(t: TableWidget) -> list[str]:
    return [t.log.list.item(i).text() for i in range(t.log.list.count())]


def _shot(t: TableWidget, name: str) -> None:
    out = os.environ.get("MANATABLE_SHOTS")
    if out:
        t.grab().save(str(Path(out) / name))


@pytest.mark.parametrize("lang, ability, moved", [
    ("de", "Die Fähigkeit von {door} wird verrechnet.", "{beast} kommt auf die Hand von Bob."),
    ("it", "L'abilità di {door} si risolve.", "{beast} va nella mano di Bob."),
])
def test_the_door_ability_and_the_bounce_read_right(qtbot: Any, request: Any, lang: str, ability: str,
                                                    moved: str) -> None:
    request.getfixturevalue("german" if lang == "de" else "italian")
    t = _bounced(qtbot)
    lines = _lines(t)
    _shot(t, f"log_ability_bounce_{lang}.png")
    door, room = card_name("Bottomless Pool"), card_name("Bottomless Pool // Locker Room")
    beast = card_name("Bashful Beastie")
    assert ability.format(door=door) in lines, lines
    assert len([x for x in lines if x.startswith(room)]) == 1, lines  # the Room resolved once, as a spell
    assert moved.format(beast=beast) in lines, lines  # named, not "a card"
