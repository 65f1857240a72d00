"""Bad input of every kind: each gets an error with a reason (or the connection closes),
and nothing in the game changes. In-process (hypothesis) and over 127.0.0.1."""
from __future__ import annotations

import asyncio
import json

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from engine.net import engine_port as port
from engine.net import protocol as P
from engine.net import server as server_mod
from engine.net.client import Client
from engine.net.engine_port import legal_detail
from engine.net.room import Room
from engine.net.server import Server
from net_helpers import DECK, FakePeer, addr, room, run, seated_room, serving


def _started_room():
    return seated_room("rules", seed=7)


ROOM, PEERS = _started_room()
SERVER = Server(ROOM, rate=1e9, burst=1e9)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)
types = st.sampled_from(["hello", "deck", "ready", "start", "chat", "act", "legal?", "concede", "undo?",
                         "undo!", "rematch", "welcome", "update", "", "ACT", "x" * 100])
messages = st.builds(lambda t, extra: {"type": t, **extra}, types,
                     st.dictionaries(st.sampled_from(["text", "seq", "cards", "ready", "accept", "seed", "zz", "fields"]),
                                     json_values, max_size=3))
frames = (st.binary(max_size=200) | st.text(max_size=200) | json_values.map(json.dumps)
          | messages.map(json.dumps))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(frame=frames, who=st.sampled_from([0, 1]))
def test_fuzzed_frames_change_nothing_they_should_not(frame, who):
    peer = PEERS[who]
    before_hist = port.history_length(ROOM.game)
    before = ROOM.game.dump()
    n_sent = len(peer.sent)
    decider = port.decider(ROOM.game)
    SERVER.receive(peer, frame)
    try:
        msg = P.decode_client(frame)
    except (msgspec.ValidationError, msgspec.DecodeError):
        msg = None
    new = peer.sent[n_sent:]
    if msg is None or isinstance(msg, P.Hello):
        # refused before the room saw it, with a reason
        assert any(isinstance(m, P.Error) for m in new)
        assert ROOM.game.dump() == before
    elif isinstance(msg, (P.Act, P.Concede, P.UndoRequest, P.UndoAnswer)):
        # a valid-looking message: either refused with nothing changed, or a legal move
        if any(isinstance(m, P.Error) for m in new):
            assert ROOM.game.dump() == before
        elif isinstance(msg, P.Act):
            assert who == decider and port.history_length(ROOM.game) == before_hist + 1
    assert peer.closed is None or msg is None or isinstance(msg, P.Hello)
    peer.closed, peer.closing, peer.refused = None, False, 0


def test_out_of_turn_stale_and_illegal_actions_are_refused():
    r, peers = _started_room()
    decider = port.decider(r.game)
    other = peers[1 - decider]
    before = r.game.dump()
    r.handle(other, P.Act(text="pass", seq=r.seq))
    r.handle(peers[decider], P.Act(text="pass", seq=r.seq + 5))
    r.handle(peers[decider], P.Act(text="cast Nonexistent Card", seq=r.seq))
    r.handle(peers[decider], P.Act(text="@#$%", seq=r.seq))
    r.handle(other, P.Ready(ready=True))
    r.handle(other, P.SubmitDeck(cards=DECK))
    r.handle(other, P.Rematch())
    r.handle(other, P.UndoAnswer(accept=True))
    reasons = [m.reason for m in other.sent + peers[decider].sent if isinstance(m, P.Error)]
    assert reasons.count("wrong_time") == 4
    assert "stale" in reasons and reasons.count("action_illegal") + reasons.count("action_syntax") >= 3
    assert r.game.dump() == before


def test_spectators_cannot_act_and_bad_decks_are_refused():
    r = Room(2, "rules", "T", seed=1)
    spec, p = FakePeer(), FakePeer()
    r.join(spec, P.Hello(version=P.PROTOCOL_VERSION, name="S", role="spectator"))
    r.handle(spec, P.Ready(ready=True))
    assert spec.sent[-1].reason == "not_a_player"
    r.join(p, P.Hello(version=P.PROTOCOL_VERSION, name="P"))
    r.handle(p, P.SubmitDeck(cards=["Murder"] * 10 + ["No Such Card"] * 50))
    res = [m for m in p.sent if isinstance(m, P.DeckResult)][-1]
    assert not res.ok and {"deck.too_many_copies", "deck.unknown_card"} <= {x["key"] for x in res.problems}
    r.handle(p, P.Ready(ready=True))
    assert p.sent[-1].reason == "no_deck"
    r.join(FakePeer(), P.Hello(version=99, name="Old"))


