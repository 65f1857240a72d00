"""Archenemy Commander and Supervillain Rumble between computer players (issue #29).

    python tests/bench/archenemy_bench.py [--games 10] [--level heuristic] [--every 1]
        [--formats archenemy_commander,supervillain_rumble] [--first N] [--times FILE]
        [--decks built|printed]
    python tests/bench/archenemy_bench.py --summary FILE [FILE...]   # runs split over processes

Four seats with the four built-in Commander decks (assets/decks/commander; with --decks printed
the four Duskmourn Commander decks as printed, assets/decks/commander/official) and their scheme
decks (engine/decks/scheme_decks.py), rotated over the seats from game to game: in Archenemy
Commander the first seat is the archenemy (scheme deck; 60 life, starts) against a team of
three sharing 60 life; in Supervillain Rumble every seat has a scheme deck, 40 life each. Each
computer player knows its own deck (and scheme deck) only and is handed what a computer seat is
handed at the table (app/ai_session.py), never the game: first what its seat is shown
(engine/ai/adapter.py `View`: `at_once`), and when that does not answer, its seat's world
(engine/ai/determinize.py `seat_world`: every card the seat can't see sampled, seeded by the
position). The world is made inside the decision's time: at the table the person waits for it
too. Every game is played to its end; the invariants
(every object in one zone, no card created or lost, no hidden card in any observation, scheme
decks keep their cards, a team's one life total) are checked after every decision.
Prints the time per decision (the agent's choice, its world included, and the engine applying it: p50 / p99 /
max) and per game (the sum of its decisions; the checks are timed apart), each as CPU time of
this process (time.process_time: what the machine's load does not change) and as wall-clock
time, the first turn any life total changed, and the winners. Exit status 1 on an invariant
violation or a game that does not end within the decision cap.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.ai import adapter  # noqa: E402
from engine.ai.determinize import Knowledge, seat_world  # noqa: E402
from engine.ai.match import card_pool, make_agent  # noqa: E402
from engine.cards.data import scheme_cards  # noqa: E402
from engine.config import GameConfig  # noqa: E402
from engine.decks import read_deck  # noqa: E402
from engine.decks.samples import commander_decks, printed_commander_decks  # noqa: E402
from engine.decks.scheme_decks import built_in  # noqa: E402
from engine.actions import Action  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.invariants import conserved, no_leak  # noqa: E402
from engine.rules.teams import shared_life  # noqa: E402

FORMATS = ("archenemy_commander", "supervillain_rumble")
NAMES = ["Alice", "Bob", "Carol", "Dave"]


def decks(printed: bool = False) -> list[tuple[list[str], list[str], list[str]]]:
    """(cards with the commander, commanders, scheme deck) of each built-in Commander deck (or
    of each printed one: the same products, the same scheme decks)."""
    out = []
    for path in printed_commander_decks() if printed else commander_decks():
        deck = read_deck(path).deck
        commanders = deck.card_names("commander")
        out.append((deck.card_names() + commanders, commanders, built_in(path)))
    return out


def config(fmt: str, game: int, seed: int, printed: bool = False) -> GameConfig:
    """Game `game` of a format: the decks rotated by one seat per game."""
    ds = decks(printed)
    order = [ds[(game + i) % len(ds)] for i in range(len(NAMES))]
    schemes = [d[2] if (fmt == "supervillain_rumble" or i == 0) else [] for i, d in enumerate(order)]
    return GameConfig(players=list(NAMES), decks=[d[0] for d in order], commanders=[d[1] for d in order],
                      schemes=schemes, format=fmt, mode="rules", seed=seed + game)


def check(g: Game, n_cards: int, n_schemes: list[int]) -> None:
    conserved(g, n_cards)
    no_leak(g)
    st = g.st
    for p in st.players:
        if p.lost:
            continue
        face_up = [o for o in p.command if st.objects[o].name in scheme_cards()]
        assert len(p.schemes) + len(face_up) == n_schemes[p.index], "a scheme deck lost or gained a card"
        if shared_life(g) and p.team:
            assert {q.life for q in st.players if q.team == p.team and not q.lost} == {p.life}, \
                "a team's members differ in life"


AI_FAILURES: list[str] = []  # a computer player that failed to decide (the table then takes the first answer)


def decide(agent: Any, g: Game, seat: int, knowledge: Knowledge, seed: int) -> Action:
    """A computer seat's answer as the table gets it (app/ai_session.py `_think`): from what the
    seat is shown when that suffices, else on the seat's world, never on the game itself."""
    quick: Action | None = agent.at_once(adapter.view(g, seat))
    if quick is not None:
        return quick
    world = seat_world(g, seat, knowledge, random.Random(f"{seed}:{seat}:{len(g.history)}"))
    chosen: Action = agent.choose(world, seat)
    return chosen


