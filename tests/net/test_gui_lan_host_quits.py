"""The host quits in the middle of a game (in German): the joined player's and a spectator's
windows say that the host closed the table — and keep saying it while their programs try again
and nobody answers (it turned into "nobody answers at this address" at the first attempt, and
flashed the address as a reason); the spectator keeps trying too (it gave up at once, with a
raw "(1001)" in its message). When they give up, the box names the host leaving, not an action
the host refused long before (it showed that refusal as the reason). Loopback only, bounded."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from app import net_worker  # noqa: E402
from app.i18n import set_language  # noqa: E402
from app.settings import Settings  # noqa: E402
from app.shell import lan_flow  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from net_helpers import keep_hands, lan_dialog, lan_pair  # noqa: E402

pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)

CLOSED = "Der Gastgeber hat den Tisch geschlossen. Neue Verbindung, sobald der Gastgeber den Tisch fortsetzt …"


def test_the_host_quits_and_the_others_are_told_in_words(qtbot, tmp_path, monkeypatch):
    set_language("de")
    monkeypatch.setattr(net_worker, "RECONNECT_EVERY", 0.3)
    w, anna, v, bob, address = lan_pair(qtbot, tmp_path)
    y = MainWindow(Settings(animations=False))
    qtbot.addWidget(y)
    dlg = lan_dialog(y, tmp_path, host=False, name="Dieter", address=address)
    dlg.watch.setChecked(True)
    dieter = lan_flow.join_lan(y, dialog=dlg)
    qtbot.waitUntil(lambda: y.table is not None and bool(dieter.observation().get("players")), timeout=20000)
    keep_hands(qtbot, [anna, bob])
    refused: list[str] = []
    bob.error.connect(refused.append)
    bob.submit("cast Nothing At All")                    # a refusal during the game ...
    qtbot.waitUntil(lambda: bool(refused), timeout=20000)
    states: dict[str, list[str]] = {"bob": [], "dieter": []}
    bob.connection_state.connect(lambda state, _d: states["bob"].append(state))
    dieter.connection_state.connect(lambda state, _d: states["dieter"].append(state))
    anna.close()                                          # the host quits
    qtbot.waitUntil(lambda: states["bob"].count("reconnecting") >= 3 and states["dieter"].count("reconnecting") >= 3,
                    timeout=20000)
    qtbot.wait(100)
    for window in (v, y):
        assert window.statusBar().currentMessage() == CLOSED
    assert "failed" not in states["dieter"]
    # after the five minutes (here at once): the box names the host, not the old refusal
    monkeypatch.setattr(net_worker, "RECONNECT_FOR", 0.0)
    qtbot.waitUntil(lambda: getattr(v, "lan_gone_box", None) is not None, timeout=20000)
    assert v.lan_gone_box.text() == ("Der Gastgeber hat das Spiel verlassen oder ist nicht mehr erreichbar (der Gastgeber "
                                     "hat den Tisch geschlossen). Sobald der Gastgeber den Tisch fortsetzt, kannst du wieder einsteigen.")
    bob.close()
    dieter.close()
