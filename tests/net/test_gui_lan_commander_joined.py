"""A three-seat LAN Commander table through two windows on 127.0.0.1: Anna hosts, Bob joins
with the second built-in Commander deck, a computer player takes the third seat. Bob's table
shows no hidden card: the other players' hands and every library are backs without names, in
the items the table draws and in the view it is given, while the commanders (public, CR 903.6)
show on everyone's command zone. Bounded: the opening hands and a few passes."""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import pytest  # noqa: E402

from engine.ai.commander_match import commander_seats  # noqa: E402
from engine.decks.samples import commander_decks  # noqa: E402
from table_driver import lan_dialog  # noqa: E402 - tools/table_driver.py: the drivers fill it so too
from net_helpers import for_up_to, host_and_join, start_table  # noqa: E402

pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)


def _hidden_shown(window, seat: int) -> list[str]:
    """Names the seat's table knows of cards it must not see."""
    table = window.table
    obs = table.session.observation()
    leaks = []
    for p in obs["players"]:
        if p["index"] != seat:
            leaks += [f"{p['name']}'s hand: {c['name']}" for c in p.get("hand", []) if c.get("name")]
        leaks += [f"{p['name']}'s library: {c['name']}" for c in p.get("library", []) if c.get("name")]
    for item in table.scene.cards.values():
        if item.zone in ("hand", "library") and not item.mine and (item.name or item.show_face):
            leaks.append(f"drawn: {item.zone} {item.name}")
    return leaks


def test_a_joined_seat_at_a_commander_table_sees_no_hidden_card(qtbot):
    decks = [str(p) for p in commander_decks()]
    seats = commander_seats()
    w, host, v, bob = host_and_join(qtbot, lambda w: lan_dialog(w, host=True, name="Anna", deck=decks[0]),
                                    lambda v, address: lan_dialog(v, host=False, name="Bob", deck=decks[1],
                                                                  address=address))
    assert host.add_computer("heuristic", seats[2][1], "Computer 1", seats[2][2]) == 2
    start_table(qtbot, w, v, bob)
    assert _hidden_shown(v, bob.seat) == []
    others = [p for p in bob.observation()["players"] if p["index"] != bob.seat]
    assert all(len(p["hand"]) == p["hand_count"] == 7 for p in others)  # (the hands are there, as backs)
    for i in range(3):  # every commander shows on its command zone (CR 903.6)
        pile = v.table.scene.zones[("command", i)]
        assert pile.count == 1 and pile.top is not None and pile.top.get("name")
    # the hands kept, a few passes: still nothing hidden on Bob's table
    for _ in for_up_to(qtbot, 90):
        for s in (host, bob):
            if s.state.my_decision() and s.legal_actions():
                legal = s.legal_actions()
                s.submit(next((a for a in legal if a.verb in ("keep", "pass")), legal[0]))
        if bob.observation().get("turn", 0) >= 3:
            break
    assert bob.observation().get("turn", 0) >= 2
    assert _hidden_shown(v, bob.seat) == []
    bob.close()
    host.close()
