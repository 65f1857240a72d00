"""Taking back an action at a LAN table (two desktops on 127.0.0.1, in Italian). The programs
pass by themselves where their players have no stop, so the game goes on while a request is
open: the request stays open (it lapsed at the next action, often the other program's own
automatic pass, and the other player's late "Yes" was refused with "Nobody asked you ..."), and
agreed, it takes back the asker's own last action as it was when they asked (not a pass their
program made by itself after it: Act.auto) and everything after it, on both tables; the program
does not pass again by itself at the position the undo went back to. The asker hears that their request was declined; the player who declined
does not hear "your request was declined". Bounded."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtWidgets import QMessageBox  # noqa: E402

from app.i18n import set_language  # noqa: E402
from engine.net import protocol as P  # noqa: E402
from net_helpers import heard_back, keep_hands, lan_pair, seated_table, until_decides  # noqa: E402

pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)

DECLINED = "La tua richiesta di annullare l'azione è stata rifiutata."


def test_undo_requests_at_a_lan_table(qtbot, tmp_path):
    set_language("it")
    w, alice, v, bob, _address = lan_pair(qtbot, tmp_path)
    keep_hands(qtbot, [alice, bob])
    room = alice.worker.server.room
    said: dict[str, list[str]] = {"alice": [], "bob": []}
    alice.status.connect(said["alice"].append)
    bob.status.connect(said["bob"].append)
    refused: list[str] = []
    alice.error.connect(refused.append)
    bob.error.connect(refused.append)

    def asked() -> QMessageBox:
        qtbot.waitUntil(lambda: getattr(v, "lan_undo_box", None) is not None and v.lan_undo_box.isVisible(),
                        timeout=20000)
        return v.lan_undo_box

    def alice_passes() -> int:
        """Alice passes (or discards) when she decides next; the history's length before."""
        until_decides(qtbot, alice, [bob])
        n = len(room.game.history)
        legal = alice.legal_actions()
        alice.submit(next((a for a in legal if a.verb == "pass"), legal[0]))
        qtbot.waitUntil(lambda: len(room.game.history) > n, timeout=20000)
        return n

    alice_passes()
    # declined: Alice hears it, Bob (who declined) does not hear "your request was declined"
    assert alice.undo()
    asked().done(QMessageBox.StandardButton.No)
    qtbot.waitUntil(lambda: DECLINED in said["alice"], timeout=20000)
    heard_back(qtbot, bob)  # (Bob has read the host's answer, and the host has settled the request)
    assert DECLINED not in said["bob"] and room.undo_ask is None
    # the game goes on while Bob's question is open (his program passes by itself, Alice passes
    # again); Bob agrees late: Alice's pass as it was when she asked, and all after it, go back
    n = alice_passes()
    assert alice.undo()
    box = asked()
    for _ in range(3):
        alice_passes()
    assert box.isVisible() and room.undo_ask is not None
    seq = room.seq
    box.done(QMessageBox.StandardButton.Yes)
    # (the host runs in its own thread: the history is short again before Bob's table has read
    # the answer, and another update may already have raised Bob's seq; so wait for the sentence)
    qtbot.waitUntil(lambda: len(room.game.history) == n and "L'ultima azione è stata annullata." in said["bob"],
                    timeout=20000)
    qtbot.waitUntil(lambda: bob.state.seq > seq and alice.state.seq > seq, timeout=20000)
    qtbot.waitUntil(lambda: bool(alice.legal_actions()), timeout=20000)  # Alice decides again
    assert refused == []
    bob.close()
    alice.close()


def test_a_request_lapses_when_the_game_ends_and_needs_an_action_of_ones_own():
    r, (a, b) = seated_table("rules", keep=False)
    first = r.game.pending.player
    other = (a, b)[1 - first]
    r.handle(other, P.UndoRequest())                      # nothing of theirs to take back yet
    assert other.errors()[-1].key == "net.nothing_to_undo" and r.undo_ask is None
    r.handle((a, b)[first], P.Act(text="keep", seq=r.seq))
    r.handle((a, b)[first], P.UndoRequest())
    assert r.undo_ask is not None
    r.handle(other, P.Concede())                          # the game ends: not taken back
    results = [m for m in other.sent if isinstance(m, P.UndoResult)]
    assert r.undo_ask is None and results and results[-1].accepted is False and results[-1].by is None
