"""The hidden-information fuzzer (tests/net/hidden_fuzz.py): random 2-4 player games from the
sample decks in rules and hybrid mode; every frame to every seat and spectator scanned; every
seat tries structured actions on hidden ids at every step. A few games here; the bigger run
is `pytest -m bench tests/net/test_hidden_fuzz.py`."""
from __future__ import annotations

import json
import random

import pytest

from engine.ai.match import card_pool
from engine.net import engine_port as port, protocol as P
from engine.net.room import Room
from hidden_fuzz import Recorder, Truth, run, sample_deck_lists, scan


def _check(tally):
    assert tally.findings == [], "\n".join(tally.findings[:20])
    assert tally.accepted == 0
    assert tally.refusal_keys == {"ref.unknown_object"}  # one answer, whatever is behind the id
    print(f"\nfuzzer: {tally.games} games, {tally.actions} actions, {tally.frames} frames scanned, "
          f"{len(tally.face_down)} face-down cards, {tally.undos} undos, {tally.cheats} cheating actions, "
          f"{tally.accepted} accepted, {len(tally.findings)} findings")


def test_no_frame_tells_a_viewer_what_it_may_not_know():
    tally = run(games=4, seed=26, max_actions=120)
    assert tally.games == 4 and tally.frames > 1000 and tally.face_down
    _check(tally)


@pytest.mark.bench
@pytest.mark.timeout(3600)
def test_hidden_information_fuzzer_big_run():
    tally = run(games=40, seed=2026, max_actions=300)
    _check(tally)


def test_a_resumed_host_reveals_nothing_it_hid(tmp_path):
    """A host restarted from its journal rebuilds every view's log with the same rule: a seat
    coming back gets no name or id it could not know before (face-down cards included)."""
    rng = random.Random(5)
    decks = [d for d in sample_deck_lists()][:2]
    r = Room(2, "hybrid", "Resume", journal_dir=tmp_path, seed=11)
    peers = [Recorder(), Recorder()]
    for i, p in enumerate(peers):
        r.join(p, P.Hello(version=P.PROTOCOL_VERSION, name=f"P{i + 1}"))
        r.handle(p, P.SubmitDeck(cards=decks[i]))
        r.handle(p, P.Ready(ready=True))
    tokens = [json.loads(p.frames[0])["token"] for p in peers]
    for step in range(100):
        g = r.game
        if port.outcome(g) is not None:
            break
        if step % 7 == 3:  # a creature of seat 0 goes face down
            mine = [o for o in g.st.battlefield if g.st.objects[o].controller == 0 and not g.st.objects[o].face_down
                    and "Land" not in g.chars(o).types]
            if not mine and g.st.players[0].hand:
                r.handle(peers[0], P.Act(text="move", seq=r.seq, fields={"verb": "move", "obj": g.st.players[0].hand[0],
                                                                        "args": ["battlefield"]}))
                mine = [o for o in g.st.battlefield if g.st.objects[o].controller == 0
                        and not g.st.objects[o].face_down and "Land" not in g.chars(o).types]
            if mine:
                r.handle(peers[0], P.Act(text="face down", seq=r.seq, fields={"verb": "face down", "obj": mine[0]}))
        who = port.decider(r.game)
        texts = [t for t in port.legal_texts(r.game, who) if not t.startswith("concede")]
        if not texts:
            break
        r.handle(peers[who], P.Act(text=rng.choice(texts), seq=r.seq))
    assert any(r.game.st.objects[o].face_down for o in r.game.st.battlefield)
    r.journal.close()
    again = Room.resume(tmp_path / "journal.jsonl")
    back = Recorder()
    assert again.join(back, P.Hello(version=P.PROTOCOL_VERSION, name="P2", token=tokens[1]))
    truth = Truth(again.game, decks, [0, 1, None])
    truth.update()
    pool = set(card_pool()) | set(decks[0]) | set(decks[1])
    findings = [f for raw in back.frames for f in scan(json.loads(raw), 1, truth, pool, "resume")]
    assert findings == []
    assert any(json.loads(raw)["type"] == "snapshot" for raw in back.frames)
