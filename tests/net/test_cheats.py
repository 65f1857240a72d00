"""Issue #26, one test per cheat a dishonest client tried: each is refused (with one reason),
answered, or limited; in-process rooms and a few connections over 127.0.0.1, bounded."""
from __future__ import annotations

import ast
import asyncio
import json
import string
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from engine import messages
from engine.actions import IllegalActionError
from engine.net import engine_port as port, guard
from engine.net import protocol as P
from engine.net import room as room_mod
from engine.net.computer import ComputerSeat
from engine.net.room import Room
from engine.state import KEYED
from hidden_fuzz import sample_deck_lists
from net_helpers import DECK, FakePeer, addr, keep_all, room, run, seated_room, serving


# ------------------------------------------------------------------ 1: hidden ids, one answer
def test_hidden_and_missing_ids_get_the_same_refusal_in_both_modes():
    for mode in ("rules", "hybrid"):
        r, peers = seated_room(mode)
        st = r.game.st
        hidden = [st.players[1].hand[0], st.players[1].library[0], st.players[0].library[-1], 10 ** 6]
        before = r.game.dump()
        for oid in hidden:
            for fields in ({"verb": "reveal", "obj": oid}, {"verb": "cast", "obj": oid},
                           {"verb": "activate", "obj": oid, "ability": 0}, {"verb": "move", "obj": oid, "args": ["hand"]},
                           {"verb": "cast", "targets": [["o", oid]]}):
                r.handle(peers[0], P.Act(text="pass", seq=r.seq, fields=fields))
        assert {e.key for e in peers[0].errors()} == {"ref.unknown_object"}
        assert r.game.dump() == before


# ------------------------------------------------------------------ 2: table moves are one's own
def test_hybrid_table_moves_touch_only_what_the_seat_owns_unless_paper():
    r, peers = seated_room("hybrid")
    keep_all(r, peers)
    life = r.game.st.players[1].life
    r.handle(peers[0], P.Act(text="life Player 2 -40", seq=r.seq, fields={"verb": "life", "args": [1, -40]}))
    assert r.game.st.players[1].life == life and peers[0].errors()[-1].key == "net.not_yours"
    r.handle(peers[0], P.Act(text="life", seq=r.seq, fields={"verb": "life", "args": [0, 3]}))
    assert r.game.st.players[0].life == life + 3  # one's own life: fine
    other = next(i for i in range(2) if i != port.decider(r.game))
    r.handle(peers[other], P.Act(text="next turn", seq=r.seq))
    assert peers[other].errors()[-1].key == "net.skip_not_yours"
    paper, ppeers = seated_room("hybrid", paper=True)
    keep_all(paper, ppeers)
    paper.handle(ppeers[0], P.Act(text="life", seq=paper.seq, fields={"verb": "life", "args": [1, -2]}))
    assert paper.game.st.players[1].life == life - 2
    assert paper.lobby().paper and not r.lobby().paper  # every seat sees it in the lobby


def test_table_moves_and_tokens_are_limited(monkeypatch):
    monkeypatch.setattr(guard, "MAX_TOKENS", 3)
    now = [0.0]
    r, peers = seated_room("hybrid", clock=lambda: now[0])
    keep_all(r, peers)
    for _ in range(5):
        r.handle(peers[0], P.Act(text="token Spirit 1/1", seq=r.seq, fields={"verb": "token", "args": ["Spirit", 1, 1]}))
    assert peers[0].errors()[-1].key == "net.too_many_tokens"
    for _ in range(30):
        r.handle(peers[0], P.Act(text="roll", seq=r.seq, fields={"verb": "roll", "args": [6]}))
    assert peers[0].errors()[-1].key == "net.manual_rate"
    now[0] += 5.0  # the bucket fills again
    n = port.history_length(r.game)
    r.handle(peers[0], P.Act(text="roll", seq=r.seq, fields={"verb": "roll", "args": [6]}))
    assert port.history_length(r.game) == n + 1


