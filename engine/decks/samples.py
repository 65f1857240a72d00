"""The sample decks shipped in assets/decks (Duskmourn cards, Cockatrice .cod files)."""
from __future__ import annotations

from pathlib import Path

from engine.paths import ASSETS

SAMPLE_DIR = ASSETS / "decks"


def sample_decks() -> list[Path]:
    """Every bundled sample deck file, sorted by file name."""
    return sorted(SAMPLE_DIR.glob("*.cod"))
