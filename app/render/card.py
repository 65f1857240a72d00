"""Drawing card faces: normal cards, Rooms, levelers, tokens and cards we know little about."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from app.render import frame as fr
from app.render.fonts import font, text_width
from app.render.model import CardView, card_view
from app.render.symbols import draw_cost, parse_symbols, symbol_image
from app.render.text import Fitted, draw_line, draw_text, fit_text

# Font sizes in 488-wide units: (largest, smallest before squeezing / overflowing).
NAME = (36, 28)  # names squeeze before they get small: legible on the table
TYPE = (25, 17)
TEXT = (22, 10)
ROOM_TEXT = (20, 9.5)
LONG_BELOW = 18  # rules text that would be smaller than this gets the tall text box
BAND_TEXT = (20, 9.5)
REMINDER = (14, 8)
FOOTER_COLOR = (206, 200, 192)


@dataclass
class RenderReport:
    """How the text was fitted: one entry per text box (its name and the Fitted result)."""

    fits: list[tuple[str, Fitted]] = field(default_factory=list)
    scale: float = 1.0  # card width / 488

    @property
    def overflow(self) -> bool:
        return any(f.overflow for _, f in self.fits)

    @property
    def smallest(self) -> float:
        """Smallest fitted rules-text size in 488-wide units (comparable across widths)."""
        return min((f.size for _, f in self.fits), default=0.0) / self.scale


def _inset(b: tuple[int, int, int, int], dx: float, dy: float) -> tuple[int, int, int, int]:
    return (round(b[0] + dx), round(b[1] + dy), round(b[2] - dx), round(b[3] - dy))


def _name_bar(img: Image.Image, g: fr.Geo, box: fr.Box, name: str, cost: str) -> None:
    b = g.box(box)
    h = b[3] - b[1]
    syms = parse_symbols(cost)
    size = round(min(g(32), h * 0.58))
    gap = max(1, round(g(3)))
    if syms:  # a long cost shrinks its symbols so the name keeps at least 45% of the bar
        room = (b[2] - b[0] - g(28)) * 0.55
        size = max(4, min(size, int((room - gap * (len(syms) - 1)) / len(syms))))
    right = b[2] - round(g(12))
    left = right
    if syms:
        left = draw_cost(img, syms, right, b[1] + (h - size) // 2 + round(g(1)), size, gap)
    draw_line(img, name, "bold", (b[0] + round(g(14)), b[1], left - round(g(8)), b[3]),
              min(g(NAME[0]), h * 0.62), g(NAME[1]) * min(1.0, h / g(60)))


def _type_bar(img: Image.Image, g: fr.Geo, box: fr.Box, type_line: str, mark: str, rarity: str,
              frame: str) -> None:
    b = g.box(box)
    h = b[3] - b[1]
    right = b[2] - round(g(36))
    cy = (box[1] + box[3]) / 2
    if mark == "door":
        fr.door_icon(img, g, box[2] - 20, cy, fr.PALETTES.get(frame, fr.PALETTES["C"]).edge)
    elif rarity:
        fr.rarity_gem(img, g, rarity, box[2] - 20, cy)
    draw_line(img, type_line, "bold", (b[0] + round(g(14)), b[1], right, b[3]),
              min(g(TYPE[0]), h * 0.56), g(TYPE[1]) * min(1.0, h / g(46)))


def _text_box(img: Image.Image, g: fr.Geo, box: tuple[int, int, int, int], text: str, sizes: tuple[float, float],
              report: RenderReport, label: str) -> None:
    inner = _inset(box, g(12), g(7))
    fitted = fit_text(text, inner[2] - inner[0], inner[3] - inner[1], g(sizes[0]), g(sizes[1]))
    report.fits.append((label, fitted))
    draw_text(img, fitted, inner, fr.INK)


def _pt(img: Image.Image, g: fr.Geo, frame: str, text: str, box: fr.Box = fr.PT_BOX) -> None:
    b = fr.pt_box(img, g, frame, box)
    draw_line(img, text, "bold", _inset(b, g(6), 0), min(g(34), (b[3] - b[1]) * 0.72), g(20), fr.INK,
              align="center")


def _footer(img: Image.Image, g: fr.Geo, v: CardView) -> None:
    bits = [b for b in (v.number, v.rarity, v.set_code, v.lang.upper()) if b]
    size = g(13)
    f = font("bold", size)
    d = ImageDraw.Draw(img)
    y = g(666)
    d.text((g(30), y), " · ".join(bits), font=f, fill=FOOTER_COLOR, anchor="lm")
    if v.power is None and v.loyalty is None:
        d.text((g(458), y), "Manatable", font=font("italic", size), fill=FOOTER_COLOR, anchor="rm")


def _token_label(img: Image.Image, g: fr.Geo, word: str, art: fr.Box) -> None:
    size = g(17)
    w = text_width("bold", size, word) + g(24)
    cx = (art[0] + art[2]) / 2 * g.s
    top = g(art[1] + 10)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((cx - w / 2, top, cx + w / 2, top + g(28)), radius=g(14), fill=(24, 22, 22),
                        outline=(236, 230, 218), width=max(1, round(g(1.5))))
    d.text((cx, top + g(14)), word, font=font("bold", size), fill=(244, 240, 232), anchor="mm")


def _text_area(layout: str, v: CardView) -> fr.Box:
    b = fr.boxes_for(layout)["text"]
    if v.power is not None or v.toughness is not None or v.loyalty is not None:
        b = (b[0], b[1], b[2], b[3] - 22)  # keep clear of the P/T box
    return b


def _frame_layout(v: CardView, g: fr.Geo) -> str:
    """The frame to use: normal cards whose text would get small switch to the tall text box."""
    if v.layout == "split":
        return "split+reminder" if v.reminder else "split"
    if v.layout != "normal" or not v.text or v.basic_mana:
        return v.layout
    inner = _inset(g.box(_text_area("normal", v)), g(12), g(7))
    fitted = fit_text(v.text, inner[2] - inner[0], inner[3] - inner[1], g(TEXT[0]), g(TEXT[1]))
    return "long" if fitted.size < g(LONG_BELOW) else "normal"


def _draw_normal(img: Image.Image, g: fr.Geo, v: CardView, report: RenderReport, layout: str) -> None:
    boxes = fr.boxes_for(layout)
    _name_bar(img, g, boxes["name"], v.name, v.cost)
    _type_bar(img, g, boxes["type"], v.type_line, "gem", v.rarity, v.frame)
    if v.layout == "token" and v.token_word:  # (an emblem has none)
        _token_label(img, g, v.token_word, boxes["art"])
    if v.layout == "unknown":
        a = g.box(boxes["art"])
        ImageDraw.Draw(img).text(((a[0] + a[2]) / 2, (a[1] + a[3]) / 2), "?", font=font("bold", g(140)),
                                 fill=(246, 246, 248, 200), anchor="mm")
    has_pt = v.power is not None or v.toughness is not None
    tb = g.box(_text_area(layout, v))
    if v.basic_mana:
        size = round(min((tb[3] - tb[1]) * 0.62, g(150)))
        img.alpha_composite(symbol_image(v.basic_mana, size),
                            ((tb[0] + tb[2] - size) // 2, (tb[1] + tb[3] - size) // 2))
    elif v.text:
        _text_box(img, g, tb, v.text, TEXT, report, "text")
    if has_pt:
        _pt(img, g, v.frame, f"{v.power or ''}/{v.toughness or ''}")
    if v.loyalty is not None:
        b = fr.loyalty_shield(img, g)
        draw_line(img, v.loyalty, "bold", b, g(32), g(18), (246, 242, 236), align="center")


def _draw_split(img: Image.Image, g: fr.Geo, v: CardView, report: RenderReport, layout: str) -> None:
    """Rooms (and other split cards): the two halves stacked, each with name, cost, type, text."""
    for i, door in enumerate(v.doors[:2]):
        b = fr.half_boxes(i, bool(v.reminder))
        _name_bar(img, g, b["name"], door.name, door.cost)
        _type_bar(img, g, b["type"], door.type_line, "door" if v.room else "gem", v.rarity, v.frame)
        _text_box(img, g, g.box(b["text"]), door.text, ROOM_TEXT, report, f"door{i + 1}")
    if v.reminder:
        _text_box(img, g, g.box(fr.REMINDER_STRIP), v.reminder, REMINDER, report, "reminder")


def _level_tag(img: Image.Image, g: fr.Geo, box: fr.Box, word: str, levels: str, color: fr.RGB) -> None:
    """The band's label: an arrow-shaped tag with the word over the level range."""
    x0, y0, x1, y1 = box
    tip = 12
    pts = [(x0, y0), (x1 - tip, y0), (x1, (y0 + y1) / 2), (x1 - tip, y1), (x0, y1)]
    ImageDraw.Draw(img).polygon([(g(x), g(y)) for x, y in pts], fill=color)
    h = y1 - y0
    inner = (round(g(x0 + 3)), round(g(y0 + h * 0.08)), round(g(x1 - tip)), round(g(y0 + h * 0.42)))
    draw_line(img, word, "bold", inner, g(min(14, h * 0.26)), g(8), (246, 242, 234), align="center")
    inner = (round(g(x0 + 3)), round(g(y0 + h * 0.38)), round(g(x1 - tip)), round(g(y1 - h * 0.08)))
    draw_line(img, levels, "bold", inner, g(min(28, h * 0.42)), g(12), (246, 242, 234), align="center")


