"""Searching a library by hand at a LAN table (protocol 4, engine/net/library_look.py): the seat
that looks gets its own library (ids and names, top first) and may move those cards by id; the
others are told that it looks, never which cards; rules mode refuses it (a card's search is a
decision whose options go to that seat alone); an old client is refused with a sentence.
In-process rooms, no sockets."""
from __future__ import annotations

import json

from engine.net import engine_port as port
from engine.redaction import visible_ids
from engine.net import protocol as P
from net_helpers import FakePeer, seated_table


def test_the_looking_seat_sees_its_library_and_takes_a_card_by_id():
    r, peers = seated_table("tabletop", 2)
    me, other = peers
    spectator = FakePeer()
    assert r.join(spectator, P.Hello(version=P.PROTOCOL_VERSION, name="S", role="spectator"))
    r.handle(me, P.LibraryLook())
    lib = [m for m in me.sent if isinstance(m, P.Library)]
    assert len(lib) == 1
    cards = lib[0].cards
    game_lib = port.library_cards(r.game, 0)
    assert [(c.id, c.name) for c in cards] == game_lib  # the whole library, top first
    assert len(cards) == me.observation()["players"][0]["library_count"] > 30
    told = [m for m in other.sent + spectator.sent if isinstance(m, P.Searching)]
    assert [(m.seat, m.name) for m in told] == [(0, "P1"), (0, "P1")]
    assert not any(isinstance(m, P.Library) for m in other.sent + spectator.sent)
    # the card third from the top, by its id (a name could be a Forest on the battlefield too)
    pick = cards[2]
    seen_before = {id(p): len(p.raw) for p in (other, spectator)}
    r.handle(me, P.Act(text=f"move {pick.name} to hand", seq=r.seq,
                       fields={"verb": "move", "obj": pick.id, "args": ["hand", 0]}))
    assert me.errors() == []
    hand = me.observation()["players"][0]["hand"]
    assert pick.name in [c["name"] for c in hand]
    assert me.observation()["players"][0]["library_count"] == len(cards) - 1
    # the mover's log names the card put into their hand (CR 400.2: hidden from the others only)
    moves = [e for m in me.sent if isinstance(m, P.Update) for e in m.events if e.get("key") == "manual_move"]
    assert moves and moves[-1]["card"] == pick.name and moves[-1]["to_zone"] == "hand"
    # the list follows the change: the card is gone from it
    again = [m for m in me.sent if isinstance(m, P.Library)][-1]
    assert [c.id for c in again.cards] == [c.id for c in cards if c.id != pick.id]
    # the others saw a card go from the library to the hand: not which one
    for p in (other, spectator):
        after = b"".join(p.raw[seen_before[id(p)]:]).decode("utf-8")
        assert after and json.dumps(pick.name) not in after
        told = [e for m in p.sent if isinstance(m, P.Update) for e in m.events if e.get("key") == "manual_move"]
        assert told and not told[-1].get("card") and "obj" not in told[-1]
        assert not {pick.id} & visible_ids(p.observation())
        assert p.observation()["players"][0]["hand_count"] == len(hand)
    # the look ends: ids of the library are no one's to name again
    r.handle(me, P.LibraryLook(open=False))
    n_before = len(me.errors())
    r.handle(me, P.Act(text="x", seq=r.seq, fields={"verb": "move", "obj": cards[5].id, "args": ["hand", 0]}))
    assert len(me.errors()) == n_before + 1 and me.errors()[-1].key == "ref.unknown_object"


def test_another_seat_cannot_name_a_library_it_does_not_look_through():
    r, (me, other) = seated_table("hybrid", 2)
    r.handle(me, P.LibraryLook())
    card = [m for m in me.sent if isinstance(m, P.Library)][-1].cards[0]
    r.handle(other, P.Act(text="x", seq=r.seq, fields={"verb": "move", "obj": card.id, "args": ["hand", 0]}))
    assert other.errors()[-1].key == "ref.unknown_object"


def test_a_shuffle_gives_new_ids_and_a_new_list():
    r, (me, _other) = seated_table("tabletop", 2)
    r.handle(me, P.LibraryLook())
    first = [m for m in me.sent if isinstance(m, P.Library)][-1].cards
    r.handle(me, P.Act(text="shuffle", seq=r.seq))
    assert me.errors() == []
    after = [m for m in me.sent if isinstance(m, P.Library)][-1].cards
    assert not {c.id for c in first} & {c.id for c in after}  # (CR 701.20: new objects, new ids)
    r.handle(me, P.Act(text="x", seq=r.seq, fields={"verb": "move", "obj": first[0].id, "args": ["hand", 0]}))
    assert me.errors()[-1].key == "ref.unknown_object"


def test_a_look_opened_again_and_again_is_told_once_in_a_while():
    now = [100.0]
    r, (me, other) = seated_table("hybrid", 2, clock=lambda: now[0])
    for _ in range(20):  # open, close, open ...: the others hear of it once
        r.handle(me, P.LibraryLook())
        r.handle(me, P.LibraryLook(open=False))
    assert sum(isinstance(m, P.Searching) for m in other.sent) == 1
    now[0] += 10
    r.handle(me, P.LibraryLook())
    assert sum(isinstance(m, P.Searching) for m in other.sent) == 2


def test_rules_mode_refuses_a_look_by_hand():
    r, (me, other) = seated_table("rules", 2)
    r.handle(me, P.LibraryLook())
    assert [e.key for e in me.errors()] == ["net.library_rules"]
    assert not any(isinstance(m, (P.Library, P.Searching)) for m in me.sent + other.sent)


def test_an_old_client_is_refused_with_a_sentence():
    r, _peers = seated_table("tabletop", 2, keep=False)
    old = FakePeer()
    assert not r.join(old, P.Hello(version=3, name="Old"))
    err = old.errors()[0]
    assert err.key == "net.version" and err.params == {"host": P.PROTOCOL_VERSION, "client": 3}
    assert err.message == f"This host speaks protocol {P.PROTOCOL_VERSION}, not 3."
    assert old.closed is not None
