"""Mill's log line (CR 701.13): played in session 20, Winter, Cynical Opportunist's attack
trigger read "Reliquary Tower is put into your graveyard. … You mill 3 cards." — the milled
cards' lines came before the line that says they were milled. The "mill" event now comes
first, and it counts the cards really milled: with one card left, "mill two cards" mills one
(CR 701.13b), and the log no longer says two."""
from __future__ import annotations

from engine.config import GameConfig
from engine.game import Game
from engine.messages import event_lines


def _upkeep_mill(library: list[str]) -> tuple[Game, list[str]]:
    """Nyx Weaver's "At the beginning of your upkeep, mill two cards." from Bob's end step."""
    setup = {"turn": 4, "step": "end", "active": "Bob",
             "Alice": {"library": library, "battlefield": ["Nyx Weaver"]},
             "Bob": {"library": ["Island"] * 5}}
    g = Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="rules", setup=setup))
    n = len(g.events)
    for _ in range(30):
        p = g.pending
        if p is None or any(e["key"] == "mill" for e in g.events[n:]) and not g.st.stack:
            break
        g.apply("pass", p.player)
    return g, event_lines(g.events[n:], "Alice")


def test_the_mill_line_comes_before_the_milled_cards_lines() -> None:
    g, lines = _upkeep_mill(["Plains", "Swamp", "Forest", "Island"])
    assert [c.name for c in (g.st.objects[o] for o in g.st.players[0].graveyard)] == ["Swamp", "Plains"]  # (top of the graveyard first)
    milled = lines.index("You mill 2 cards.")
    assert lines.index("Plains is put into your graveyard.") > milled
    assert lines.index("Swamp is put into your graveyard.") > milled


def test_the_mill_line_counts_the_cards_really_milled() -> None:
    g, lines = _upkeep_mill(["Plains"])  # (the upkeep comes before the draw)
    assert [c.name for c in (g.st.objects[o] for o in g.st.players[0].graveyard)] == ["Plains"]
    assert "You mill a card." in lines and "You mill 2 cards." not in lines
