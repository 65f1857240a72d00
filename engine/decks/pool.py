"""Random decks from the implemented card pool, for random playouts and the benchmark
(issue #10): 17 basic lands and 23 other cards drawn from every bundled card the rules
engine implements, at most two of a name, seeded so a failing game can be replayed."""
from __future__ import annotations

import random
from functools import lru_cache
from engine.cards.behaviour import is_implemented
from engine.cards.data import bundled_cards

BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")


@lru_cache(maxsize=1)
def implemented_pool() -> tuple[str, ...]:
    """Every bundled nonbasic card the engine implements, by name, sorted."""
    return tuple(sorted(n for n in bundled_cards() if n not in BASICS and is_implemented(n)))


def pool_deck(seed: int, size: int = 40, lands: int = 17) -> list[str]:
    rng = random.Random(seed)
    pool = list(implemented_pool())
    spells: list[str] = []
    while len(spells) < size - lands:
        name = rng.choice(pool)
        if spells.count(name) < 2:
            spells.append(name)
    colours = rng.sample(BASICS, 2)
    return [colours[i % 2] for i in range(lands)] + spells
