"""The bundled fonts (assets/fonts, DejaVu) by role, cached per thread.

We bundle the fonts because a fresh machine may have none, and the card text needs
German umlauts/ß and Italian accents. Font objects are cached per thread: the table and
the deck editor render from worker threads, and a FreeType face should not be shared
between threads.
"""
from __future__ import annotations

import threading
from pathlib import Path

from PIL import ImageFont

from engine.paths import ASSETS

FONT_DIR = ASSETS / "fonts"
FACES = {
    "bold": "DejaVuSansCondensed-Bold.ttf",     # names, type lines, P/T: legible when small
    "text": "DejaVuSerifCondensed.ttf",         # rules text
    "italic": "DejaVuSerifCondensed-Italic.ttf",  # reminder text, ability words
}
_local = threading.local()


def font_path(role: str) -> Path:
    return FONT_DIR / FACES[role]


def font(role: str, size: float) -> ImageFont.FreeTypeFont:
    """The font for a role ('bold', 'text', 'italic') at a pixel size (rounded to 1/4 px)."""
    size = max(1.0, round(size * 4) / 4)
    cache: dict[tuple[str, float], ImageFont.FreeTypeFont] | None = getattr(_local, "fonts", None)
    if cache is None:
        cache = _local.fonts = {}
    key = (role, size)
    f = cache.get(key)
    if f is None:
        if len(cache) > 400:  # fitting tries many sizes; keep the per-thread cache bounded
            cache.clear()
        f = ImageFont.truetype(str(font_path(role)), size, layout_engine=ImageFont.Layout.BASIC)
        cache[key] = f
    return f


def text_width(role: str, size: float, text: str) -> float:
    """Advance width of text in a font, memoised per thread (layout measures words many times)."""
    size = max(1.0, round(size * 4) / 4)
    widths: dict[tuple[str, float, str], float] | None = getattr(_local, "widths", None)
    if widths is None:
        widths = _local.widths = {}
    key = (role, size, text)
    w = widths.get(key)
    if w is None:
        if len(widths) > 200_000:
            widths.clear()
        w = widths[key] = font(role, size).getlength(text)
    return w
