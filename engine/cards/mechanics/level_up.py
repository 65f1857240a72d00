"""Level up and leveler cards (CR 702.87 and 711 in current numbering; the level up rules
excerpt the project cites numbers them 702.84 and 710, and so do the comments here).

* CR 702.84a: "Level up [cost]" means "[Cost]: Put a level counter on this permanent.
  Activate this ability only any time you could cast a sorcery." — `level_up_ability`.
* CR 710.2, 710.2a-b: a level symbol is a static ability: "As long as this creature has at
  least N1 level counters on it, but no more than N2 level counters on it, it's [P/T] and has
  [abilities]" (N3+: N3 or more). The P/T is set in layer 7b and keywords are granted in layer
  6 (`char_effects`, a hook of engine/rules/hooks.py), with the leveler's own timestamp
  (release notes: "The timestamp of each level symbol's ability is the same as the timestamp
  of the leveler itself"). A band's other abilities (activated, triggered, static) are the
  card's own abilities on the card layer, each gated by `InBand`: it exists only while the
  leveler is in that band.
* CR 710.4: the level up ability is had at all times, whatever the number of counters.
* CR 710.5, 710.6: below the first band, and in every zone but the battlefield, the printed
  (uppermost) P/T applies: no band applies.
* Release notes: "A creature's level is based on how many level counters it has on it, not
  how many times its level up ability has been activated" — the band is read from the level
  counters alone, however they got there.

The lines of a leveler are read here: the "Level up" line, the LEVEL and P/T lines and the
band lines made of keywords or plain mana abilities need no ability on the card layer; the
other band lines (`band_lines`) each get one, in printed order.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from engine.cards.model import Activated
from engine.cards.keywords import parse_keyword_line
from engine.cards.mechanics import mana_lines
from engine.cards.data import printed
from engine.rules.effects import ContinuousEffect, Layer
from engine.rules.layering import resolved_effects

if TYPE_CHECKING:
    from engine.cards.data import CardData
    from engine.rules.characteristics import Chars
    from engine.rules.context import Context
    from engine.state import Obj

_LINE = re.compile(r"Level up ((?:\{[^}]+\})+)(?: \(.*\))?")


def parse(line: str) -> str | None:
    """The cost of a "Level up {cost}" line, or None if the line is something else."""
    m = _LINE.fullmatch(line.strip())
    return m.group(1) if m else None


def is_leveler(data: "CardData | None") -> bool:
    """CR 702.84b: a card printed with a level up ability is a leveler card."""
    return data is not None and bool(data.level_bands)


@dataclass(frozen=True)
class InBand:
    """Whether a permanent has at least `lo` and at most `hi` level counters (CR 710.2a; hi
    None: N3+, CR 710.2b) — the condition of one level symbol's static ability."""
    lo: int
    hi: int | None = None
    # what it reads, declared: its permanent's level counters alone (a steady permanent's
    # abilities are kept by them, engine/rules/idle.py)
    reads_level_counters = True

    def holds(self, level: int) -> bool:
        return level >= self.lo and (self.hi is None or level <= self.hi)

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return obj.zone == "battlefield" and self.holds(obj.counters.get("level", 0))


def band_gate(band: dict[str, Any]) -> InBand:
    return InBand(int(band["min_level"]), None if band.get("max_level") is None else int(band["max_level"]))


def _auto(line: str) -> bool:
    """A band line read here (no ability on the card layer): keywords, a plain mana ability."""
    return parse_keyword_line(line) is not None or mana_lines.parse(line) is not None


def band_lines(data: "CardData") -> list[tuple[int, str]]:
    """(band index, line) of each band line that needs an ability on the card layer."""
    return [(i, line.strip()) for i, band in enumerate(data.level_bands)
            for line in band.get("abilities", []) if not _auto(line)]


def rules_lines(data: "CardData") -> tuple[list[str], list[str]]:
    """A leveler's keywords (the unbanded keyword lines: it has them at all times, CR 710.4)
    and the lines that need an ability: unbanded ones first, then the bands' in order."""
    kws: list[str] = []
    lines: list[str] = []
    for line in data.extra.get("abilities_before_levels") or []:
        got = parse_keyword_line(line)
        if got is None:
            lines.append(line.strip())
        else:
            kws.extend(got)
    return kws, lines + [line for _, line in band_lines(data)]


