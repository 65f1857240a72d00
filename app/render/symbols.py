"""Our own mana symbol art: one stroke design, drawn by Pillow and written as SVG for Qt.

Every symbol is a disc (or a split disc for hybrids) with a glyph made of round-capped
strokes in a 100x100 box. The glyphs are geometric letters and digits of our own design,
not a font, so the Pillow images and the SVG files look the same and need no font on
the machine that shows them.

Symbols are named by the text between the braces of a cost in English Oracle notation:
``W``, ``2``, ``T``, ``W/U``, ``2/W``, ``G/P``. ``symbol_file_stem`` gives the SVG file
name under ``assets/symbols/`` (the slash dropped: ``WU.svg``, ``2W.svg``, ``GP.svg``).
"""
from __future__ import annotations

import math
import re
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw

from app.render.fonts import font

Point = tuple[float, float]
Stroke = list[Point]

COST_RE = re.compile(r"\{([^{}]+)\}")

# disc fill, outline, glyph colour; B is a dark disc so it never reads as generic grey.
COLORS: dict[str, tuple[str, str, str]] = {
    "W": ("#F6F0CF", "#8F8460", "#2E2A20"),
    "U": ("#9DCDEB", "#3F6F8F", "#10283A"),
    "B": ("#3A3436", "#151213", "#F0E9E6"),
    "R": ("#F08E6E", "#913C24", "#2D0F07"),
    "G": ("#8ECB9C", "#346B43", "#0E2A16"),
    "C": ("#E6E1DA", "#7D766D", "#2A2622"),
    "generic": ("#CEC8C0", "#77706A", "#24211E"),
    "tap": ("#CEC8C0", "#77706A", "#24211E"),
    "untap": ("#2B2728", "#0E0C0D", "#F4F0EE"),
}
MANA = ("W", "U", "B", "R", "G")


def _arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float) -> Stroke:
    """Points on an ellipse from angle a0 to a1 (degrees, 0 = right, 90 = down)."""
    n = max(6, int(abs(a1 - a0) / 8))
    return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
             cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]


# Glyphs in a unit box (x and y in 0..1, y down); placed into the disc by _place().
_U: dict[str, list[Stroke]] = {
    "W": [[(0, 0), (0.24, 1), (0.5, 0.3), (0.76, 1), (1, 0)]],
    "U": [[(0.08, 0)] + _arc(0.5, 0.58, 0.42, 0.42, 180, 0) + [(0.92, 0)]],
    "B": [[(0.1, 0), (0.1, 1)],
          [(0.1, 0), (0.55, 0)] + _arc(0.55, 0.24, 0.3, 0.24, -90, 90) + [(0.1, 0.48)],
          [(0.1, 0.48), (0.58, 0.48)] + _arc(0.58, 0.74, 0.34, 0.26, -90, 90) + [(0.1, 1)]],
    "R": [[(0.12, 1), (0.12, 0), (0.55, 0)] + _arc(0.55, 0.26, 0.32, 0.26, -90, 90) + [(0.12, 0.52)],
          [(0.5, 0.52), (0.9, 1)]],
    "G": [_arc(0.52, 0.5, 0.46, 0.5, -40, -360) + [(0.98, 0.5), (0.98, 0.62), (0.98, 0.5), (0.56, 0.5)]],
    "C": [_arc(0.56, 0.5, 0.46, 0.5, -45, -315)],
    "X": [[(0.08, 0), (0.92, 1)], [(0.92, 0), (0.08, 1)]],
    "Y": [[(0.05, 0), (0.5, 0.5), (0.95, 0)], [(0.5, 0.5), (0.5, 1)]],
    "Z": [[(0.08, 0), (0.92, 0), (0.08, 1), (0.92, 1)]],
    "P": [_arc(0.5, 0.5, 0.4, 0.3, 0, 360), [(0.5, 0), (0.5, 1)]],  # our Phyrexian mark
    "S": [[(0.5, 0), (0.5, 1)], [(0.07, 0.25), (0.93, 0.75)], [(0.93, 0.25), (0.07, 0.75)]],
    "0": [_arc(0.5, 0.5, 0.5, 0.5, 0, 360)],
    "1": [[(0.15, 0.22), (0.58, 0), (0.58, 1)], [(0.2, 1), (0.95, 1)]],
    "2": [_arc(0.5, 0.27, 0.44, 0.27, 195, 375) + [(0.05, 1), (0.98, 1)]],
    "3": [_arc(0.47, 0.25, 0.4, 0.25, 205, 450), _arc(0.47, 0.73, 0.48, 0.27, 270, 525)],
    "4": [[(0.72, 1), (0.72, 0), (0.02, 0.68), (1, 0.68)]],
    "5": [[(0.9, 0), (0.18, 0), (0.1, 0.46)] + _arc(0.48, 0.67, 0.48, 0.33, 232, 510)],
    "6": [[(0.82, 0.02)] + _arc(0.82, 0.62, 0.78, 0.6, -88, -182), _arc(0.5, 0.7, 0.46, 0.3, 0, 360)],
    "7": [[(0, 0), (1, 0), (0.35, 1)]],
    "8": [_arc(0.5, 0.24, 0.38, 0.24, 0, 360), _arc(0.5, 0.73, 0.47, 0.27, 0, 360)],
    "9": [[(0.18, 0.98)] + _arc(0.18, 0.38, 0.78, 0.6, 92, -2), _arc(0.5, 0.3, 0.46, 0.3, 0, 360)],
}
# width / height of each single glyph; letters not listed use 0.72, digits 0.6
_RATIO = {"W": 1.05, "X": 0.8, "Y": 0.84, "Z": 0.74, "P": 0.8, "S": 0.92, "U": 0.74, "G": 0.78,
          "C": 0.74, "1": 0.5}


