"""Engine benchmark: `python -m engine.bench [--games N]`.

Plays seeded random-vs-random games and prints games per second and the median and
99th-percentile time per decision (legal_actions + choosing + apply), then the same on a
crowded board of 40 and 400 permanents. Targets (issue #24): median decision <= 100 us at
40 permanents; at 400 permanents no more than 5x the 40-permanent figure. On a shared machine
measure with `--cpu` (CPU time) and compare two commits side by side in the same run; for a
load-independent count, `python -m tools.decision_opcodes` plays the same boards and counts
the bytecodes of each decision (by kind, function and line).

Card definitions load lazily (engine/cards/sets: a set module on the first question about one
of its cards), in a game of the app as here: neither loads a game's cards at set-up, so the
first decision that needs a card pays for its module. The bench keeps that (it is what a
player waits for). It falls on a few decisions of the first full games (18 of 593 in the first
pool game), which only makes them among the slowest; a crowded board's permanents load as the
board is set up, outside the timed decisions (the crowded figures of #24 time no loading).
"""
from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import time

from engine.ai.random_agent import RandomAgent
from engine.config import GameConfig
from engine.game import Game
from engine.decks.pool import implemented_pool, pool_deck
from engine.invariants import conserved, no_leak
from engine.cards.behaviour import printed

DECK = (["Forest"] * 4 + ["Mountain"] * 4 + ["Swamp"] * 3 + ["Island"] * 2 + ["Plains"] * 2
        + ["Piggy Bank", "Friendly Teddy", "Ragged Playmate", "Bear Trap", "Pyroclasm", "Murder",
           "Scorching Dragonfire", "Winter's Intervention", "Give In to Violence", "Horrid Vigor",
           "Enter the Enigma", "Seized from Slumber", "Slavering Branchsnapper", "Daggermaw Megalodon",
           "Piranha Fly", "Lionheart Glimmer", "Come Back Wrong", "Abandoned Campground"]) * 2


NAMES = ["Alice", "Bob", "Carol", "Dave"]

# --cpu: each decision's time as CPU time of this process (time.process_time) instead of wall
# time: on a shared machine the wall clock counts the other processes' turns on the cores too
_CLOCK = [time.perf_counter]

# --fingerprint: every action applied, in order, hashed per measurement (None: not asked for).
# Two commits that print the same fingerprints played the same games: a change meant to be
# faster only has changed nothing else.
_FINGERPRINT: "hashlib._Hash | None" = None


def _timed_decisions(g: Game, seed: int, limit: int) -> list[float]:
    n = g.num_players
    agents = [RandomAgent(seed * n + i + 1) for i in range(n)]
    times: list[float] = []
    clock = _CLOCK[0]
    while g.pending is not None and len(times) < limit:
        t0 = clock()
        p = g.pending.player
        action = agents[p].choose(g, p)
        g.apply(action)
        times.append(clock() - t0)
        if _FINGERPRINT is not None:  # (outside the timed part)
            _FINGERPRINT.update(repr(action).encode())
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
    tail = ""
    global _FINGERPRINT
    if _FINGERPRINT is not None:
        tail = f", actions {_FINGERPRINT.hexdigest()[:16]}"
        _FINGERPRINT = hashlib.sha256()
    print(f"{label}: {len(times)} decisions, median {med:.0f} us, p99 {p99:.0f} us per decision{tail}")
    return med


def _pool(games: int, crowded: int) -> None:
    """Issue #10: random decks from the whole implemented pool — invariants checked after
    every game, the time per decision in full games and on crowded boards of pool cards."""

    times: list[float] = []
    failures = 0
    t0 = time.perf_counter()
    for seed in range(games):
        decks = [pool_deck(seed * 2), pool_deck(seed * 2 + 1)]
        g = Game(GameConfig(players=NAMES[:2], decks=decks, seed=seed, mode="rules"))
        try:
            times += _timed_decisions(g, seed, 20000)
            conserved(g, sum(len(d) for d in decks))
            if seed % 20 == 0:
                no_leak(g)
            if g.pending is not None or g.outcome is None:
                raise AssertionError("the game did not end")
        except Exception as exc:  # noqa: BLE001 - counted and shown, the run goes on
            failures += 1
            print(f"pool game {seed}: {type(exc).__name__}: {exc}")
    wall = time.perf_counter() - t0
    print(f"pool of {len(implemented_pool())} cards, full games: {games} games in {wall:.2f} s, "
          f"{failures} invariant violations")
    _report("pool, full games", times)
    meds = {}
    pool = board_pool()
    for n in (40, 400):
        ts: list[float] = []
        seed = 0
        while len(ts) < crowded:
            ts += _timed_decisions(pool_board(n, seed, pool), seed, crowded - len(ts))
            seed += 1
        meds[n] = _report(f"pool, crowded board, {n} permanents", ts)
    print(f"pool, ratio 400/40: {meds[400] / meds[40]:.1f}x")


def board_pool() -> list[str]:
    """The pool's permanent cards (no instant or sorcery), which the crowded pool boards mix in."""
    return [n for n in implemented_pool() if "Instant" not in _types(n) and "Sorcery" not in _types(n)]


def pool_board(permanents: int, seed: int, pool: list[str]) -> Game:
    """The crowded board of `permanents` with every other permanent a card of `pool` (by the
    seed): the board `_pool` times, which tools/decision_opcodes.py counts too."""
    setup = crowded_setup(permanents)
    for i, name in enumerate(NAMES[:2]):
        side = setup[name]["battlefield"]  # type: ignore[index]
        for k in range(0, len(side), 2):
            side[k] = pool[(seed * 7 + k * 13 + i) % len(pool)]
    return Game(GameConfig(players=NAMES[:2], seed=seed, mode="rules", setup=setup))


def _types(name: str) -> str:
    data = printed(name)
    return data.type_line if data is not None else ""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--crowded-decisions", type=int, default=3000)
    ap.add_argument("--seats", type=int, nargs="*", default=[2, 4], help="player counts to measure (2-4)")
    ap.add_argument("--pool-games", type=int, default=200,
                    help="two-player games with random decks from every implemented card (0: skip)")
    ap.add_argument("--cpu", action="store_true",
                    help="time decisions in CPU time of this process (time.process_time), not wall time")
    ap.add_argument("--fingerprint", action="store_true",
                    help="print a hash of the actions played for each measurement (same games, same hash)")
    args = ap.parse_args(argv)
    global _FINGERPRINT
    _FINGERPRINT = hashlib.sha256() if args.fingerprint else None
    _CLOCK[0] = time.process_time if args.cpu else time.perf_counter
    if args.pool_games:
        _pool(args.pool_games, args.crowded_decisions)
    for seats in args.seats:
        label = f"{seats} players"
        times: list[float] = []
        t0 = time.perf_counter()
        games = args.games if seats == 2 or not args.games else max(1, args.games // seats)
        for seed in range(games):
            g = Game(GameConfig(players=NAMES[:seats], decks=[DECK] * seats, seed=seed, mode="rules"))
            times += _timed_decisions(g, seed, 20000)
        wall = time.perf_counter() - t0
        if games:  # (--games 0: the crowded boards only)
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
