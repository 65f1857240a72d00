"""The deck editor's view of the cards: one card database, a record cache, card images.

`shared_library()` is the instance every editor and browser window uses, so a card file
imported in the card database window shows up in every open editor. The shell may make
its own with `set_shared_library(CardLibrary(db=...))` before the first window opens.
"""
from __future__ import annotations

import logging
import tempfile
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QSize, Qt, Signal
from PySide6.QtGui import QImage, QPixmap

from app.i18n import language
from app.render import CardImages
from app.settings import load
from engine.cards.data import bundled_cards
from engine.cards.db import CardDB, CardDBUnavailable, CardRecord, SetInfo
from engine.cards.importers.common import Message
from engine.decks import ChainedResolver, FunctionResolver, NameResolver, default_resolver
from engine.decks.names import BASIC_LAND_TRANSLATIONS

log = logging.getLogger(__name__)

#: Type groups of the deck list, in display order. A card goes to the first group of
#: GROUP_PRIORITY its types contain (an Artifact Creature is a creature, an Artifact Land a
#: land, as Cockatrice groups them).
GROUPS = ("creature", "planeswalker", "battle", "instant", "sorcery", "artifact",
          "enchantment", "land", "other", "unknown")
GROUP_PRIORITY = ("creature", "planeswalker", "battle", "land", "instant", "sorcery",
                  "artifact", "enchantment")
RENDER_WIDTH = 488


def card_group(record: CardRecord | None) -> str:
    """The deck-list group of a card: 'creature', 'land', ... or 'unknown' (not in the db)."""
    if record is None:
        return "unknown"
    types = {t.lower() for t in record.types}
    if not types:   # a split card's types are on its faces; the type line has them all
        types = {w.lower() for w in record.type_line.replace("—", " ").split()}
    return next((g for g in GROUP_PRIORITY if g in types), "other")


def is_land(record: CardRecord | None) -> bool:
    return record is not None and card_group(record) == "land"


class _Bridge(QObject):
    done = Signal(str, QImage)


class CardPixmaps(QObject):
    """Card faces as QPixmaps in the UI language, rendered off the GUI thread.

    `face(name, width)` returns None until the image is ready, then `ready(name)` fires.
    Renders take 30-80 ms the first time (then they are PNGs in the disk cache); doing
    them here would make typing in the search box stutter.
    """

    ready = Signal(str)

    def __init__(self, library: CardLibrary, image_dirs: list[Path] | None = None) -> None:
        super().__init__()
        self._library = library
        self._image_dirs = list(image_dirs or [])
        self._images: Any = None
        self._pix: dict[str, QPixmap] = {}
        self._jobs: dict[str, Future[Any]] = {}
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="deck-cards")
        self._bridge = _Bridge()
        self._bridge.done.connect(self._done, Qt.ConnectionType.QueuedConnection)
        self._closed = False

    def _card_images(self) -> Any:
        if self._images is None:
            self._images = CardImages(image_dirs=self._image_dirs)
        return self._images

    @staticmethod
    def _key(name: str, lang: str, width: int) -> str:
        return f"{lang}|{width}|{name}"

    def face(self, name: str, width: int = 244, lang: str | None = None) -> QPixmap | None:
        """The face of `name` scaled to `width`, or None while it is being rendered."""
        lang = lang or language()
        key = self._key(name, lang, width)
        pix = self._pix.get(key)
        if pix is not None or key in self._jobs or self._closed:
            return pix
        source = self._library.render_source(name)
        images = self._card_images()
        self._jobs[key] = self._pool.submit(self._work, key, name, images, source, lang, width)
        return None

    def _work(self, key: str, name: str, images: Any, source: Any, lang: str,
              width: int) -> None:
        try:
            img = QImage(str(images.path_for(source, lang, RENDER_WIDTH)))
            if img.isNull():
                raise ValueError("unreadable image")
            img = img.scaled(QSize(width, round(width * 680 / 488)),
                             Qt.AspectRatioMode.IgnoreAspectRatio,
                             Qt.TransformationMode.SmoothTransformation)
        except Exception:   # a broken user image or a renderer bug: show the placeholder
            log.exception("Cannot make the image of %s", name)
            img = QImage()
        self._bridge.done.emit(key, img)

    def _done(self, key: str, img: QImage) -> None:
        self._jobs.pop(key, None)
        if img.isNull() or self._closed:
            return
        self._pix[key] = QPixmap.fromImage(img)
        self.ready.emit(key.split("|", 2)[2])

    def flush(self, timeout: float = 30.0) -> None:
        """Wait for every pending render and deliver it (tests and screenshots)."""
        for _ in range(50):
            jobs = list(self._jobs.values())
            if not jobs:
                break
            for job in jobs:
                job.result(timeout=timeout)
            QCoreApplication.processEvents()
        QCoreApplication.processEvents()

    def clear(self) -> None:
        self._pix.clear()

    def shutdown(self) -> None:
        self._closed = True
        self._pool.shutdown(wait=False, cancel_futures=True)


