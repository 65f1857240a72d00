"""Card images on disk: the user's own scans (Cockatrice layout) or our renders, cached.

Lookup order for a card face, as Cockatrice does it (PictureLoaderLocal):
  1. <dir>/CUSTOM/**/<name>.<ext>   (any depth; <name> is Cockatrice's corrected name)
  2. <dir>/<SET>/<name>[.full|.xlhq].<ext>, then <dir>/downloadedPics/<SET>/...
  3. <dir>/<name>.full.<ext>, <dir>/<name>.<ext>   (a flat folder)
for each of the image_dirs in order; else our render, cached as
cache_dir()/cards/<lang>/<width>/<key>.png (key: hash of what is drawn + renderer version),
written atomically so a crash or a second thread never leaves half a file.
"""
from __future__ import annotations

import io
import re
import tempfile
import threading
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from PIL import Image

from app.render.back import render_back
from app.render.card import render_view
from app.render.model import card_view
from engine import paths
from engine.safeio import clean_tmp_leftovers

RENDERER_VERSION = "1"  # bump when drawing changes: old cache files are then never used again
EXTENSIONS = (".jpg", ".jpeg", ".png", ".webp")
_WINDOWS_RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(10)), *(f"LPT{i}" for i in range(10))}


def cockatrice_name(name: str) -> str:
    """The file name Cockatrice uses for a card (CardInfo::getCorrectedName).

    Split cards drop " // " ("Fire // Ice" -> "FireIce"), characters Windows forbids are
    removed and "/" becomes a space.
    """
    s = name.replace(" // ", "")
    s = re.sub(r'[*<>:"\\?|\x00-\x08\x10-\x1f]', "", s)
    return re.sub(r"[/\x09-\x0f]", " ", s)


def _field(card: Any, name: str) -> Any:
    return card.get(name) if isinstance(card, Mapping) else getattr(card, name, None)


def _candidate_names(card: Any) -> list[str]:
    names = []
    name = _field(card, "name") or ""
    if name:
        names.append(cockatrice_name(name))
    faces = _field(card, "faces") or _field(card, "card_faces") or ()
    if faces:  # some collections store a split card under its first half's name
        first = _field(faces[0], "name")
        if first:
            names.append(cockatrice_name(first))
    return list(dict.fromkeys(n for n in names if n))


_SAFE_SET = re.compile(r"[A-Za-z0-9_]{1,16}")
_FORMATS = {".jpg": "JPEG", ".jpeg": "JPEG", ".png": "PNG", ".webp": "WEBP"}
MAX_IMAGE_BYTES = 40 * 1024 * 1024
MAX_IMAGE_PIXELS = 40_000_000
_private_tmp: Path | None = None
_tmp_lock = threading.Lock()


def private_tmp() -> Path:
    """A temporary folder only this process can write (never a predictable shared name,
    where another user could plant images or symlinks)."""
    global _private_tmp
    with _tmp_lock:
        base = Path(tempfile.gettempdir())
        if _private_tmp is None or not _private_tmp.is_dir() or _private_tmp.parent != base:
            base.mkdir(parents=True, exist_ok=True)
            _private_tmp = Path(tempfile.mkdtemp(prefix="manatable-cards-", dir=base))
        return _private_tmp


def image_ok(path: Path, width: int | None = None) -> bool:
    """Whether `path` is a regular, not absurdly big image of the format its extension
    names (decoded with that format only: a "PNG" that is really something else is not
    handed to every decoder Pillow has); `width`: a render must have exactly that width."""
    fmt = _FORMATS.get(path.suffix.lower())
    try:
        if fmt is None or not path.is_file() or path.stat().st_size > MAX_IMAGE_BYTES:
            return False
        with Image.open(path, formats=[fmt]) as im:
            if im.width * im.height > MAX_IMAGE_PIXELS or im.width < 1:
                return False
            if width is not None and im.width != width:
                return False
            im.load()
        return True
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError):
        return False


def _set_dirs(set_code: str) -> list[str]:
    # Set codes come from imported files: only plain codes become folder names ("../..").
    if not _SAFE_SET.fullmatch(set_code):
        return []
    out = [set_code, set_code.upper(), set_code.lower()]
    if set_code.upper() in _WINDOWS_RESERVED:  # Cockatrice's corrected set name: "CON" -> "CON_"
        out.insert(0, set_code.upper() + "_")
    return list(dict.fromkeys(s for s in out if s))


