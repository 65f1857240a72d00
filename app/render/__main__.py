"""Renderer chores: `python -m app.render symbols | samples | bench`.

  symbols   rewrite assets/symbols/*.svg from the symbol art in symbols.py
  samples   rewrite docs/screenshots/render_*.png (the cards we look at after changes)
  bench     milliseconds per render, median over 50 bundled cards, at 488 and 244 px
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from PIL import Image

from app.render.back import render_back
from app.render.card import render_card, render_token
from app.render.symbols import write_svgs
from engine.cards.data import bundled_cards
from engine.paths import ASSETS

SCREENSHOTS = ASSETS.parent / "docs" / "screenshots"
SAMPLES = [  # (file, English card name, language)
    ("render_white_creature", "Acrobatic Cheerleader", "en"),
    ("render_room", "Dazzling Theater // Prop Room", "en"),
    ("render_leveler", "Student of Warfare", "en"),
    ("render_land", "Abandoned Campground", "en"),
    ("render_basic_land", "Forest", "en"),
    ("render_multicolour", "Kaito, Bane of Nightmares", "en"),
    ("render_german", "Kaito, Bane of Nightmares", "de"),
    ("render_german_room", "Central Elevator // Promising Stairs", "de"),
    ("render_italian", "Dazzling Theater // Prop Room", "it"),
    ("render_italian_leveler", "Caravan Escort", "it"),
]
TABLE = ["Acrobatic Cheerleader", "Dazzling Theater // Prop Room", "Student of Warfare", "Forest",
         "Kaito, Bane of Nightmares", "Boilerbilges Ripper", "Abandoned Campground", "Cult Healer",
         "Valgavoth, Terror Eater", "Overlord of the Hauntwoods"]


def samples(out: Path = SCREENSHOTS) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    cards = bundled_cards()
    written = []
    for file, name, lang in SAMPLES:
        render_card(cards[name], lang).save(out / f"{file}.png")
        written.append(out / f"{file}.png")
    render_back().save(out / "render_back.png")
    render_token("Treasure", "Artifact — Treasure",
                 text="{T}, Sacrifice this token: Add one mana of any color.").save(out / "render_token.png")
    # how cards look on the table: 122 px wide, rendered at that size
    thumbs = [render_card(cards[n], "en", 122) for n in TABLE if n in cards] + [render_back(122)]
    sheet = Image.new("RGBA", (len(thumbs) * 128 + 6, 182), (40, 70, 50, 255))
    for i, t in enumerate(thumbs):
        sheet.alpha_composite(t, (6 + i * 128, 6))
    sheet.save(out / "render_table_122px.png")
    written += [out / "render_back.png", out / "render_token.png", out / "render_table_122px.png"]
    return written


def bench(n: int = 50) -> dict[int, tuple[float, float]]:
    """(wall, CPU) median ms per render_card over n bundled cards (every 6th card, so all
    layouts and languages' lengths mix), with warm caches (fonts, frame templates, symbols).
    CPU time is the steadier number on a busy machine."""
    cards = list(bundled_cards().values())[::6][:n]
    result = {}
    for width in (488, 244):
        for c in cards:
            render_card(c, "en", width)
        wall, cpu = [], []
        for c in cards:
            t, p = time.perf_counter(), time.process_time()
            render_card(c, "en", width)
            wall.append((time.perf_counter() - t) * 1000)
            cpu.append((time.process_time() - p) * 1000)
        result[width] = (statistics.median(wall), statistics.median(cpu))
    return result


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else ""
    if cmd == "symbols":
        print(len(write_svgs(ASSETS / "symbols")), "SVG symbols written to", ASSETS / "symbols")
    elif cmd == "samples":
        for p in samples():
            print(p)
    elif cmd == "bench":
        for width, (wall, cpu) in bench().items():
            print(f"{width} px: {wall:.1f} ms wall, {cpu:.1f} ms CPU per card (median of 50)")
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
