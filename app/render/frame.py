"""Card frames: colours, the box geometry of each layout, and the cached frame templates.

All geometry is written for the 488 x 680 card and scaled. A frame template (border,
coloured body, name bar, art box, type bar, text box) depends only on the layout, the
frame colour and the art colours, so it is built once per width (supersampled 2x, for
smooth rounded edges) and copied for each card; only the words are drawn per card.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from app.render.symbols import symbol_image

BASE_W, BASE_H = 488, 680
Box = tuple[float, float, float, float]
RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Palette:
    body: RGB     # frame colour at the top
    body2: RGB    # ... and at the bottom (a gentle gradient)
    bar: RGB      # name and type bars
    box: RGB      # text box
    edge: RGB     # outlines of bars and boxes


PALETTES = {
    "W": Palette((238, 231, 208), (206, 194, 158), (251, 248, 238), (252, 250, 244), (140, 124, 88)),
    "U": Palette((44, 116, 184), (20, 68, 126), (216, 233, 246), (237, 244, 250), (14, 48, 88)),
    "B": Palette((70, 63, 66), (26, 23, 24), (221, 214, 212), (240, 236, 234), (8, 6, 6)),
    "R": Palette((212, 82, 52), (148, 40, 22), (249, 222, 208), (251, 239, 232), (96, 26, 12)),
    "G": Palette((54, 136, 80), (22, 86, 44), (218, 237, 212), (238, 245, 234), (12, 56, 28)),
    "M": Palette((226, 188, 92), (172, 130, 44), (252, 241, 206), (253, 248, 233), (104, 74, 16)),
    "C": Palette((172, 180, 187), (110, 119, 128), (233, 236, 239), (245, 246, 248), (64, 70, 78)),
    "L": Palette((174, 138, 98), (116, 86, 56), (241, 231, 213), (248, 243, 234), (76, 54, 32)),
}
# (light, dark) of the art box per colour; "L" is an untinted land, "?" an unknown card
ART = {
    "W": ((252, 244, 212), (206, 186, 128)), "U": ((150, 198, 236), (28, 78, 150)),
    "B": ((132, 120, 126), (28, 24, 26)), "R": ((246, 160, 118), (156, 42, 20)),
    "G": ((150, 206, 138), (28, 100, 50)), "C": ((210, 214, 219), (108, 116, 124)),
    "L": ((214, 188, 150), (112, 82, 50)), "?": ((190, 190, 196), (96, 96, 104)),
}
BORDER = (22, 20, 19)
INK = (18, 16, 14)

# Box geometry per layout (488 x 680 units).
BODY = (14, 14, 474, 646)
NORMAL: dict[str, Box] = {"name": (24, 24, 464, 84), "art": (34, 90, 454, 300), "type": (24, 304, 464, 350),
          "text": (34, 354, 454, 622)}
# for long rules text (planeswalkers, long German texts): a shorter art box, a taller text box
LONG: dict[str, Box] = {"name": (24, 24, 464, 84), "art": (34, 90, 454, 226), "type": (24, 230, 464, 276),
        "text": (34, 280, 454, 622)}
TOKEN: dict[str, Box] = {"name": (24, 24, 464, 84), "art": (34, 90, 454, 404), "type": (24, 408, 464, 454),
         "text": (34, 458, 454, 622)}
LEVELER: dict[str, Box] = {"name": (24, 24, 464, 84), "art": (34, 90, 454, 236), "type": (24, 240, 464, 286),
           "bands": (34, 290, 454, 636)}
PT_BOX = (350, 602, 468, 654)
def half_boxes(index: int, reminder: bool) -> dict[str, Box]:
    """One half of a split card (a Room door): the halves stack, a reminder strip may follow."""
    half = 268 if reminder else 296
    y = 24 + index * (half + 6)
    return {"name": (24, y, 464, y + 52), "type": (24, y + 56, 464, y + 96),
            "text": (34, y + 100, 454, y + half)}


REMINDER_STRIP = (34, 574, 454, 638)


def band_boxes(n_bands: int) -> list[Box]:
    """The leveler's stacked sections: the level-up section, then one per band."""
    x0, y0, x1, y1 = LEVELER["bands"]
    n = n_bands + 1
    gap = 4
    h = (y1 - y0 - gap * (n - 1)) / n
    return [(x0, y0 + i * (h + gap), x1, y0 + i * (h + gap) + h) for i in range(n)]


