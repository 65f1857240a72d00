"""Every message each seat (and a spectator) receives, recorded and searched: no card name
reaches a seat unless that seat's own observation shows it at that moment."""
from __future__ import annotations

import asyncio
import copy

from engine.net import delta, engine_port as port
from engine.net import protocol as P
from engine.net.client import Client
from engine.net.redact import redact, visible_names
from net_helpers import DECK, addr, bots, run, room, serving

ALL_NAMES = set(DECK)


def _names_in(x, out):
    if isinstance(x, dict):
        for v in x.values():
            _names_in(v, out)
    elif isinstance(x, list):
        for v in x:
            _names_in(v, out)
    elif isinstance(x, str) and x in ALL_NAMES:
        out.add(x)
    return out


def _check_stream(messages):
    """Replay a seat's messages; every card name an event carries must be visible in the
    observation just before or just after it."""
    obs = None
    checked = 0
    for msg in messages:
        if isinstance(msg, P.Started):
            obs = copy.deepcopy(msg.observation)
        elif isinstance(msg, P.Snapshot):
            obs = copy.deepcopy(msg.observation)
        elif isinstance(msg, P.Update):
            before = visible_names(obs)
            obs = delta.apply(copy.deepcopy(obs), msg.patch)
            seen = before | visible_names(obs)
            for ev in msg.events:
                if ev.get("key") == "reveal":
                    continue
                leaked = _names_in(ev, set()) - seen
                assert not leaked, f"event {ev} names {leaked}, which this seat cannot see"
                checked += 1
    return checked


def test_no_hidden_card_identity_in_any_message(tmp_path):
    for mode, seed in (("hybrid", 11), ("rules", 12)):
        r = room(2, mode, tmp_path, seed=seed)

        async def go():
            async with serving(r) as server:
                bs = bots(server, 2, seed=seed)
                for b in bs:
                    b.record = True
                spec = Client(addr(server), "Watcher", role="spectator")
                spec.frames = []  # raw frames: the decoded messages share data with the client's state
                await spec.connect()

                async def watch():
                    while spec.outcome is None:
                        await spec.recv()
                    await spec.close()
                await asyncio.gather(watch(), *(b.run(40) for b in bs))
                return bs, [P.decode_server(f) for f in spec.frames]
        bs, spectator_msgs = run(go(), 60)
        total = sum(_check_stream(b.received) for b in bs) + _check_stream(spectator_msgs)
        assert total > 50
        # the spectator saw no hand at all
        for msg in spectator_msgs:
            if isinstance(msg, P.Started):
                assert all(c["name"] is None for p in msg.observation["players"] for c in p["hand"])


def test_redaction_of_a_leaky_event():
    """Should the engine ever name a card going into a hidden zone, the host still hides it."""
    obs = {"battlefield": [{"id": 1, "name": "Forest"}], "players": []}
    events = [{"key": "zone_change", "card": "Murder", "obj": 7, "old": 3, "to_zone": "library"},
              {"key": "play", "player": "Bob", "card": "Forest"}]
    out = redact(events, visible_names(obs))
    assert out[0] == {"key": "zone_change", "card": None, "to_zone": "library"}
    assert out[1] == events[1]


def test_a_leaky_engine_event_is_redacted_on_the_wire(tmp_path, monkeypatch):
    """A fake engine event naming the opponent's hand card must reach that opponent
    only as its owner's view allows."""
    r = room(2, "hybrid", tmp_path)
    real_apply = port.apply

    def leaky_apply(game, action):
        events = real_apply(game, action)
        other = 1 - action.player
        st = game.st
        hand = st.players[other].hand
        if hand:
            events.append({"key": "zone_change", "card": st.objects[hand[0]].name, "obj": hand[0],
                           "secret_of": other})
        return events
    monkeypatch.setattr(port, "apply", leaky_apply)

    async def go():
        async with serving(r) as server:
            bs = bots(server, 2, seed=3, max_actions=30)
            for b in bs:
                b.record = True
            await asyncio.gather(*(b.run(40) for b in bs))
            return bs
    bs = run(go(), 60)
    for b in bs:
        _check_stream(b.received)
