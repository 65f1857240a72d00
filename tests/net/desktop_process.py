"""One "desktop" of tests/net/test_two_desktops.py: the real program's windows in a process of its
own, with its own settings folder (MANATABLE_HOME), driven through the same paths a user takes
(the LAN dialogs, the lobby's Ready/Start, the rejoin question's button, File ▸ Resume).

    python tests/net/desktop_process.py host|join|resume NAME [ADDRESS]

It prints one JSON line whenever what it sees changes: {"port": N} for a host, then
{"table": bool, "seat": n, "turn": n, "away": [...], "hand": n, "kept": bool, "asked": str}.
Loopback only; it runs until it is killed (the test kills it like a crash)."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication, QMessageBox  # noqa: E402

from app.settings import Settings  # noqa: E402
from app.shell import lan_flow  # noqa: E402
from app.shell.lan_dialogs import LanDialog  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from net_helpers import lan_dialog  # noqa: E402


def say(**fields: object) -> None:
    print(json.dumps(fields), flush=True)


def dialog(window: MainWindow, *, host: bool, name: str, address: str = "") -> LanDialog:
    return lan_dialog(window, Path(os.environ["MANATABLE_HOME"]), host=host, name=name, address=address)


def answer_rejoin(asked: list[str]) -> None:
    """Click "Rejoin the game" on the question the program asks when it finds its seat key."""
    box = QApplication.activeModalWidget()
    if not isinstance(box, QMessageBox):
        QTimer.singleShot(20, lambda: answer_rejoin(asked))
        return
    asked.append(box.text())
    next(b for b in box.buttons() if b.text() == "Rejoin the game").click()


def main(role: str, name: str, address: str = "") -> int:
    app = QApplication.instance() or QApplication([])
    window = MainWindow(Settings(animations=False))
    window.show()
    asked: list[str] = []
    if role == "host":
        session = lan_flow.host_lan(window, bind="127.0.0.1", announce=False,
                                    dialog=dialog(window, host=True, name=name), port=0)
        say(port=session.worker.server.port)
    elif role == "resume":
        session = lan_flow.resume_lan(window, bind="127.0.0.1", announce=False)
        if session is None:
            say(error="nothing to resume")
            return 1
    else:
        QTimer.singleShot(0, lambda: answer_rejoin(asked))
        session = lan_flow.join_lan(window, dialog=dialog(window, host=False, name=name, address=address))
    last: dict = {}
    kept = [False]
    shot: list[bool] = []

    def tick() -> None:
        lobby = window.lan_lobby
        if window.table is None and lobby is not None and lobby.isVisible():
            if lobby.ready.isEnabled() and not lobby.ready.isChecked() and role != "host":
                lobby.ready.setChecked(True)
            if role == "host" and lobby.start.isEnabled():
                lobby.start.click()
        live = window.table is not None and window.table.session is session
        if live and session.state.my_decision() and not kept[0]:
            keep = next((a for a in session.legal_actions() if a.verb == "keep"), None)
            if keep is not None:
                session.submit(keep)
                kept[0] = True
        obs = session.observation() if live else {}
        me = (obs.get("players") or [{}] * (session.seat + 1))[session.seat] if live and session.seat is not None else {}
        now = {"table": live, "seat": session.seat, "turn": obs.get("turn"), "away": sorted(session.away),
               "pending": (obs.get("pending") or {}).get("kind"),
               "hand": len(me.get("hand") or []) if isinstance(me.get("hand"), list) else me.get("hand_count"),
               "kept": kept[0], "asked": asked[0] if asked else ""}
        shots = os.environ.get("LAN_SHOTS")
        if shots and live and obs.get("turn") and not shot:
            shot.append(True)  # the table from this seat, once it settled (docs/screenshots)
            QTimer.singleShot(4000, lambda: window.grab().save(f"{shots}/lan_seat_{role}_{name.lower()}.png"))
        if now != last:
            last.clear()
            last.update(now)
            say(**now)

    timer = QTimer()
    timer.timeout.connect(tick)
    timer.start(100)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
