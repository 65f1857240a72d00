"""The host's table settings as every seat reads them in the lobby (issue #26), in English
and German."""
from __future__ import annotations

from app.i18n import set_language
from app.shell.lan_texts import clock_text, table_rules
from engine.net import protocol as P


def _lobby(**kw):
    return P.Lobby(seats=[], spectators=0, started=False, **kw)


def test_the_lobby_says_whether_the_table_is_trusted_and_how_the_clock_runs():
    set_language("en")
    try:
        text = table_rules(_lobby(paper=True, decision_seconds=120, game_seconds=1800, on_timeout="computer"))
        assert text == ("Trusted table: every player may move any card and change any life total. "
                        "Clock: 2:00 per decision, 30:00 per player and game. "
                        "When time runs out, the computer decides for that player.")
        assert table_rules(_lobby()) == "Each player moves only their own cards."
        set_language("de")
        assert "Sieg beanspruchen" in table_rules(_lobby(decision_seconds=60, game_seconds=0))
    finally:
        set_language("en")
    assert clock_text(65.4) == "1:05"
