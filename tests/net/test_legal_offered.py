"""Protocol 6: the deciding seat's legal actions come unasked, right after the frame that gave it
the decision (docs/protocol.md, "Versions"), so a guest's prompt can be answered as soon as it
shows; to that seat only (what another seat could do is its own business); a peer of version 4
or 5 is sent none and asks, as it always did."""
from __future__ import annotations

from typing import Any

from engine.net import engine_port as port
from engine.net import protocol as P
from net_helpers import DECK, FakePeer, keep_all, room, seated_room


def _frames_since(peer: FakePeer, start: int) -> list[Any]:
    return peer.sent[start:]


def _last_position(peer: FakePeer) -> int:
    return max(m.seq for m in peer.sent if isinstance(m, (P.Started, P.Update, P.Snapshot)))


def test_the_decider_gets_its_list_right_after_its_update_and_nobody_else_does() -> None:
    r, peers = seated_room()
    keep_all(r, peers)
    for _ in range(12):  # a dozen decisions, whoever has them
        who = port.decider(r.game)
        assert who is not None
        decider, other = peers[who], peers[1 - who]
        last = decider.sent[-1]
        assert isinstance(last, P.LegalList) and last.seq == r.seq == _last_position(decider)
        assert last.actions == port.legal_texts(r.game, who) and last.detail is not None
        assert all(not isinstance(m, P.LegalList) or m.seq != r.seq for m in other.sent)
        before = [len(p.sent) for p in peers]
        r.handle(decider, P.Act(text=last.actions[0] if last.actions[0] != "concede" else "pass", seq=r.seq))
        if port.outcome(r.game) is not None:
            break
        assert all(len(p.sent) > n for p, n in zip(peers, before))


def test_a_rejoin_while_deciding_gets_the_list_after_its_snapshot() -> None:
    r, peers = seated_room()
    who = port.decider(r.game)
    token = next(m.token for m in peers[who].sent if isinstance(m, P.Welcome))
    r.leave(peers[who])
    back = FakePeer()
    assert r.join(back, P.Hello(version=P.PROTOCOL_VERSION, name=f"P{who + 1}", token=token))
    kinds = [type(m) for m in back.sent]
    assert P.Snapshot in kinds and P.LegalList in kinds and kinds.index(P.LegalList) > kinds.index(P.Snapshot)
    (offered,) = [m for m in back.sent if isinstance(m, P.LegalList)]
    assert offered.seq == r.seq and offered.actions == port.legal_texts(r.game, who)


def test_a_version_5_peer_is_sent_no_list_it_did_not_ask_for() -> None:
    r = room()
    old, new = FakePeer(), FakePeer()
    assert r.join(old, P.Hello(version=5, name="Old")) and r.join(new, P.Hello(version=4, name="Older"))
    for p in (old, new):
        r.handle(p, P.SubmitDeck(cards=DECK))
        r.handle(p, P.Ready(ready=True))
    assert r.game is not None and port.decider(r.game) is not None
    assert not [m for p in (old, new) for m in p.sent if isinstance(m, P.LegalList)]
    who = port.decider(r.game)
    asker = (old, new)[who]
    r.handle(asker, P.LegalRequest(detail=True))
    assert isinstance(asker.sent[-1], P.LegalList) and asker.sent[-1].seq == r.seq
