"""Card images from Scryfall, downloaded when the user allows it (Settings), never blocking
the table: a worker thread fetches the public image URL by set and collector number
(https://api.scryfall.com/cards/<set>/<number>[/<lang>]?format=image&version=normal),
at most ten requests a second as Scryfall asks, into a folder in Cockatrice's layout
(<cache>/scryfall/<lang>/<SET>/<Name>.full.jpg) that CardImages already reads. Our own
renderer stays the fallback for every card without an image.
"""
from __future__ import annotations

import logging
import queue
import threading
import time
import urllib.parse
from pathlib import Path
from typing import Callable, Any

from PySide6.QtCore import QObject, Signal

from engine import paths
from engine.cards.behaviour import printed
from engine.paths import atomic_write

log = logging.getLogger(__name__)
SCRYFALL = "https://api.scryfall.com"
MIN_INTERVAL = 0.1  # seconds between requests: Scryfall asks for 50-100 ms (<= 10 a second)
MAX_BYTES = 4 * 1024 * 1024  # a "normal" image is ~100 kB; anything huge is not one
TIMEOUT = 10.0
USER_AGENT = "Manatable/0.1 (desktop Magic table; card images for the player's own use)"


def download_root(lang: str, cache: Path | None = None) -> Path:
    """The picture folder for one language (an image folder in Cockatrice's layout)."""
    return (cache or paths.cache_dir()) / "scryfall" / lang


def image_path(root: Path, name: str, set_code: str) -> Path:
    from app.render.cache import cockatrice_name  # lazy: the image cache (Pillow) loads once an image is looked up (start-up)

    return root / set_code.upper() / f"{cockatrice_name(name)}.full.jpg"


def image_url(base: str, set_code: str, number: str, lang: str) -> str:
    q = urllib.parse.quote
    tail = f"/{q(lang, safe='')}" if lang != "en" else ""
    return f"{base}/cards/{q(set_code.lower(), safe='')}/{q(number, safe='')}{tail}?format=image&version=normal"


class RateLimiter:
    """At most one request every `interval` seconds (thread-safe)."""

    def __init__(self, interval: float = MIN_INTERVAL, *, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.interval = interval
        self.clock, self.sleep = clock, sleep  # (tests give a clock of their own: no real waiting)
        self._next = 0.0
        self._lock = threading.Lock()

    def wait(self) -> None:
        with self._lock:
            now = self.clock()
            delay = self._next - now
            self._next = max(now, self._next) + self.interval
        if delay > 0:
            self.sleep(delay)


class ImageDownloader(QObject):
    """Queue cards with `request`; `downloaded(name)` when one arrives, `progress(done, total)`
    as the queue goes, `failed(reason)` once if the host can't be reached (then it stops)."""

    downloaded = Signal(str)
    progress = Signal(int, int)
    failed = Signal(str)

    def __init__(self, lang: str = "en", base_url: str = SCRYFALL, root: Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.lang = lang
        self.base_url = base_url.rstrip("/")
        self.root = root or download_root(lang)
        self.limiter = RateLimiter()
        self._queue: queue.Queue[tuple[str, str, str] | None] = queue.Queue()
        self._asked: set[str] = set()
        self._done = 0
        self._total = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="scryfall-images", daemon=True)
        self._thread.start()

    def has_image(self, name: str, set_code: str) -> bool:
        return image_path(self.root, name, set_code).is_file()

    def request(self, name: str | None) -> bool:
        """Fetch the image of this card (by its set and collector number) if we have none."""
        if not name or name in self._asked or self._stop.is_set():
            return False
        self._asked.add(name)
        cd = printed(name)
        if cd is None or not cd.set or not cd.number or self.has_image(name, cd.set):
            return False
        self._total += 1
        self._queue.put((name, cd.set, str(cd.number)))
        self.progress.emit(self._done, self._total)
        return True

    def stop(self) -> None:
        self._stop.set()
        self._queue.put(None)

    def _run(self) -> None:
        import urllib.error  # lazy: http, ssl and email load here, in the download thread, once images are fetched (start-up)

        while not self._stop.is_set():
            item = self._queue.get()
            if item is None:
                return
            name, set_code, number = item
            try:
                self._fetch(name, set_code, number)
            except urllib.error.URLError as exc:
                if not isinstance(exc, urllib.error.HTTPError):  # offline or no such host: stop
                    self._stop.set()
                    self.failed.emit(str(exc.reason))
                    return
                log.info("No image for %s (%s %s): %s", name, set_code, number, exc)
            except Exception:  # a bad reply costs one card's image, never the table
                log.exception("Cannot download the image of %s", name)
            self._done += 1
            self.progress.emit(self._done, self._total)

    def _get(self, url: str) -> bytes | None:
        # lazy: see _run
        import urllib.error
        import urllib.request

        self.limiter.wait()
        req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": "image/*"})
        try:
            with urllib.request.urlopen(req, timeout=TIMEOUT) as resp:
                if not str(resp.headers.get("Content-Type", "")).startswith("image/"):
                    return None
                data: bytes = resp.read(MAX_BYTES + 1)
        except urllib.error.HTTPError as exc:
            if exc.code == 404:
                return None
            raise
        return data if 0 < len(data) <= MAX_BYTES else None

    def _fetch(self, name: str, set_code: str, number: str) -> None:
        data = self._get(image_url(self.base_url, set_code, number, self.lang))
        if data is None and self.lang != "en":  # no printing in this language: the English one
            data = self._get(image_url(self.base_url, set_code, number, "en"))
        if data is None:
            return

        atomic_write(image_path(self.root, name, set_code), data)
        self.downloaded.emit(name)


def image_dirs(settings: Any) -> list[Path]:
    """The picture folders for a table: the user's own first, then downloaded images."""
    dirs = list(settings.image_dirs())
    if getattr(settings, "download_images", False):
        dirs.append(download_root(settings.language))
    return dirs
