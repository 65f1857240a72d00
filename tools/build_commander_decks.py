"""Build the small built-in Commander decks (assets/decks/commander/*.cod) from the pool.

Each deck is a commander from the Duskmourn Commander cards (DSC) with 99 cards the rules
engine implements inside its colour identity (CR 903.5c), one of each (903.5b) except basic
lands: about 60 spells, the rest lands. They stand in for the four Duskmourn Commander
decks (issue 28) until those decks' reprints are in the pool. Seeded: the same files each run.

    python tools/build_commander_decks.py
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cards.behaviour import printed  # noqa: E402
from engine.decks import Deck, validate, write_deck  # noqa: E402
from engine.decks.commander import identity  # noqa: E402
from engine.decks.pool import implemented_pool  # noqa: E402
from engine.paths import ASSETS  # noqa: E402

OUT = ASSETS / "decks" / "commander"
# the four decks of the release notes, by their commander (deck name, file, commander)
DECKS = [("Miracle Worker", "miracle_worker", "Aminatou, Veil Piercer"),
         ("Endless Punishment", "endless_punishment", "Valgavoth, Harrower of Souls"),
         ("Jump Scare!", "jump_scare", "Kianne, Corrupted Memory"),
         ("Death Toll", "death_toll", "Winter, Cynical Opportunist")]
BASIC = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
SPELLS = 62


def build(name: str, commander: str, seed: int) -> Deck:
    allowed = set(identity(commander) or "")
    pool = [n for n in implemented_pool() if n != commander and set(identity(n) or "") <= allowed]
    lands = [n for n in pool if "Land" in (printed(n).type_line if printed(n) else "")]
    spells = [n for n in pool if n not in lands]
    rng = random.Random(seed)
    rng.shuffle(spells)
    deck = Deck(name=name, format="commander",
                comments=f"Built-in Commander deck around {commander}, from the cards the rules engine "
                         "implements (tools/build_commander_decks.py).")
    deck.add(commander, 1, "commander")
    chosen = sorted(spells[:SPELLS]) + sorted(lands)
    for n in chosen:
        deck.add(n, 1)
    colours = [c for c in "WUBRG" if c in allowed]
    i = 0
    while deck.total("main") < 99:
        deck.add(BASIC[colours[i % len(colours)]], 1)
        i += 1
    return deck


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for seed, (name, stem, commander) in enumerate(DECKS):
        deck = build(name, commander, seed)
        problems = [p for p in validate(deck) if p.severity == "error"]
        assert not problems, problems
        write_deck(deck, OUT / f"{stem}.cod")
        print(stem, deck.total("main"), "+", commander)


if __name__ == "__main__":
    main()
