"""An action the table builds from ids is checked before it is written (app/session.py make,
engine/check.py): a field that names nothing (an object gone) is the engine's translated
refusal; an engine bug (a KeyError deep in the formatter) is no longer caught as if it were
the user's mistake (answers._declare and act caught KeyError and TypeError)."""
from __future__ import annotations

from typing import Any

import pytest

from app.i18n import set_language
from engine.actions import Action
from tests.app.table_mouse import table_for


def _said(t: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    said: list[str] = []
    monkeypatch.setattr(t, "show_message", lambda text, error=False, seconds=8.0: said.append(text))
    return said


def test_an_object_that_is_gone_is_refused_in_the_users_language(qtbot: Any,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    set_language("de")
    t = table_for(qtbot, {"turn": 3, "step": "main1", "You": {"battlefield": ["Forest"]}}, mode="rules")
    said = _said(t, monkeypatch)
    assert not t.interaction.act("activate", 987654)             # no such object
    assert not t.interaction.act("attack", None, pairs=((987654, ("p", 1)),))
    assert not t.interaction.act("tap", None)                      # a card move without its card
    assert len(said) == 3 and all("987654" not in s and s.isprintable() for s in said), said
    assert "CR 400.7" in said[0] and "There is no such" not in said[0], said[0]  # (in German)
    t.interaction.attackers = [987654]
    t.interaction.declare_attackers()                               # _declare: the same refusal
    assert len(said) == 4


def test_an_engine_bug_while_writing_the_text_is_not_taken_for_bad_input(qtbot: Any,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    t = table_for(qtbot, {"turn": 3, "step": "main1", "You": {"battlefield": ["Forest"]}}, mode="rules")
    _said(t, monkeypatch)

    def broken(verb: str, obj: int | None = None, player: int | None = None, **fields: Any) -> Action:
        raise KeyError("a bug")
    monkeypatch.setattr(t.session, "make", broken)
    with pytest.raises(KeyError):
        t.interaction.act("pass")
    with pytest.raises(KeyError):
        t.interaction.declare_attackers(none=True)
