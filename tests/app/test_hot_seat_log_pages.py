"""A hot seat's log at each switch of seat (app/session_log.py, app/table/docks.py): each seat
keeps its page of lines and its filtered view of the events, so coming back to a seat adds
only the events made since — the whole log was filtered and rendered again at every switch.
What the page shows is what a log made from scratch for that seat shows, and an undo still
takes lines back."""
from __future__ import annotations

from typing import Any

import app.table.docks as docks
from app.session import LocalSession
from app.table.docks import LogDock
from engine.config import GameConfig
from engine.decks import read_deck
from engine.decks.samples import sample_decks
from engine.game import Game
from tests.app.table_mouse import show_table


def _hot_seat() -> LocalSession:
    decks = [read_deck(p).deck.card_names() for p in sample_decks()[:2]]
    g = Game(GameConfig(players=["Ada", "Bea"], decks=decks, seed=11, mode="rules"))
    return LocalSession(g, 0, controls={0, 1})


def _answer(s: LocalSession) -> None:
    """The deciding seat keeps, plays a land, passes, or takes the first listed answer."""
    seat = s.deciding_seat()
    acts = s.legal_actions(seat)
    pick = next((a for a in acts if a.verb in ("keep", "play")), None) or \
        next((a for a in acts if a.verb == "pass" or a.args == ("done",)), None) or acts[0]
    assert s.submit(pick, player=seat)


def _fresh_lines(qtbot: Any, s: LocalSession, seat: int) -> list[str]:
    """The lines a log made from scratch shows for the seat."""
    log = LogDock(lambda text: False, s.player_names[seat])
    qtbot.addWidget(log)
    log.rebuild(s.game.events_for(seat))
    return log.lines()


def test_a_switch_back_to_a_seat_adds_only_the_events_since(qtbot: Any, monkeypatch: Any) -> None:
    s = _hot_seat()
    t = show_table(qtbot, s)
    rendered: list[int] = []
    real_lines = docks.event_lines
    monkeypatch.setattr(docks, "event_lines", lambda evs, you: (rendered.append(len(evs)), real_lines(evs, you))[1])
    filtered: list[int] = []
    real_for = s.game.events_for
    monkeypatch.setattr(s.game, "events_for",
                        lambda viewer, lo=0, hi=None: (filtered.append((len(s.game.events) if hi is None else hi) - lo),
                                                       real_for(viewer, lo, hi))[1])
    switches = 0
    last_at: dict[int, int] = {}  # each seat's event count when its page was last shown
    for _ in range(120):
        if s.game.outcome is not None:
            break
        before_seat, n = t.log.seat, len(s.game.events)
        rendered.clear()
        filtered.clear()
        _answer(s)
        seat = s.log_seat()
        if seat != before_seat:
            switches += 1
            # (this seat's page was last brought up to date at last_at[seat]: no more is done)
            since = len(s.game.events) - last_at.get(seat, 0)
            assert sum(rendered) <= since and sum(filtered) <= since, (sum(rendered), sum(filtered), since)
        else:
            assert sum(rendered) <= len(s.game.events) - n
        last_at[seat] = len(s.game.events)
    assert switches >= 20 and len(s.game.events) > 150
    for seat in (0, 1):  # each page is what a log made from scratch for its seat shows
        while s.log_seat() != seat:
            _answer(s)
        assert t.log.seat == seat and t.log.lines() == _fresh_lines(qtbot, s, seat)
    # an undo takes back the page's last lines (the page is made again)
    shown = t.log.lines()
    assert s.undo()
    assert t.log.lines() == _fresh_lines(qtbot, s, t.log.seat) and t.log.lines() != shown