def _place(glyph: str, x0: float, y0: float, w: float, h: float) -> list[Stroke]:
    return [[(x0 + x * w, y0 + y * h) for x, y in stroke] for stroke in _U[glyph]]


def _glyph_strokes(text: str, cx: float = 50, cy: float = 50, scale: float = 1.0) -> list[Stroke]:
    """Strokes for a glyph string ("W", "2", "15") centred at (cx, cy) in the 100 box."""
    h = 44 * scale
    if len(text) == 1:
        w = h * _RATIO.get(text, 0.6 if text.isdigit() else 0.72)
        return _place(text, cx - w / 2, cy - h / 2, w, h)
    # two digits (10-20): narrower digits side by side
    h *= 0.9
    w = h * 0.46
    gap = h * 0.14
    total = len(text) * w + (len(text) - 1) * gap
    strokes: list[Stroke] = []
    for i, ch in enumerate(text):
        strokes += _place(ch, cx - total / 2 + i * (w + gap), cy - h / 2, w, h)
    return strokes


def _tap_arrow(clockwise: bool) -> tuple[list[Stroke], list[Point]]:
    """A curved arrow (the tap symbol) and its arrowhead triangle."""
    arc = _arc(48, 56, 27, 27, 188, 350)
    head: list[Point] = [(59, 50), (91, 50), (75, 76)]
    if not clockwise:
        arc = [(100 - x, y) for x, y in arc]
        head = [(100 - x, y) for x, y in head]
    return [arc], head


def parse_symbols(cost: str | None) -> list[str]:
    """'{2}{W}{W/U}' -> ['2', 'W', 'W/U']."""
    return [m.group(1).upper() for m in COST_RE.finditer(cost or "")]


def symbol_file_stem(symbol: str) -> str:
    """File name (without .svg) of a symbol's art: 'W/U' -> 'WU', 'T' -> 'T'."""
    return symbol.upper().replace("/", "")


def _parts(symbol: str) -> tuple[str, str, str | None]:
    """(kind, glyph, second glyph) for a symbol; kind picks the colours."""
    s = symbol.upper()
    if s == "T":
        return "tap", "", None
    if s == "Q":
        return "untap", "", None
    if "/" in s:
        a, b = s.split("/", 1)
        if b == "P":
            return (a if a in COLORS else "generic"), "P", None
        return "hybrid", a, b
    if s in MANA or s == "C":
        return s, s, None
    return "generic", s, None


def known_symbol(symbol: str) -> bool:
    """True when our stroke art covers the symbol (else it is drawn with a font fallback)."""
    kind, glyph, second = _parts(symbol)
    if kind in ("tap", "untap"):
        return True
    glyphs = [glyph] + ([second] if second else [])
    return all(g and all(ch in _U for ch in g) and len(g) <= 2 for g in glyphs)


