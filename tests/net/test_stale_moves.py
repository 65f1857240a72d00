"""A gesture sent while the host's updates were still on their way (the client's `seq` is
behind): a table move is checked again on the position now and made if it is still possible;
a decision (a pass, a cast...) is made only if nothing but table moves happened since, so a
second "pass" never passes the next decision; a move whose card moved meanwhile gets a clear
message. Nothing is made twice or for another seat. In-process rooms and one table over
127.0.0.1, bounded."""
from __future__ import annotations

import asyncio

from engine.net import engine_port as port
from engine.net import protocol as P
from engine.net.client import Client
from net_helpers import DECK, addr, room, run, seated_table, serving


def _move(r, peer, seen, verb, **fields):
    r.handle(peer, P.Act(text=verb, seq=seen, fields={"verb": verb, **fields}))


def _put_down_then_life(r, owner, index, changer):
    """`owner` (seat `index`) puts its first card in hand onto the battlefield, then `changer`
    gains seat 2 a life: (the card, the update before the gain, the game's dump after it)."""
    st = r.game.st
    _move(r, owner, r.seq, "move", obj=st.players[index].hand[0], args=["battlefield"])
    card = st.battlefield[-1]
    seen = r.seq
    _move(r, changer, r.seq, "life", args=[1, 1])
    return card, seen, r.game.dump()


def _card(obs, oid):
    return next((c for c in obs["battlefield"] if c["id"] == oid), None)


def test_a_table_move_sent_while_updates_arrive_is_made_on_the_position_now():
    r, (a, b) = seated_table("hybrid")
    st = r.game.st
    mine, theirs = st.players[0].hand[0], st.players[1].hand[0]
    _move(r, a, r.seq, "move", obj=mine, args=["battlefield"])
    mine = st.battlefield[-1]
    seen = r.seq                                   # what A's desktop shows when A taps its card
    _move(r, b, r.seq, "move", obj=theirs, args=["battlefield"])   # B's move is on its way to A
    _move(r, b, r.seq, "life", args=[1, 2])
    assert r.seq == seen + 2
    _move(r, a, seen, "tap", obj=mine)
    assert a.errors() == [] and b.errors() == []
    assert st.objects[mine].tapped
    assert _card(a.observation(), mine)["tapped"] and _card(b.observation(), mine)["tapped"]
    assert [t for _, t in port.history_texts(r.game)].count(port.last_text(r.game)) == 1


def test_a_move_on_a_card_that_moved_meanwhile_is_refused_with_a_clear_message():
    r, (a, b) = seated_table("hybrid")
    st = r.game.st
    _move(r, a, r.seq, "move", obj=st.players[0].hand[0], args=["battlefield"])
    card = st.battlefield[-1]
    seen = r.seq
    _move(r, a, r.seq, "move", obj=card, args=["graveyard"])      # (another of A's gestures got there first)
    before = r.game.dump()
    _move(r, a, seen, "tap", obj=card)
    assert r.game.dump() == before
    err = a.errors()[-1]
    assert err.key == "net.stale_gone" and "moved before your action arrived" in err.message


def test_a_decision_is_made_once_and_only_on_the_decision_it_was_made_for():
    r, peers = seated_table("hybrid")
    who = port.decider(r.game)
    me, other = peers[who], peers[1 - who]
    assert r.game.pending.kind == "priority"
    seen = r.seq
    _move(r, other, r.seq, "life", args=[1 - who, 1])            # a table move by the other seat
    n = port.history_length(r.game)
    r.handle(me, P.Act(text="pass", seq=seen))                    # sent before that update arrived
    assert me.errors() == [] and port.history_length(r.game) == n + 1
    r.handle(me, P.Act(text="pass", seq=seen))                    # a second pass on the same position
    assert port.history_length(r.game) == n + 1
    assert me.errors()[-1].key == "net.stale"
    # a rules action decided before a rules action of the other seat: stale as well
    seen = r.seq
    nxt = port.decider(r.game)
    r.handle(peers[nxt], P.Act(text="pass", seq=r.seq))
    r.handle(peers[nxt], P.Act(text="pass", seq=seen))
    assert peers[nxt].errors()[-1].key == "net.stale"


def test_a_stale_move_is_still_only_the_senders_own():
    r, (a, b) = seated_table("hybrid")
    theirs, seen, before = _put_down_then_life(r, b, 1, b)
    _move(r, a, seen, "tap", obj=theirs)
    _move(r, a, seen, "life", args=[1, -5])
    r.handle(a, P.Act(text="life", seq=seen, fields={"verb": "life", "args": [0, -5], "player": 1}))
    assert r.game.dump() == before
    assert [e.key for e in a.errors()] == ["net.not_yours", "net.not_yours", "action.bad_field"]


