"""A joining player whose "host" answers with something hostile: a frame that is no JSON, a
frame larger than the protocol allows. The Join lobby says what happened in words, in the
user's language, and the program does not try again (nothing sent again would help). A fake
host on 127.0.0.1 (port 0), one connection per case, bounded in time."""
from __future__ import annotations

import asyncio
import os
import threading
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from websockets.asyncio.server import serve  # noqa: E402

from app.i18n import set_language  # noqa: E402
from app.settings import Settings  # noqa: E402
from app.shell import lan_flow  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from engine.net import protocol as P  # noqa: E402
from net_helpers import lan_dialog  # noqa: E402

pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)


class FakeHost:
    """A websockets server on 127.0.0.1 that answers a hello with `reply`, then waits."""

    def __init__(self, reply: str, handler: Any = None) -> None:
        self.reply = reply
        self.script = handler  # a handler of its own instead of the one reply
        self.port = 0
        self.hellos = 0
        self.loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._stop: asyncio.Future[None] | None = None
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self._main(),), daemon=True)

    async def _main(self) -> None:
        async def handler(ws: Any) -> None:
            await ws.recv()  # the hello
            self.hellos += 1
            await ws.send(self.reply)
            try:
                await asyncio.wait_for(ws.wait_closed(), 10)
            except asyncio.TimeoutError:
                pass

        self._stop = self.loop.create_future()
        async with serve(self.script or handler, "127.0.0.1", 0, max_size=P.MAX_MESSAGE) as server:
            self.port = server.sockets[0].getsockname()[1]
            self._ready.set()
            await asyncio.wait_for(self._stop, 30)

    def __enter__(self) -> "FakeHost":
        self.thread.start()
        assert self._ready.wait(10)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.loop.call_soon_threadsafe(lambda: self._stop.done() or self._stop.set_result(None))
        self.thread.join(10)


@pytest.mark.parametrize("reply, words", [
    ("{not json", "etwas gesendet, das dieses Programm nicht lesen kann"),
    ('{"type": "chat", "name": "x", "text": "' + "x" * (P.MAX_MESSAGE + 10) + '"}', "zu groß"),
    # nesting that makes the parser recurse: it ended the program's network task in silence
    ('{"type": "update", "seq": 1, "patch": ' + "[" * 5000 + "]" * 5000 + ', "events": []}',
     "etwas gesendet, das dieses Programm nicht lesen kann"),
])
def test_a_hostile_host_is_named_in_words_and_not_retried(qtbot: Any, tmp_path: Any, reply: str, words: str) -> None:
    set_language("de")
    with FakeHost(reply) as host:
        v = MainWindow(Settings(animations=False, language="de"))
        qtbot.addWidget(v)
        session = lan_flow.join_lan(v, dialog=lan_dialog(v, tmp_path, host=False, name="Bob",
                                                         address=f"127.0.0.1:{host.port}"))
        qtbot.waitUntil(lambda: words.lower() in v.lan_lobby.info.text().lower(), timeout=20000)
        qtbot.wait(3000)  # (longer than the reconnect pause: no second hello)
        assert host.hellos == 1
        session.close()


def test_an_update_that_does_not_fit_fetches_the_whole_table_again(qtbot: Any, tmp_path: Any) -> None:
    """A host whose update does not fit the seat's view (a patch to a place the view does not
    have): the program says so and comes back with its seat's key for a whole snapshot,
    instead of drawing a table that is no longer the host's."""
    set_language("de")
    obs = {"players": [], "battlefield": [], "stack": [], "pending": None, "turn": 1, "active": 0, "step": "main1",
           "priority": None, "mode": "rules", "viewer": 0, "outcome": None}
    hellos: list[Any] = []

    async def script(ws: Any) -> None:
        hellos.append(P.decode_client(await ws.recv()))
        await ws.send(P.encode(P.Welcome(version=P.PROTOCOL_VERSION, seat=0, token="key", game="g", mode="rules",
                                         players=2)).decode())
        await ws.send(P.encode(P.Started(seat=0, players=["Bob", "Eve"], mode="rules", seq=1,
                                         observation=obs)).decode())
        if len(hellos) == 1:
            await ws.send(P.encode(P.Update(seq=2, patch=[["set", ["nowhere", 3, "x"], 1]], events=[])).decode())
        try:
            await asyncio.wait_for(ws.wait_closed(), 10)
        except asyncio.TimeoutError:
            pass

    with FakeHost("", handler=script) as host:
        v = MainWindow(Settings(animations=False, language="de"))
        qtbot.addWidget(v)
        session = lan_flow.join_lan(v, dialog=lan_dialog(v, tmp_path, host=False, name="Bob",
                                                         address=f"127.0.0.1:{host.port}"))
        said: list[str] = []
        session.status.connect(said.append)
        qtbot.waitUntil(lambda: len(hellos) == 2, timeout=20000)
        assert hellos[1].token == "key"                   # back in the seat, with its key
        assert "Eine Nachricht des Gastgebers passte nicht zu diesem Tisch; der ganze Tisch wird neu geholt." in said
        qtbot.waitUntil(lambda: session.state.seq == 1 and session.state.obs == obs, timeout=20000)
        session.close()
