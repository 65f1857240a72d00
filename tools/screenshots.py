"""Screenshots of the table for the README: `python tools/screenshots.py [OUT_DIR]`.

A goldfish game in the middle of a turn with tapped, face-down, phased-out, attached and
countered cards, a spell with a target on the stack, in English, German and Italian.
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("MANATABLE_HOME", tempfile.mkdtemp(prefix="manatable-shots-"))
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MIDGAME = {
    "mode": "hybrid", "turn": 5, "step": "main1",
    "You": {
        "life": 17,
        "battlefield": ["Forest | tapped", "Forest | tapped", "Mountain | tapped", "Mountain", "Swamp",
                        "Abandoned Campground", "Piggy Bank @pig | counter:+1/+1=2",
                        "Slavering Branchsnapper @snap", "Piranha Fly | tapped", "Friendly Teddy | phased_out",
                        "Ragged Playmate | face_down", "Student of Warfare | counter:level=3",
                        "Glassworks // Shattered Yard | unlocked=Glassworks", "Bear Trap @trap"],
        "hand": ["Murder", "Scorching Dragonfire", "Give In to Violence", "Swamp"],
        "graveyard": ["Pyroclasm", "Winter's Intervention"],
        "exile": ["Come Back Wrong"],
        "library": ["Forest", "Island", "Murder", "Piggy Bank", "Mountain"] * 6,
    },
    "Bob": {
        "life": 14,
        "battlefield": ["Lionheart Glimmer @cat", "Daggermaw Megalodon | tapped", "Island", "Island",
                        "Plains", "Plains | tapped", "Overlord of the Boilerbilges | counter:time=2"],
        "hand": ["Plains", "Island", "Murder"],
        "graveyard": ["Enter the Enigma"],
        "library": ["Plains"] * 20,
    },
}


def shot(lang: str, out: Path, name: str) -> Path:
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from app.i18n import set_language
    set_language(lang)
    from app.session import LocalSession
    from app.settings import Settings
    from app.table.widget import TableWidget
    from engine.config import GameConfig
    from engine.game import Game

    game = Game(GameConfig(players=["You", "Bob"], mode="hybrid", setup=MIDGAME, goldfish=True, seed=4))
    s = LocalSession(game, 0)
    t = TableWidget(s, Settings(language=lang, animations=False))
    t.resize(1700, 1020)
    t.show()
    ids = {c["name"]: c["id"] for c in game.observation(0).to_json()["battlefield"]}
    s.submit(f"attach Bear Trap -> {s.ref(ids['Slavering Branchsnapper'])}")
    s.submit("cast Scorching Dragonfire -> Lionheart Glimmer", auto_pass=False)
    deadline = time.time() + 20
    while time.time() < deadline:
        app.processEvents()
        time.sleep(0.02)
        if not getattr(t.store, "_jobs", None):
            break
    for _ in range(20):
        app.processEvents()
    item = next(i for i in t.scene.cards.values() if i.name == "Slavering Branchsnapper")
    t.preview.show_item(item)
    deadline = time.time() + 20
    while time.time() < deadline and t.store.pending():
        app.processEvents()
        time.sleep(0.02)
    for _ in range(20):
        app.processEvents()
    t.preview.show_item(item)
    app.processEvents()
    path = out / f"{name}.png"
    t.grab().save(str(path))
    t.close()
    return path


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    for lang, name in (("en", "table_goldfish"), ("de", "table_goldfish_de"), ("it", "table_goldfish_it")):
        print(shot(lang, out, name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
