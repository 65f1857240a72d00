"""A saved game of several seats reopens as a hot seat (you answer for every seat): the table
shows the deciding seat's knowledge, as its prompt and its log do (app/session.py
`observation`, app/session_log.py `log_seat`). It showed seat 0's hand while seat 1 decided
and the log already followed seat 1."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from app.session import LocalSession
from engine.config import GameConfig
from engine.decks import read_deck
from engine.decks.samples import sample_decks
from engine.game import Game
from tests.app.table_mouse import show_table


def _faces_in_hands(t: Any) -> dict[int, set[str]]:
    """The card names the table shows face up in each seat's hand."""
    out: dict[int, set[str]] = {0: set(), 1: set()}
    for item in t.scene.cards.values():
        if item.zone == "hand" and item.name and item.show_face:
            out[item.data.get("owner")].add(item.name)
    return out


def _hand(g: Game, seat: int) -> set[str]:
    return {g.st.objects[o].name for o in g.st.players[seat].hand}


def test_the_reopened_hot_seat_shows_the_deciding_seats_table_and_log(qtbot: Any, tmp_path: Path) -> None:
    decks = [read_deck(p).deck.card_names() for p in sample_decks()[:2]]
    g = Game(GameConfig(players=["Ada", "Bea"], decks=decks, seed=11, mode="rules"))
    path = tmp_path / "hot.json"
    LocalSession(g, 0, controls={0, 1}).save(path)
    s = LocalSession.from_save(path)
    assert s.seat == 0 and s.controls == {0, 1}
    t = show_table(qtbot, s)
    g = s.game
    assert g.pending.player == 1 and g.pending.kind == "mulligan"  # (Bea decides first)
    assert s.log_seat() == 1 and t.log.seat == 1
    assert s.observation()["viewer"] == 1
    faces = _faces_in_hands(t)
    assert faces[1] == _hand(g, 1) and faces[0] == set()  # Bea's hand, not Ada's
    assert s.submit("keep", player=1)
    assert g.pending.player == 0 and s.log_seat() == 0 and t.log.seat == 0
    faces = _faces_in_hands(t)
    assert faces[0] == _hand(g, 0) and faces[1] == set()  # now Ada's, not Bea's
