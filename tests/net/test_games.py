"""Seeded games over 127.0.0.1 between headless bots, played to the end; every client's
observation, rebuilt from patches, equals the host's observation for its seat."""
from __future__ import annotations

import asyncio
import json
import random

import pytest

from engine.net import engine_port as port
from engine.net.bot import pick
from net_helpers import DECK, bots, room, run, serving


async def _play(players: int, mode: str, seed: int, tmp_path):
    r = room(players, mode, tmp_path)
    async with serving(r) as server:
        bs = bots(server, players, seed=seed)
        outcomes = await asyncio.gather(*(b.run(150) for b in bs))
    return r, bs, outcomes


@pytest.mark.parametrize("mode,seed", [("rules", 1), ("hybrid", 2)])
def test_two_bots_play_to_the_end(mode, seed, tmp_path):
    r, bs, outcomes = run(_play(2, mode, seed, tmp_path), 200)
    assert r.game is not None and port.outcome(r.game) is not None
    assert all(o is not None for o in outcomes)
    for b in bs:
        assert b.client.obs == port.observe(r.game, b.client.seat)
        assert not [e for e in b.client.errors if e.reason != "stale"]
    # the replay was saved and replays to the same position
    replays = list(tmp_path.glob("replay-*.json"))
    assert len(replays) == 1
    g = port.from_replay(json.loads(replays[0].read_text()))
    assert port.history_length(g) == port.history_length(r.game)


@pytest.mark.parametrize("players", [3, 4])
def test_more_players(players, tmp_path):
    if port.max_players() < players:
        pytest.skip(f"the engine on this branch seats {port.max_players()} players (the contract branch adds 2-4)")
    r, bs, outcomes = run(_play(players, "rules", players, tmp_path), 200)
    assert port.outcome(r.game) is not None
    for b in bs:
        assert b.client.obs == port.observe(r.game, b.client.seat)


def test_rematch(tmp_path):
    r = room(2, "rules", tmp_path)

    async def go():
        async with serving(r) as server:
            bs = bots(server, 2, seed=5, max_actions=40)
            for b in bs:
                b.rematches = 1
            await asyncio.gather(*(b.run(150) for b in bs))
    run(go(), 200)
    assert r.games_played == 2
    assert len(list(tmp_path.glob("replay-*.json"))) == 2


def test_agent_hook_fills_a_seat(tmp_path):
    """An in-process computer player (the engine/ai hook) takes seat 2."""
    class RandomSeat:
        def __init__(self):
            self.rng = random.Random(3)
            self.n = 0

        def choose(self, view):
            self.n += 1
            return "concede" if self.n > 150 else pick(self.rng, view.legal)

    r = room(2, "rules", tmp_path)
    r.add_agent(1, RandomSeat(), "Computer", DECK)

    async def go():
        async with serving(r) as server:
            b = bots(server, 1, seed=4)[0]
            return await b.run(150), b
    outcome, b = run(go(), 200)
    assert outcome is not None
    assert b.client.obs == port.observe(r.game, 0)
