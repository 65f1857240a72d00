"""Engine benchmark: `python -m engine.bench [--games N]`.

Plays seeded random-vs-random games and prints games per second and the median and
99th-percentile time per decision (legal_actions + choosing + apply), then the same on a
crowded board of 40 and 400 permanents. Targets (issue "Engine core"): median decision
<= 100 us at 40 permanents; at 400 permanents no more than 10x the 40-permanent figure.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time

from engine.ai.random_agent import RandomAgent
from engine.config import GameConfig
from engine.game import Game

DECK = (["Forest"] * 4 + ["Mountain"] * 4 + ["Swamp"] * 3 + ["Island"] * 2 + ["Plains"] * 2
        + ["Piggy Bank", "Friendly Teddy", "Ragged Playmate", "Bear Trap", "Pyroclasm", "Murder",
           "Scorching Dragonfire", "Winter's Intervention", "Give In to Violence", "Horrid Vigor",
           "Enter the Enigma", "Seized from Slumber", "Slavering Branchsnapper", "Daggermaw Megalodon",
           "Piranha Fly", "Lionheart Glimmer", "Come Back Wrong", "Abandoned Campground"]) * 2


def _timed_decisions(g: Game, seed: int, limit: int) -> list[float]:
    agents = [RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)]
    times: list[float] = []
    clock = time.perf_counter
    while g.pending is not None and len(times) < limit:
        t0 = clock()
        p = g.pending.player
        g.apply(agents[p].choose(g, p))
        times.append(clock() - t0)
    return times


def crowded_setup(permanents: int) -> dict[str, object]:
    """Each player gets half the permanents: lands and creatures, some tapped."""
    half = permanents // 2
    kinds = ["Forest", "Swamp", "Piggy Bank", "Friendly Teddy", "Mountain", "Piranha Fly", "Plains",
             "Lionheart Glimmer", "Island", "Ragged Playmate"]
    side = [kinds[i % len(kinds)] + (" | tapped" if i % 3 == 0 else "") for i in range(half)]
    lib = ["Murder", "Pyroclasm", "Forest", "Give In to Violence", "Bear Trap"] * 8
    hand = ["Murder", "Scorching Dragonfire", "Horrid Vigor", "Mountain", "Piggy Bank"]
    return {"Alice": {"battlefield": side, "library": lib, "hand": hand},
            "Bob": {"battlefield": list(side), "library": list(lib), "hand": list(hand)}}


def _report(label: str, times: list[float]) -> float:
    times = sorted(times)
    med = statistics.median(times) * 1e6
    p99 = times[int(len(times) * 0.99) - 1] * 1e6
    print(f"{label}: {len(times)} decisions, median {med:.0f} us, p99 {p99:.0f} us per decision")
    return med


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--crowded-decisions", type=int, default=3000)
    args = ap.parse_args(argv)
    times: list[float] = []
    t0 = time.perf_counter()
    for seed in range(args.games):
        g = Game(GameConfig(decks=[DECK, DECK], seed=seed, mode="rules"))
        times += _timed_decisions(g, seed, 20000)
    wall = time.perf_counter() - t0
    print(f"full games: {args.games} games in {wall:.2f} s = {args.games / wall:.1f} games/s")
    _report("full games", times)
    meds = {}
    for n in (40, 400):
        ts: list[float] = []
        seed = 0
        while len(ts) < args.crowded_decisions:
            g = Game(GameConfig(seed=seed, mode="rules", setup=crowded_setup(n)))
            ts += _timed_decisions(g, seed, args.crowded_decisions - len(ts))
            seed += 1
        meds[n] = _report(f"crowded board, {n} permanents", ts)
    print(f"ratio 400/40: {meds[400] / meds[40]:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
