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


def test_the_printed_decks_seat_with_their_scheme_decks() -> None:
    """`--decks printed`: the four Duskmourn Commander decks as printed, each with its product's
    scheme deck (every seat has one in Supervillain Rumble)."""
    cfg = bench.config("supervillain_rumble", 1, 3, printed=True)
    assert [len(d) for d in cfg.decks] == [100] * 4
    assert all(len(s) >= 10 for s in cfg.schemes)
    assert "Zimone, Mystery Unraveler" in [c for cs in cfg.commanders for c in cs]


def test_a_computer_seat_is_handed_what_the_table_hands_it_never_the_game() -> None:
    """As at the table (app/ai_session.py): an answer from what the seat is shown, else one on
    its seat's world (engine/ai/determinize.py seat_world), never on the game itself."""
    cfg = bench.config("archenemy_commander", 0, 3)
    g = bench.Game(cfg)
    knows = [bench.Knowledge(decks={i: list(cfg.decks[i])}, pool=bench.card_pool()) for i in range(4)]
    agents = [bench.make_agent("heuristic", i, knows[i]) for i in range(4)]
    handed: list[object] = []
    for agent in agents:
        real = agent.choose
        agent.choose = lambda world, seat, real=real: (handed.append(world), real(world, seat))[1]  # type: ignore[method-assign]
    for _ in range(120):
        seat = g.pending.player
        g.apply(bench.decide(agents[seat], g, seat, knows[seat], cfg.seed))
    assert handed and all(world is not g for world in handed), len(handed)
