"""What computer players do at a four-seat Commander table of the printed Duskmourn Commander
decks (assets/decks/commander/official/): `python -m tools.ai_activity [--games 2] [--seed 20]
[--level heuristic] [--rounds 10]`.

Plays each game (decks rotated with the seed, as engine/ai/commander_match.py seats them; every
seat a computer player of the level, the heuristic's budget by the deciding thread's CPU time)
to its end or to `--rounds` rounds, and prints per own turn of a seat: lands played, spells cast
(from the hand and the command zone), abilities activated (mana abilities not counted: the engine
pays costs itself), attacks declared, and the mana sources (lands and other permanents with a
mana ability) still untapped as the seat's end step begins — the mana left unused — and the own
turns that reach the end step with no land played and a land in hand (a land drop missed), and
those in which no spell was listed to the seat in its main phases (nothing it could cast). Written to
find out why the computer players cast little (session 20); the figures are counts, the same on
a loaded machine except where a decision's budget ran out.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter

from engine.ai import adapter
from engine.ai.commander_match import NAMES, commander_seats
from engine.ai.determinize import Knowledge, seat_world
from engine.ai.match import make_agent
from engine.config import GameConfig
from engine.game import Game

COUNTED = ("play", "cast", "activate", "attack")


def play(seed: int, level: str, rounds: int) -> tuple[Counter[str], int, int, bool]:
    """One game: the counts over all seats, the seats' own turns, the table turns, whether it ended."""
    table = commander_seats(printed=True)
    chosen = [table[(seed + i) % len(table)] for i in range(4)]
    decks = [cards for _n, cards, _c in chosen]
    g = Game(GameConfig(players=NAMES, decks=decks, commanders=[c for _n, _d, c in chosen],
                        format="commander", mode="rules", seed=seed))
    knows = [Knowledge(decks={i: decks[i]}) for i in range(4)]
    agents = [make_agent(level, seed * 7 + i, knows[i], 0.25, clock=time.thread_time) for i in range(4)]
    counts: Counter[str] = Counter()
    ended_turn = 0
    castable = False  # whether a spell was listed to the active seat in its main phase this turn
    n = 0
    while not adapter.is_over(g) and g.st.turn <= 4 * rounds:
        info = adapter.turn_info(g)
        if info.step == "end" and ended_turn != info.turn:
            ended_turn = info.turn
            counts["unused"] += sum(1 for oid, o, c in g.perms(info.active)
                                    if not o.tapped and adapter.makes_mana(g, oid, c))
            me = g.st.players[info.active]
            counts["missed"] += me.lands_played == 0 and any(
                "Land" in adapter.card_info(g.st.objects[o].name).types for o in me.hand)
            counts["nothing"] += not castable
            castable = False
        p = adapter.pending_player(g)
        assert p is not None
        view = adapter.view(g, p)
        if p == info.active and info.step in ("main1", "main2") and view.kind == "priority":
            castable = castable or any(a.verb == "cast" for a in view.actions)
        act = agents[p].at_once(view)
        if act is None:
            act = agents[p].choose(seat_world(g, p, knows[p], random.Random(f"{seed}:{p}:{n}")), p)
        if act.verb in COUNTED and not adapter.is_mana_ability(act) and act.text != "attack none":
            counts[act.verb] += 1
            if act.verb == "cast" and g.st.objects[act.obj].zone == "command":
                counts["commander"] += 1
        adapter.apply(g, act)
        n += 1
    return counts, g.st.turn, n, adapter.is_over(g)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.ai_activity", description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=20)
    ap.add_argument("--level", default="heuristic", choices=("random", "heuristic", "search"))
    ap.add_argument("--rounds", type=int, default=10, help="stop a game after this many rounds")
    args = ap.parse_args(argv)
    total: Counter[str] = Counter()
    own_turns = 0
    for i in range(args.games):
        counts, turn, decisions, over = play(args.seed + i, args.level, args.rounds)
        turns = min(turn, 4 * args.rounds)
        own_turns += turns
        total += counts
        print(f"seed {args.seed + i}: {'ended' if over else 'stopped'} at table turn {turn}, {decisions} decisions; "
              + ", ".join(f"{k} {counts[k]}" for k in (*COUNTED, "commander", "unused", "missed", "nothing")), flush=True)
    per = own_turns or 1
    print(f"per own turn of a seat ({own_turns}): lands {total['play'] / per:.2f}, spells {total['cast'] / per:.2f}, "
          f"abilities {total['activate'] / per:.2f}, attacks {total['attack'] / per:.2f}, "
          f"mana sources unused at the end step {total['unused'] / per:.2f}; commander casts {total['commander']}; "
          f"turns ending with no land played and a land in hand {total['missed']}; "
          f"turns with no spell castable in the seat's main phases {total['nothing']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
