"""Issue #25 item 8: `manatable-server --computer SEAT[:LEVEL[:DECK]]` gives a seat to the
computer player (engine/net/computer.py), as the host's lobby button does."""
from __future__ import annotations

import pytest

from engine.decks import sample_decks
from engine.net import server
from engine.net.computer import ComputerSeat, parse_spec


def test_the_spec_names_seat_level_and_deck(tmp_path):
    seat, level, deck = parse_spec("2", 2)
    assert seat == 1 and level == "heuristic" and len(deck) >= 40
    sample = sample_decks()[-1]
    seat, level, deck = parse_spec(f"1:search:{sample.stem}", 3)
    assert seat == 0 and level == "search" and deck
    f = tmp_path / "mine.txt"
    f.write_text("40 Forest\n20 Swamp\n", encoding="utf-8")
    assert parse_spec(f"2::{f}", 2)[2].count("Forest") == 40
    for bad in ("3", "0", "x", "2:genius", "2:heuristic:no such deck"):
        with pytest.raises(ValueError):
            parse_spec(bad, 2)


def test_the_server_seats_the_computer(monkeypatch, tmp_path):
    seen = {}

    async def serve(room, host, port, announce, say):  # instead of listening: look at the room
        seen["room"] = room
    monkeypatch.setattr(server, "_serve", serve)
    assert server.main(["--players", "2", "--dir", str(tmp_path), "--computer", "2:heuristic"]) == 0
    room = seen["room"]
    seat = room.seats[1]
    assert isinstance(seat.agent, ComputerSeat) and seat.name == "Computer" and seat.ready and seat.deck
    assert room.seats[0].agent is None
    assert server.main(["--players", "2", "--dir", str(tmp_path), "--computer", "3"]) == 2