def _draw_leveler(img: Image.Image, g: fr.Geo, v: CardView, report: RenderReport, layout: str) -> None:
    boxes = fr.LEVELER
    _name_bar(img, g, boxes["name"], v.name, v.cost)
    _type_bar(img, g, boxes["type"], v.type_line, "gem", v.rarity, v.frame)
    edge = fr.PALETTES.get(v.frame, fr.PALETTES["C"]).edge
    sections = fr.band_boxes(len(v.bands))
    rows: list[tuple[str, str, str]] = [(v.text, v.power or "", v.toughness or "")]
    rows += [(b.text, b.power, b.toughness) for b in v.bands]
    for i, (bb, (text, power, tough)) in enumerate(zip(sections, rows)):
        x0, y0, x1, y1 = bb
        cy = (y0 + y1) / 2
        left = x0
        if i:
            band = v.bands[i - 1]
            _level_tag(img, g, (x0 + 2, y0 + 6, x0 + 86, y1 - 6), band.word, band.levels, edge)
            left = x0 + 86
        pt_h = min(46, (y1 - y0) - 12)
        _pt(img, g, v.frame, f"{power}/{tough}", (x1 - 88, cy - pt_h / 2, x1 - 6, cy + pt_h / 2))
        if text:
            _text_box(img, g, g.box((left, y0, x1 - 92, y1)), text, BAND_TEXT if i else TEXT, report,
                      f"band{i}")


