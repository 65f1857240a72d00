"""One short game of the Archenemy benchmark (tests/bench/archenemy_bench.py) in the normal run:
Archenemy Commander with the four built-in Commander decks and their scheme decks, random
computer players, to its end, the invariants holding (the full benchmark: heuristic players,
ten games of each format, is run by hand)."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import archenemy_bench as bench  # noqa: E402


def test_one_archenemy_commander_game_to_its_end() -> None:
    cfg = bench.config("archenemy_commander", 0, 3)
    assert cfg.schemes[0] and not any(cfg.schemes[1:]) and len(cfg.schemes[0]) >= 10
    times, _cpu, g, _first = bench.play(cfg, "random", cap=20000, every=50)
    assert g.outcome is not None and g.outcome.team in ("archenemy", "heroes")
    assert any(e.get("key") == "scheme_set_in_motion" for e in g.events)
    assert not bench.AI_FAILURES
