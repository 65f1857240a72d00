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


NAMES = ["Alice", "Bob", "Carol", "Dave"]


def _timed_decisions(g: Game, seed: int, limit: int) -> list[float]:
    n = g.num_players
    agents = [RandomAgent(seed * n + i + 1) for i in range(n)]
    times: list[float] = []
    clock = time.perf_counter
    while g.pending is not None and len(times) < limit:
        t0 = clock()
        p = g.pending.player
        g.apply(agents[p].choose(g, p))
        times.append(clock() - t0)
    return times


def crowded_setup(permanents: int, seats: int = 2) -> dict[str, object]:
    """Each player gets an equal share of the permanents: lands and creatures, some tapped."""
    half = permanents // seats
    kinds = ["Forest", "Swamp", "Piggy Bank", "Friendly Teddy", "Mountain", "Piranha Fly", "Plains",
             "Lionheart Glimmer", "Island", "Ragged Playmate"]
    side = [kinds[i % len(kinds)] + (" | tapped" if i % 3 == 0 else "") for i in range(half)]
    lib = ["Murder", "Pyroclasm", "Forest", "Give In to Violence", "Bear Trap"] * 8
    hand = ["Murder", "Scorching Dragonfire", "Horrid Vigor", "Mountain", "Piggy Bank"]
    setup: dict[str, object] = {name: {"battlefield": list(side), "library": list(lib), "hand": list(hand)}
                                for name in NAMES[:seats]}
    if seats > 2:
        setup["players"] = NAMES[:seats]
    return setup


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
    ap.add_argument("--seats", type=int, nargs="*", default=[2, 4], help="player counts to measure (2-4)")
    args = ap.parse_args(argv)
    for seats in args.seats:
        label = f"{seats} players"
        times: list[float] = []
        t0 = time.perf_counter()
        games = args.games if seats == 2 else max(1, args.games // seats)
        for seed in range(games):
            g = Game(GameConfig(players=NAMES[:seats], decks=[DECK] * seats, seed=seed, mode="rules"))
            times += _timed_decisions(g, seed, 20000)
        wall = time.perf_counter() - t0
        print(f"{label}, full games: {games} games in {wall:.2f} s = {games / wall:.1f} games/s")
        _report(f"{label}, full games", times)
        meds = {}
        for n in (40, 400):
            ts: list[float] = []
            seed = 0
            while len(ts) < args.crowded_decisions:
                g = Game(GameConfig(players=NAMES[:seats], seed=seed, mode="rules", setup=crowded_setup(n, seats)))
                ts += _timed_decisions(g, seed, args.crowded_decisions - len(ts))
                seed += 1
            meds[n] = _report(f"{label}, crowded board, {n} permanents", ts)
        print(f"{label}, ratio 400/40: {meds[400] / meds[40]:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
