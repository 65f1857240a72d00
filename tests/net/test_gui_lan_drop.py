"""A LAN player's connection breaks while they have a decision to make (a Wi-Fi hiccup, not a
program that died): the program reconnects by itself with its seat's key, the host's snapshot
puts the same position back, and the player can decide at once — the legal actions were asked
for again (they were not: an answer lost with the connection, or the rejoin's fresh start,
left the table without any action until the position changed). The player's own line says
"connected again", not "Bob is back at the table"; the drop is said once ("The connection to the
table broke off", not "... was lost (the connection broke off)"). Loopback only, bounded."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from app.i18n import set_language  # noqa: E402
from net_helpers import drop_connection, keep_hands, lan_pair, until_decides  # noqa: E402

pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)


def test_a_dropped_player_decides_at_once_after_reconnecting(qtbot, tmp_path):
    set_language("de")
    w, host, v, bob, _address = lan_pair(qtbot, tmp_path)
    keep_hands(qtbot, [host, bob])
    room = host.worker.server.room
    until_decides(qtbot, bob, [host])
    seq = room.seq
    said: list[str] = []
    bob.status.connect(said.append)
    states: list[str] = []
    bob.connection_state.connect(lambda state, _detail: states.append(state))
    bar: list[str] = []
    v.statusBar().messageChanged.connect(bar.append)
    drop_connection(bob)
    qtbot.waitUntil(lambda: "connected" in states, timeout=20000)
    # said once, not "abgebrochen (die Verbindung ist abgebrochen)"
    assert "Die Verbindung zum Tisch ist abgebrochen. Neue Verbindung wird aufgebaut …" in bar, bar
    qtbot.waitUntil(lambda: bool(bob.legal_actions()), timeout=20000)   # at once, at the same position
    assert room.seq == seq and bob.state.seq == seq and states[0] == "dropped"
    assert not [s for s in said if "Bob" in s]                          # (not "Bob ist wieder am Tisch.")
    assert bob.submit(next(a for a in bob.legal_actions() if a.verb == "pass"))
    qtbot.waitUntil(lambda: room.seq > seq, timeout=20000)              # the decision was made
    assert bob.last_error == ""
    bob.close()
    host.close()
