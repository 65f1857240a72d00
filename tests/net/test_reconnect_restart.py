"""A dropped player keeps the seat and comes back with the token; a crashed host restarts
from its journal and the game goes on to the end."""
from __future__ import annotations

import asyncio

import pytest

from engine.net import engine_port as port
from engine.net import journal as jr
from engine.net import protocol as P
from engine.net.bot import Bot
from engine.net.client import Client, ProtocolError
from engine.net.room import RECONNECT_SECONDS, Room
from net_helpers import DECK, addr, bots, room, run, serving
from test_bad_input import FakePeer


async def _until(cond, timeout=60.0):
    end = asyncio.get_running_loop().time() + timeout
    while not cond():
        if asyncio.get_running_loop().time() > end:
            raise TimeoutError("condition not reached")
        await asyncio.sleep(0.01)


def test_drop_and_reconnect_restores_the_full_view(tmp_path):
    r = room(2, "rules", tmp_path, seed=21)

    async def go():
        async with serving(r) as server:
            a, b = bots(server, 2, seed=21, max_actions=200)
            b.record = True
            ta = asyncio.create_task(a.run(150))
            tb = asyncio.create_task(b.run(150))
            await _until(lambda: a.actions >= 15)
            token = a.client.token
            await a.client.ws.close()  # the network goes away
            with pytest.raises(Exception):
                await ta
            await _until(lambda: r.seats[0].peer is None)
            assert r.seats[0].name == "Bot1"  # the seat is kept
            a2 = Bot(addr(server), "Bot1", DECK, seed=99, max_actions=200, token=token, delay=0)
            a2.record = True
            t2 = asyncio.create_task(a2.run(150))
            await _until(lambda: a2.client.obs is not None)
            await asyncio.gather(t2, tb)
            return a2, b
    a2, b = run(go(), 200)
    seen = b.received
    presence = [m for m in seen if isinstance(m, P.Presence)]
    assert [(m.seat, m.connected) for m in presence][:2] == [(0, False), (0, True)]
    first = a2.received
    assert isinstance(first[0], P.Welcome) and first[0].seat == 0
    snap = next(m for m in first if isinstance(m, P.Snapshot))
    assert snap.observation["players"][0]["hand_count"] == len(snap.observation["players"][0]["hand"])
    assert snap.events  # the log came back too
    assert port.outcome(r.game) is not None
    assert a2.client.obs == port.observe(r.game, 0)


def test_a_wrong_token_is_refused(tmp_path):
    r = room(2, "rules", tmp_path)

    async def go():
        async with serving(r) as server:
            c = Client(addr(server), "Eve", token="not-a-token")
            with pytest.raises(ProtocolError, match="bad_token"):
                await c.connect()
    run(go(), 60)


def test_five_minutes_away_concedes():
    clock = [0.0]
    timers = []
    r = Room(2, "rules", "T", seed=3, clock=lambda: clock[0], schedule=lambda d, fn: timers.append((d, fn)))
    peers = [FakePeer(), FakePeer()]
    for i, p in enumerate(peers):
        r.join(p, P.Hello(version=P.PROTOCOL_VERSION, name=f"P{i}"))
        r.handle(p, P.SubmitDeck(cards=DECK))
        r.handle(p, P.Ready(ready=True))
    r.leave(peers[1])
    assert any(isinstance(m, P.Presence) and not m.connected for m in peers[0].sent)
    delay, fn = timers[-1]
    assert delay == RECONNECT_SECONDS
    clock[0] = RECONNECT_SECONDS + 1
    fn()
    out = port.outcome(r.game)
    assert out is not None and out.get("winner") in (0, "P0")


def test_host_restarts_from_the_journal(tmp_path):
    r = room(2, "rules", tmp_path, seed=33)

    async def first_run():
        async with serving(r) as server:
            bs = bots(server, 2, seed=33, max_actions=300)
            tasks = [asyncio.create_task(b.run(150)) for b in bs]
            await _until(lambda: r.game is not None and port.history_length(r.game) >= 60)
            dump = r.game.dump()
            tokens = [b.client.token for b in bs]
            # the host dies: no goodbye, nothing saved but the journal
            for t in tasks:
                t.cancel()
            return tokens, dump, port.history_length(r.game)
    tokens, dump, n = run(first_run(), 200)
    header, acts = jr.read(tmp_path / "journal.jsonl")
    assert len(acts) >= n - 1  # everything applied was journaled (one may be in flight)

    r2 = Room.resume(tmp_path / "journal.jsonl", seed=None)
    assert port.history_length(r2.game) == len(acts)
    if len(acts) == n:
        assert r2.game.dump() == dump
    assert [s.name for s in r2.seats] == ["Bot1", "Bot2"]

    async def second_run():
        async with serving(r2) as server:
            bs = [Bot(addr(server), f"Bot{i + 1}", DECK, seed=50 + i, max_actions=300, token=tokens[i], delay=0)
                  for i in range(2)]
            return await asyncio.gather(*(b.run(150) for b in bs))
    outcomes = run(second_run(), 200)
    assert all(o is not None for o in outcomes)
    assert port.outcome(r2.game) is not None


def test_journal_with_a_torn_last_line(tmp_path):
    j = jr.Journal(tmp_path / "j.jsonl", {"names": ["A", "B"]})
    j.action(0, "keep")
    j.action(1, "keep")
    j.undo(1)
    j.action(1, "mulligan")
    j.close()
    with (tmp_path / "j.jsonl").open("a") as fh:
        fh.write('{"a": [0, "pa')
    header, acts = jr.read(tmp_path / "j.jsonl")
    assert header["names"] == ["A", "B"] and acts == [(0, "keep", False), (1, "mulligan", False)]
    (tmp_path / "bad.jsonl").write_text("hello\n")
    with pytest.raises(jr.JournalError):
        jr.read(tmp_path / "bad.jsonl")
