"""Our own card back: a deep blue field, a lattice, a ring of the five mana colours around a
gold table oval, and the name "Manatable". (Not Wizards' card back.)"""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from app.render import frame as fr
from app.render.fonts import font, text_width
from app.render.symbols import symbol_image

GOLD = (232, 196, 104)
GOLD_DARK = (150, 112, 44)


@lru_cache(maxsize=4)
def _back(width: int) -> Image.Image:
    final = fr.Geo(width)
    g = fr.Geo(width * 2)  # supersampled once per width; the back is cached
    W, H = g.width, g.height
    img = Image.new("RGB", (W, H), fr.BORDER)
    body = g.box((16, 16, 472, 664))
    bw, bh = body[2] - body[0], body[3] - body[1]
    glow = Image.radial_gradient("L").resize((bw, bh))
    field = Image.composite(Image.new("RGB", (bw, bh), (12, 16, 34)), Image.new("RGB", (bw, bh), (52, 66, 118)),
                            glow)
    lattice = Image.new("L", (bw, bh), 0)
    d = ImageDraw.Draw(lattice)
    step = g(34)
    for i in range(-int(bh / step) - 2, int(bw / step) + 2):  # diamond lattice
        x = i * step
        d.line((x, 0, x + bh, bh), fill=38, width=max(1, round(g(1.2))))
        d.line((x + bh, 0, x, bh), fill=38, width=max(1, round(g(1.2))))
    field = Image.composite(Image.new("RGB", (bw, bh), (150, 170, 230)), field, lattice)
    mask = Image.new("L", (bw, bh), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, bw - 1, bh - 1), radius=g(14), fill=255)
    img.paste(field, body[:2], mask)
    d = ImageDraw.Draw(img)
    for inset, wdt in ((28, 3), (36, 1.5)):  # double gold rule
        d.rounded_rectangle(g.box((inset, inset, 488 - inset, 680 - inset)), radius=g(16), outline=GOLD,
                            width=max(1, round(g(wdt))))
    cx, cy = g(244), g(300)
    # the table: a gold oval with a soft shadow
    shadow = Image.new("L", (W, H), 0)
    ImageDraw.Draw(shadow).ellipse((cx - g(150), cy - g(96) + g(10), cx + g(150), cy + g(96) + g(10)), fill=160)
    shadow = shadow.filter(ImageFilter.GaussianBlur(g(10)))
    img = Image.composite(Image.new("RGB", (W, H), (0, 0, 0)), img, shadow)
    d = ImageDraw.Draw(img)
    d.ellipse((cx - g(150), cy - g(96), cx + g(150), cy + g(96)), fill=(28, 62, 58), outline=GOLD,
              width=max(1, round(g(5))))
    d.ellipse((cx - g(134), cy - g(82), cx + g(134), cy + g(82)), outline=GOLD_DARK, width=max(1, round(g(2))))
    out = img.convert("RGBA")
    size = round(g(62))
    for i, c in enumerate("WUBRG"):  # five mana colours seated around the table
        a = math.radians(-90 + i * 72)
        x, y = cx + math.cos(a) * g(104), cy + math.sin(a) * g(64)
        out.alpha_composite(symbol_image(c, size, shadow=True), (round(x - size / 2), round(y - size / 2)))
    d = ImageDraw.Draw(out)
    word = "Manatable"
    fsize = g(74)
    while text_width("bold", fsize, word) > g(380):
        fsize -= 1
    f = font("bold", fsize)
    ty = g(500)
    d.text((cx + g(3), ty + g(4)), word, font=f, fill=(0, 0, 0), anchor="mm")
    d.text((cx, ty), word, font=f, fill=GOLD, anchor="mm", stroke_width=max(1, round(g(1.5))),
           stroke_fill=GOLD_DARK)
    d.line((cx - g(120), ty + g(50), cx + g(120), ty + g(50)), fill=GOLD, width=max(1, round(g(2))))
    for dx in (-40, 0, 40):  # three small gold diamonds under the name
        x, y, r = cx + g(dx), ty + g(76), g(7 if dx else 9)
        d.polygon([(x, y - r), (x + r * 0.7, y), (x, y + r), (x - r * 0.7, y)], fill=GOLD)
    out = out.resize((final.width, final.height), Image.Resampling.LANCZOS)
    out.putalpha(fr.corner_mask(final.width))
    return out


def render_back(width: int = 488) -> Image.Image:
    """The Manatable card back as an RGBA image (a copy: safe to draw on)."""
    return _back(max(60, int(width))).copy()
