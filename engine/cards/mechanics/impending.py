"""Impending (CR 702.176, Duskmourn): "Impending N—[cost]" means "You may cast this spell by
paying [cost] rather than its mana cost" (an alternative cost, CR 118.9), "If you chose to
pay this permanent's impending cost, it enters with N time counters on it", "As long as
this permanent's impending cost was paid and it has a time counter on it, it's not a
creature" and "At the beginning of your end step, if this permanent's impending cost was
paid and it has a time counter on it, remove a time counter from it."

The line is read from the card's text, so no card writes it. The rules parts live where
the engine applies them: the cost in engine/rules/casting.py, the counters as it enters in
engine/rules/zones.py, "not a creature" in engine/rules/characteristics.py (layer 4) and
the end-step trigger in engine/rules/triggers.py — each marked "CR 702.176a".

Release notes (Unheilsdrohend): "Falls du dich entscheidest, die Unheilsdrohend-Kosten statt
der Manakosten zu bezahlen, wirkst du trotzdem den Zauberspruch."
"""
from __future__ import annotations

import re

_LINE = re.compile(r"Impending (\d+)—((?:\{[^}]+\})+)(?: \(.*\))?")


def parse(line: str) -> tuple[int, str] | None:
    """(N, cost) of an impending line, or None if the line is something else."""
    m = _LINE.fullmatch(line.strip())
    return (int(m.group(1)), m.group(2)) if m else None
