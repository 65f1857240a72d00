"""A four-seat LAN Commander table in hybrid mode through two windows on 127.0.0.1 — Anna hosts,
Bob joins, two computer players take the other seats — where a table move is made while the
host's updates are still on their way to the desktop (the Known bug of session 14: it was refused
as "The game has moved on" and the gesture lost). Anna taps her card right after Bob's move,
before her table has heard of it: the tap is made, once, on every table, and nobody is told
anything. A tap on a card that had moved meanwhile says so in words and changes nothing.
Bounded: a few moves, waits of at most 20 s."""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import pytest  # noqa: E402
from table_driver import lan_dialog  # noqa: E402 - tools/table_driver.py: the drivers fill it so too
from net_helpers import for_up_to, host_and_join, start_table  # noqa: E402
from engine.ai.commander_match import commander_seats  # noqa: E402
from engine.decks.samples import commander_decks  # noqa: E402

pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)


def _wait_host(room, seq: int) -> None:
    """Wait for the host's game to pass update `seq` WITHOUT letting the desktops read their
    messages (no Qt events processed): their views stay behind, as on a busy network."""
    end = time.monotonic() + 20
    while room.seq <= seq:
        assert time.monotonic() < end, "the host did not make the move"
        time.sleep(0.005)


def _card(session, oid):
    return next((c for c in session.observation()["battlefield"] if c["id"] == oid), None)


def test_a_table_move_made_while_updates_arrive_is_kept(qtbot):
    decks = [str(p) for p in commander_decks()]
    seats = commander_seats()
    def hybrid_host(w):
        dlg = lan_dialog(w, host=True, name="Anna", deck=decks[0], players=4)
        dlg.mode.setCurrentIndex(dlg.mode.findData("hybrid"))
        return dlg
    w, anna, v, bob = host_and_join(qtbot, hybrid_host, lambda v, address: lan_dialog(
        v, host=False, name="Bob", deck=decks[1], address=address))
    assert anna.add_computer("heuristic", seats[2][1], "Computer 1", seats[2][2]) == 2
    assert anna.add_computer("heuristic", seats[3][1], "Computer 2", seats[3][2]) == 3
    start_table(qtbot, w, v, bob)
    room = anna.worker.server.room
    said: dict[str, list[str]] = {"Anna": [], "Bob": []}
    anna.error.connect(said["Anna"].append)
    bob.error.connect(said["Bob"].append)
    # every seat keeps its hand; Bob's table shows four players and no other hand
    for _ in for_up_to(qtbot, 60, 10):
        for s in (anna, bob):
            if s.state.my_decision() and s.legal_actions():
                keep = next((a for a in s.legal_actions() if a.verb == "keep"), None)
                if keep is not None:
                    s.submit(keep)
        if room.game.st.game_started:
            break
    assert room.game.st.game_started
    obs = bob.observation()
    assert len(obs["players"]) == 4
    assert all(c.get("name") is None for p in obs["players"] if p["index"] != bob.seat for c in p["hand"])

    def put_down(session) -> int:
        """A card from the seat's hand onto the battlefield (a table move), seen on its table."""
        def own() -> set[int]:
            return {c["id"] for c in session.observation()["battlefield"] if c["owner"] == session.seat}
        before = own()
        card = session.observation()["players"][session.seat]["hand"][0]["id"]
        session.submit(session.make("move", obj=card, args=("battlefield",)))
        qtbot.waitUntil(lambda: bool(own() - before), timeout=20000)
        return (own() - before).pop()

    mine = put_down(anna)
    theirs = put_down(bob)
    qtbot.waitUntil(lambda: anna.state.seq == room.seq and bob.state.seq == room.seq, timeout=20000)
    for round_ in range(3):
        verb = "untap" if round_ % 2 else "tap"
        seq = room.seq
        bob.submit(bob.make(verb, obj=theirs))
        _wait_host(room, seq)                       # Bob's move is made; Anna's table has not heard
        assert anna.state.seq <= seq
        anna.submit(anna.make(verb, obj=mine))      # her gesture, on the older position
        qtbot.waitUntil(lambda: _card(anna, mine) is not None and _card(anna, mine)["tapped"] == (verb == "tap")
                        and _card(bob, mine)["tapped"] == (verb == "tap"), timeout=20000)
        assert room.game.st.objects[mine].tapped == (verb == "tap")
    assert said == {"Anna": [], "Bob": []}
    taps = [a for a in room.game.history if a.player == anna.seat and a.verb in ("tap", "untap")]
    assert len(taps) == 3                           # each gesture made once
    # a tap on a card that moved meanwhile (back to the hand: a new object, CR 400.7)
    seq = room.seq
    old = mine
    anna.submit(anna.make("move", obj=mine, args=("hand",)))
    _wait_host(room, seq)
    anna.submit(anna.make("tap", obj=old))
    qtbot.waitUntil(lambda: bool(said["Anna"]), timeout=20000)
    assert said["Anna"] == ["The card you acted on moved before your action arrived; nothing was changed."]
    bob.close()
    anna.close()
