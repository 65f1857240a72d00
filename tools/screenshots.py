"""Screenshots of the table for the README: `python tools/screenshots.py [OUT_DIR]`.

A goldfish game in the middle of a turn with tapped, face-down, phased-out, attached and
countered cards, a spell with a target on the stack, in English, German and Italian.
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("MANATABLE_HOME", tempfile.mkdtemp(prefix="manatable-shots-"))
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from app.i18n import set_language  # noqa: E402
from app.session import LocalSession  # noqa: E402
from app.settings import Settings  # noqa: E402
from app.shell.main_window import MainWindow  # noqa: E402
from app.table import geometry as geo  # noqa: E402
from engine.config import GameConfig  # noqa: E402
from engine.game import Game  # noqa: E402

MIDGAME = {
    "mode": "hybrid", "turn": 5, "step": "main1",
    "You": {
        "life": 17,
        "battlefield": ["Forest | tapped", "Forest", "Forest", "Forest", "Mountain | tapped", "Mountain",
                        "Swamp", "Swamp", "Swamp", "Abandoned Campground", "Cackling Slasher", "Piggy Bank @pig | counter:+1/+1=2",
                        "Slavering Branchsnapper @snap", "Piranha Fly | tapped", "Friendly Teddy | phased_out",
                        "Ragged Playmate | face_down", "Student of Warfare | counter:level=3",
                        "Glassworks // Shattered Yard | unlocked=Glassworks", "Bear Trap @trap"],
        "hand": ["Murder", "Scorching Dragonfire", "Give In to Violence", "Swamp", "Piggy Bank", "Island",
                 "Lionheart Glimmer"],
        "graveyard": ["Pyroclasm", "Winter's Intervention"],
        "exile": ["Come Back Wrong"],
        "library": ["Forest", "Island", "Murder", "Piggy Bank", "Mountain"] * 6,
    },
    "Bob": {"life": 20, "library": ["Plains"] * 7},
}
DUEL = {**MIDGAME, "Bob": {"life": 14, "hand": ["Murder"] * 5, "library": ["Plains"] * 7,
                           "battlefield": ["Plains", "Plains", "Island", "Island", "Island | tapped", "Piranha Fly",
                                           "Lionheart Glimmer", "Daggermaw Megalodon", "Friendly Teddy"]}}
SIZES = ((1500, 950), (1920, 1080))


def shot(lang: str, out: Path, name: str, size: tuple[int, int], hover: str = "",
         duel: bool = False) -> tuple[Path, float]:
    """A goldfish game (or, with `duel`, a game against a real opponent) in the main window at
    `size`; returns the PNG and the card width in pixels."""
    app = QApplication.instance() or QApplication([])
    set_language(lang)

    game = Game(GameConfig(players=["You", "Bob"], mode="hybrid", setup=DUEL if duel else MIDGAME,
                           goldfish=not duel, seed=4))
    s = LocalSession(game, 0)
    win = MainWindow(Settings(language=lang, animations=False))
    win.resize(*size)
    win.show()
    win.show_session(s)
    t = win.table
    assert t is not None
    ids = {c["name"]: c["id"] for c in game.observation(0).to_json()["battlefield"]}
    s.submit(f"attach Bear Trap -> {s.ref(ids['Slavering Branchsnapper'])}")
    s.submit("cast Scorching Dragonfire -> " + ("Daggermaw Megalodon" if duel else "Piranha Fly"), auto_pass=False)
    for _ in range(20):
        app.processEvents()
    item = next(i for i in t.scene.cards.values() if i.name == "Slavering Branchsnapper")
    deadline = time.time() + 30
    while time.time() < deadline:
        t.preview.show_item(item)
        t.store.flush()
        app.processEvents()
        if not t.store.pending():
            break
    for _ in range(20):
        app.processEvents()
    if hover:  # the pointer rests on a card: the large zoom beside it

        card = next(i for i in t.scene.cards.values() if i.name == hover)
        vp = t.view.viewport()
        QTest.mouseMove(vp, t.view.mapFromScene(card.scenePos()))
        t.store.face(hover, width=488)
        t.store.flush()
        for _ in range(20):
            app.processEvents()
        t.view.update_zoom()
        app.processEvents()
    path = out / f"{name}.png"
    win.grab().save(str(path))
    card_px = geo.CARD_W * t.view.current_scale()
    win.confirm_leave = lambda: True  # type: ignore[method-assign]
    win.close()
    return path, card_px


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    for lang, name in (("en", "table_goldfish"), ("de", "table_goldfish_de"), ("it", "table_goldfish_it")):
        for w, h in SIZES:
            path, px = shot(lang, out, f"{name}_{w}x{h}", (w, h))
            print(f"{path}: battlefield cards {px:.0f} px wide")
            if (w, h) == SIZES[0]:  # the README's pictures
                shutil.copyfile(path, out / f"{name}.png")
    for lang, name in (("en", "table_duel"), ("de", "table_duel_de"), ("it", "table_duel_it")):
        for w, h in SIZES:
            path, px = shot(lang, out, f"{name}_{w}x{h}", (w, h), duel=True)
            print(f"{path}: battlefield cards {px:.0f} px wide")
    path, px = shot("en", out, "table_goldfish_zoom", SIZES[0], hover="Student of Warfare")
    print(f"{path}: hover zoom")
    return 0


if __name__ == "__main__":
    sys.exit(main())