# ------------------------------------------------------------------ 3: decisions and the seed
def test_the_others_see_who_decides_but_not_what_the_prompt_names():
    r, peers = seated_room("rules")
    who = port.decider(r.game)
    r.handle(peers[who], P.Act(text="mulligan", seq=r.seq))
    r.handle(peers[1 - who], P.Act(text="keep", seq=r.seq)) if port.decider(r.game) == 1 - who else None
    while port.decider(r.game) is not None and r.game.pending.kind != "bottom":
        d = port.decider(r.game)
        r.handle(peers[d], P.Act(text="keep", seq=r.seq))
    dec = r.game.pending
    mine = r.views[dec.player].obs["pending"]
    theirs = r.views[1 - dec.player].obs["pending"]
    public = r.views[None].obs["pending"] if None in r.views else port.observe(r.game, None)["pending"]
    assert mine["options"] and mine["params"]
    for other in (theirs, public):
        assert other["params"] == {} and "options" not in other and other["kind"] == "bottom"


def test_the_seed_is_secret_and_not_the_clients_to_choose():
    r = Room(2, "rules", "Seed", auto_start=False)
    peers = [FakePeer(), FakePeer()]
    for i, p in enumerate(peers):
        r.join(p, P.Hello(version=P.PROTOCOL_VERSION, name=f"P{i + 1}"))
        r.handle(p, P.SubmitDeck(cards=DECK))
        r.handle(p, P.Ready(ready=True))
    r.handle(peers[0], P.Start(seed=42))
    assert r.game is not None and r.seed != 42
    for p in peers:
        assert all(str(r.seed) not in raw.decode() for raw in p.raw)


# ------------------------------------------------------------------ 4: bounded work
def test_deep_long_and_broken_frames_are_answered_and_cost_the_connection_at_most():
    r = room(2, "rules")

    async def go():
        async with serving(r, rate=1e6, burst=1e6) as server:
            async with connect(f"ws://{addr(server)}") as ws:
                await ws.send(json.dumps({"type": "hello", "version": P.PROTOCOL_VERSION, "name": "Deep"}))
                json.loads(await ws.recv())  # welcome
                await ws.send('{"type":"act","text":"pass","seq":0,"fields":{"x":' + "[" * 2000 + "]" * 2000 + "}}")
                await ws.send(json.dumps({"type": "act", "text": "pass", "seq": 0, "fields": {"pay": list(range(500))}}))
                await ws.send(json.dumps({"type": "chat", "text": "still here"}))
                got = []
                while len(got) < 3:
                    m = json.loads(await ws.recv())
                    if m["type"] in ("error", "chat_line"):
                        got.append(m)
                return got
    got = run(go(), 60)
    assert [g.get("reason") for g in got[:2]] == ["too_deep", "too_deep"] and got[2]["type"] == "chat_line"


def test_refusals_and_room_errors_count_toward_the_limit():
    r = room(2, "rules")

    async def go():
        async with serving(r, rate=1e6, burst=1e6) as server:
            async with connect(f"ws://{addr(server)}") as ws:
                await ws.send(json.dumps({"type": "hello", "version": P.PROTOCOL_VERSION, "name": "Oracle"}))
                for _ in range(120):  # no game yet: each is a room error ("no game")
                    await ws.send(json.dumps({"type": "act", "text": "pass", "seq": 0}))
                try:
                    while True:
                        await asyncio.wait_for(ws.recv(), 30)
                except ConnectionClosed as exc:
                    return exc.rcvd.code if exc.rcvd else None
    assert run(go(), 90) == 1008


