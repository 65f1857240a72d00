"""Card images from Scryfall's URL layout, tested against a local server on 127.0.0.1 only
(the real host is never contacted): set and collector number in the URL, at most ten
requests a second, files in the cache folder, the table shows them when they arrive."""
from __future__ import annotations

import io
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from PIL import Image

from app.render.download import ImageDownloader, image_path
from app.session import LocalSession
from app.settings import Settings
from app.table.widget import TableWidget
from engine.cards.behaviour import printed


def red_jpeg() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (488, 680), (220, 10, 10)).save(buf, "JPEG")
    return buf.getvalue()


@pytest.fixture
def scryfall() -> Any:
    """A loopback server answering /cards/<set>/<number>[/<lang>]?format=image like Scryfall."""
    hits: list[tuple[float, str]] = []
    body = red_jpeg()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            hits.append((time.monotonic(), self.path))
            parts = self.path.split("?")[0].strip("/").split("/")
            if parts[0] != "cards" or "format=image" not in self.path or len(parts) == 4:
                self.send_response(404)  # no localized printings here: the English one is used
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("Content-Type", "image/jpeg")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", hits
    server.shutdown()
    server.server_close()


def test_images_come_by_set_and_number_at_most_ten_a_second(qtbot: Any, tmp_path: Any, scryfall: Any) -> None:
    base, hits = scryfall
    d = ImageDownloader("de", base, root=tmp_path / "de")
    # the limiter's clock is the test's: each request is stamped with the time it was let go,
    # and waiting moves that clock on (no real waiting, no timing of a loaded machine)
    clock = {"now": 100.0}
    sent: list[float] = []

    def fake_sleep(seconds: float) -> None:
        clock["now"] += seconds

    d.limiter.clock = lambda: clock["now"]
    d.limiter.sleep = fake_sleep
    inner = d.limiter.wait

    def stamped() -> None:
        inner()
        sent.append(clock["now"])
    d.limiter.wait = stamped  # type: ignore[method-assign]
    names = ["Murder", "Piggy Bank", "Forest", "Bear Trap", "Split Up"]
    got: list[str] = []
    d.downloaded.connect(got.append)
    for n in names:
        assert d.request(n)
    assert not d.request("Murder")  # asked once
    qtbot.waitUntil(lambda: len(got) == len(names), timeout=20000)
    d.stop()
    murder = printed("Murder")
    assert murder is not None
    assert any(p.startswith(f"/cards/{murder.set.lower()}/{murder.number}/de?format=image") for _, p in hits)
    assert any(p == f"/cards/{murder.set.lower()}/{murder.number}?format=image&version=normal" for _, p in hits)
    # Scryfall's 50-100 ms between requests: one every 0.1 s at most, by the limiter's clock
    gaps = [b - a for a, b in zip(sent, sent[1:])]
    assert len(sent) == len(hits) and gaps and min(gaps) >= 0.1 - 1e-9, gaps
    assert image_path(tmp_path / "de", "Murder", murder.set).is_file()


def test_the_table_shows_a_downloaded_image_and_never_waits_for_it(qtbot: Any, scryfall: Any) -> None:
    base, _ = scryfall
    TableWidget.image_base_url = base  # type: ignore[attr-defined]
    try:
        s = LocalSession.goldfish(["Murder"] * 40, seed=1)
        t = TableWidget(s, Settings(animations=False, download_images=True))
        qtbot.addWidget(t)
        t.show()
        assert t.downloader is not None
        qtbot.waitUntil(lambda: t.downloader.has_image("Murder", "DSK"), timeout=20000)
        qtbot.waitUntil(lambda: t.downloader._done >= 1, timeout=20000)  # its "downloaded" signal was sent

        def face() -> Any:
            t.store.face("Murder")  # asks for a render if none is kept
            t.store.flush()  # every render finished and delivered: no waiting on a clock
            return t.store.face("Murder")
        def red() -> bool:
            pix = face()
            assert pix is not None
            c = pix.toImage().pixelColor(pix.width() // 2, pix.height() // 2)
            return c.red() > 180 and c.green() < 60  # the downloaded (red) image, not the drawn face
        # the queued "downloaded" signal reaches the store (it forgets the old face) once the
        # event loop runs: under load that may take more than one turn of it
        qtbot.waitUntil(red, timeout=20000)
    finally:
        del TableWidget.image_base_url  # type: ignore[attr-defined]
