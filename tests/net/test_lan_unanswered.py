"""A desktop's answer that the host neither took nor refused (lost on the way, or at the host) is
not waited for in silence: within app/net_legal.py ANSWER_WAIT_MS the desktop fetches the whole
table again, its prompt comes back, and the player's second answer moves the game on. Before,
the prompt said "Your answer is on its way to the host." for ever and the table waited for that
seat (what a silent guest looks like to the others). Loopback only; bounded."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from app import net_legal  # noqa: E402
from engine.net import engine_port as port  # noqa: E402
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
        qtbot.waitUntil(lambda: host.ask(lambda: port.decider(room.game)) != ben.seat or ben.state.seq > seq + 1,
                        timeout=20000)
        assert host.ask(lambda: [t for _who, t in port.history_texts(room.game)]).count("keep") >= 2
    finally:
        ann.close()
        ben.close()
        host.stop()
