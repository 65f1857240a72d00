"""A goldfish game's log (session 18's playthrough read "Empty seat shuffles their library."):
the empty seat is nobody at the table, so the shuffle of its stand-in library is not logged;
its turns are headed with the name the table gives it."""
from __future__ import annotations

from typing import Any

from app.i18n import event_lines, set_language, tr
from app.session import LocalSession


def test_the_empty_seat_does_not_shuffle_in_the_log(qtbot: Any) -> None:
    s = LocalSession.goldfish(["Plains"] * 30 + ["Cult Healer"] * 10, "Ann", seed=3)
    assert s.submit("keep")
    s.pass_until_next_turn()
    lines = event_lines(s.all_events(), "Ann")
    assert "You shuffle your library." in lines, lines
    assert not [x for x in lines if "shuffles" in x], lines
    assert "— Turn 2: Empty seat —" in lines, lines


def test_the_empty_seat_is_named_in_german_as_the_table_names_it(qtbot: Any) -> None:
    set_language("de")
    try:
        s = LocalSession.goldfish(["Plains"] * 40, tr("You"), seed=3, opponent=tr("Empty seat"))
        s.submit("keep")
        s.pass_until_next_turn()
        lines = event_lines(s.all_events(), tr("You"))
        empty = tr("Empty seat")
        assert empty != "Empty seat" and any(empty in x for x in lines), lines
        assert all(x.startswith("— ") for x in lines if empty in x), lines  # (its turns' headings only)
    finally:
        set_language("en")