def line_bands(data: "CardData") -> list[InBand | None]:
    """The band of each line `rules_lines` returns (None for an unbanded line)."""
    _, lines = rules_lines(data)
    banded = [band_gate(data.level_bands[i]) for i, _ in band_lines(data)]
    return [None] * (len(lines) - len(banded)) + banded


def level_up_ability(data: "CardData") -> Activated:
    """CR 702.84a: "[Cost]: Put a level counter on this permanent. Activate only as a sorcery."
    (the sorcery timing is checked for `level_up` abilities in engine/rules/activation.py)."""
    from engine.cards.effects import put_counter_on_source  # lazy: start-up
    return Activated(cost=data.level_up_cost or "", sorcery=True, level_up=True,
                     steps=[put_counter_on_source("level")], label=f"Level up {data.level_up_cost}")


def activated(data: "CardData") -> list[Activated]:
    """The level up ability and the bands' plain mana abilities, each gated by its band."""

    out = [level_up_ability(data)]
    for band in data.level_bands:
        for line in band.get("abilities", []):
            got = mana_lines.parse(line)
            if got is not None:
                out.append(replace(got, active=band_gate(band)))
    return out


def auto_def(data: "CardData") -> tuple[list[str], list[Activated], bool]:
    """For a leveler not written on the card layer: its keywords, activated abilities and
    whether that covers all of its text (only keyword and mana lines in its bands)."""
    kws, lines = rules_lines(data)
    return kws, activated(data), not lines


# ------------------------------------------------------------------ hooks (engine/rules/hooks.py)
def _pt(v: Any) -> int | None:
    try:
        return int(v)
    except (TypeError, ValueError):
        return 0 if v not in (None, "") else None  # '*' counts as 0 (CR 208.2a)


@lru_cache(maxsize=None)
def _bands(name: str) -> tuple[tuple[InBand, int | None, int | None, tuple[str, ...]], ...]:
    data = printed(name)
    if not is_leveler(data):
        return ()
    assert data is not None
    out = []
    for band in data.level_bands:
        kws: list[str] = []
        for line in band.get("abilities", []):
            kws.extend(parse_keyword_line(line) or [])
        out.append((band_gate(band), _pt(band["power"]), _pt(band["toughness"]), tuple(kws)))
    return tuple(out)


def wants_chars(obj: "Obj", c: "Chars") -> bool:
    """A leveler's characteristics depend on its level counters even when it has none."""
    return c.defn is not None and bool(_bands(c.name))


def char_effects(g: "Context", obj: "Obj") -> list[ContinuousEffect]:
    """CR 710.2a-b: the band it is in sets its P/T (layer 7b) and grants its keywords (layer
    6), with the leveler's timestamp; CR 710.5: below the first band none applies. A copy of
    a leveler has its level symbols (copiable values, CR 707.2) and its own level counters
    (release notes: "The abilities, power, and toughness of the copy will be determined based
    on how many level counters are on the copy"). These effects are the permanent's own
    static abilities ("own"): lost with all its abilities (CR 613.1f, characteristics.py)."""
    if obj.face_down or obj.zone != "battlefield":
        return []
    level = obj.counters.get("level", 0)
    if not level:
        return []
    for gate, power, toughness, kws in _bands(_leveler_name(g, obj)):
        if gate.holds(level):
            out = [ContinuousEffect(Layer.PT_SET, [obj.id], obj.timestamp, source=obj.id, own=True, power=power,
                                    toughness=toughness)]
            if kws:
                out.append(ContinuousEffect(Layer.ABILITY, [obj.id], obj.timestamp, source=obj.id, own=True,
                                            add_kw=list(kws)))
            return out
    return []


def _leveler_name(g: "Context", obj: "Obj") -> str:
    """The card whose level symbols the permanent has: its copiable values' (CR 707.2) — the
    latest copy effect's, a token's as created (a copy token of a leveler), else its own."""
    copies = [e for e in resolved_effects(g) if e.layer == Layer.COPY and obj.id in e.ids]
    if copies:
        values = max(copies, key=lambda e: e.ts).values or {}
        return str(values.get("def", values.get("name", obj.name)))
    if obj.token_def is not None:
        return str(obj.token_def.get("def", obj.token_def.get("name", "")))
    return obj.name