class CardImages:
    """Finds or renders the image file of a card face. Safe to share between threads."""

    def __init__(self, cache_dir: Path | None = None, image_dirs: Iterable[Path] = ()):
        self._cache_dir = Path(cache_dir) if cache_dir is not None else None
        self.image_dirs = [Path(d) for d in image_dirs]
        self._custom: dict[str, Path] | None = None
        self._lock = threading.Lock()
        self._checked: dict[tuple[str, int, float], bool] = {}   # (path, size, mtime) -> ok
        self._cleaned: set[Path] = set()

    @property
    def root(self) -> Path:
        """Where renders go: <cache dir>/cards (resolved at use, so MANATABLE_HOME applies).
        The first use also removes half-written renders a killed session left behind."""
        root = (self._cache_dir if self._cache_dir is not None else paths.cache_dir()) / "cards"
        if root not in self._cleaned:
            self._cleaned.add(root)
            clean_render_leftovers(root)
        return root

    def refresh(self) -> None:
        """Forget the index of CUSTOM folders (call after the user changed their images)."""
        with self._lock:
            self._custom = None

    def _custom_index(self) -> dict[str, Path]:
        with self._lock:
            if self._custom is None:
                index: dict[str, Path] = {}
                for d in self.image_dirs:
                    custom = d / "CUSTOM"
                    if not custom.is_dir():
                        continue
                    for p in sorted(custom.rglob("*")):
                        if p.is_file() and p.suffix.lower() in EXTENSIONS:
                            # like Cockatrice: "Name.full.jpg" answers to "Name" and "Name.full"
                            index.setdefault(p.name.split(".")[0], p)
                            index.setdefault(p.stem, p)
                self._custom = index
            return self._custom

    def user_image(self, card: Any) -> Path | None:
        """The user's own image of this card, if one of the image folders has it."""
        if not self.image_dirs:
            return None
        names = _candidate_names(card)
        custom = self._custom_index()
        for n in names:
            if n in custom:
                return custom[n]
        set_code = str(_field(card, "set") or _field(card, "set_code") or "")
        for d in self.image_dirs:
            folders = [d / s for s in _set_dirs(set_code)] + [d / "downloadedPics" / s for s in _set_dirs(set_code)]
            for folder in folders:
                for n in names:
                    for suffix in ("", ".full", ".xlhq"):
                        for ext in EXTENSIONS:
                            p = folder / f"{n}{suffix}{ext}"
                            if p.is_file():
                                return p
            for n in names:
                for suffix in (".full", ""):
                    for ext in EXTENSIONS:
                        p = d / f"{n}{suffix}{ext}"
                        if p.is_file():
                            return p
        return None

    def cached_path(self, card: Any, lang: str = "en", width: int = 488) -> Path:
        """Where our render of this face lives (whether or not it has been made yet)."""
        view = card_view(card, lang)
        return self.root / view.lang / str(int(width)) / f"{view.key(int(width), RENDERER_VERSION)}.png"

    def path_for(self, card: Any, lang: str = "en", width: int = 488) -> Path:
        """The image file to show for a card face: the user's image, else our (cached) render.

        A user image is returned as it is (any size, JPEG or PNG); renders are PNG at width.
        """
        user = self.user_image(card)
        if user is not None and self._ok(user):
            return user                    # a broken or huge user image: our render instead
        view = card_view(card, lang)
        name = Path(view.lang) / str(int(width)) / f"{view.key(int(width), RENDERER_VERSION)}.png"
        path = self.root / name
        if not path.is_file() or not self._ok(path, int(width)):
            try:
                _save(render_view(view, int(width)), path)   # new, or a damaged cache file
            except OSError:
                # cache dir not writable (full disk, read-only portable install): the card
                # must still show, so render into this process's private temp folder
                path = private_tmp() / name
                if not path.is_file():
                    _save(render_view(view, int(width)), path)
        return path

    def _ok(self, path: Path, width: int | None = None) -> bool:
        try:
            st = path.stat()
        except OSError:
            return False
        key = (str(path), st.st_size, st.st_mtime)
        with self._lock:
            known = self._checked.get(key)
        if known is None:
            known = image_ok(path, width)
            with self._lock:
                self._checked[key] = known
        return known

    def back_path(self, width: int = 488) -> Path:
        path = self.root / "back" / f"back-v{RENDERER_VERSION}-{int(width)}.png"
        if not path.is_file():
            _save(render_back(int(width)), path)
        return path

    def image(self, card: Any, lang: str = "en", width: int = 488) -> Image.Image:
        """The face as an RGBA image `width` wide (user images are scaled to that width)."""
        path = self.path_for(card, lang, width)
        with Image.open(path, formats=[_FORMATS.get(path.suffix.lower(), "PNG")]) as f:
            im = f.convert("RGBA")
        if im.width != width:
            im = im.resize((int(width), round(im.height * width / im.width)), Image.Resampling.LANCZOS)
        return im


def clean_render_leftovers(root: Path, depth: int = 2) -> int:
    """atomic_write's `.NAME.*.tmp` files in the cache folders (root/LANG/WIDTH; an hour old
    or more, so a render in progress in another Manatable is never touched) after a `kill -9`."""
    if not root.is_dir() or root.is_symlink():
        return 0
    removed = clean_tmp_leftovers(root)
    if depth > 0:
        try:
            folders = [d for d in root.iterdir() if d.is_dir() and not d.is_symlink()]
        except OSError:
            return removed
        removed += sum(clean_render_leftovers(d, depth - 1) for d in folders)
    return removed


def _save(img: Image.Image, path: Path) -> None:
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=3)  # level 3: near the size of 6 at a third of the time
    paths.atomic_write(path, buf.getvalue())


def render_set(cards: Iterable[Any], lang: str = "en", width: int = 488,
               progress: Callable[[int, int], None] | None = None,
               cancel: Callable[[], bool] | None = None, images: CardImages | None = None) -> list[Path]:
    """Make sure every card has an image file (for a background job); returns their paths.

    progress(done, total) is called after each card; cancel() returning True stops early
    (the paths so far are returned). A threading.Event's is_set works as cancel.
    """
    images = images or CardImages()
    todo = list(cards)
    out = []
    for i, card in enumerate(todo):
        if cancel is not None and cancel():
            break
        out.append(images.path_for(card, lang, width))
        if progress is not None:
            progress(i + 1, len(todo))
    return out
