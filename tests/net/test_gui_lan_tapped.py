"""Issue #25 item 1: in a LAN game every viewer — the host's seat, a joined seat and a
spectator — sees permanents tapped and untapped as the host's game has them, and no
attacking mark outlives the combat. (The client's observation is patched in place; the
table once compared each card with the very dict it had drawn, so nothing ever changed.)"""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from app.settings import Settings  # noqa: E402
from app.shell.lan_dialogs import LanDialog  # noqa: E402
from app.shell.lan_flow import join_lan  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from net_helpers import DECK, answer_at_table, bot_thread, for_up_to, hosting, lan_dialog, table_drawn  # noqa: E402


pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)


def _drawn_as_observed(window) -> tuple[int, int]:
    """Every permanent's item agrees with the observation (rotation and attacking mark);
    returns (tapped, attacking) counts seen."""
    table = window.table
    obs = table.session.observation()
    tapped = attacking = 0
    for c in obs.get("battlefield", []):
        item = table.scene.cards.get(c["id"])
        if item is None:
            continue
        assert abs(item.rotation() - (90.0 if c.get("tapped") else 0.0)) < 0.1, (c.get("name"), c.get("tapped"))
        assert bool(item.data.get("attacking")) == bool(c.get("attacking")), c.get("name")
        tapped += bool(c.get("tapped"))
        attacking += bool(c.get("attacking"))
    return tapped, attacking


def test_every_viewer_sees_tapped_permanents(qtbot, tmp_path):
    w, session = hosting(qtbot, lambda w: lan_dialog(w, tmp_path, host=True, name="Alice"))
    lobby = w.lan_lobby
    port = session.worker.server.port
    result: dict = {}
    t = bot_thread(f"127.0.0.1:{port}", result, DECK, 180, seed=3, max_actions=60)
    v = MainWindow(Settings(animations=False))
    qtbot.addWidget(v)
    jd = LanDialog(v.settings, host=False, parent=v, browse=False)
    jd.name.setText("Carol")
    jd.address.setText(f"127.0.0.1:{port}")
    jd.watch.setChecked(True)
    watcher = join_lan(v, dialog=jd)
    # (each table is compared with its view once it has drawn the view's latest position)
    drawn = {w: table_drawn(session), v: table_drawn(watcher)}
    qtbot.waitUntil(lambda: "spectator" in v.lan_lobby.info.text(), timeout=20000)
    qtbot.waitUntil(lambda: lobby.start.isEnabled(), timeout=20000)
    lobby.start.click()
    qtbot.waitUntil(lambda: w.table is not None and v.table is not None, timeout=20000)
    seen = {"host_tapped": 0, "spec_tapped": 0, "host_untapped_again": 0}
    was_tapped: set[int] = set()
    for _ in for_up_to(qtbot, 120, 10):
        if session.state.outcome is not None:
            break
        host_t, _ = _drawn_as_observed(w) if drawn[w]() else (0, 0)
        spec_t, _ = _drawn_as_observed(v) if drawn[v]() else (0, 0)
        seen["host_tapped"] += host_t
        seen["spec_tapped"] += spec_t
        if host_t and spec_t and os.environ.get("LAN_SHOTS") and not seen.get("shot"):
            seen["shot"] = 1  # (pictures for the docs: with tapped permanents on both tables)
            for win, name in ((w, "lan_tapped_host.png"), (v, "lan_tapped_spectator.png")):
                win.grab()  # (only for the pictures: painting asks for the faces, then they are there)
                win.table.store.flush()
                for item in win.table.scene.cards.values():
                    item.update()
                qtbot.wait(20)
                win.grab().save(os.path.join(os.environ["LAN_SHOTS"], name))
        now = {c["id"] for c in session.observation()["battlefield"] if c.get("tapped")}
        seen["host_untapped_again"] += len(was_tapped - now & {c["id"] for c in session.observation()["battlefield"]})
        was_tapped = now
        if seen["host_untapped_again"] and seen["spec_tapped"] and (seen.get("shot") or not os.environ.get("LAN_SHOTS")):
            break
        answer_at_table(session, w.table, play_lands=True)
    assert seen["host_tapped"] and seen["spec_tapped"], seen
    assert seen["host_untapped_again"], seen  # an untap step was drawn too
    # item 13: the spectator's own point of view — nobody's "You", the hands as backs, said so
    spec = v.table
    assert spec.session.watching and spec.log.player_name is None
    assert "watching" in spec.prompt_bar.label.text()
    assert not any(line.startswith(("You ", "Du ")) for line in spec.log.lines())
    obs = watcher.observation()
    assert len([k for k in spec.scene.cards if isinstance(k, str) and k.startswith("h0:")]) == obs["players"][0]["hand_count"]
    backs = [i for k, i in spec.scene.cards.items() if isinstance(k, str) and k.startswith("h0:")]
    hand = spec.scene.zones[("hand", 0)].sceneBoundingRect()
    assert backs and all(hand.contains(i.scenePos()) for i in backs)  # laid out in the hand, as backs
    session.concede()
    qtbot.waitUntil(lambda: session.state.outcome is not None, timeout=20000)
    t.join(10)
    watcher.close()
    session.close()
