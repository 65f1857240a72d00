"""Play a hot seat (several people at one computer, app/hot_seat.py) through the table's own
mouse and keyboard paths (QTest on the real widgets): the start page's "Players at this
computer", the dialog's fields by keyboard and its OK button by mouse; on the table the
hand-over screen's "I am …" by mouse, then each person's decisions as tools/play_archenemy.py's
Player makes them (double-clicks, clicks on lit cards, the prompt bar's buttons).

At every step the scene's items are checked (`hidden_check`): while a person decides, no card
item shows a name that person's observation does not show (another's hand above all); while
the computer is being handed over, no hand card shows a name at all.

    python tools/play_hot_seat.py [--seats 2] [--computers 0] [--format free_for_all|commander]
                                  [--lang de] [--turns 6] [--seed 3] [OUT_DIR]

Screenshots: hotseat_newgame_LANG.png, hotseat_handover_LANG.png, hotseat_table_LANG.png
(with --seats 4 the names carry "4": hotseat4_…).
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("MANATABLE_HOME", tempfile.mkdtemp(prefix="manatable-hotseat-"))
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
if str(ROOT / "tools") not in sys.path:
    sys.path.insert(0, str(ROOT / "tools"))

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QLineEdit  # noqa: E402

from app.hot_seat_dialog import COMPUTER, HotSeatDialog  # noqa: E402
from app.i18n import set_language  # noqa: E402
from app.settings import Settings  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from app.table.card_item import CardItem  # noqa: E402
from play_archenemy import LEFT, Player, pump, shoot  # noqa: E402

NAMES = ("Ada", "Bea", "Cleo", "Dora")


def shown_names(value: Any) -> set[str]:
    """Every card name an observation (JSON) holds, wherever it is."""
    out: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "name" and isinstance(v, str):
                out.add(v)
            else:
                out |= shown_names(v)
    elif isinstance(value, list):
        for v in value:
            out |= shown_names(v)
    return out


def hidden_check(table: Any) -> list[str]:
    """What the scene shows that it must not: card items (all of the scene's items, painted or
    not) whose name the viewer's observation does not hold — while the table is public (handing
    over, a computer player's turn, the end) the viewer is nobody (the spectator's observation),
    and then no hand card may show a name at all."""
    s = table.session
    g, dec = s.game, s.game.pending
    computers_turn = len(s.people) > 1 and g.active_player not in s.people and dec is not None and dec.player not in s.people
    viewer = None if s.handover is not None or g.outcome is not None or computers_turn else s.seat
    allowed = shown_names(s.game.observation(viewer).to_json())
    wrong = []
    for item in table.scene.items():
        if not isinstance(item, CardItem):
            continue
        name = item.name or (item.data or {}).get("name")
        if name and name not in allowed:
            wrong.append(f"{name} ({item.zone}, owner {item.data.get('owner')}) seen by {viewer}")
        if name and item.zone == "hand" and (viewer is None or item.data.get("owner") != viewer):
            wrong.append(f"{name} in the hand of {item.data.get('owner')} seen by {viewer}")
    preview = table.preview.item
    if preview is not None and preview.name and preview.name not in allowed:
        wrong.append(f"{preview.name} in the preview seen by {viewer}")
    return wrong


class HotSeatPlayer(Player):
    """Every person at the hot seat in turn: takes the computer when the hand-over screen asks
    (checking the scene first), then decides as the prompt bar offers."""

    def __init__(self, window: Any, shots: Path | None = None, lang: str = "de") -> None:
        super().__init__(window, shots, lang)
        self.handovers = 0
        self.leaks: list[str] = []
        self.turned: list[int] = []  # the seat the table showed after each hand-over

    def check(self) -> None:
        self.leaks += hidden_check(self.table)

    def watch(self) -> None:
        """Check the scene after every redraw too (each action, the computer players' among
        them): connected after the table's own redraw, so it sees what the table shows."""
        self.session.changed.connect(self.check)

    def wait_for_turn(self, timeout: float = 600.0) -> bool:
        s = self.session
        waited = 0
        while waited < timeout * 1000:
            if s.game.outcome is not None:
                return False
            cover = self.table.handover
            if s.handover is not None and cover.isVisible() and cover.button.isEnabled():
                self.check()
                to = s.handover
                QTest.mouseClick(cover.button, LEFT)
                self.gestures += 1
                self.handovers += 1
                pump()
                self.turned.append(self.table.scene.seat)
                assert s.seat == to and self.table.scene.seat == to, (s.seat, to, self.table.scene.seat)
                continue
            if s.handover is None and not s.is_thinking() and s.deciding_seat() == s.seat and s.game.pending is not None:
                self.check()
                return True
            pump(10)
            waited += 10
        raise TimeoutError("the game did not come back to a person")