def play(cfg: GameConfig, level: str, cap: int, every: int = 1) -> tuple[list[float], list[float], Game, int]:
    """One game to its end; the seconds of each decision (agent with its world + apply). A
    computer player that fails to decide is counted and answered with the first listed action,
    as the table (app/ai_session.py) does. The invariants are checked after every `every`-th
    decision and at the end. Returns the wall and CPU seconds of each decision, the game and
    the first turn a life total changed (0: none did)."""
    g = Game(cfg)
    pool = card_pool()
    # each seat knows its own deck and scheme deck only (as app/ai_session.py's computer seats)
    knows = {i: Knowledge(decks={i: list(cfg.decks[i])}, pool=pool,
                          schemes={i: list(cfg.schemes[i])} if cfg.schemes[i] else {})
             for i in range(len(cfg.players))}
    agents = {i: make_agent(level, cfg.seed * 10 + i, knows[i]) for i in range(len(cfg.players))}
    n_cards = sum(len(d) for d in cfg.decks)
    n_schemes = [len(s) for s in cfg.schemes]
    times: list[float] = []
    cpu: list[float] = []
    start_life = [p.life for p in g.st.players]
    first_damage = 0
    while g.pending is not None:
        seat = g.pending.player
        c0 = time.process_time()
        t0 = time.perf_counter()
        try:
            action = decide(agents[seat], g, seat, knows[seat], cfg.seed)
        except Exception as exc:  # (counted and printed: an AI or engine bug to fix)
            AI_FAILURES.append(f"{cfg.format} seed {cfg.seed} decision {len(times)}: {type(exc).__name__} {exc}")
            print("AI failure:", AI_FAILURES[-1], flush=True)
            action = g.legal_actions(seat)[0]
        g.apply(action)
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        if not first_damage and [p.life for p in g.st.players] != start_life:
            first_damage = g.st.turn
        if len(times) % every == 0:
            check(g, n_cards, n_schemes)
        if len(times) >= cap:
            raise AssertionError(f"the game (seed {cfg.seed}, {cfg.format}) did not end in {cap} decisions")
    check(g, n_cards, n_schemes)
    return times, cpu, g, first_damage


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def summary(paths: list[str]) -> None:
    """The figures of runs split over processes (each with `--times`): every game once, by
    format and number, CPU time per decision and per game, and wall-clock time."""
    games: dict[tuple[str, int], dict[str, Any]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                g = json.loads(line)
                games.setdefault((g["format"], g["game"]), g)
    for fmt in FORMATS:
        gs = [g for (f, _k), g in sorted(games.items()) if f == fmt]
        if not gs:
            continue
        cpu = [c for g in gs for c in g["cpu"]]
        wall = [c for g in gs for c in g["seconds"]]
        per_cpu = [sum(g["cpu"]) for g in gs]
        per_wall = [sum(g["seconds"]) for g in gs]
        print(f"== {fmt}: {len(gs)} games to the end (numbers {[g['game'] for g in gs]}), {len(cpu)} decisions, "
              f"turns median {statistics.median(g['turn'] for g in gs):.0f}")
        print(f"   CPU per decision p50 {pct(cpu, 0.5) * 1e3:.2f} ms, p99 {pct(cpu, 0.99) * 1e3:.0f} ms, "
              f"max {max(cpu) * 1e3:.0f} ms, mean {statistics.fmean(cpu) * 1e3:.1f} ms; per game median "
              f"{statistics.median(per_cpu):.1f} s, min {min(per_cpu):.1f} s, max {max(per_cpu):.1f} s, "
              f"total {sum(per_cpu):.0f} s")
        print(f"   wall per decision p50 {pct(wall, 0.5) * 1e3:.2f} ms, p99 {pct(wall, 0.99) * 1e3:.0f} ms; "
              f"per game median {statistics.median(per_wall):.0f} s")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=10, help="games of each format")
    ap.add_argument("--level", default="heuristic", choices=("random", "heuristic", "search"))
    ap.add_argument("--formats", default=",".join(FORMATS))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first", type=int, default=0, help="the first game's number (to split a run over processes)")
    ap.add_argument("--times", default="", help="also write each game's decision times (JSON lines) to this file")
    ap.add_argument("--cap", type=int, default=40000, help="decisions before a game counts as not ending")
    ap.add_argument("--every", type=int, default=1, help="check the invariants after every N-th decision (and at the end)")
    ap.add_argument("--decks", default="built", choices=("built", "printed"),
                    help="the built-in decks of implemented cards, or the four decks as printed")
    ap.add_argument("--summary", nargs="+", default=None, help="print the figures of these --times files and stop")
    args = ap.parse_args(argv)
    if args.summary:
        summary(args.summary)
        return 0
    failed = 0
    for fmt in args.formats.split(","):
        all_times: list[float] = []
        all_cpu: list[float] = []
        per_game: list[float] = []
        per_game_cpu: list[float] = []
        first_hits: list[int] = []
        walls: list[float] = []
        turns: list[int] = []
        wins: dict[str, int] = {}
        for k in range(args.first, args.first + args.games):
            cfg = config(fmt, k, args.seed, args.decks == "printed")
            t0 = time.perf_counter()
            try:
                times, cpu, g, first_damage = play(cfg, args.level, args.cap, args.every)
            except AssertionError as exc:
                failed += 1
                print(f"{fmt} game {k}: FAILED: {exc}", flush=True)
                continue
            per_game.append(sum(times))  # the game's own time: its decisions, without the checks
            per_game_cpu.append(sum(cpu))
            first_hits.append(first_damage)
            if args.times:
                with open(args.times, "a", encoding="utf-8") as fh:
                    fh.write(json.dumps({"format": fmt, "game": k, "turn": g.st.turn, "seconds": times, "cpu": cpu,
                                         "wall": time.perf_counter() - t0}) + "\n")
            walls.append(time.perf_counter() - t0)
            all_times.extend(times)
            all_cpu.extend(cpu)
            turns.append(g.st.turn)
            out = g.outcome
            who = (f"team {out.team}" if out and out.team else
                   (g.st.players[out.winner].name if out and out.winner is not None else "draw"))
            wins[who] = wins.get(who, 0) + 1
            print(f"{fmt} game {k}: {len(times)} decisions, turn {g.st.turn}, CPU {per_game_cpu[-1]:.1f} s, "
                  f"wall {per_game[-1]:.1f} s ({walls[-1]:.1f} s with the checks), first life change turn "
                  f"{first_damage}, winner {who}", flush=True)
        if all_times:
            print(f"== {fmt} ({args.level}) CPU: per decision p50 {pct(all_cpu, 0.5) * 1e3:.2f} ms, "
                  f"p99 {pct(all_cpu, 0.99) * 1e3:.1f} ms, max {max(all_cpu) * 1e3:.0f} ms, mean "
                  f"{statistics.fmean(all_cpu) * 1e3:.2f} ms; per game median {statistics.median(per_game_cpu):.1f} s, "
                  f"max {max(per_game_cpu):.1f} s, total {sum(per_game_cpu):.0f} s; first life change median turn "
                  f"{statistics.median(first_hits):.0f}", flush=True)
            print(f"== {fmt} ({args.level}) wall: {len(per_game)} games to the end, {len(all_times)} decisions; "
                  f"per decision p50 {pct(all_times, 0.5) * 1e3:.2f} ms, p99 {pct(all_times, 0.99) * 1e3:.1f} ms, "
                  f"max {max(all_times) * 1e3:.0f} ms; per game median {statistics.median(per_game):.1f} s, "
                  f"max {max(per_game):.1f} s (with the invariant checks: total {sum(walls):.0f} s); turns median {statistics.median(turns):.0f}; winners {wins}",
                  flush=True)
    print("invariant violations / unfinished games:", failed)
    print("computer players' failures to decide (answered with the first listed action):", len(AI_FAILURES))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
