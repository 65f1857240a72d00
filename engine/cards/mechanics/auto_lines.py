"""The lines a mechanic module reads by itself, so that no card definition repeats them:
cycling and landcycling (CR 702.29a, 702.29f), impending (702.176), plain mana abilities (605.1a) and the "//"
that separates a Room's doors (709), Enchant (702.5), Equip (702.6) and "This spell can't be
countered." (101.2). `skip(line)` tells the layer's line counter."""
from __future__ import annotations

import re
from typing import Any

from engine.cards.mechanics import impending as _impending
from engine.cards.mechanics import crew, cycling, enchant, equip, flashback as _flashback, landcycling, mana_lines, rooms
from engine.cards.mechanics import ninjutsu
from engine.cards.model import Activated
from engine.cards.mechanics import blitz, hideaway, kicker, miracle, morph, persist, retrace, spectacle, suspend
from engine.cards.mechanics import uncounterable as _uncounterable
from engine.cards.keywords import parse_keyword_line


def skip(line: str) -> bool:
    s = line.strip()
    return (not s or s == "//" or bool(re.fullmatch(r"\(.*\)", s)) or landcycling.parse(s) is not None
            or cycling.parse(s) is not None
            or _impending.parse(s) is not None or mana_lines.parse(s) is not None
            or enchant.parse(s) is not None or equip.parse(s) is not None or crew.parse(s) is not None
            or _flashback.parse(s) is not None or ninjutsu.parse(s) is not None
            or any(m.parse(s) is not None for m in _keyword_lines()))


def _keyword_lines() -> tuple[Any, ...]:
    """Keyword mechanics whose line is read by their own module (CR 702.152 blitz, 702.94
    miracle, 702.62 suspend, 702.138 escape, 702.73 changeling, 702.81 retrace, 702.33 kicker,
    702.79 persist, 702.93 undying, 702.137 spectacle, 702.37 morph and megamorph) and "This
    spell can't be countered." (CR 101.2)."""
    return (blitz, miracle, suspend, retrace, persist, hideaway, kicker, spectacle, morph, _uncounterable)


def activated(data: Any) -> list[Activated]:
    out: list[Activated] = []
    for line in data.text.splitlines():
        got = (landcycling.parse(line) or cycling.parse(line) or mana_lines.parse(line) or equip.parse(line)
               or crew.parse(line) or ninjutsu.parse(line))
        if got is not None:
            out.append(got)
    return out


def enchant_target(data: Any) -> list[Any]:
    """An Aura spell's target, from its Enchant line (CR 303.4a)."""
    for line in data.text.splitlines():
        got = enchant.parse(line)
        if got is not None:
            return [got]
    return []


def flashback(data: Any) -> str | None:
    """The flashback cost from a "Flashback {cost}" line (CR 702.34)."""
    for line in data.text.splitlines():
        got = _flashback.parse(line)
        if got is not None:
            return got
    return None


def uncounterable(data: Any) -> bool:
    """"This spell can't be countered." among the card's lines (CR 101.2)."""
    return any(_uncounterable.parse(line) for line in data.text.splitlines())


def impending(data: Any) -> tuple[int, str] | None:
    for line in data.text.splitlines():
        got = _impending.parse(line)
        if got is not None:
            return got
    return None


def doors(data: Any) -> list[str]:
    """The door of each rules line the layer counts (the lines `skip` does not)."""
    raw = [ln for ln in data.text.splitlines() if ln.strip() == "//" or not skip(ln)]
    raw = [ln for ln in raw if ln.strip() == "//" or parse_keyword_line(ln) is None]
    tagged = rooms.doors(data, raw)
    return [d for ln, d in zip(raw, tagged) if ln.strip() != "//"]
