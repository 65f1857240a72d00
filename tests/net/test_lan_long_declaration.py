"""An attack of many creatures at a LAN table. Declared whole, 80 attackers are more items in one
list of the action's fields than a client frame may carry (engine/net/protocol.py
MAX_FIELD_ITEMS, 64): the host refuses such a frame unread, and the guest waited for ever for an
answer. Declared in parts (one attacker at a time, then done: CR 508.1), the parts were sent in a
row and every one after the first was refused as stale (decided on an older position). Now the
table declares such an attack in parts and the desktop sends each part once the host has taken
the last: the 80 creatures attack. Loopback only; bounded."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from app.settings import Settings  # noqa: E402
from app.table.widget import TableWidget  # noqa: E402
from engine.config import GameConfig  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.net import engine_port as port  # noqa: E402
from engine.net import protocol as P  # noqa: E402
from engine.net.room import Room  # noqa: E402
from engine.net.seats import View  # noqa: E402
from net_helpers import HostThread, desktop  # noqa: E402

pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)

PIGS = 80


def pigs_at_war(room: Room) -> None:
    """The table's game becomes one where seat 0 has 80 Piggy Banks and declares its attackers
    (on the host's thread: every seat gets the new position as a snapshot)."""
    names = [s.name or "" for s in room.seats]
    setup = {"mode": "rules", "step": "main1", names[0]: {"battlefield": ["Piggy Bank"] * PIGS},
             names[1]: {"library": ["Island"] * 5}}
    game = Game(GameConfig(players=names, mode="rules", setup=setup, skip_mulligans=True))
    while game.pending.kind != "attackers":
        game.apply("pass", game.pending.player)
    room.game, room.seq = game, room.seq + 1
    room.rules_seq = room.seq
    room.views = {k: View(port.observe(game, k), port.events_for(game, k)) for k in room._view_keys()}
    for s in room.seats:
        if s.peer is not None:
            v = room.views[s.index]
            room._send(s.peer, P.Snapshot(seq=room.seq, observation=v.obs, events=v.log))
    room._after_change()


def attacking(room: Room) -> int:
    return sum(1 for c in port.observe(room.game, 0)["battlefield"] if c.get("attacking") is not None)


def test_eighty_attackers_at_a_lan_table(qtbot):
    room = Room(2, "rules", "Pigs", seed=5, auto_start=True)
    host = HostThread(room)
    seats = [desktop(f"127.0.0.1:{host.port}", name) for name in ("Ann", "Ben")]
    try:
        qtbot.waitUntil(lambda: all(s.playing for s in seats), timeout=30000)
        host.ask(lambda: pigs_at_war(room))
        ann = next(s for s in seats if s.seat == 0)
        qtbot.waitUntil(lambda: ann.state.my_decision() and bool(ann.legal_actions())
                        and (ann.state.obs or {})["pending"]["kind"] == "attackers", timeout=20000)
        errors: list[str] = []
        ann.error.connect(errors.append)
        t = TableWidget(ann, Settings(animations=False))
        qtbot.addWidget(t)
        pigs = [c["id"] for c in ann.observation()["battlefield"] if c.get("name") == "Piggy Bank"]
        whole = ann.make("attack", None, pairs=tuple((p, ("p", 1)) for p in pigs))
        assert len(pigs) == PIGS and not P.fields_fit(port.legal_fields(whole))  # (as one, no frame carries it)
        t.interaction.attackers = list(pigs)
        t.interaction.declare_attackers()
        qtbot.waitUntil(lambda: host.ask(lambda: attacking(room)) == PIGS, timeout=60000)
        assert errors == []  # (no part refused as stale)
        qtbot.waitUntil(lambda: sum(1 for c in ann.observation()["battlefield"] if c.get("attacking") is not None) == PIGS,
                        timeout=20000)
    finally:
        for s in seats:
            s.close()
        host.stop()
