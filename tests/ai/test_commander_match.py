"""The Commander benchmark (engine/ai/commander_match.py) in short: one four-player game of the
built-in Commander decks between computer players, cut after a few hundred decisions (the
benchmark plays them to the end: `python -m engine.ai.commander_match --games 20`)."""
from __future__ import annotations

import argparse
import io

from engine.ai.commander_match import commander_seats, run


def test_the_four_decks_seat_with_their_commanders() -> None:
    seats = commander_seats()
    assert len(seats) == 4
    for _name, cards, lead in seats:
        assert len(cards) == 100 and len(lead) == 1 and lead[0] in cards


def test_one_short_four_player_game_keeps_the_invariants() -> None:
    out = io.StringIO()
    args = argparse.Namespace(games=1, level="heuristic", players=4, seed=2, budget=0.25, max_decisions=250)
    (result,) = run(args, out)  # the invariants are asserted inside
    assert result.decisions == 250 and not result.finished
    assert len(set(result.decks)) == 4
    text = out.getvalue()
    assert "per decision (250)" in text and "CPU per game" in text
