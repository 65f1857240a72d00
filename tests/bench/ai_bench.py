"""Computer player benchmark (issue #15): fairness, speed and strength.

    python tests/bench/ai_bench.py fairness [--positions 40]
    python tests/bench/ai_bench.py speed [--games 4] [--budget 0.25]
    python tests/bench/ai_bench.py strength [--games 200]      # both matches; long: run it in the background

fairness: in positions sampled from heuristic-vs-random games, the heuristic's and the
search's decision (node budget, same seed) are the same when every card the deciding seat
can't see is replaced by another card consistent with its observation.
speed: decision times of each level in heuristic-vs-search games on the five sample decks
(targets: heuristic median <= 5 ms; search median <= 300 ms, p99 <= 2 s, none over the
budget + 10 %). The machine is shared: timings are noisy.
strength: heuristic vs random and search vs heuristic, the sample decks rotated over both
seats (targets: >= 95 % and >= 65 % of 200 games), with 95 % Wilson intervals.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.ai import adapter  # noqa: E402
from engine.ai.determinize import Knowledge  # noqa: E402
from engine.ai.heuristic import HeuristicAgent  # noqa: E402
from engine.ai.match import card_pool, main as match_main, sample_decks  # noqa: E402
from engine.ai.random_agent import RandomAgent  # noqa: E402
from engine.ai.search import SearchAgent  # noqa: E402
from engine.config import GameConfig  # noqa: E402
from engine.decks.files import read_deck  # noqa: E402
from engine.game import Game  # noqa: E402


def _decks() -> list[list[str]]:
    return [read_deck(p).deck.card_names() for p in sample_decks()]


def fairness(positions: int) -> int:
    pool = card_pool()
    decks = _decks()
    rng = random.Random(1)
    checked = differ = 0
    seed = 0
    while checked < positions:
        da, db = decks[seed % 5], decks[(seed + 1) % 5]
        g = Game(GameConfig(decks=[da, db], seed=seed, mode="rules"))
        know = Knowledge(decks={0: da}, pool=pool)
        agents = [HeuristicAgent(seed, know), RandomAgent(seed)]
        n = 0
        while not adapter.is_over(g) and n < 1500 and checked < positions:
            p = adapter.pending_player(g)
            assert p is not None
            acts = [a for a in g.legal_actions(p) if not adapter.is_mana_ability(a)]
            if p == 0 and len(acts) > 1 and rng.random() < 0.2:
                v = g.clone()
                st = v.st
                other = st.players[1]
                for oid in other.library + [o for o in other.hand if not st.objects[o].revealed]:
                    st.objects[oid].name = rng.choice(pool)
                mine = [st.objects[o].name for o in st.players[0].library]
                rng.shuffle(mine)
                for oid, name in zip(st.players[0].library, mine):
                    st.objects[oid].name = name
                st.rng = rng.getrandbits(64)
                v.touch()
                same = (str(HeuristicAgent(7, know).choose(g, 0)) == str(HeuristicAgent(7, know).choose(v, 0))
                        and str(SearchAgent(7, know, iterations=16).choose(g, 0))
                        == str(SearchAgent(7, know, iterations=16).choose(v, 0)))
                checked += 1
                differ += not same
            g.apply(agents[p].choose(g, p))
            n += 1
        seed += 1
    print(f"fairness: {checked} positions, {differ} decisions changed by the hidden cards")
    return 1 if differ else 0


def speed(games: int, budget: float) -> int:
    pool = card_pool()
    decks = _decks()
    times: dict[str, list[float]] = {"heuristic": [], "search": []}
    cpu: dict[str, list[float]] = {"heuristic": [], "search": []}  # CPU time: the share of a busy machine aside
    for i in range(games):
        da, db = decks[i % 5], decks[(i + 2) % 5]
        know = [Knowledge(decks={0: da}, pool=pool), Knowledge(decks={1: db}, pool=pool)]
        agents = [HeuristicAgent(i, know[0]), SearchAgent(i, know[1], budget=budget)]
        if i % 2:
            agents = [SearchAgent(i, know[0], budget=budget), HeuristicAgent(i, know[1])]
        g = Game(GameConfig(decks=[da, db], seed=i, mode="rules"))
        n = 0
        while not adapter.is_over(g) and n < 4000:
            p = adapter.pending_player(g)
            assert p is not None
            t0, c0 = time.perf_counter(), time.process_time()
            act = agents[p].choose(g, p)
            level = type(agents[p]).__name__.replace("Agent", "").lower()
            times[level].append(time.perf_counter() - t0)
            cpu[level].append(time.process_time() - c0)
            g.apply(act)
            n += 1
    over = 0
    for level, ts in times.items():
        ts.sort()
        med, p99, mx = statistics.median(ts), ts[int(len(ts) * 0.99) - 1], ts[-1]
        print(f"{level}: {len(ts)} decisions, median {med * 1000:.2f} ms, p99 {p99 * 1000:.1f} ms, "
              f"max {mx * 1000:.1f} ms")
        real = [t for t in ts if t > 0.001]
        if real:
            print(f"{level}, only the {len(real)} decisions that thought (> 1 ms): median "
                  f"{statistics.median(real) * 1000:.1f} ms")
        cs = sorted(cpu[level])
        print(f"{level} CPU time: median {statistics.median(cs) * 1000:.2f} ms, p99 {cs[int(len(cs) * 0.99) - 1] * 1000:.1f} ms, "
              f"max {cs[-1] * 1000:.1f} ms")
        if level == "search":
            over = sum(t > budget * 1.1 for t in ts)
            over_cpu = sum(t > budget * 1.1 for t in cs)
            print(f"search decisions over budget + 10 % ({budget * 1100:.0f} ms): {over} by the clock, "
                  f"{over_cpu} in CPU time")
    return 1 if over else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("fairness", "speed", "strength"))
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--games", type=int, default=None)
    ap.add_argument("--budget", type=float, default=0.25)
    args = ap.parse_args(argv)
    if args.what == "fairness":
        return fairness(args.positions)
    if args.what == "speed":
        return speed(args.games or 4, args.budget)
    n = str(args.games or 200)
    match_main(["rotate", "rotate", "--games", n, "--levels", "heuristic,random"])
    match_main(["rotate", "rotate", "--games", n, "--levels", "search,heuristic", "--budget", str(args.budget)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
