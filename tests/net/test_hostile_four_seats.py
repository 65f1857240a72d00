"""A hostile guest at a four-seat table, over 127.0.0.1 (session 20's lan4: the hostile tests
were all two-seat). Mallory sits at seat 3 of a started four-player game and, while another
seat decides, sends actions for the deciding seat and for a third one, an action whose fields
name another player, frames nested too deep and too long, an oversized frame, and then a
flood. Each gets its refusal to Mallory alone; nothing in the game changes and the three
others hear nothing of it but that Mallory is away (once the flood cost her the connection);
the game goes on without her, and with her token she sits down again with her own hand."""
from __future__ import annotations

import asyncio
import json
from typing import Any

from websockets.exceptions import ConnectionClosed

from engine.net import engine_port as port
from engine.net import protocol as P
from engine.net.client import Client
from net_helpers import DECK, addr, room, run, serving


async def _read_all(c: Client, stop: asyncio.Event) -> None:
    """Keep `c`'s state current until `stop` (or its connection ends)."""
    try:
        while not stop.is_set():
            await c.recv()
    except (ConnectionClosed, asyncio.CancelledError):
        pass


async def _until(test: Any, seconds: float = 20.0) -> None:
    end = asyncio.get_running_loop().time() + seconds
    while not test():
        if asyncio.get_running_loop().time() > end:
            raise AssertionError("waited in vain")
        await asyncio.sleep(0.02)


def test_a_hostile_guest_at_four_seats_changes_nothing_and_costs_only_its_connection():
    r = room(4, "rules")

    async def go() -> None:
        async with serving(r, rate=5, burst=10) as server:
            names = ["Anna", "Bruno", "Chris", "Mallory"]
            clients = [Client(addr(server), n) for n in names]
            stop = asyncio.Event()
            readers = []
            for c in clients:
                await c.connect()
                readers.append(asyncio.create_task(_read_all(c, stop)))
                await c.send(P.SubmitDeck(cards=list(DECK)))
                await c.send(P.Ready(ready=True))
            await _until(lambda: r.game is not None and all(c.obs for c in clients))
            # the opening hands kept, seat by seat (each keeps when it decides)
            for _ in range(8):
                await _until(lambda: any(c.my_decision() for c in clients) and all(c.seq == r.seq for c in clients))
                if r.game.st.game_started:
                    break
                c, s0 = next(c for c in clients if c.my_decision()), r.seq
                await c.act("keep")
                await _until(lambda: r.seq > s0)
            await _until(lambda: r.game.st.game_started and all(c.seq == r.seq for c in clients))
            mallory = clients[3]
            decider = port.decider(r.game)
            if decider == mallory.seat:  # (she must be a seat that is not deciding: one pass)
                await mallory.act("pass")
                await _until(lambda: port.decider(r.game) != mallory.seat and all(c.seq == r.seq for c in clients))
                decider = port.decider(r.game)
            third = next(s for s in range(4) if s not in (decider, mallory.seat))
            before, seq, hand = r.game.dump(), r.seq, list(mallory.obs["players"][3]["hand"])
            errors_before = [len(c.errors) for c in clients]
            frames_before = [len(c.log) for c in clients]

            # acting for others: the decider's pass, a third seat's concession by text, fields naming a player
            await mallory.act("pass")
            await mallory.send(P.Act(text="concede", seq=r.seq, fields={"verb": "concede", "player": third},
                                     id=mallory.next_act_id()))
            await mallory.send(P.Act(text="pass", seq=r.seq, fields={"verb": "pass", "player": decider},
                                     id=mallory.next_act_id()))
            # too deep, too long, too big
            await mallory.ws.send('{"type":"act","text":"pass","seq":0,"fields":{"x":' + "[" * 500 + "]" * 500 + "}}")
            await mallory.ws.send(json.dumps({"type": "act", "text": "pass", "seq": r.seq,
                                              "fields": {"args": ["x" * 300]}}))
            await mallory.ws.send(json.dumps({"type": "act", "text": "p" * 5000, "seq": r.seq}))
            await _until(lambda: len(mallory.errors) >= errors_before[3] + 6)
            reasons = [e.reason for e in mallory.errors[errors_before[3]:]]
            assert reasons[0] == "action_illegal", reasons  # another seat's decision
            assert set(reasons[1:3]) <= {"bad_message", "action_syntax"}, reasons  # `player` is no field
            assert reasons[3:6] == ["too_deep", "too_deep", "bad_message"], reasons
            assert r.game.dump() == before and r.seq == seq and r.game.outcome is None
            assert not any(p.get("lost") for p in r.game.observation(0)["players"])

            # the flood: refused, then the connection closed (1008); the seat is kept
            try:
                for _ in range(400):
                    await mallory.ws.send('{"type":"legal?"}')
            except ConnectionClosed:
                pass
            await _until(lambda: mallory.ws.close_code is not None, 20)
            assert mallory.ws.close_code == 1008
            assert any(e.reason == "flood" for e in mallory.errors)
            others = clients[:3]
            await _until(lambda: all(not any(s.seat == 3 and s.connected for s in (c.lobby.seats if c.lobby else []))
                                     for c in others))
            # the three others heard no refusal, and nothing of the game moved
            assert [len(c.errors) for c in others] == errors_before[:3]
            assert [len(c.log) for c in others] == frames_before[:3]
            assert r.game.dump() == before

            # the game goes on without her: the decider passes
            d = clients[decider]
            await d.act("pass")
            await _until(lambda: r.seq > seq)
            assert not d.errors[errors_before[decider]:]

            # with her token she sits down again, her own hand in her view
            back = Client(addr(server), "Mallory", token=mallory.token)
            welcome = await back.connect()
            assert welcome.seat == 3
            await _until_snapshot(back)
            assert back.obs["players"][3]["hand"] == hand
            stop.set()
            for c in [*clients, back]:
                await c.close()
            for t in readers:
                t.cancel()

    run(go(), 120)


async def _until_snapshot(c: Client) -> None:
    while not isinstance(await asyncio.wait_for(c.recv(), 20), P.Snapshot):
        pass
