"""Each hot seat person's stops (app/hot_seat.py): the Settings dialog shows and changes those
of the person at the screen, and says whose they are; outside a hot seat it shows the
settings'. A person's stops (their phase-bar clicks, the dialog) are kept in the settings by
their name (app/settings.py people_stops) and carry into their next hot seat, whatever seat
they take; a person without an entry begins with the settings' stops."""
from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from app.hot_seat import HotSeatSession, open_saved
from app.session import LocalSession
from app.settings import Settings, person_key
from app.shell.dialogs import SettingsDialog
from app.shell.main_window import MainWindow

from tests.app.hot_seat_helpers import sample_deck_lists

LEFT = Qt.MouseButton.LeftButton

pytestmark = pytest.mark.usefixtures("quick_cover")  # (tests/app/conftest.py: the hand-over button's delay, short)


def _window(qtbot: Any, settings: Settings, names: list[str], people_stops: Any = None) -> MainWindow:
    """A main window at a hot seat of `names`, begun as start_hot_seat begins one."""
    w = MainWindow(settings)
    qtbot.addWidget(w, before_close_func=lambda w: (setattr(w, "confirm_leave", lambda: True), w.table.session.close()))
    w.resize(1500, 950)
    w.show()
    s = HotSeatSession.new_game(sample_deck_lists(len(names)), tuple(range(len(names))), players=names, seed=11, pause_ms=0,
                                stops=settings.stops, opponent_stops=settings.opponent_stops,
                                people_stops=settings.people_stops if people_stops is None else people_stops)
    assert w.show_session(s)
    qtbot.waitUntil(lambda: w.table.handover.button.isEnabled(), timeout=5000)
    QTest.mouseClick(w.table.handover.button, LEFT)  # "I am …"
    assert s.handover is None
    return w