def _hex(color: str) -> tuple[int, int, int]:
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


def _stroke_width(glyph: str) -> float:
    return 9.0 if len(glyph) <= 1 else 8.0


# ---------------------------------------------------------------- Pillow
def _draw_strokes(draw: ImageDraw.ImageDraw, strokes: list[Stroke], k: float, width: float,
                  fill: tuple[int, int, int]) -> None:
    """Stamp round dabs along each stroke: smooth round caps and joins, unlike Pillow's line()."""
    r = max(0.5, width * k / 2)
    step = max(0.5, r / 3)
    for stroke in strokes:
        pts = [(x * k, y * k) for x, y in stroke]
        for (x0, y0), (x1, y1) in zip(pts, pts[1:] or pts):
            n = max(1, int(math.hypot(x1 - x0, y1 - y0) / step))
            for i in range(n + 1):
                x, y = x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n
                draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)


@lru_cache(maxsize=512)
def symbol_image(symbol: str, size: int, shadow: bool = False) -> Image.Image:
    """The symbol as an RGBA image of size x size pixels (supersampled, so it is smooth).

    With shadow=True the disc casts a small shadow down-left, as cost symbols in a name bar do.
    The returned image is shared: paste it, do not draw on it.
    """
    size = max(4, int(size))
    ss = 4 if size < 64 else 2
    k = size * ss / 100
    img = Image.new("RGBA", (size * ss, size * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    r = 44 if shadow else 47
    cx, cy = (51.5, 48.5) if shadow else (50, 50)
    if shadow:
        d.ellipse(((cx - r - 2.5) * k, (cy - r + 3.5) * k, (cx + r - 2.5) * k, (cy + r + 3.5) * k),
                  fill=(0, 0, 0, 170))
    box = ((cx - r) * k, (cy - r) * k, (cx + r) * k, (cy + r) * k)
    kind, glyph, second = _parts(symbol)
    if kind == "hybrid":
        ca, cb = COLORS.get(glyph, COLORS["generic"]), COLORS.get(second or "", COLORS["generic"])
        d.ellipse(box, fill=_hex(cb[0]), outline=_hex(cb[1]), width=max(1, round(3 * k)))
        d.pieslice(box, 135, 315, fill=_hex(ca[0]))
        d.arc(box, 135, 315, fill=_hex(ca[1]), width=max(1, round(3 * k)))
        ox, oy = cx - 50, cy - 50
        for g, colors, (gx, gy) in ((glyph, ca, (36, 36)), (second or "", cb, (64, 64))):
            if all(ch in _U for ch in g):
                _draw_strokes(d, _glyph_strokes(g, gx + ox, gy + oy, 0.55), k, 6.5, _hex(colors[2]))
    else:
        fill, line, ink = COLORS.get(kind, COLORS["generic"])
        d.ellipse(box, fill=_hex(fill), outline=_hex(line), width=max(1, round(3 * k)))
        if kind in ("tap", "untap"):
            strokes, head = _tap_arrow(kind == "tap")
            strokes = [[(x + cx - 50, y + cy - 50) for x, y in s] for s in strokes]
            _draw_strokes(d, strokes, k, 11, _hex(ink))
            d.polygon([((x + cx - 50) * k, (y + cy - 50) * k) for x, y in head], fill=_hex(ink))
        elif all(ch in _U for ch in glyph) and len(glyph) <= 2:
            _draw_strokes(d, _glyph_strokes(glyph, cx, cy), k, _stroke_width(glyph), _hex(ink))
        else:
            _draw_fallback_text(img, glyph, box, _hex(ink))
    return img.resize((size, size), Image.Resampling.LANCZOS)


def _draw_fallback_text(img: Image.Image, text: str, box: tuple[float, ...], ink: tuple[int, int, int]) -> None:
    """Unknown symbols ({E}, {100}, {H}...) get their text in the bold font, fitted to the disc."""
    d = ImageDraw.Draw(img)
    w = box[2] - box[0]
    size = w * 0.55
    f = font("bold", size)
    while f.getlength(text) > w * 0.8 and size > 4:
        size *= 0.9
        f = font("bold", size)
    d.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), text, font=f, fill=ink, anchor="mm")


