"""What the drivers that play through the real widgets share (tools/play_vs_computer.py,
tools/play_commander.py; tools/play_archenemy.py's Player does the clicking): the set-up of a
run (offscreen Qt, a fresh MANATABLE_HOME, the checkout and tools/ on sys.path: imported first,
before Qt makes an application), the main window as a player starts the app, a game's end as a
result, the command line and its QApplication, and a LAN dialog filled in by its fields
(tests/net/test_gui_lan_commander_joined.py fills its dialogs here too)."""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("MANATABLE_HOME", tempfile.mkdtemp(prefix="manatable-driver-"))
ROOT = Path(__file__).resolve().parent.parent
for where in (ROOT, ROOT / "tools"):
    if str(where) not in sys.path:
        sys.path.insert(0, str(where))

from PySide6.QtWidgets import QApplication  # noqa: E402

from app.i18n import set_language  # noqa: E402
from app.settings import Settings  # noqa: E402
from app.shell.lan_dialogs import LanDialog  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from play_archenemy import Player, pump  # noqa: E402


def open_window(lang: str, seed: int | None = None, player_name: str = "") -> MainWindow:
    """The main window in `lang`, shown at 1500 x 950 without animations. `seed` seeds `random`:
    a game started from a dialog takes its seed from there (the dialogs have none)."""
    set_language(lang)
    if seed is not None:
        random.seed(seed)
    w = MainWindow(Settings(language=lang, animations=False, player_name=player_name))
    w.resize(1500, 950)
    w.show()
    pump()
    return w


def game_result(p: Player, started: float, **more: Any) -> dict[str, Any]:
    """How the player's game went: its turn, outcome, gestures, life totals, stalls and time."""
    o = p.obs()
    return {"turn": o.get("turn"), "outcome": o.get("outcome") or {}, **more, "gestures": p.gestures,
            "lives": [q["life"] for q in o["players"]], "stalled": p.stalled,
            "seconds": round(time.monotonic() - started)}


def command_line(ap: argparse.ArgumentParser) -> tuple[argparse.Namespace, QApplication, Path]:
    """The arguments (with OUT_DIR, docs/screenshots unless given), the QApplication, OUT_DIR made."""
    ap.add_argument("out", nargs="?", default=str(ROOT / "docs" / "screenshots"))
    args = ap.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    return args, app, out  # type: ignore[return-value]


def lan_dialog(window: Any, *, host: bool, name: str, deck: str, address: str = "",
               players: int = 3) -> LanDialog:
    """The "Host a LAN game" / "Join a LAN game" dialog filled in: the name, the deck; a host's
    rules mode, Commander format and seats (the format first: a Commander table lists the
    Commander decks), a guest's host address. The deck must be one the dialog offers."""
    dlg = LanDialog(window.settings, host=host, parent=window, browse=False)
    dlg.name.setText(name)
    if host:
        dlg.mode.setCurrentIndex(dlg.mode.findData("rules"))
        dlg.format.setCurrentIndex(dlg.format.findData("commander"))
        dlg.players.setValue(players)
    else:
        dlg.address.setText(address)
    dlg.deck.setCurrentIndex(dlg.deck.findData(deck))
    if dlg.deck.currentData() != deck:
        raise ValueError(f"the LAN dialog does not offer the deck {deck}")
    return dlg