def fill_dialog(dlg: HotSeatDialog, seats: int, computers: int, fmt: str) -> None:
    """The dialog by keyboard: the format, the number of seats, the names, who takes each seat."""
    HotSeatPlayer._choose(dlg.format, fmt)
    dlg.seats.setFocus()
    QTest.keyClick(dlg.seats, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(dlg.seats, str(seats))
    pump()
    for seat in range(seats):
        if seat >= seats - computers:
            HotSeatPlayer._choose(dlg.kinds[seat], COMPUTER)
        else:
            HotSeatPlayer._choose(dlg.kinds[seat], "person")
            name: QLineEdit = dlg.names[seat]
            name.setFocus()
            QTest.keyClick(name, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
            QTest.keyClicks(name, NAMES[seat])
        pump()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", nargs="?", default=str(ROOT / "docs" / "screenshots"))
    ap.add_argument("--seats", type=int, default=2)
    ap.add_argument("--computers", type=int, default=0)
    ap.add_argument("--format", default="free_for_all", choices=("free_for_all", "commander"))
    ap.add_argument("--lang", default="de")
    ap.add_argument("--turns", type=int, default=6)
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    set_language(args.lang)
    random.seed(args.seed)  # (the game's seed comes from here: the dialog has none)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    w = MainWindow(Settings(language=args.lang, animations=False))
    w.resize(1500, 950)
    w.show()
    pump()
    tag = "hotseat" if args.seats == 2 else f"hotseat{args.seats}"
    p = HotSeatPlayer(w, out, args.lang)
    p.start_from_dialog("hot_seat", HotSeatDialog,
                        lambda dlg: fill_dialog(dlg, args.seats, args.computers, args.format),
                        shot=f"{tag}_newgame_{args.lang}.png")
    taken: set[str] = set()

    def moments(pl: HotSeatPlayer) -> None:
        o = pl.obs()
        if o.get("turn", 0) >= 2 * args.seats and pl.my_turn() and o.get("step") == "main1" and "table" not in taken:
            taken.add("table")
            shoot(w, out / f"{tag}_table_{args.lang}.png")

    s = p.session
    p.watch()
    for _ in range(1000):  # (the computer players may decide first; then the button answers after a moment)
        if w.table.handover.button.isEnabled() and w.table.handover.isVisible():
            break
        pump(10)
    shoot(w, out / f"{tag}_handover_{args.lang}.png")  # (the first person is asked for by name)
    p.play(args.turns, moments)
    o = s.observation()
    print(f"turn {o.get('turn')}, lives {[q['life'] for q in o['players']]}, permanents {len(o['battlefield'])}, "
          f"{p.gestures} gestures, "
          f"{p.handovers} hand-overs, seats shown {sorted(set(p.turned))}, computer actions {s.ai_actions}, "
          f"leaks {p.leaks[:5]}, stalled {p.stalled!r}")
    s.close()
    app.quit()
    return 1 if p.leaks else 0


if __name__ == "__main__":
    sys.exit(main())