def test_over_the_wire(monkeypatch):
    """Bad JSON, unknown type, no hello, oversized frames and flooding over a real socket."""
    monkeypatch.setattr(server_mod, "HELLO_SECONDS", 0.5)
    r = room(2, "rules")

    async def go():
        async with serving(r, rate=5, burst=10) as server:
            url = f"ws://{addr(server)}"
            # 1. no hello in time: error, then closed
            async with connect(url) as ws:
                msg = P.decode_server(await ws.recv())
                assert msg.reason == "no_hello"
                with pytest.raises(ConnectionClosed):
                    await asyncio.wait_for(ws.recv(), 3)
            # 2. the first frame not a hello
            async with connect(url) as ws:
                await ws.send('{"type":"ready"}')
                assert P.decode_server(await ws.recv()).reason == "no_hello"
            # 3. a seated client sends junk, then too much, then floods
            c = Client(addr(server), "Mallory")
            await c.connect()
            await c.ws.send("{not json")
            await c.ws.send('{"type":"launch_missiles"}')
            await c.ws.send('{"type":"chat","text":""}')
            reasons = []
            while len(reasons) < 3:
                m = await c.recv()
                if isinstance(m, P.Error):
                    reasons.append(m.reason)
            assert reasons == ["bad_json", "bad_message", "bad_message"]
            for _ in range(200):
                await c.ws.send('{"type":"legal?"}')
            flood = False
            try:
                while True:
                    m = await asyncio.wait_for(c.recv(), 3)
                    flood = flood or (isinstance(m, P.Error) and m.reason == "flood")
            except ConnectionClosed as exc:
                assert exc.rcvd is not None and exc.rcvd.code == 1008
            assert flood
            # 4. an oversized frame: the library closes with 1009
            c2 = Client(addr(server), "Big")
            await c2.connect()
            with pytest.raises(ConnectionClosed) as info:
                await c2.ws.send("x" * (P.MAX_MESSAGE + 10))
                while True:
                    await asyncio.wait_for(c2.recv(), 3)
            assert info.value.rcvd is not None and info.value.rcvd.code == 1009
            # the server goes on: a new player sits down
            c3 = Client(addr(server), "Carol")
            w = await c3.connect()
            assert w.seat is not None
            await c3.close()
    run(go(), 90)


def test_actions_by_fields():
    """A client may send an action's fields with its text; the host applies exactly those
    (engine-checked) and journals the engine's own text. Bad fields are refused."""
    r, peers = _started_room()
    who = port.decider(r.game)
    texts, detail = legal_detail(r.game, who)
    i = next(k for k, t in enumerate(texts) if t in ("keep", "pass")) if any(t in ("keep", "pass") for t in texts) else 0
    before = port.history_length(r.game)
    r.handle(peers[who], P.Act(text="(ignored when fields are given)", seq=r.seq, fields=detail[i]))
    assert port.history_length(r.game) == before + 1
    assert port.last_text(r.game) == texts[i]
    snapshot = r.game.dump()
    who = port.decider(r.game)
    for bad in ({"verb": 7}, {"verb": "tap", "obj": "x"}, {"verb": "move", "obj": 10 ** 9, "args": ["hand"]},
                {"zz": 1}, {"verb": "cast", "targets": [["o", "no"]]}, {}):
        r.handle(peers[who], P.Act(text="pass", seq=r.seq, fields=bad))
    errors = [m for m in peers[who].sent if isinstance(m, P.Error)]
    assert len(errors) >= 6 and {e.reason for e in errors} <= {"action_syntax", "action_illegal", "action_ambiguous"}
    assert r.game.dump() == snapshot


def test_names_and_chat_lines_show_as_they_read():
    """A right-to-left override, zero-width characters or a NUL in a name or a chat line would
    show differently on the others' tables than it reads: they are left out (a name with
    nothing else is "Player"), and a chat line of nothing but them is not sent at all."""
    r = room(3)
    peers = [FakePeer() for _ in range(3)]
    for p, name in zip(peers, ["Bo\u202eb", "\u200b\u200b", "x\x00y"]):
        assert r.join(p, P.Hello(version=P.PROTOCOL_VERSION, name=name))
    assert [s.name for s in r.seats] == ["Bob", "Player", "xy"]
    r.handle(peers[0], P.Chat(text="hi\u202e there\n\tyou"))
    r.handle(peers[0], P.Chat(text="\u200b\u202e"))
    lines = [m for m in peers[1].sent if isinstance(m, P.ChatLine)]
    assert [(m.name, m.text) for m in lines] == [("Bob", "hi there you")]
