"""The host counts connections from the TCP accept (engine/net/gate.py): half-open WebSocket
handshakes take places like open connections, a person's client beyond the limit hears why,
and a flood beyond that is closed at once. Loopback only, bounded in count and time."""
from __future__ import annotations

import asyncio
import json

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from engine.net import protocol as P
from engine.net.gate import MAX_REFUSING
from tests.net.net_helpers import addr, room, run, serving

SILENT = 6  # the host's limit in this test: six connections that never say anything
FLOOD = 40


async def until(cond, what: str) -> None:
    """Wait (bounded by the test's run timeout) for the exact condition the test then asserts."""
    while not cond():
        await asyncio.sleep(0.01)


async def closed_by_host(reader: asyncio.StreamReader) -> bool:
    try:
        return await reader.read(100) == b""
    except ConnectionError:  # (an abort: reset)
        return True


def test_half_open_handshakes_count_and_a_flood_beyond_the_limit_is_refused():
    r = room(2, "rules")

    async def go():
        # handshake_seconds: the admitted silent connections stay for the whole test, so the
        # flood meets a full host however slowly this machine opens it
        async with serving(r, max_connections=SILENT, max_per_address=100, handshake_seconds=600) as server:
            gate = server.gate
            silent = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(SILENT)]
            await until(lambda: gate.admitted == SILENT, "the silent ones admitted")
            # a person's client at the full host: refused with the reason
            ws = await connect(f"ws://{addr(server)}")
            refusal = json.loads(await asyncio.wait_for(ws.recv(), 10))
            try:
                await asyncio.wait_for(ws.recv(), 10)
            except ConnectionClosed:
                pass
            code = ws.close_code
            await until(lambda: gate.refusing == 0, "the refused client gone")
            # a flood of half-open connections: a few held to be answered, the rest closed at once
            flood = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(FLOOD)]
            held_at_most = gate.refusing
            closed = await asyncio.gather(*(closed_by_host(rd) for rd, _w in flood))
            admitted_during = gate.admitted
            for _r, w in flood + silent:
                w.close()
            await until(lambda: gate.admitted == 0 and gate.refusing == 0, "every place given back")
            # room again: a player gets in
            ws = await connect(f"ws://{addr(server)}")
            await ws.send(json.dumps({"type": "hello", "version": P.PROTOCOL_VERSION, "name": "Ann"}))
            welcome = json.loads(await asyncio.wait_for(ws.recv(), 10))
            await ws.close()
            return refusal, code, held_at_most, closed, admitted_during, welcome
    refusal, code, held, closed, admitted, welcome = run(go(), 60)
    assert refusal["type"] == "error" and refusal["reason"] == "too_many_connections"
    assert refusal["message"] == "This host has too many connections; try again later."
    assert code == 1013
    assert held <= MAX_REFUSING
    assert all(closed) and len(closed) == FLOOD  # none of the flood kept, none admitted
    assert admitted == SILENT
    assert welcome["type"] == "welcome"
