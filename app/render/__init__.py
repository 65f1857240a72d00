"""Manatable's card renderer: Pillow only (no Qt), safe in worker threads and processes.

    render_card(card, lang="en", width=488) -> PIL.Image    a card face (CardData or Mapping)
    render_back(width=488)                                   our card back
    render_token(name, type_line, power, toughness, colors, text, lang)
    render_unknown(name_or_mapping, lang)                    a card without full data
    CardImages(cache_dir=None, image_dirs=[]).path_for(card, lang, width) -> Path
    render_set(cards, lang, width, progress, cancel)         render many into the cache
    regions(card, lang, width)                               boxes of Room doors / level bands

Images are RGBA with transparent rounded corners, 63 x 88 mm proportions
(488 x 680 at the default width).
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.render.back import render_back
    from app.render.cache import RENDERER_VERSION, CardImages, cockatrice_name, render_set
    from app.render.card import RenderReport, regions, render_card, render_token, render_unknown, render_view
    from app.render.model import CardView, card_view

# lazy: start-up. The names above are imported on first use (PEP 562), so that a module of
# the package that needs no Pillow (download.py: where the pictures are) does not load it:
# the goldfish table shows before Pillow is loaded, the card faces are drawn once it is.
_WHERE = {"render_back": "back", "RENDERER_VERSION": "cache", "CardImages": "cache", "cockatrice_name": "cache",
          "render_set": "cache", "RenderReport": "card", "regions": "card", "render_card": "card",
          "render_token": "card", "render_unknown": "card", "render_view": "card", "CardView": "model",
          "card_view": "model"}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    got = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = got
    return got


def card_size(width: int = 488) -> tuple[int, int]:
    """(width, height) of a rendered card at this width."""
    return int(width), round(int(width) * 680 / 488)


__all__ = ["RENDERER_VERSION", "CardImages", "CardView", "RenderReport", "card_size", "card_view",
           "cockatrice_name", "regions", "render_back", "render_card", "render_set", "render_token",
           "render_unknown", "render_view"]