def _click_stop(w: MainWindow, step: str) -> None:
    bar = w.table.phase_bar
    x, width = next((x, wd) for st, x, wd in bar._cells() if st == step)
    QTest.mouseClick(bar, LEFT, pos=QPoint(int(x + width / 2), bar.height() // 2))


def _answer_dialog(monkeypatch: Any, seen: dict[str, Any], check: tuple[str, ...] = (), clear: tuple[str, ...] = ()) -> None:
    """The Settings dialog answered as a user does: what it shows noted, boxes of one's own turn
    checked and cleared, OK."""
    def exec_(dlg: SettingsDialog) -> int:
        seen["whose"] = dlg.whose.text() if dlg.whose.isVisibleTo(dlg) else None
        seen["mine"] = {st for st, (mine, _t) in dlg.stops.items() if mine.isChecked()}
        seen["theirs"] = {st for st, (_m, theirs) in dlg.stops.items() if theirs.isChecked()}
        for st in check:
            dlg.stops[st][0].setChecked(True)
        for st in clear:
            dlg.stops[st][0].setChecked(False)
        return 1
    monkeypatch.setattr(SettingsDialog, "exec", exec_)


def test_the_settings_dialog_shows_and_sets_the_stops_of_the_person_at_the_screen(qtbot: Any, monkeypatch: Any) -> None:
    settings = Settings(animations=False)
    w = _window(qtbot, settings, ["Ada", "Bea"])
    s = w.table.session
    me, other = s.player_names[s.seat], s.player_names[1 - s.seat]
    _click_stop(w, "upkeep")
    seen: dict[str, Any] = {}
    _answer_dialog(monkeypatch, seen, check=("draw",), clear=("main2",))
    w.open_settings()
    assert seen["whose"] == (f"These are the stops of {me}, who is at the screen: each player at this computer "
                             "has their own, and keeps them for the next game here.")
    assert seen["mine"] == {"upkeep", "main1", "main2"} and seen["theirs"] == {"declare_attackers", "end"}
    # the person's stops changed, for this game and their next hot seat; nobody else's, not the settings'
    assert s.stops == {"upkeep", "draw", "main1"} and w.table.phase_bar.stops == s.stops
    assert s._stops_of(1 - s.seat)[0] == {"main1", "main2"}
    assert settings.stops == ["main1", "main2"] and settings.opponent_stops == ["declare_attackers", "end"]
    assert settings.people_stops == {me.casefold(): {"stops": ["upkeep", "draw", "main1"],
                                                     "opponent_stops": ["declare_attackers", "end"]}}
    assert other.casefold() not in settings.people_stops  # (theirs never changed: the settings' still)
    # and the settings file holds them (written as the dialog closed)
    again = Settings.from_json(settings.to_json())
    assert again.people_stops[person_key(me.upper())] == {"stops": ["upkeep", "draw", "main1"],
                                                          "opponent_stops": ["declare_attackers", "end"]}


def test_while_the_computer_is_handed_over_the_dialog_shows_the_settings_stops_and_says_so(qtbot: Any,
                                                                                          monkeypatch: Any) -> None:
    """Behind the hand-over screen nobody has said who is at the screen: the dialog shows and
    changes the settings' stops (a new person's), and nobody's stops in the game move."""
    settings = Settings(animations=False)
    w = _window(qtbot, settings, ["Ada", "Bea"])
    s = w.table.session
    first = s.seat
    assert s.submit("keep") and s.handover == 1 - first and w.table.handover.isVisible()
    seen: dict[str, Any] = {}
    _answer_dialog(monkeypatch, seen, check=("upkeep",))
    w.open_settings()
    assert seen["whose"] == ("Nobody has said who is at the screen yet: these are the stops of a player new to "
                             "this computer. Each player of this game keeps their own.")
    assert seen["mine"] == {"main1", "main2"} and settings.stops == ["upkeep", "main1", "main2"]
    assert s._stops_of(0)[0] == s._stops_of(1)[0] == {"main1", "main2"} and settings.people_stops == {}


def test_outside_a_hot_seat_the_dialog_shows_and_sets_the_settings_stops(qtbot: Any, monkeypatch: Any) -> None:
    settings = Settings(animations=False)
    w = MainWindow(settings)
    qtbot.addWidget(w, before_close_func=lambda w: setattr(w, "confirm_leave", lambda: True))
    assert w.show_session(LocalSession.goldfish(sample_deck_lists(1)[0], "Ada", seed=3, stops=settings.stops))
    seen: dict[str, Any] = {}
    _answer_dialog(monkeypatch, seen, check=("upkeep",))
    w.open_settings()
    assert seen["whose"] is None and seen["mine"] == {"main1", "main2"}
    assert settings.stops == ["upkeep", "main1", "main2"] and w.table.session.stops == {"upkeep", "main1", "main2"}
    assert settings.people_stops == {}


def test_a_persons_stops_carry_into_their_next_hot_seat_in_any_seat(qtbot: Any, monkeypatch: Any) -> None:
    settings = Settings(animations=False)
    w = _window(qtbot, settings, ["Ada", "Bea"])
    s = w.table.session
    me = s.player_names[s.seat]
    _click_stop(w, "upkeep")  # a click on the phase bar is remembered too
    assert settings.people_stops[me.casefold()]["stops"] == ["upkeep", "main1", "main2"]
    # a rematch: everybody keeps their own
    again = s.restarted(seed=4)
    assert again._stops_of(s.seat)[0] == {"upkeep", "main1", "main2"} and again._stops_of(1 - s.seat)[0] == {"main1", "main2"}
    again.close()
    # a new hot seat: the same person in another seat (their name in another case), and a newcomer
    names = ["Cleo", me.lower()]
    nxt = HotSeatSession.new_game(sample_deck_lists(2), (0, 1), players=names, seed=5, pause_ms=0, stops=settings.stops,
                                  opponent_stops=settings.opponent_stops, people_stops=settings.people_stops)
    assert nxt._stops_of(1) == ({"upkeep", "main1", "main2"}, {"declare_attackers", "end"})
    assert nxt._stops_of(0) == ({"main1", "main2"}, {"declare_attackers", "end"})
    # whoever takes the computer first (the first person constructed the session: not theirs overwritten)
    assert nxt.stops == nxt._stops_of(nxt.seat)[0]
    nxt.close()


def test_a_reopened_hot_seat_gives_each_person_their_stops(qtbot: Any, tmp_path: Any) -> None:
    kept = {"bea": {"stops": ["draw"], "opponent_stops": ["end"]}}
    s = HotSeatSession.new_game(sample_deck_lists(2), (0, 1), players=["Ada", "Bea"], seed=11, pause_ms=0)
    path = tmp_path / "hot.json"
    s.save(path)
    s.close()
    again = open_saved(path, people_stops=kept, stops=["main1"], opponent_stops=[])
    assert isinstance(again, HotSeatSession)
    assert again._stops_of(1) == ({"draw"}, {"end"}) and again._stops_of(0) == ({"main1"}, set())
    again.close()


def test_the_settings_file_keeps_the_usable_peoples_stops_and_reports_the_rest() -> None:
    data = {"people_stops": {"Ada": {"stops": ["upkeep", "teatime"], "opponent_stops": []},
                             "bea": {"stops": ["draw"], "opponent_stops": ["end"]},
                             "Cleo": ["draw"], "Dora": {"stops": "draw", "opponent_stops": []}}}
    settings, unusable = Settings.read(data)
    assert unusable == ["people_stops"]
    assert settings.people_stops == {"ada": {"stops": ["upkeep"], "opponent_stops": []},
                                     "bea": {"stops": ["draw"], "opponent_stops": ["end"]}}
    assert Settings.read({"people_stops": 3}) == (Settings(), ["people_stops"])
    good, unusable = Settings.read(Settings(people_stops={"bea": {"stops": ["draw"], "opponent_stops": []}}).to_json())
    assert unusable == [] and good.people_stops == {"bea": {"stops": ["draw"], "opponent_stops": []}}
