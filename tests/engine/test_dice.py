"""Dice (CR 706): a d6 rolled by an effect shows 1 to 6, each about equally often, from the
game's seeded random numbers — the same seed, the same rolls (replays and scenarios)."""
from collections import Counter

from engine.cards.vocab.dice import RollDie
from engine.config import GameConfig
from engine.game import Game


def _rolls(seed: int, n: int) -> list[int]:
    setup = {"Alice": {"battlefield": ["Cult Healer"], "library": ["Island"] * 3},
             "Bob": {"library": ["Island"] * 3}}
    g = Game(GameConfig(players=["Alice", "Bob"], seed=seed, mode="rules", setup=setup))
    item = g.st.objects[g.st.battlefield[0]]
    step = RollDie(6).step()
    out = []
    for _ in range(n):
        ctx: dict[str, int] = {}
        step(g, item, ctx)
        out.append(ctx["die"])
    return out


def test_a_d6_shows_each_face_about_equally_often() -> None:
    counts = Counter(_rolls(7, 6000))
    assert sorted(counts) == [1, 2, 3, 4, 5, 6]
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts.values())
    assert chi2 < 20.5  # five degrees of freedom: a fair die exceeds this once in a thousand


def test_the_same_seed_rolls_the_same() -> None:
    assert _rolls(3, 20) == _rolls(3, 20) and _rolls(3, 20) != _rolls(4, 20)