def cost_width(symbols: list[str], size: int, gap: int) -> int:
    return len(symbols) * size + max(0, len(symbols) - 1) * gap


def draw_cost(img: Image.Image, symbols: list[str], right: int, top: int, size: int, gap: int,
              shadow: bool = True) -> int:
    """Paste the symbols right-aligned ending at x=right; returns the left x used."""
    x = right - cost_width(symbols, size, gap)
    left = x
    for s in symbols:
        sym = symbol_image(s, size, shadow)
        img.alpha_composite(sym, (x, top))
        x += size + gap
    return left


# ---------------------------------------------------------------- SVG
def _path(strokes: list[Stroke]) -> str:
    return " ".join("M" + " L".join(f"{x:.1f} {y:.1f}" for x, y in s) for s in strokes)


def symbol_svg(symbol: str) -> str:
    """The same design as symbol_image, as a standalone SVG document (100x100 viewBox)."""
    kind, glyph, second = _parts(symbol)
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">',
             f"<title>{{{symbol.upper()}}}</title>"]
    stroke_attrs = 'fill="none" stroke-linecap="round" stroke-linejoin="round"'
    if kind == "hybrid":
        ca, cb = COLORS.get(glyph, COLORS["generic"]), COLORS.get(second or "", COLORS["generic"])
        # split along the diagonal from bottom-left (135 deg) to top-right (315 deg)
        x1, y1 = 50 + 47 * math.cos(math.radians(135)), 50 + 47 * math.sin(math.radians(135))
        x2, y2 = 50 + 47 * math.cos(math.radians(315)), 50 + 47 * math.sin(math.radians(315))
        parts.append(f'<circle cx="50" cy="50" r="47" fill="{cb[0]}" stroke="{cb[1]}" stroke-width="3"/>')
        parts.append(f'<path d="M{x1:.2f} {y1:.2f} A47 47 0 0 1 {x2:.2f} {y2:.2f} Z" fill="{ca[0]}"/>')
        parts.append(f'<path d="M{x1:.2f} {y1:.2f} A47 47 0 0 1 {x2:.2f} {y2:.2f}" fill="none" '
                     f'stroke="{ca[1]}" stroke-width="3"/>')
        for g, colors, (gx, gy) in ((glyph, ca, (36, 36)), (second or "", cb, (64, 64))):
            if g and all(ch in _U for ch in g):
                parts.append(f'<path d="{_path(_glyph_strokes(g, gx, gy, 0.55))}" stroke="{colors[2]}" '
                             f'stroke-width="6.5" {stroke_attrs}/>')
    else:
        fill, line, ink = COLORS.get(kind, COLORS["generic"])
        parts.append(f'<circle cx="50" cy="50" r="47" fill="{fill}" stroke="{line}" stroke-width="3"/>')
        if kind in ("tap", "untap"):
            strokes, head = _tap_arrow(kind == "tap")
            parts.append(f'<path d="{_path(strokes)}" stroke="{ink}" stroke-width="11" {stroke_attrs}/>')
            pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in head)
            parts.append(f'<polygon points="{pts}" fill="{ink}"/>')
        else:
            parts.append(f'<path d="{_path(_glyph_strokes(glyph))}" stroke="{ink}" '
                         f'stroke-width="{_stroke_width(glyph):g}" {stroke_attrs}/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def all_symbols() -> list[str]:
    """Every symbol we ship as SVG."""
    syms = list(MANA) + ["C", "X", "Y", "Z", "S", "T", "Q"] + [str(n) for n in range(21)]
    pairs = ["W/U", "W/B", "U/B", "U/R", "B/R", "B/G", "R/G", "R/W", "G/W", "G/U"]
    syms += pairs + [f"2/{c}" for c in MANA] + [f"{c}/P" for c in MANA] + ["C/P"]
    return syms


def write_svgs(directory: Path) -> list[Path]:
    """(Re)write assets/symbols/*.svg; run `python -m app.render symbols` after changing the art."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for s in all_symbols():
        path = directory / f"{symbol_file_stem(s)}.svg"
        path.write_text(symbol_svg(s), encoding="utf-8")
        written.append(path)
    return written

