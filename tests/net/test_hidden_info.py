"""Every message each seat (and a spectator) receives, recorded and searched: no card name
reaches a seat unless that seat's own observation shows it at that moment."""
from __future__ import annotations

import asyncio
import copy

from engine.net import delta, engine_port as port
from engine.ai.commander_match import commander_seats
from engine.net import protocol as P
from engine.net.bot import Bot
from engine.net.client import Client
from engine.redaction import events_for
from engine.view import visible_card_names as visible_names
from net_helpers import DECK, addr, bots, run, room, serving

ALL_NAMES = set(DECK)


def _names_in(x, out, names=ALL_NAMES):
    if isinstance(x, dict):
        for v in x.values():
            _names_in(v, out, names)
    elif isinstance(x, list):
        for v in x:
            _names_in(v, out, names)
    elif isinstance(x, str) and x in names:
        out.add(x)
    return out


def _check_stream(messages, names=ALL_NAMES):
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
            before = visible_names(obs) | {p["name"] for p in obs["players"]}
            obs = delta.apply(copy.deepcopy(obs), msg.patch)
            seen = before | visible_names(obs)
            for ev in msg.events:
                if ev.get("key") == "reveal":
                    continue
                leaked = _names_in(ev, set(), names) - seen
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
                await asyncio.gather(watch(), *(b.run(150) for b in bs))
                return bs, [P.decode_server(f) for f in spec.frames]
        bs, spectator_msgs = run(go(), 200)
        total = sum(_check_stream(b.received) for b in bs) + _check_stream(spectator_msgs)
        assert total > 50
        # the spectator saw no hand at all
        for msg in spectator_msgs:
            if isinstance(msg, P.Started):
                assert all(c["name"] is None for p in msg.observation["players"] for c in p["hand"])


def test_a_face_down_name_is_hidden_by_identity_not_by_name():
    """A face-down creature named in an event is hidden from the others even when a face-up
    card of the same name is on the table (engine/redaction.py decides by the object)."""
    g = port.new_game(["A", "B"], [DECK, DECK], "hybrid", 5)
    st = g.st
    forest = next(o for o in st.players[0].hand if st.objects[o].name == "Forest") if any(
        st.objects[o].name == "Forest" for o in st.players[0].hand) else st.players[0].hand[0]
    name = st.objects[forest].name
    st.objects[forest].zone = "battlefield"
    st.players[0].hand.remove(forest)
    st.battlefield.append(forest)
    st.objects[forest].face_down = True
    g.event("attack", player="A", cards=[name], objs=[forest])
    i = len(g.events) - 1
    assert events_for(g, 0, i)[0]["cards"] == [name]  # its controller knows it (CR 708.5)
    for viewer in (1, None):
        assert events_for(g, viewer, i)[0]["cards"] == [None]
        assert "objs" in events_for(g, viewer, i)[0]


def test_a_leaky_engine_event_is_redacted_on_the_wire(tmp_path, monkeypatch):
    """A fake engine event naming the opponent's hand card must reach that opponent
    only as its owner's view allows."""
    r = room(2, "hybrid", tmp_path)
    real_apply = port.apply

    def leaky_apply(game, action):
        lo, _ = real_apply(game, action)
        other = 1 - action.player
        st = game.st
        hand = st.players[other].hand
        if hand:
            game.event("zone_change", card=st.objects[hand[0]].name, obj=hand[0], secret_of=other)
        return lo, len(game.events)
    monkeypatch.setattr(port, "apply", leaky_apply)

    async def go():
        async with serving(r) as server:
            bs = bots(server, 2, seed=3, max_actions=30)
            for b in bs:
                b.record = True
            await asyncio.gather(*(b.run(150) for b in bs))
            return bs
    bs = run(go(), 200)
    for b in bs:
        _check_stream(b.received)


def test_no_hidden_card_identity_at_a_four_seat_commander_table(tmp_path):
    """Session 20's four desktops, as frames: four bots with the four printed Commander decks at
    one Commander table; every message each seat receives names only what that seat's own
    observation shows (the three other hands, every library and the commanders' public zone
    alike)."""
    seats = commander_seats()
    names = {n for _deck, cards, _cmd in seats for n in cards}
    r = room(4, "rules", tmp_path, seed=20, format="commander")

    async def go():
        async with serving(r) as server:
            bs = [Bot(addr(server), f"Bot{i + 1}", list(cards), seed=40 + i, max_actions=60, delay=0,
                      commander=list(cmd)) for i, (_deck, cards, cmd) in enumerate(seats)]
            for b in bs:
                b.record = True
            await asyncio.gather(*(b.run(240) for b in bs))
            return bs
    bs = run(go(), 280)
    assert sum(_check_stream(b.received, names) for b in bs) > 100
