"""A desktop's answer that the host neither took nor refused (lost on the way, or at the host) is
not waited for in silence: within app/net_legal.py ANSWER_WAIT_MS the desktop fetches the whole
table again, its prompt comes back, and the player's second answer moves the game on. Before,
the prompt said "Your answer is on its way to the host." for ever and the table waited for that
seat (what a silent guest looks like to the others). And an answer the host would refuse unread
(more items in one list of its fields than a client frame may have, engine/net/protocol.py
MAX_FIELD_ITEMS: here an attack of 65 creatures sent whole, which the table now declares in
parts, tests/net/test_lan_long_declaration.py; the refusal names no action) is refused on the
desktop, with why, and the decision stays answerable. Loopback only; bounded."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from app import net_legal  # noqa: E402
from app.net_session import RemoteSession  # noqa: E402
from app.net_worker import NetWorker  # noqa: E402
from engine.actions import Action  # noqa: E402
from engine.net import engine_port as port  # noqa: E402
from engine.net import protocol as P  # noqa: E402
from engine.net.room import Room  # noqa: E402
from net_helpers import HostThread, desktop, for_up_to  # noqa: E402

pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)


def test_an_answer_the_host_never_took_is_asked_about(qtbot, monkeypatch):
    monkeypatch.setattr(net_legal, "ANSWER_WAIT_MS", 1500, raising=False)  # (raising: the test runs on a base without it)
    room = Room(2, "rules", "Lost answers", seed=5, auto_start=True)
    host = HostThread(room)
    ann, ben = desktop(f"127.0.0.1:{host.port}", "Ann"), desktop(f"127.0.0.1:{host.port}", "Ben")
    try:
        qtbot.waitUntil(lambda: ann.playing and ben.playing, timeout=30000)
        lost: list[str] = []
        take = room.acts.act

        def lose_bens_first(peer, seat, msg):  # (on the host's thread)
            if seat.index == ben.seat and not lost:
                lost.append(msg.text)  # neither applied nor refused: no frame comes back
                return
            take(peer, seat, msg)
        host.ask(lambda: setattr(room.acts, "act", lose_bens_first))
        for _ in for_up_to(qtbot, 30):  # Ann keeps her hand; Ben's opening hand is his to keep
            if ben.state.my_decision() and ben.legal_actions():
                break
            if ann.state.my_decision() and ann.legal_actions():
                ann.submit(next(a for a in ann.legal_actions() if a.verb == "keep"))
        keep = next(a for a in ben.legal_actions() if a.verb == "keep")
        seq = ben.state.seq
        said: list[str] = []
        ben.status.connect(said.append)
        assert ben.submit(keep)
        qtbot.waitUntil(lambda: bool(lost), timeout=10000)
        assert ben.answer_sent()

        # the table fetched again: the same position, and the prompt can be answered again
        qtbot.waitUntil(lambda: ben.state.my_decision() and bool(ben.legal_actions()) and not ben.answer_sent(),
                        timeout=20000)
        assert ben.state.seq >= seq and "The host has not answered your action; fetching the whole table again." in said
        assert ben.submit(next(a for a in ben.legal_actions() if a.verb == "keep"))
        qtbot.waitUntil(lambda: (ben.seat, "keep") in host.ask(lambda: list(port.history_texts(room.game))),
                        timeout=20000)  # (his second answer taken: the game moves on)
        assert lost == ["keep"]
    finally:
        ann.close()
        ben.close()
        host.stop()


def test_an_answer_the_host_would_refuse_unread_is_refused_here(qtbot, monkeypatch):
    worker = NetWorker()
    sent: list[object] = []
    monkeypatch.setattr(worker, "send", sent.append)
    s = RemoteSession(worker, [])
    try:
        s.playing, s.seat, s.state.seat, s.state.seq = True, 0, 0, 5
        s.state.obs = {"pending": {"player": 0, "kind": "attackers"}, "players": [], "battlefield": []}

        def attack(n: int) -> Action:
            pairs = tuple((100 + i, ("p", 1)) for i in range(n))
            return Action(0, "attack", pairs=pairs, text="attack " + ", ".join(f"Goblin#{i + 1}" for i in range(n)) + " -> Bob")
        assert not s.submit(attack(65))
        assert sent == [] and not s.answer_sent()  # nothing on its way: the decision stays answerable
        assert s.last_error == ("This action is too large for a LAN table to carry (at most 64 objects in one list); "
                                "choose fewer.")
        assert s.submit(attack(64))  # (as many as a frame carries: sent, and the host reads it)
        assert len(sent) == 1 and isinstance(P.decode_client(P.encode(sent[0])), P.Act)
    finally:
        s.close()  # (its timers stopped: the session is freed whenever Python's collector runs)
