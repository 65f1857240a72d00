"""Keyword abilities read from rules text (CR 702): a line such as "Flying, vigilance".

Cards whose every text line is made of these keywords need no hand-written behaviour.
"""
from __future__ import annotations

import re

from engine.rules.block_rules import LANDWALK

EVERGREEN = ("flying", "reach", "haste", "vigilance", "trample", "lifelink", "deathtouch",
             "first strike", "double strike", "menace", "flash", "defender", "hexproof",
             "indestructible", "convoke")
# not evergreen, but read the same way: shroud (CR 702.18) and landwalk (CR 702.14)
OTHER = ("shroud", "changeling", "fear", "partner", "delve", *LANDWALK)  # changeling: CR 702.73, engine/cards/mechanics/changeling.py; fear: CR 702.36 (engine/rules/block_rules.py); delve: CR 702.66 (engine/rules/delve.py)
# partner: CR 702.124, a deck-construction keyword (engine/decks/commander.py reads the line)
_WARD = re.compile(r"^ward( (\{[^}]+\})+|—discard a card|—sacrifice three nonland permanents|—pay \d+ life)$")


def parse_keyword_line(line: str) -> list[str] | None:
    """['flying', 'vigilance'] for "Flying, vigilance"; None if the line is anything else."""
    text = re.sub(r"\s*\([^)]*\)", "", line).strip().rstrip(".").lower()
    if not text:
        return None
    out: list[str] = []
    for part in (p.strip() for p in re.split(r",|;", text)):
        if part in EVERGREEN or part in OTHER:
            out.append(part)
        elif _WARD.match(part):
            out.append("ward")
        else:
            return None
    return out


def ward_cost(text: str) -> str | None:
    """The ward cost: mana ("{2}") or "discard" for "Ward—Discard a card." (CR 702.21a)."""
    for line in text.splitlines():
        if line.strip().rstrip(".") == "Ward—Discard a card":
            return "discard"
        if line.strip().rstrip(".") == "Ward—Sacrifice three nonland permanents":
            return "sacrifice3"
        life = re.match(r"^Ward—Pay (\d+) life", line.strip())
        if life:  # "Ward—Pay N life." (CR 702.21a, 119.4)
            return f"life:{life.group(1)}"
        m = re.match(r"^Ward ((\{[^}]+\})+)", line.strip())
        if m:
            return m.group(1)
    return None