class CardLibrary(QObject):
    """The card database plus what the editor asks of it many times a second."""

    #: The database changed (an import finished): cached records and searches are stale.
    changed = Signal()

    def __init__(self, db: CardDB | None = None, image_dirs: list[Path] | None = None) -> None:
        super().__init__()
        self._db = db
        self._records: dict[str, CardRecord | None] = {}
        self._sets: list[SetInfo] | None = None
        self._lock = threading.Lock()
        self._notices_told = 0  # the database's notices an editor has said already (take_notices)
        if image_dirs is None:
            image_dirs = _settings_image_dirs()
        self.pixmaps = CardPixmaps(self, image_dirs)

    @property
    def db(self) -> CardDB:
        """The database, opened (and built from the bundled cards if needed) on first use.

        When the user's database is locked by another program, on a full disk or cannot be
        opened, it is left alone: the editor works on the bundled cards, built into a
        private temporary folder (read-only, so no import is lost), and says why.
        """
        if self._db is None:
            try:
                self._db = CardDB.open()
            except CardDBUnavailable as exc:
                log.warning("Card database unavailable: %s", exc)
                folder = Path(tempfile.mkdtemp(prefix="manatable-cards-"))
                db = CardDB.open(folder / "cards.sqlite")
                db.read_only = True
                db.notices.insert(0, exc.msg)
                self._db = db
        return self._db

    def take_notices(self) -> list[Message]:
        """What opening the database did that the user must know and no editor has said yet
        (rebuilt after damage, kept aside, locked by another program: CardDB.notices)."""
        notices = self.db.notices[self._notices_told:]
        self._notices_told = len(self.db.notices)
        return list(notices)

    def reopen(self) -> None:
        """Close the database and open it again on next use (after restoring a backup)."""
        if self._db is not None:
            self._db.close()
        self._db = None
        self._notices_told = 0
        self.database_changed()

    def record(self, name: str) -> CardRecord | None:
        """The card called `name` (English, or any language), cached; None if unknown."""
        with self._lock:
            if name in self._records:
                return self._records[name]
        try:
            found = self.db.get(name) if name.strip() else None
        except Exception:   # a database problem must not break drawing the deck list
            log.exception("Cannot look up %s", name)
            found = None
        with self._lock:
            self._records[name] = found
        return found

    def display_name(self, name: str) -> str:
        """The card's name in the UI language (English where no translation is known)."""
        ui = language()
        record = self.record(name)
        if record is None:
            return name
        shown = record.localized_name(ui)
        if shown == name and ui != "en" and name in BASIC_LAND_TRANSLATIONS:
            # The card data has no translations for basic lands; the deck readers know them.
            shown = BASIC_LAND_TRANSLATIONS[name][("de", "it").index(ui)]
        return shown

    def group(self, name: str) -> str:
        return card_group(self.record(name))

    def render_source(self, name: str) -> Any:
        """What the renderer draws for `name`: bundled data (it knows level bands, Rooms'
        reminders ...), else the database record, else just the name."""
        data = bundled_cards().get(name)
        if data is not None:
            return data
        return self.record(name) or {"name": name}

    def resolver(self) -> NameResolver:
        """Names in any language -> English, database first, bundled names as a fallback."""
        db = self.db
        return ChainedResolver(FunctionResolver(db.resolve_name, db.close_matches),
                               default_resolver())

    def sets(self) -> list[SetInfo]:
        """The database's sets, cached: counting cards per set takes ~0.2 s at 33,000 cards."""
        if self._sets is None:
            try:
                self._sets = self.db.sets()
            except Exception:
                log.exception("Cannot list the sets")
                return []
        return self._sets

    def database_changed(self, sets: list[SetInfo] | None = None) -> None:
        """Call after an import (with the new set list if the worker already read it, so
        the GUI thread does not): forget cached records and tell every view."""
        with self._lock:
            self._records.clear()
        self._sets = sets
        self.changed.emit()


def _settings_image_dirs() -> list[Path]:
    try:
        return load()[0].image_dirs()
    except Exception:
        return []


_shared: CardLibrary | None = None


def shared_library() -> CardLibrary:
    """The CardLibrary all deck windows share (created on first use)."""
    global _shared
    if _shared is None:
        _shared = CardLibrary()
    return _shared


def set_shared_library(library: CardLibrary | None) -> None:
    """Use `library` from now on (None: make a new one on next use; tests do this)."""
    global _shared
    if _shared is not None and _shared is not library:
        _shared.pixmaps.shutdown()
    _shared = library