def test_a_frame_sent_again_is_not_made_twice_and_a_rejoined_desktop_counts_anew():
    r, (a, b) = seated_table("hybrid")
    life = r.game.st.players[0].life
    frame = P.Act(text="life", seq=r.seq, fields={"verb": "life", "args": [0, 1]}, id=7)
    r.handle(a, frame)
    r.handle(a, frame)                                            # the same frame again
    r.handle(a, P.Act(text="life", seq=r.seq, fields={"verb": "life", "args": [0, 1]}, id=3))
    assert r.game.st.players[0].life == life + 1
    assert [e.key for e in a.errors()] == ["net.replayed", "net.replayed"]
    r.handle(a, P.Act(text="life", seq=r.seq, fields={"verb": "life", "args": [0, 1]}, id=8))
    assert r.game.st.players[0].life == life + 2
    token = next(m.token for m in a.sent if isinstance(m, P.Welcome))
    r.leave(a)
    again = type(a)()
    assert r.join(again, P.Hello(version=P.PROTOCOL_VERSION, name="P1", token=token))
    r.handle(again, P.Act(text="life", seq=r.seq, fields={"verb": "life", "args": [0, 1]}, id=1))
    assert r.game.st.players[0].life == life + 3 and again.errors() == []


def test_a_position_that_never_was_is_refused():
    r, (a, b) = seated_table("hybrid")
    before = r.game.dump()
    _move(r, a, r.seq + 3, "life", args=[0, 1])
    assert a.errors()[-1].key == "net.stale" and r.game.dump() == before


def test_over_the_wire_a_move_sent_before_the_others_updates_arrived_is_made():
    """Two clients on 127.0.0.1 in hybrid mode: A sends a table move without reading B's two
    updates first; the host makes it, and A's own view shows it."""
    r = room(2, "hybrid")

    async def go():
        async with serving(r) as server:
            a, b = Client(addr(server), "Ann"), Client(addr(server), "Ben")
            for c in (a, b):
                await c.connect()
                await c.send(P.SubmitDeck(cards=DECK))
                await c.send(P.Ready(ready=True))

            async def until(c, cond):
                while not cond():
                    await asyncio.wait_for(c.recv(), 10)

            for c in (a, b):
                await until(c, lambda c=c: c.obs is not None)
            while not r.game.st.game_started:          # both keep their hands
                for c in (a, b):
                    await until(c, lambda c=c: c.seq == r.seq)
                    if c.my_decision() and c.obs["pending"]["kind"] == "mulligan":
                        seq = c.seq
                        await c.act("keep")
                        await until(c, lambda c=c: c.seq > seq)
            await until(a, lambda: a.seq == r.seq)
            await until(b, lambda: b.seq == r.seq)
            life_a, life_b = r.game.st.players[0].life, r.game.st.players[1].life
            await b.act("life", {"verb": "life", "args": [1, 2]})
            await b.act("life", {"verb": "life", "args": [1, 3]})
            await until(b, lambda: b.obs["players"][1]["life"] == life_b + 5)
            await a.act("life", {"verb": "life", "args": [0, 1]})       # A's seq is two updates behind
            await until(a, lambda: a.obs["players"][0]["life"] == life_a + 1)
            assert a.errors == [] and b.errors == []
            await until(b, lambda: b.obs["players"][0]["life"] == life_a + 1)
            for c in (a, b):
                await c.close()
    run(go(), 120)


def test_an_old_move_that_names_its_card_only_by_text_is_stale():
    """"tap Forest#2" is counted on the host's position now: after a change it may be another
    Forest, so an old one is refused; the same move with its fields (the id) is made."""
    r, (a, b) = seated_table("hybrid")
    st = r.game.st
    card, seen, before = _put_down_then_life(r, a, 0, b)
    r.handle(a, P.Act(text=f"tap {st.objects[card].name}", seq=seen))
    assert r.game.dump() == before and a.errors()[-1].key == "net.stale"
    _move(r, a, seen, "tap", obj=card)
    assert st.objects[card].tapped


def test_a_table_move_that_opens_a_decision_makes_an_older_pass_stale():
    """A table move is checked for SBAs and triggers (CR 117.3c): Friendly Teddy moved from the
    battlefield to the graveyard by hand dies, and its trigger goes on the stack. A pass sent
    before that (on an empty stack) would now let the trigger resolve: it is stale."""
    r, peers = seated_table("hybrid")
    who = port.decider(r.game)
    me, other = peers[who], peers[1 - who]
    r.handle(other, P.Act(text="move Friendly Teddy to battlefield", seq=r.seq))  # (a tutor by hand)
    teddy = r.game.st.battlefield[-1]
    assert r.game.st.objects[teddy].name == "Friendly Teddy" and other.errors() == []
    assert port.decider(r.game) == who and not r.game.st.stack
    seen = r.seq
    _move(r, other, r.seq, "move", obj=teddy, args=["graveyard"])       # it dies: its trigger
    assert r.game.st.stack or r.game.pending.kind != "priority" or port.decider(r.game) != who
    n = port.history_length(r.game)
    r.handle(me, P.Act(text="pass", seq=seen))
    assert port.history_length(r.game) == n and me.errors()[-1].key == "net.stale"


def test_conceding_is_never_stale():
    """CR 104.3a: a player may concede at any time, also on a position they had not seen yet."""
    r, peers = seated_table("hybrid")
    seen = r.seq
    who = port.decider(r.game)
    r.handle(peers[who], P.Act(text="pass", seq=r.seq))
    r.handle(peers[1 - who], P.Act(text="concede", seq=seen))
    assert peers[1 - who].errors() == [] and port.outcome(r.game)["winner"] == who