def test_connection_spectator_and_chat_caps(monkeypatch):
    monkeypatch.setattr(room_mod, "MAX_SPECTATORS", 2)
    r = room(2, "rules")

    async def go():
        async with serving(r, max_per_address=4) as server:
            url = f"ws://{addr(server)}"
            idle = [await connect(url) for _ in range(4)]  # (no hello yet: they count all the same)
            fifth = await connect(url)
            over = json.loads(await asyncio.wait_for(fifth.recv(), 30))["reason"]
            for ws in idle + [fifth]:
                await ws.close()
            await asyncio.sleep(0.1)
            hello = json.dumps({"type": "hello", "version": P.PROTOCOL_VERSION, "name": "S", "role": "spectator"})
            socks, reasons = [], []
            for _ in range(3):
                ws = await connect(url)
                socks.append(ws)
                await ws.send(hello)
                m = json.loads(await asyncio.wait_for(ws.recv(), 30))
                reasons.append(m.get("reason") or m["type"])
            for i in range(12):
                await socks[0].send(json.dumps({"type": "chat", "text": f"line {i}"}))
            flood = 0
            for _ in range(60):
                try:
                    m = json.loads(await asyncio.wait_for(socks[0].recv(), 10))
                except (asyncio.TimeoutError, ConnectionClosed):
                    break
                flood += m.get("reason") == "flood"
                if flood:
                    break
            for ws in socks:
                await ws.close()
            return over, reasons, flood
    over, reasons, flood = run(go(), 120)
    assert over == "too_many_connections"  # the address's cap
    assert reasons == ["welcome", "welcome", "table_full"]  # a third spectator: the table's cap
    assert flood  # twelve chat lines at once: the rest wait


def test_spectators_joining_cost_a_linear_number_of_lobby_messages():
    r = room(2, "rules")
    n = 60

    async def go():
        async with serving(r) as server:
            specs = []
            for i in range(n):
                ws = await connect(f"ws://{addr(server)}")
                await ws.send(json.dumps({"type": "hello", "version": P.PROTOCOL_VERSION, "name": f"S{i}",
                                          "role": "spectator"}))
                specs.append(ws)
            await asyncio.sleep(1.2)
            counts = []
            for ws in specs:
                k = 0
                try:
                    while True:
                        m = json.loads(await asyncio.wait_for(ws.recv(), 0.05))
                        k += m["type"] == "lobby"
                except (asyncio.TimeoutError, ConnectionClosed):
                    pass
                counts.append(k)
                await ws.close()
            return counts
    counts = run(go(), 60)
    assert sum(counts) <= 6 * n  # was n * (n + 1) / 2 = 1830: every join told to everyone


# ------------------------------------------------------------------ 5: the clock
def _clocked(policy: str, mode: str = "rules"):
    now = [0.0]
    jobs: list = []
    r, peers = seated_room(mode, clock=lambda: now[0], decision_seconds=120, game_seconds=1800,
                      on_timeout=policy)
    r.schedule = lambda delay, fn: jobs.append((now[0] + delay, fn))
    r.timer.turn()
    return r, peers, now, jobs


def _run_due(now, jobs):
    for due, fn in sorted(jobs, key=lambda j: j[0]):
        if due <= now[0]:
            jobs.remove((due, fn))
            fn()


def test_a_silent_player_runs_out_of_time_and_the_other_claims_the_win():
    r, peers, now, jobs = _clocked("claim")
    silent = port.decider(r.game)
    other = 1 - silent
    r.handle(peers[other], P.Claim())
    assert peers[other].errors()[-1].key == "net.no_claim"
    now[0] += 121
    _run_due(now, jobs)
    clocks = [m for m in peers[other].sent if isinstance(m, P.Clock)]
    assert clocks and clocks[-1].out_of_time == [silent]
    r.handle(peers[other], P.Claim())
    out = port.outcome(r.game)
    assert out is not None and out["winner"] == other


def test_the_computer_decides_for_a_silent_player_when_the_host_chose_so():
    r, peers, now, jobs = _clocked("computer")
    silent = port.decider(r.game)
    n = port.history_length(r.game)
    now[0] += 121
    _run_due(now, jobs)
    assert port.history_length(r.game) == n + 1 and r.game.history[-1].player == silent
    assert r.seats[silent].agent is None  # one decision: the seat is still the player's


