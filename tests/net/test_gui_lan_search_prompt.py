"""A card's "search your library for a basic land card" at a rules-mode LAN table (two windows on
127.0.0.1), played through the prompt's buttons as a user would: the searching seat gets the
names that fit as buttons, the other seat only sees that it decides; one click sends one choice,
and the land enters tapped for everyone to see. (Found while playing four seats: nothing to
mend — the stale refusal seen then came from the playing script's own second action.)"""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtWidgets import QPushButton  # noqa: E402

import net_helpers  # noqa: E402
from engine.net import protocol as P  # noqa: E402
from net_helpers import keep_hands, lan_pair  # noqa: E402

pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)
FETCH = ["Terramorphic Expanse"] * 4 + ["Evolving Wilds"] * 4 + ["Forest"] * 26 + ["Island"] * 26


def test_search_through_the_prompt(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(net_helpers, "DECK", FETCH)
    w, alice, v, bob, _ = lan_pair(qtbot, tmp_path, mode="rules")
    keep_hands(qtbot, [alice, bob])
    me, win, other = (alice, w, bob) if alice.observation()["active"] == alice.seat else (bob, v, alice)
    sent, errors = [], []
    send = me.worker.send
    me.worker.send = lambda msg: (sent.append(msg), send(msg))[1]
    me.error.connect(errors.append)
    for _ in range(3000):  # (bounded: each round 20 ms; a fetch land comes within a few turns)
        obs = me.observation()
        pend = obs.get("pending") or {}
        if pend.get("kind") == "ask" and pend.get("options") and me.state.my_decision():
            break
        if me.state.my_decision() and me.legal_actions():
            legal = me.legal_actions()
            act = next((a for a in legal if a.verb == "play" and ("Terr" in a.text or "Evolv" in a.text)), None) or \
                next((a for a in legal if a.verb == "activate" and ("Terr" in a.text or "Evolv" in a.text)), None) or next((a for a in legal if a.verb == "pass"), legal[0])
            me.submit(act)
        for s in (other,):
            if s.state.my_decision() and s.legal_actions():
                s.submit(next((a for a in s.legal_actions() if a.verb == "pass"), s.legal_actions()[0]))
        qtbot.wait(20)
    assert (me.observation()["pending"] or {}).get("prompt") == "ask.search_basic_land"
    theirs = other.observation()["pending"]
    assert theirs["player"] == me.seat and "options" not in theirs  # (the names are the searcher's alone)
    def fetched() -> int:
        return sum(c["name"] == "Forest" and bool(c.get("tapped")) and c.get("controller") == me.seat
                   for c in other.observation()["battlefield"])
    forests = fetched()
    t = win.table
    qtbot.waitUntil(lambda: any(not b.isHidden() and b.text() == "Forest" for b in t.prompt_bar.findChildren(QPushButton)),
                    timeout=20000)
    n = len(sent)
    button = next(b for b in t.prompt_bar.findChildren(QPushButton) if not b.isHidden() and b.text() == "Forest")
    button.click()
    qtbot.waitUntil(lambda: fetched() == forests + 1, timeout=20000)
    assert [m.text for m in sent[n:] if isinstance(m, P.Act)][:1] == ["choose Forest"]
    assert errors == []
