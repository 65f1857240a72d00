"""Rules text: parse into styled words and inline mana symbols, wrap, shrink to fit, draw.

Reminder text in parentheses and ability words ("Eerie — ") are set in italic, loyalty
costs ("+1:") in bold, and {T}, {2}, {W} become our symbols inline. `fit_text` finds the
largest font size at which the wrapped text fits its box (binary search over sizes) and
says when even the minimum size overflows, so tests can check every card.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from app.render.fonts import font, text_width
from app.render.symbols import symbol_image

_TOKEN = re.compile(r"\{[^{}]+\}|\s+|[^\s{]+")
_REMINDER = re.compile(r"\([^()]*\)")
_ABILITY_WORD = re.compile(r"^([^\W\d_][\w' ]{1,28}?) — ", re.UNICODE)
_LOYALTY = re.compile(r"^([+−-]?[0-9X]+):")
_ROMAN = re.compile(r"^[IVX]+$")

LINE = 1.2        # line height in em
PARA = 0.4        # extra space between abilities in em
SYMBOL = 0.9      # inline symbol diameter in em


@dataclass(frozen=True)
class Atom:
    kind: str          # "w" word, "s" symbol
    text: str
    style: str         # "text", "italic", "bold"
    space: bool        # a space before it (a line may break there)


@dataclass
class Line:
    items: list[tuple[float, Atom]] = field(default_factory=list)
    width: float = 0.0
    gap_before: float = 0.0   # paragraph spacing above this line


@dataclass
class Fitted:
    """Wrapped text at the chosen size; overflow is True when even min_size did not fit."""

    size: float
    lines: list[Line]
    height: float
    overflow: bool
    min_size: float


def parse(text: str) -> list[list[Atom]]:
    """Paragraphs (one per ability / line break) of styled atoms."""
    paragraphs = []
    for para in text.split("\n"):
        para = para.strip()
        if not para:
            continue
        styles = ["text"] * len(para)

        def mark(a: int, b: int, style: str) -> None:
            styles[a:b] = [style] * (b - a)

        for m in _REMINDER.finditer(para):
            mark(m.start(), m.end(), "italic")
        word = _ABILITY_WORD.match(para)
        if word and not _ROMAN.match(word.group(1)):
            mark(0, word.end(1), "italic")
        loyalty = _LOYALTY.match(para)
        if loyalty:
            mark(0, loyalty.end(), "bold")
        atoms, space = [], False
        for t in _TOKEN.finditer(para):
            s = t.group(0)
            if s.isspace():
                space = True
                continue
            kind = "s" if s.startswith("{") and s.endswith("}") else "w"
            atoms.append(Atom(kind, s[1:-1].upper() if kind == "s" else s, styles[t.start()], space))
            space = False
        paragraphs.append(atoms)
    return paragraphs


def _size_for(style: str, size: float) -> float:
    return size * 0.94 if style == "bold" else size


def atom_width(a: Atom, size: float) -> float:
    if a.kind == "s":
        return round(size * SYMBOL) + size * 0.06
    return text_width(a.style, _size_for(a.style, size), a.text)


def _space(style: str, size: float) -> float:
    return text_width(style, _size_for(style, size), " ")


def _boxes(atoms: list[Atom]) -> list[list[Atom]]:
    """The unbreakable boxes of a paragraph: runs of atoms with no space between them ("{T}:"
    stays together)."""
    boxes: list[list[Atom]] = []
    for a in atoms:
        if a.space or not boxes:
            boxes.append([a])
        else:
            boxes[-1].append(a)
    return boxes


def layout(paragraphs: list[list[Atom]], size: float, width: float) -> tuple[list[Line], float, bool]:
    """Greedy wrap at spaces. Returns lines, total height, and whether every word fit the width."""
    lines: list[Line] = []
    fits = True
    for p_index, atoms in enumerate(paragraphs):
        boxes = _boxes(atoms)
        line = Line(gap_before=size * PARA if p_index else 0.0)
        for box in boxes:
            bw = sum(atom_width(a, size) for a in box)
            sp = _space(box[0].style, size) if line.items else 0.0
            if line.items and line.width + sp + bw > width:
                lines.append(line)
                line, sp = Line(), 0.0
            if bw > width:
                fits = False
            x = line.width + sp
            for a in box:
                line.items.append((x, a))
                x += atom_width(a, size)
            line.width = x
        lines.append(line)
    height = sum(size * LINE + ln.gap_before for ln in lines)
    return lines, height, fits


REF = 64.0  # sizes are searched with widths measured once at this size and scaled


def _measure(paragraphs: list[list[Atom]]) -> list[list[tuple[float, float]]]:
    """Per paragraph: (width, space before) of each unbreakable box, at REF size."""
    out = []
    for atoms in paragraphs:
        boxes = _boxes(atoms)
        out.append([(sum(atom_width(a, REF) for a in b), _space(b[0].style, REF)) for b in boxes])
    return out


def _estimate(measured: list[list[tuple[float, float]]], size: float, width: float) -> tuple[float, bool]:
    """Height and whether every box fits, from scaled reference widths (fast, approximate)."""
    k = size / REF
    height, fits = 0.0, True
    for p_index, boxes in enumerate(measured):
        n, x = 1, -1.0
        for bw, sp in boxes:
            bw, sp = bw * k, sp * k
            if bw > width:
                fits = False
            if x < 0:
                x = bw
            elif x + sp + bw > width:
                n, x = n + 1, bw
            else:
                x += sp + bw
        height += n * size * LINE + (size * PARA if p_index else 0.0)
    return height, fits


def fit_text(text: str | list[list[Atom]], width: float, height: float, max_size: float,
             min_size: float) -> Fitted:
    """The largest size (to 1/4 px) in [min_size, max_size] at which the text fits the box.

    A binary search on estimated layouts (widths scale with the size), then the exact
    layout at the result, stepping down while hinting makes it a little too wide.
    """
    paragraphs = parse(text) if isinstance(text, str) else text
    if not paragraphs:
        return Fitted(max_size, [], 0.0, False, min_size)
    measured = _measure(paragraphs)
    lo, hi = int(min_size * 4), int(max_size * 4)
    best = lo
    while lo <= hi:  # largest quarter-pixel size whose estimate fits
        mid = (lo + hi) // 2
        h, fits = _estimate(measured, mid / 4, width)
        if fits and h <= height:
            best, lo = mid, mid + 1
        else:
            hi = mid - 1
    q = best
    while True:
        size = q / 4
        lines, h, fits = layout(paragraphs, size, width)
        if fits and h <= height:
            return Fitted(size, lines, h, False, min_size)
        if q <= int(min_size * 4):
            return Fitted(size, lines, h, True, min_size)
        q -= 1


def draw_text(img: Image.Image, fitted: Fitted, box: tuple[int, int, int, int],
              fill: tuple[int, ...] = (20, 18, 16), valign: str = "center") -> None:
    """Draw fitted text into box (left, top, right, bottom), vertically centred like real cards."""
    left, top, right, bottom = box
    size = fitted.size
    y = top + max(0.0, (bottom - top - fitted.height) / 2) if valign == "center" else top
    draw = ImageDraw.Draw(img)
    ascent = font("text", size).getmetrics()[0]
    sym = round(size * SYMBOL)
    for line in fitted.lines:
        y += line.gap_before
        if y + size * LINE > bottom + size * 0.3:
            break  # overflowing text (only past the minimum size) is cut at the box's edge
        baseline = y + ascent * 0.96
        run: list[str] = []
        run_x = 0.0
        run_style = ""

        def flush() -> None:
            if run:
                f = font(run_style, _size_for(run_style, size))
                draw.text((left + run_x, baseline), " ".join(run), font=f, fill=fill, anchor="ls")
                run.clear()

        for x, a in line.items:
            if a.kind == "s":
                flush()
                sx, sy = int(round(left + x)), int(round(baseline - size * 0.36 - sym / 2))
                if sx + sym <= img.width and sy + sym <= img.height and sx >= 0 and sy >= 0:
                    img.alpha_composite(symbol_image(a.text, sym), (sx, sy))
                continue
            # consecutive words of one style are drawn as one string (much faster than per word)
            if run and a.style == run_style and a.space:
                run.append(a.text)
            else:
                flush()
                run_x, run_style = x, a.style
                run.append(a.text)
        flush()
        y += size * LINE


def fit_line(text: str, role: str, width: float, max_size: float, min_size: float) -> tuple[float, float]:
    """(size, horizontal squeeze) for a one-line text: shrink to min_size, then squeeze."""
    w = text_width(role, max_size, text)
    if w <= width:
        return max_size, 1.0
    size = max(min_size, max_size * width / w)
    w = text_width(role, size, text)
    while w > width and size > min_size:
        size = max(min_size, size - 0.5)
        w = text_width(role, size, text)
    return size, min(1.0, width / w) if w else 1.0


def draw_line(img: Image.Image, text: str, role: str, box: tuple[int, int, int, int], max_size: float,
              min_size: float, fill: tuple[int, ...] = (20, 18, 16), align: str = "left") -> float:
    """One line of text fitted into box, vertically centred; squeezed if too long. Returns size."""
    left, top, right, bottom = box
    size, squeeze = fit_line(text, role, right - left, max_size, min_size)
    f = font(role, size)
    cy = (top + bottom) / 2
    if squeeze >= 0.999:
        w = text_width(role, size, text)
        x = {"left": left, "center": (left + right - w) / 2, "right": right - w}[align]
        ImageDraw.Draw(img).text((x, cy), text, font=f, fill=fill, anchor="lm")
        return size
    # Too long even at the minimum size: render then squeeze horizontally, like condensed type.
    w = int(text_width(role, size, text)) + 4
    h = int(size * 1.6)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).text((0, h / 2), text, font=f, fill=255, anchor="lm")
    mask = mask.resize((max(1, right - left), h), Image.Resampling.LANCZOS)
    color = Image.new("RGBA", mask.size, fill if len(fill) == 4 else (*fill, 255))
    img.paste(color, (left, int(cy - h / 2)), mask)
    return size
