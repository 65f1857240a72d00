"""A screenshot of the table with the mechanics that live outside the battlefield rows
(session 7): an escape card lighting up the graveyard (The Master of Keys), a suspended card
with its time counters on the exile pile, a Saga's lore counters, Kaito's loyalty and his
emblem in the command zone. `python tools/shots_mechanics.py [OUT_DIR]` (SHOT_LANG=de)."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("MANATABLE_HOME", tempfile.mkdtemp(prefix="manatable-shots-"))
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SETUP = {
    "mode": "rules", "turn": 5, "step": "main1",
    "You": {"battlefield": ["The Master of Keys", "The Tale of Tamiyo | counter:lore=2",
                            "Kaito, Bane of Nightmares | counter:loyalty=4",
                            "Plains", "Island", "Swamp", "Forest", "Forest", "Forest"],
            "graveyard": ["Murder", "Island", "Plains", "Grasping Longneck"],
            "exile": ["Suspended Sentence | counter:time=2"],
            "hand": ["Piranha Fly", "Emerge from the Cocoon"], "library": ["Island"] * 10},
    "Bob": {"battlefield": ["Cult Healer", "Plains", "Plains"], "library": ["Plains"] * 10},
}


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    from PySide6.QtWidgets import QApplication
    app = QApplication.instance() or QApplication([])
    from app.i18n import set_language
    lang = os.environ.get("SHOT_LANG", "de")
    set_language(lang)
    from app.session import LocalSession
    from app.settings import Settings
    from app.shell.main_window import MainWindow
    from engine.config import GameConfig
    from engine.game import Game

    game = Game(GameConfig(players=["You", "Bob"], mode="rules", setup=SETUP, goldfish=True, seed=1))
    s = LocalSession(game, 0)
    win = MainWindow(Settings(language=lang, animations=False))
    win.resize(1500, 950)
    win.show()
    win.show_session(s)

    def settle() -> None:
        for _ in range(30):
            app.processEvents()
        if win.table is not None:
            win.table.store.flush()
        for _ in range(10):
            app.processEvents()

    settle()
    plus = next(a for a in game.legal_actions(0) if a.verb == "activate" and a.ability == 2)  # Kaito's +1: the emblem
    s.submit(plus)
    s.submit("pass")
    settle()
    table = win.table
    assert table is not None
    saga = next(i for i in table.scene.cards.values() if i.name == "The Tale of Tamiyo")
    table.preview.show_item(saga)
    settle()
    path = out / f"table_mechanics_{lang}.png"
    win.grab().save(str(path))
    print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
