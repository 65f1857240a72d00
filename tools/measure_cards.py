"""Card widths on screen at common window sizes (issue #25 item 11): a two-player table
(a real opponent) and the goldfish table, in a main window of each size, offscreen.

    python tools/measure_cards.py [OUT_DIR]   (screenshots too when OUT_DIR is given)
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("MANATABLE_HOME", tempfile.mkdtemp(prefix="manatable-measure-"))
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication  # noqa: E402

from app.i18n import set_language  # noqa: E402
from app.session import LocalSession  # noqa: E402
from app.settings import Settings  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from app.table import geometry as geo  # noqa: E402
from engine.config import GameConfig  # noqa: E402
from engine.game import Game  # noqa: E402

SIZES = ((1366, 768), (1500, 950), (1920, 1080))
SETUP = {"turn": 3, "step": "main1",
         "You": {"battlefield": ["Island", "Mountain", "Mountain", "Friendly Teddy", "Piggy Bank"],
                 "hand": ["Pyroclasm", "Murder", "Forest", "Bear Trap", "Horrid Vigor", "Piranha Fly", "Swamp"],
                 "library": ["Island"] * 10},
         "Bob": {"battlefield": ["Forest", "Forest", "Swamp", "Ragged Playmate", "Slavering Branchsnapper"],
                 "hand": ["Island"] * 5, "library": ["Island"] * 10}}


def card_width(win) -> float:
    return geo.CARD_W * win.table.view.current_scale()


def measure(out: Path | None = None) -> dict[tuple[str, int, int], float]:
    app = QApplication.instance() or QApplication([])
    set_language("en")

    got = {}
    for kind, goldfish in (("two players", False), ("goldfish", True)):
        game = Game(GameConfig(players=["You", "Bob"], mode="rules", setup={"mode": "rules", **SETUP},
                               goldfish=goldfish, seed=1))
        win = MainWindow(Settings(animations=False))
        win.show()
        win.show_session(LocalSession(game, 0))
        for w, h in SIZES:
            win.resize(w, h)
            for _ in range(20):
                app.processEvents()
            win.table.store.flush()
            got[(kind, w, h)] = card_width(win)
            if out is not None:
                win.grab().save(str(out / f"table_{'duel' if not goldfish else 'goldfish'}_{w}x{h}.png"))
        win.confirm_leave = lambda: True
        win.close()
    return got


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    for (kind, w, h), px in measure(out).items():
        print(f"{kind:12s} {w}x{h}: a card is {px:.0f} px wide")
