"""Card pixmaps: rendered (or found in the user's image folder) off the GUI thread, scaled
once, cached by (card, language, size).

Rendering a face takes 30-80 ms the first time (then it is a PNG in the disk cache), so
items ask for a pixmap, draw a placeholder while it is missing, and repaint when `ready`
fires. QImage is thread-safe; the QPixmap is made on the GUI thread.
"""
from __future__ import annotations

import logging
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QCoreApplication, QObject, QSize, Qt, Signal
from PySide6.QtGui import QImage, QPixmap

from app.i18n import emblem_card
from engine.cards.behaviour import printed

log = logging.getLogger(__name__)
TABLE_WIDTH = 180  # pixels of a face on the table (2x the item width: sharp up to 200 % zoom)
PREVIEW_WIDTH = 488
RENDER_WIDTH = {TABLE_WIDTH: 244, PREVIEW_WIDTH: 488}  # rendered wider and scaled down: crisper


def card_source(name: str | None, token_def: dict[str, Any] | None = None) -> Any:
    """What the renderer draws for a card name: bundled data, a token mapping, or the name."""
    if token_def and token_def.get("type_line") == "Emblem":  # CR 114: an emblem, not a token
        return emblem_card(name or str(token_def.get("name", "")), str(token_def.get("text", "")))
    if token_def:
        d = dict(token_def)
        d.setdefault("name", name or "Token")
        d["is_token"] = True
        return d

    data = printed(name or "")  # bundled, or imported from the card database (app/imported.py)
    return data if data is not None else {"name": name or "?"}


class _Bridge(QObject):
    done = Signal(str, QImage)


class PixmapStore(QObject):
    """Faces and backs as QPixmaps. `face()` returns None until the render is ready."""

    ready = Signal(str)  # a key became available

    def __init__(self, lang: str = "en", image_dirs: list[Path] | None = None,
                 cache_dir: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.lang = lang
        self._image_dirs = list(image_dirs or [])
        self._cache_dir = cache_dir
        self._images: Any = None
        self._pix: dict[str, QPixmap] = {}
        self._jobs: dict[str, Future[Any]] = {}
        self._failed: set[str] = set()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cards")
        self._bridge = _Bridge()
        self._bridge.done.connect(self._done, Qt.ConnectionType.QueuedConnection)
        self._lock = threading.Lock()

    def images(self) -> Any:
        if self._images is None:
            from app.render import CardImages  # lazy: Pillow and the renderer load once a face is drawn (start-up)
            self._images = CardImages(cache_dir=self._cache_dir, image_dirs=self._image_dirs)
        return self._images

    def set_language(self, lang: str) -> None:
        self.lang = lang

    def set_image_dirs(self, dirs: list[Path]) -> None:
        self._image_dirs = list(dirs)
        self._images = None
        self._pix.clear()
        self._failed.clear()

    # ----------------------------------------------------------------- lookups
    @staticmethod
    def key(name: str | None, lang: str, width: int, token_def: dict[str, Any] | None = None) -> str:
        tok = "" if not token_def else "|t:" + ",".join(f"{k}={token_def[k]}" for k in sorted(token_def))
        return f"{lang}|{width}|{name}{tok}"

    def face(self, name: str | None, token_def: dict[str, Any] | None = None, width: int = TABLE_WIDTH,
             lang: str | None = None) -> QPixmap | None:
        lang = lang or self.lang
        k = self.key(name, lang, width, token_def)
        pix = self._pix.get(k)
        if pix is not None:
            return pix
        if k not in self._jobs and k not in self._failed:
            images = self.images()
            src = card_source(name, token_def)
            self._jobs[k] = self._pool.submit(self._work, k, lambda: images.path_for(src, lang, RENDER_WIDTH[width]),
                                              width)
        return None

    def back(self, width: int = TABLE_WIDTH) -> QPixmap | None:
        k = f"back|{width}"
        pix = self._pix.get(k)
        if pix is not None:
            return pix
        if k not in self._jobs and k not in self._failed:
            images = self.images()
            self._jobs[k] = self._pool.submit(self._work, k, lambda: images.back_path(RENDER_WIDTH[width]), width)
        return None

    def _work(self, key: str, path_of: Callable[[], Path], width: int) -> QImage:
        try:
            img = QImage(str(path_of()))
            if img.isNull():
                raise ValueError("unreadable image")
            h = round(width * 680 / 488)
            img = img.scaled(QSize(width, h), Qt.AspectRatioMode.IgnoreAspectRatio,
                             Qt.TransformationMode.SmoothTransformation)
        except Exception:  # a broken user image or a renderer bug: the placeholder stays
            log.exception("Cannot make the image for %s", key)
            img = QImage()
        self._bridge.done.emit(key, img)
        return img

    def _done(self, key: str, img: QImage) -> None:
        self._jobs.pop(key, None)
        if img.isNull():
            self._failed.add(key)
            return
        self._pix[key] = QPixmap.fromImage(img)
        self.ready.emit(key)

    def forget(self, name: str) -> None:
        """A new image of this card arrived (a download): drop what we have, redraw."""
        for k in [k for k in self._pix if k.endswith(f"|{name}") or f"|{name}|t:" in k]:
            del self._pix[k]
            self.ready.emit(k)
        self._failed = {k for k in self._failed if not k.endswith(f"|{name}")}

    def flush(self, timeout: float = 30.0) -> None:
        """Wait for every pending render and deliver it (tests, self-test, screenshots)."""
        for _ in range(50):
            jobs = list(self._jobs.values())
            if not jobs:
                break
            for f in jobs:
                f.result(timeout=timeout)
            QCoreApplication.processEvents()
        QCoreApplication.processEvents()

    def pending(self) -> int:
        return len(self._jobs)

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