def _finish(v: CardView, width: int, report: RenderReport | None) -> Image.Image:
    g = fr.Geo(width)
    n_bands = len(v.bands) if v.layout == "leveler" else 0
    layout = _frame_layout(v, g)
    img = fr.template(layout, v.frame, g.width, n_bands).copy()
    if v.layout != "split":
        fr.paste_art(img, g, layout, v.frame, v.art_colors)
    rep = report if report is not None else RenderReport()
    rep.scale = g.s
    {"split": _draw_split, "leveler": _draw_leveler}.get(v.layout, _draw_normal)(img, g, v, rep, layout)
    _footer(img, g, v)
    return img


def regions(card: Any, lang: str = "en", width: int = 488) -> dict[str, tuple[int, int, int, int]]:
    """Named pixel boxes of a rendered face, for overlays on the table: 'door1'/'door2' of a
    Room (lock marks), 'level0'.. of a leveler (0 = below the first band; highlight the
    current band), else 'name', 'art', 'type', 'text'."""
    v = card_view(card, lang)
    g = fr.Geo(max(60, int(width)))
    if v.layout == "split":
        out = {}
        for i in (0, 1):
            b = fr.half_boxes(i, bool(v.reminder))
            out[f"door{i + 1}"] = g.box((b["name"][0], b["name"][1], b["name"][2], b["text"][3]))
        return out
    if v.layout == "leveler":
        return {f"level{i}": g.box(b) for i, b in enumerate(fr.band_boxes(len(v.bands)))}
    return {k: g.box(b) for k, b in fr.boxes_for(_frame_layout(v, g)).items()}


def render_view(view: CardView, width: int = 488, report: RenderReport | None = None) -> Image.Image:
    """Draw a prepared CardView (see model.card_view)."""
    return _finish(view, max(60, int(width)), report)


def render_card(card: Any, lang: str = "en", width: int = 488,
                report: RenderReport | None = None) -> Image.Image:
    """The card face in lang ('en', 'de', 'it') as an RGBA image, width x round(width*680/488).

    card is a bundled CardData or a Mapping with any of name, mana_cost, type_line, text,
    power, toughness, loyalty, colors, set, number, rarity, faces, level_bands (imported
    cards). Pass a RenderReport to learn how the rules text was fitted.
    """
    return render_view(card_view(card, lang), width, report)


def render_token(name: str, type_line: str = "", power: str | int | None = None,
                 toughness: str | int | None = None, colors: tuple[str, ...] | list[str] | str = (),
                 text: str = "", lang: str = "en", width: int = 488,
                 names: Mapping[str, str] | None = None) -> Image.Image:
    """A token, e.g. render_token("Treasure", "Artifact — Treasure", text="{T}, Sacrifice this
    token: Add one mana of any color."). Names that are subtypes (Treasure, Spirit) are shown
    translated; pass names={'de': ..., 'it': ...} for others."""
    card: dict[str, Any] = {"name": name, "type_line": type_line, "text": text, "colors": list(colors),
                            "power": None if power is None else str(power),
                            "toughness": None if toughness is None else str(toughness)}
    for lang_code, n in (names or {}).items():
        card[f"name_{lang_code}"] = n
    return render_view(card_view(card, lang, token=True), width)


def render_unknown(name: str | Mapping[str, Any], lang: str = "en", width: int = 488) -> Image.Image:
    """A card we know little about: a name, or a Mapping with whatever fields are known."""
    card = dict(name) if isinstance(name, Mapping) else {"name": name}
    return render_card(card, lang, width)
