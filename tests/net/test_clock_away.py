"""A deciding player whose connection broke at a four-seat table (session 20's four desktops):
the leave question promises "your seat waits for you for five minutes", but her decision time
ran on and after 2:00 the three others were asked "Dora ran out of time. Claim the win?" — the
claim made her concede while she was restarting her program. Away, nobody may claim the win
over her (her five minutes to come back count, engine/net/seats.py); back and still silent, she
is out of time within seconds; away for five minutes, she concedes as before."""
from __future__ import annotations

from engine.net import engine_port as port
from engine.net import protocol as P
from engine.net.clock import AWAY_RECHECK
from engine.net.seats import RECONNECT_SECONDS
from net_helpers import FakePeer, keep_all, seated_room


def _clocked():
    now = [0.0]
    jobs: list = []
    r, peers = seated_room("rules", 4, clock=lambda: now[0], decision_seconds=120, game_seconds=1800,
                           on_timeout="claim")
    r.schedule = lambda delay, fn: jobs.append((now[0] + delay, fn))
    keep_all(r, peers)
    r.timer.turn()
    return r, peers, now, jobs


def _run_due(now, jobs):
    for due, fn in sorted(jobs, key=lambda j: j[0]):
        if due <= now[0] and (due, fn) in jobs:
            jobs.remove((due, fn))
            fn()


def _told_out(peer: FakePeer) -> list[int]:
    clocks = [m for m in peer.sent if isinstance(m, P.Clock)]
    return clocks[-1].out_of_time if clocks else []


def test_nobody_claims_the_win_over_a_player_who_is_away():
    r, peers, now, jobs = _clocked()
    away = port.decider(r.game)
    other = (away + 1) % 4
    token = next(m.token for m in peers[away].sent if isinstance(m, P.Welcome))
    r.leave(peers[away])  # her program crashed
    now[0] += 121
    _run_due(now, jobs)
    now[0] += 120  # (4:01 away: still within her five minutes)
    _run_due(now, jobs)
    assert _told_out(peers[other]) == []
    r.handle(peers[other], P.Claim())
    assert peers[other].errors()[-1].key == "net.no_claim" and port.outcome(r.game) is None
    # she is back, and still does not decide: out of time within AWAY_RECHECK seconds
    back = FakePeer()
    assert r.join(back, P.Hello(version=P.PROTOCOL_VERSION, name="P1", token=token))
    now[0] += AWAY_RECHECK
    _run_due(now, jobs)
    assert _told_out(peers[other]) == [away]
    r.handle(peers[other], P.Claim())
    assert away in [p["index"] for p in r.game.observation(other)["players"] if p.get("lost")]


def test_a_player_away_five_minutes_still_concedes():
    r, peers, now, jobs = _clocked()
    away = port.decider(r.game)
    r.leave(peers[away])
    for _ in range(70):
        now[0] += AWAY_RECHECK
        _run_due(now, jobs)
    assert now[0] > RECONNECT_SECONDS
    assert away in [p["index"] for p in r.game.observation((away + 1) % 4)["players"] if p.get("lost")]
