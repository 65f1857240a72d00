"""Screenshots of session 20's `hs2` changes (docs/screenshots/hs2_*.png), offscreen:

* a two-seat scenario opened in the app, the second seat deciding: the table turned to it (its
  hand at the bottom; seat 0 used to stay at the bottom while the other seat decided at the top);
* the hot-seat dialog (Italian) naming a deck's cards without rules in the box it shares with
  the Commander dialog.

The LAN guest's prompt while the host is away is photographed by its test:
LAN_SHOTS=docs/screenshots pytest tests/net/test_gui_lan_legal_wait.py -k away.

    python tools/shots_hs2.py [OUT_DIR]
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from shot_table import out_dir  # (sets the offscreen platform and a home of its own first)

from PySide6.QtWidgets import QApplication

import app.seat_row as seat_row
from app.hot_seat_dialog import HotSeatDialog
from app.i18n import set_language
from app.settings import Settings
from app.shell.main_window import MainWindow

SCENARIO = ('title = "Bob may respond"\n[setup]\nstep = "main1"\n[setup.Alice]\n'
            'hand = ["Piranha Fly"]\nbattlefield = ["Island", "Island", "Grasping Longneck"]\n'
            'library = ["Island", "Island"]\n[setup.Bob]\nhand = ["Murder"]\n'
            'battlefield = ["Swamp", "Swamp", "Swamp"]\nlibrary = ["Island", "Island"]\n')


def settle(app: QApplication) -> None:
    for _ in range(40):
        app.processEvents()


def scenario_shot(app: QApplication, out: Path) -> None:
    set_language("en")
    win = MainWindow(Settings(language="en", animations=False))
    win.resize(1500, 950)
    win.show()
    path = Path(tempfile.mkdtemp(prefix="hs2-")) / "respond.toml"
    path.write_text(SCENARIO, encoding="utf-8")
    assert win.load_scenario(str(path)) and win.table is not None
    s = win.table.session
    assert s.submit("cast Piranha Fly")  # (Alice; the mana is paid by the table's auto-pay)
    settle(app)
    s.submit("pass", player=0)
    settle(app)
    win.table.store.flush()
    settle(app)
    assert win.table.scene.seat == 1, win.table.scene.seat  # Bob decides: his side at the bottom
    win.grab().save(str(out / "hs2_scenario_two_seats_turned.png"))
    print(out / "hs2_scenario_two_seats_turned.png")
    win.hide()  # (closing asks whether to leave the game)


def dialog_shot(app: QApplication, out: Path) -> None:
    set_language("it")
    deck = Path(tempfile.mkdtemp(prefix="hs2-")) / "Prova.txt"
    deck.write_text("1 Massacre Girl\n59 Swamp\n", encoding="utf-8")
    # (every card has rules now: one is said to have none, for the picture)
    setattr(seat_row, "not_implemented", lambda path: ("Massacre Girl",) if path == str(deck) else ())
    dlg = HotSeatDialog(None, "Ada")
    dlg.show()
    dlg.rows[0].open_file(str(deck))
    settle(app)
    dlg.grab().save(str(out / "hs2_hot_seat_missing_it.png"))
    print(out / "hs2_hot_seat_missing_it.png")
    dlg.close()


def main(argv: list[str]) -> None:
    app = QApplication.instance() or QApplication([])
    out = out_dir(argv)
    scenario_shot(app, out)
    dialog_shot(app, out)


if __name__ == "__main__":
    main(sys.argv)