def test_table_moves_do_not_give_the_decider_a_fresh_decision_time():
    """Hybrid: a table move is an update for everyone but leaves the decision open; rolling a
    die every minute must not hold the table forever (the decision time runs on)."""
    r, peers, now, jobs = _clocked("claim", "hybrid")
    silent = port.decider(r.game)
    other = 1 - silent
    for _ in range(2):
        now[0] += 55
        _run_due(now, jobs)
        r.handle(peers[silent], P.Act(text="roll", seq=r.seq, fields={"verb": "roll", "args": [6]}))
        r.handle(peers[other], P.Act(text="roll", seq=r.seq, fields={"verb": "roll", "args": [6]}))
    assert port.decider(r.game) == silent
    now[0] += 11                                   # 121 s on the same decision
    _run_due(now, jobs)
    clocks = [m for m in peers[other].sent if isinstance(m, P.Clock)]
    assert clocks and clocks[-1].out_of_time == [silent]


# ------------------------------------------------------------------ 6: spectators
def test_a_spectator_present_at_the_start_gets_the_opening_log_and_no_hand_without_consent():
    r = Room(2, "rules", "Watch", seed=3, spectator_hands=True)
    spec, follower = FakePeer(), FakePeer()
    r.join(spec, P.Hello(version=P.PROTOCOL_VERSION, name="S", role="spectator"))
    r.join(follower, P.Hello(version=P.PROTOCOL_VERSION, name="F", role="spectator", follow=0))
    assert follower.errors()[-1].key == "net.follow_refused"
    peers = [FakePeer(), FakePeer()]
    for i, p in enumerate(peers):
        r.join(p, P.Hello(version=P.PROTOCOL_VERSION, name=f"P{i + 1}"))
        r.handle(p, P.SubmitDeck(cards=DECK))
        r.handle(p, P.Ready(ready=True))
    opening = [e for m in spec.sent if isinstance(m, P.Update) for e in m.events]
    assert any(e["key"] == "start" for e in opening)
    started = next(m for m in follower.sent if isinstance(m, P.Started))
    assert all(c["name"] is None for c in started.observation["players"][0]["hand"])
    r.handle(peers[0], P.AllowFollow(allow=True))
    later = FakePeer()
    r.join(later, P.Hello(version=P.PROTOCOL_VERSION, name="L", role="spectator", follow=0))
    started = next(m for m in later.sent if isinstance(m, P.Started))
    assert all(c["name"] for c in started.observation["players"][0]["hand"])
    r.handle(peers[0], P.AllowFollow(allow=False))
    snap = [m for m in later.sent if isinstance(m, P.Snapshot)][-1]
    assert all(c["name"] is None for c in snap.observation["players"][0]["hand"])


# ------------------------------------------------------------------ 7: the computer's view
def test_the_computer_seat_never_gets_the_hosts_game():
    r = Room(2, "rules", "AI", seed=9)
    p = FakePeer()
    r.join(p, P.Hello(version=P.PROTOCOL_VERSION, name="P1"))
    r.handle(p, P.SubmitDeck(cards=DECK))
    seen = []
    seat = ComputerSeat(r, 1, "heuristic", DECK, seed=1)
    real_choose = seat.agent.choose

    def spy(game, who):
        seen.append(game)
        return real_choose(game, who)
    seat.agent.choose = spy
    r.add_agent(1, seat, "Computer", DECK)
    r.handle(p, P.Ready(ready=True))
    for _ in range(20):
        who = port.decider(r.game)
        if who == 1:
            r._agent_turn(1, r.seq)
        elif who == 0:
            texts = port.legal_texts(r.game, 0)
            r.handle(p, P.Act(text="keep" if "keep" in texts else texts[0], seq=r.seq))
        if len(seen) >= 2:
            break
    assert seen and all(g is not r.game and not g.history for g in seen)


