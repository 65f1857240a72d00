"""What the joined player's program tells its user about refusals it caused itself (issue #25):
an automatic pass (no stop in that step) that reaches the host after the game moved on is
refused as stale — that is no news for the user, who did nothing; a stale action the user
made is still said. And a lost connection is described in the user's language, not with the
network library's English text."""
from __future__ import annotations

import asyncio

import pytest
from websockets.exceptions import ConnectionClosedError

from app.i18n import set_language
from app.net_session import RemoteSession
from app.net_worker import connection_problem
from engine.net import protocol as P
from tests.remote_worker import RecordingWorker


def _stale(act: int) -> P.Error:
    return P.Error(reason="stale", message="The game has moved on.", ref="act", key="net.stale", params={},
                   act=act)


def test_a_stale_automatic_pass_is_not_shown_but_a_stale_user_action_is(qtbot) -> None:
    worker = RecordingWorker()
    session = RemoteSession(worker, [])
    errors: list[str] = []
    session.error.connect(errors.append)
    session.playing = True
    session.seat = 0
    session.state.seat = 0
    session.state.obs = {"pending": {"player": 0, "kind": "priority"}, "turn": 1, "active": 1, "step": "upkeep",
                         "stack": []}
    session._after_update()                   # no stop in the opponent's upkeep: the program passes
    auto = worker.sent[-1]
    assert isinstance(auto, P.Act) and auto.text == "pass" and auto.id
    session.submit("tap Forest")              # the user's own gesture meanwhile
    mine = worker.sent[-1]
    session._on_message(_stale(auto.id))      # the automatic pass came too late: no news
    assert errors == []
    session._on_message(_stale(mine.id))      # the user's own action refused: said
    assert len(errors) == 1 and "moved on" in errors[0]


@pytest.fixture
def german():
    set_language("de")
    yield
    set_language("en")


def test_connection_problems_in_the_users_language(german) -> None:
    broke = connection_problem(ConnectionClosedError(None, None))
    assert "close frame" not in broke and broke == "die Verbindung ist abgebrochen"
    assert connection_problem(ConnectionRefusedError()) == "unter dieser Adresse antwortet niemand"
    assert connection_problem(asyncio.TimeoutError()) == "keine Antwort in der erwarteten Zeit"
    assert connection_problem(ConnectionError("1001")) == "1001"   # the caller words "going away"
