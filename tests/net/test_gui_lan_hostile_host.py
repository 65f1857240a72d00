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

    def __init__(self, reply: str) -> None:
        self.reply = reply
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
        async with serve(handler, "127.0.0.1", 0, max_size=P.MAX_MESSAGE) as server:
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
])
def test_a_hostile_host_is_named_in_words_and_not_retried(qtbot: Any, tmp_path: Any, reply: str, words: str) -> None:
    set_language("de")
    with FakeHost(reply) as host:
        v = MainWindow(Settings(animations=False, language="de"))
        qtbot.addWidget(v)
        session = lan_flow.join_lan(v, dialog=lan_dialog(v, tmp_path, host=False, name="Bob",
                                                         address=f"127.0.0.1:{host.port}"))
        qtbot.waitUntil(lambda: words.lower() in v.lan_lobby.info.text().lower(), timeout=10000)
        qtbot.wait(3000)  # (longer than the reconnect pause: no second hello)
        assert host.hellos == 1
        session.close()
