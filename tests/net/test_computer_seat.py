"""A computer player in a LAN seat (issue #15): it plays a game to the end against a bot
over loopback, and a host restarted from the journal seats it again."""
from __future__ import annotations

import asyncio

from engine.net import engine_port as port, journal as jr
from engine.net.bot import Bot
from engine.net.computer import ComputerSeat
from engine.net.room import Room
from net_helpers import DECK, addr, bots, room, run, serving


def test_the_computer_takes_a_free_seat_and_plays_to_the_end(tmp_path) -> None:
    r = room(2, "rules", tmp_path, seed=5)
    r.add_agent(1, ComputerSeat(r, 1, "heuristic", DECK, seed=5), "Computer", DECK)
    assert r.seats[1].name == "Computer" and r.seats[1].ready

    async def go():
        async with serving(r) as server:
            b = bots(server, 1, seed=5, max_actions=400)[0]
            return await b.run(150)
    outcome = run(go(), 200)
    assert outcome is not None
    assert port.outcome(r.game) is not None
    # it decided through listed actions only: every action it took is in the replay
    assert any(a["player"] == 1 for a in port.replay(r.game)["actions"])


def test_a_restarted_host_seats_the_computer_again(tmp_path) -> None:
    r = room(2, "rules", tmp_path, seed=7)
    r.add_agent(1, ComputerSeat(r, 1, "heuristic", DECK, seed=7), "Computer", DECK)

    async def first():
        async with serving(r) as server:
            b = bots(server, 1, seed=7, max_actions=400)[0]
            task = asyncio.create_task(b.run(150))
            for _ in range(600):
                await asyncio.sleep(0.02)
                if r.game is not None and port.history_length(r.game) >= 20:
                    break
            task.cancel()
            return b.client.token
    token = run(first(), 150)
    header, _ = jr.read(tmp_path / "journal.jsonl")
    assert header["agents"] == [False, {"level": "heuristic", "seed": 7}]
    r2 = Room.resume(tmp_path / "journal.jsonl", seed=None)
    assert isinstance(r2.seats[1].agent, ComputerSeat) and r2.seats[1].dropped_at is None

    async def second():
        async with serving(r2) as server:
            b = Bot(addr(server), "Bot1", DECK, seed=70, max_actions=400, token=token, delay=0)
            return await b.run(150)
    assert run(second(), 200) is not None
    assert port.outcome(r2.game) is not None
