"""The sample decks shipped in assets/decks (Duskmourn cards, Cockatrice .cod files)."""
from __future__ import annotations

from pathlib import Path

from engine.paths import ASSETS

SAMPLE_DIR = ASSETS / "decks"
# The decks built around the cards the rules engine implemented first come first: the
# first one is what `--goldfish` and the dialogs offer by default, and it should play
# entirely in rules mode. Decks not named here follow by file name.
FIRST = ("furnace_red.cod", "haunted_skies.cod", "rakdos_rampage.cod", "rot_and_ruin.cod",
         "toybox_brigade.cod")


def sample_decks() -> list[Path]:
    """Every bundled sample deck file: the first-implemented decks, then by file name."""
    def key(p: Path) -> tuple[int, str]:
        return (FIRST.index(p.name) if p.name in FIRST else len(FIRST), p.name)
    return sorted(SAMPLE_DIR.glob("*.cod"), key=key)


COMMANDER_DIR = SAMPLE_DIR / "commander"


def commander_decks() -> list[Path]:
    """The built-in Commander decks (tools/build_commander_decks.py), by file name."""
    return sorted(COMMANDER_DIR.glob("*.cod"))