def test_a_name_typed_tells_nothing_of_a_face_down_card():
    """Text actions find objects by name: a face-down exiled card of another player answers
    exactly as a name that matches nothing."""
    other = next(d for d in sample_deck_lists() if len(set(d) - set(DECK)) > 8)
    r, peers = seated_room("hybrid", decks=[DECK, other])
    keep_all(r, peers)
    st = r.game.st
    card = next(o for o in st.players[1].hand if st.objects[o].name not in DECK)  # (seed 3: there is one)
    secret = st.objects[card].name
    r.handle(peers[1], P.Act(text="move", seq=r.seq, fields={"verb": "move", "obj": card, "args": ["exile"]}))
    exiled = st.players[1].exile[-1]
    r.handle(peers[1], P.Act(text="face down", seq=r.seq, fields={"verb": "face down", "obj": exiled}))
    assert r.game.st.objects[exiled].face_down
    for verb in ("move {} to hand", "tap {}", "reveal {}", "face up {}"):
        answers = []
        for name in (secret, "Sol Ring"):
            peers[0].sent.clear()
            r.handle(peers[0], P.Act(text=verb.format(name), seq=r.seq))
            e = peers[0].errors()[-1]
            answers.append((e.reason, e.key, e.params))
        assert answers[0] == answers[1][:2] + ({"card": secret},), answers
        assert answers[1] == (answers[1][0], "ref.none", {"card": "Sol Ring"})


def test_a_keyed_game_replays_exactly_from_the_journal(tmp_path):
    """The host's secret, keyed generator: other games' shuffles differ, yet undo and a host
    restarted from the journal give the very same position."""
    r = Room(2, "rules", "Keyed", journal_dir=tmp_path)
    peers = [FakePeer(), FakePeer()]
    for i, p in enumerate(peers):
        r.join(p, P.Hello(version=P.PROTOCOL_VERSION, name=f"P{i + 1}"))
        r.handle(p, P.SubmitDeck(cards=DECK))
        r.handle(p, P.Ready(ready=True))
    assert r.seed >= KEYED
    for _ in range(4):  # mulligans: shuffles
        who = port.decider(r.game)
        texts = port.legal_texts(r.game, who)
        r.handle(peers[who], P.Act(text="mulligan" if "mulligan" in texts else texts[0], seq=r.seq))
    again = Room.resume(tmp_path / "journal.jsonl")
    assert again.game.dump() == r.game.dump()
    assert (again.paper, again.timer.decision_seconds, again.timer.on_timeout) == (False, 120.0, "claim")
    other = Room(2, "rules", "Other")
    for i, p in enumerate([FakePeer(), FakePeer()]):
        other.join(p, P.Hello(version=P.PROTOCOL_VERSION, name=f"P{i + 1}"))
        other.handle(p, P.SubmitDeck(cards=DECK))
        other.handle(p, P.Ready(ready=True))
    assert other.seed != r.seed and other.seed >= KEYED  # a new key for every game


def test_a_refusal_names_a_face_down_card_only_to_who_may_know_it():
    """The engine's refusals name objects ("X can't block Y"): a face-down card is named to
    its controller, and as "face-down permanent" to everyone else."""
    r, peers = seated_room("hybrid")
    keep_all(r, peers)
    st = r.game.st
    card = st.players[1].hand[0]
    r.handle(peers[1], P.Act(text="move", seq=r.seq, fields={"verb": "move", "obj": card, "args": ["battlefield"]}))
    fd = st.battlefield[-1]
    r.handle(peers[1], P.Act(text="face down", seq=r.seq, fields={"verb": "face down", "obj": fd}))
    name = st.objects[fd].name
    exc = IllegalActionError("block.cant", card="Forest", attacker=name)
    assert guard.for_seat(r.game, 0, exc).params == {"card": "Forest", "attacker": "face-down permanent"}
    assert guard.for_seat(r.game, 1, exc).params == {"card": "Forest", "attacker": name}
    assert name not in str(guard.for_seat(r.game, 0, exc))


def test_the_hosts_own_refusals_are_catalog_keys():
    """guard.Refusal(reason, KEY, **params) anywhere in engine/net: a net.* key of
    engine/messages/net.py with exactly its placeholders (as Room.error's, tests/engine/test_error_keys.py)."""
    found = []
    for path in (Path(__file__).resolve().parents[2] / "engine" / "net").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "Refusal" \
                    and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant):
                key = node.args[1].value
                wanted = {f for _, f, _, _ in string.Formatter().parse(str(messages.entry(key))) if f} \
                    if messages.has(key) else None
                found.append((key, {k.arg for k in node.keywords} == wanted))
    assert len(found) >= 4 and all(ok for _, ok in found), found