def boxes_for(layout: str) -> dict[str, Box]:
    return {"token": TOKEN, "leveler": LEVELER, "long": LONG}.get(layout, NORMAL)


class Geo:
    """Scales 488-unit geometry to a card width."""

    def __init__(self, width: int):
        self.width = int(width)
        self.height = round(self.width * BASE_H / BASE_W)
        self.s = self.width / BASE_W

    def __call__(self, v: float) -> float:
        return v * self.s

    def box(self, b: Box) -> tuple[int, int, int, int]:
        return (round(b[0] * self.s), round(b[1] * self.s), round(b[2] * self.s), round(b[3] * self.s))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def _vgradient(size: tuple[int, int], top: RGB, bottom: RGB) -> Image.Image:
    mask = Image.linear_gradient("L").resize(size)
    return Image.composite(Image.new("RGB", size, bottom), Image.new("RGB", size, top), mask)


@lru_cache(maxsize=96)
def art_image(size: tuple[int, int], colors: tuple[str, ...], watermark: bool = True) -> Image.Image:
    """The art box: a gradient in the card's colours (side by side for multicolour cards),
    faint rays, and its colour symbols as a watermark. Our own stand-in for illustrations.
    Cached apart from the frame (many colour combinations, few frames); shared: paste it."""
    w, h = size
    keys = [c for c in colors if c != "C"] or (["C"] if colors else ["?"])
    img = Image.new("RGB", size)
    for i, c in enumerate(keys):
        light, dark = ART.get(c, ART["?"])
        x0, x1 = round(i * w / len(keys)), round((i + 1) * w / len(keys))
        img.paste(_vgradient((max(1, x1 - x0), h), light, dark), (x0, 0))
    if len(keys) > 1:  # soften the seams between colours
        img = img.filter(ImageFilter.GaussianBlur(w / len(keys) / 3))
    rays = Image.new("L", size, 0)
    d = ImageDraw.Draw(rays)
    cx, cy = w / 2, h * 1.15
    for i in range(1, 9):
        r = h * 0.22 * i
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=46, width=max(1, round(h / 90)))
    img = Image.composite(Image.new("RGB", size, (255, 255, 255)), img, rays)
    if watermark and colors:
        sym = round(min(h * 0.5, w * 0.8 / len(colors)))
        total = sym * len(colors) + sym // 6 * (len(colors) - 1)
        x = (w - total) // 2
        layer = Image.new("RGBA", size, (0, 0, 0, 0))
        for c in colors:
            layer.alpha_composite(symbol_image(c, sym), (x, (h - sym) // 2))
            x += sym + sym // 6
        alpha = layer.getchannel("A").point(lambda a: a * 40 // 100)
        layer.putalpha(alpha)
        base = img.convert("RGBA")
        base.alpha_composite(layer)
        img = base.convert("RGB")
    return img


@lru_cache(maxsize=8)
def corner_mask(width: int) -> Image.Image:
    """Alpha mask of the card's rounded outline (transparent corners for the table)."""
    g = Geo(width)
    k = 4
    m = Image.new("L", (g.width * k, g.height * k), 0)
    ImageDraw.Draw(m).rounded_rectangle((0, 0, g.width * k - 1, g.height * k - 1), radius=g(24) * k, fill=255)
    return m.resize((g.width, g.height), Image.Resampling.LANCZOS)


def _panel(d: ImageDraw.ImageDraw, g: Geo, b: Box, fill: RGB, edge: RGB, radius: float, width: float) -> None:
    d.rounded_rectangle(g.box(b), radius=g(radius), fill=fill, outline=edge, width=max(1, round(g(width))))


@lru_cache(maxsize=48)
def template(layout: str, frame: str, width: int, n_bands: int = 0) -> Image.Image:
    """The empty frame of a layout, as an RGBA image with transparent corners (shared: copy it).

    The art box is left empty: paste_art() fills it per card."""
    final = Geo(width)
    g = Geo(width * 2)  # drawn at twice the size, then reduced: smooth edges and curves
    pal = PALETTES.get(frame, PALETTES["C"])
    img = Image.new("RGB", (g.width, g.height), BORDER)
    body = g.box(BODY)
    grad = _vgradient((body[2] - body[0], body[3] - body[1]), pal.body, pal.body2)
    mask = Image.new("L", grad.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, grad.width - 1, grad.height - 1), radius=g(12), fill=255)
    img.paste(grad, body[:2], mask)
    d = ImageDraw.Draw(img)
    box_fill = mix(pal.box, pal.body, 0.06)
    if layout in ("split", "split+reminder"):
        for i in (0, 1):
            b = half_boxes(i, layout == "split+reminder")
            _panel(d, g, b["name"], pal.bar, pal.edge, 12, 2.5)
            _panel(d, g, b["type"], pal.bar, pal.edge, 9, 2)
            _panel(d, g, b["text"], box_fill, pal.edge, 4, 2)
        if layout == "split+reminder":
            _panel(d, g, REMINDER_STRIP, mix(box_fill, pal.body, 0.25), pal.edge, 4, 1.5)
    else:
        b = boxes_for(layout)
        _panel(d, g, b["name"], pal.bar, pal.edge, 12, 2.5)
        _panel(d, g, b["type"], pal.bar, pal.edge, 9, 2)
        if layout == "leveler":
            for i, bb in enumerate(band_boxes(n_bands)):
                # each higher band is a shade darker, as on printed levelers
                _panel(d, g, bb, mix(box_fill, pal.body2, 0.12 * i), pal.edge, 4, 2)
        else:
            _panel(d, g, b["text"], box_fill, pal.edge, 4, 2)
    out = img.resize((final.width, final.height), Image.Resampling.LANCZOS).convert("RGBA")
    out.putalpha(corner_mask(final.width))
    return out


def paste_art(img: Image.Image, g: Geo, layout: str, frame: str, art_colors: tuple[str, ...]) -> None:
    """Fill the art box of a copied template with the card's art and outline it."""
    art = g.box(boxes_for(layout)["art"])
    marks = art_colors or (("C",) if frame == "C" and layout != "unknown" else ())
    img.paste(art_image((art[2] - art[0], art[3] - art[1]), marks, layout != "unknown"), art[:2])
    edge = PALETTES.get(frame, PALETTES["C"]).edge
    ImageDraw.Draw(img).rectangle(art, outline=edge, width=max(1, round(g(2.5))))


def pt_box(img: Image.Image, g: Geo, frame: str, b: Box = PT_BOX) -> tuple[int, int, int, int]:
    pal = PALETTES.get(frame, PALETTES["C"])
    box = g.box(b)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(box, radius=g(10), fill=pal.bar, outline=pal.edge, width=max(1, round(g(2.5))))
    return box


def loyalty_shield(img: Image.Image, g: Geo) -> tuple[int, int, int, int]:
    """A dark shield at bottom right carrying the starting loyalty."""
    x0, y0, x1, y1 = 384, 594, 466, 658
    pts = [(x0, y0 + 6), ((x0 + x1) / 2, y0 - 2), (x1, y0 + 6), (x1, y1 - 22), ((x0 + x1) / 2, y1),
           (x0, y1 - 22)]
    ImageDraw.Draw(img).polygon([(g(x), g(y)) for x, y in pts], fill=(34, 30, 30), outline=(230, 224, 214),
                                width=max(1, round(g(2))))
    return g.box((x0, y0, x1, y1 - 6))


RARITY = {"C": (30, 28, 28), "U": (170, 180, 190), "R": (214, 172, 60), "M": (226, 96, 36),
          "S": (150, 90, 170), "B": (40, 40, 40)}


def rarity_gem(img: Image.Image, g: Geo, rarity: str, cx: float, cy: float) -> None:
    """A small diamond in the rarity colour at the end of the type bar."""
    color = RARITY.get(rarity, RARITY["C"])
    r = 9
    pts = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    ImageDraw.Draw(img).polygon([(g(x), g(y)) for x, y in pts], fill=color, outline=(250, 246, 236),
                                width=max(1, round(g(1.5))))


def door_icon(img: Image.Image, g: Geo, cx: float, cy: float, fill: RGB) -> None:
    """A small arched door, marking the halves of a Room."""
    d = ImageDraw.Draw(img)
    w, h = 16, 24
    x0, y0 = cx - w / 2, cy - h / 2
    d.rounded_rectangle((g(x0), g(y0), g(x0 + w), g(y0 + h)), radius=g(7), fill=fill)
    d.rectangle((g(x0), g(y0 + h - 8), g(x0 + w), g(y0 + h)), fill=fill)
    d.ellipse((g(cx + 2), g(cy + 1), g(cx + 6), g(cy + 5)), fill=(250, 244, 230))
