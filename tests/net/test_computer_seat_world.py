"""A LAN host's computer seat is handed its seat's world, never the host's game (the house
rule: computer players see only their observation; engine/ai/determinize.py `seat_world`):
the other seat's deck holds a card the computer can't know of, and nothing its agent receives
names it where the computer's seat may not see it (tests/ai/hidden_walk.py)."""
from __future__ import annotations

from engine.ai.match import card_pool
from engine.net.computer import ComputerSeat
from net_helpers import DECK, bots, room, run, serving
from tests.ai.hidden_walk import SECRET, Watched


def test_the_lan_computer_seat_never_receives_the_hosts_hidden_cards(tmp_path) -> None:
    r = room(2, "rules", tmp_path, seed=9)
    seat = ComputerSeat(r, 1, "heuristic", DECK, seed=9)
    seat.agent = watched = Watched(seat.agent, lambda: r.game)
    r.add_agent(1, seat, "Computer", DECK)
    deck = [SECRET if n == "Come Back Wrong" or n == "Piranha Fly" else n for n in DECK]
    assert SECRET not in card_pool() and deck.count(SECRET) == 4

    async def go():
        async with serving(r) as server:
            b = bots(server, 1, seed=9, max_actions=80, deck=deck)[0]
            return await b.run(150)
    run(go(), 200)
    assert watched.calls >= 10
    assert not watched.handed_the_game
    assert watched.leaks == []
