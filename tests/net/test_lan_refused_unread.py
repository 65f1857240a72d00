"""An answer the host refuses unread — a flood (the connection's messages over their rate), a frame
that breaks the protocol's schema or limits — is refused at once, not after the 10 s fetch of
app/net_legal.py ANSWER_WAIT_MS: the host names the `act` it refused (engine/net/server.py,
Error.ref and Error.act), the desktop says why and the decision is answerable again. A refusal
that names nothing the seat waits for changes nothing (a hostile host cannot make the seat ask
again and again), and nothing is sent again by itself. Loopback only; bounded."""
from __future__ import annotations

import os
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import msgspec  # noqa: E402
import pytest  # noqa: E402

from app import net_legal  # noqa: E402
from app.net_session import RemoteSession  # noqa: E402
from app.net_worker import NetWorker  # noqa: E402
from engine.net import engine_port as port  # noqa: E402
from engine.net import protocol as P  # noqa: E402
from engine.net.room import Room  # noqa: E402
from engine.net.server import Server  # noqa: E402
from net_helpers import HostThread, desktop, for_up_to  # noqa: E402

pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)

REFUSED = ("The host refused your answer without reading it: Too many messages; slow down. "
           "You can answer again.")


def test_an_answer_refused_as_a_flood_is_answerable_again_at_once(qtbot, monkeypatch):
    monkeypatch.setattr(net_legal, "ANSWER_WAIT_MS", 120000)  # (the fetch cannot be what frees it)
    room = Room(2, "rules", "Flooded answers", seed=5, auto_start=True)
    host = HostThread(room)
    ann, ben = desktop(f"127.0.0.1:{host.port}", "Ann"), desktop(f"127.0.0.1:{host.port}", "Ben")
    try:
        qtbot.waitUntil(lambda: ann.playing and ben.playing, timeout=30000)
        for _ in for_up_to(qtbot, 30):  # Ann keeps her hand; Ben's opening hand is his to keep
            if ben.state.my_decision() and ben.legal_actions():
                break
            if ann.state.my_decision() and ann.legal_actions():
                ann.submit(next(a for a in ann.legal_actions() if a.verb == "keep"))
        flooded: list[int] = []
        server = host.server
        receive, allow = server.receive, server._allow

        def flood_bens_first_act(conn, frame):  # (on the host's thread)
            seat = room.seat_of(conn)
            if seat is not None and seat.index == ben.seat and not flooded and '"type":"act"' in str(frame):
                flooded.append(msgspec.json.decode(frame)["id"])
                server._allow = lambda conn: False  # (its bucket empty this once: refused as a flood)
                try:
                    receive(conn, frame)
                finally:
                    server._allow = allow
                return
            receive(conn, frame)
        # (armed now: his next act is his keep)
        host.ask(lambda: setattr(server, "receive", flood_bens_first_act))
        seq = ben.state.seq
        errors: list[str] = []
        ben.error.connect(errors.append)
        started = time.monotonic()
        assert ben.submit(next(a for a in ben.legal_actions() if a.verb == "keep"))
        assert ben.answer_sent()
        qtbot.waitUntil(lambda: ben.state.my_decision() and bool(ben.legal_actions()) and not ben.answer_sent(),
                        timeout=5000)  # (at once: far below ANSWER_WAIT_MS, even its default 10 s)
        assert time.monotonic() - started < 5 and ben.state.seq == seq and flooded == [ben.legal.act_id]
        assert errors == [REFUSED]
        assert ben.submit(next(a for a in ben.legal_actions() if a.verb == "keep"))
        qtbot.waitUntil(lambda: (ben.seat, "keep") in host.ask(lambda: list(port.history_texts(room.game))),
                        timeout=20000)  # (his second answer taken: the game moves on)
    finally:
        ann.close()
        ben.close()
        host.stop()


class Conn:
    """A seated connection as Server sees it: what it is sent."""

    def __init__(self) -> None:
        self.sent: list[P.Error] = []
        self.tokens, self.last, self.closing = 1e9, time.monotonic(), False

    def send(self, data: bytes) -> None:
        self.sent.append(msgspec.json.decode(data, type=P.Error))

    def close(self, code: int, reason: str) -> None:
        self.closing = True


def test_the_host_names_the_act_it_refuses_unread():
    server = Server(Room(2, "rules", "Named refusals"))
    conn = Conn()
    server.room.handle = lambda peer, msg: None  # (only frames the room would see get past)
    frames = {  # frame -> (reason, the act it names)
        '{"type":"act","text":"' + "x" * 2001 + '","seq":3,"id":7}': ("bad_message", 7),
        '{"type":"act","text":"pass","seq":3,"id":8,"fields":{"a":' + "[" * 7 + "]" * 7 + "}}": ("too_deep", 8),
        '{"type":"act","text":"pass","seq":3,"id":9,"fields":{"a":' + "[" * 300 + "]" * 300 + "}}": ("too_deep", 0),
        '{"type":"act","text":"pass","seq":3,"id":10,"x":1}': ("bad_message", 10),
        '{"type":"act","text":"pass","seq":3,"id":true,"x":1}': ("bad_message", 0),
        '{"type":"chat","text":"' + "x" * 600 + '","id":11}': ("bad_message", 0),
        '{"type":"act","text":"pass",': ("bad_json", 0),
    }
    for frame, (reason, act) in frames.items():
        server.receive(conn, frame)
        error = conn.sent.pop()
        assert (error.reason, error.act, error.ref) == (reason, act, "act" if act else ""), frame[:60]
    conn.tokens = -1e9  # a flood: the act is refused unparsed, and named
    server.receive(conn, P.encode(P.Act(text="pass", seq=3, id=12)))
    error = conn.sent.pop()
    assert (error.reason, error.key, error.ref, error.act) == ("flood", "net.flood", "act", 12)


def test_a_refusal_naming_no_answer_waited_for_changes_nothing(qtbot):
    worker = NetWorker()
    sent: list[object] = []
    worker.send = sent.append  # (no host: what the seat would send)
    s = RemoteSession(worker, [])
    try:
        s.playing, s.seat, s.state.seat, s.state.seq = True, 0, 0, 5
        s.state.obs = {"pending": {"player": 0, "kind": "mulligan"}, "players": [], "battlefield": []}
        assert s.submit("keep")
        act = sent[-1]
        assert isinstance(act, P.Act) and s.answer_sent()

        def refuse(act_id: int) -> None:
            s._on_message(P.Error(reason="flood", message="Too many messages; slow down.", key="net.flood",
                                  ref="act", act=act_id))
        for other in (0, act.id - 1, act.id + 1):  # none, an older action, one never sent
            refuse(other)
            assert s.answer_sent() and sent == [act]
        s._on_message(P.Error(reason="flood", message="Too many messages; slow down.", key="net.flood"))
        assert s.answer_sent() and sent == [act]  # (a refusal naming no frame, as before)
        refuse(act.id)
        assert not s.answer_sent() and s.last_error == REFUSED
        assert [type(m) for m in sent] == [P.Act, P.LegalRequest]  # the list asked for once; the keep not sent again
        for _ in range(5):  # the same refusal again: nothing more is sent
            refuse(act.id)
        assert [type(m) for m in sent] == [P.Act, P.LegalRequest] and not s.answer_sent()
    finally:
        s.close()
