"""Screenshots of a German goldfish game in rules mode with the Duskmourn mechanics on the
table (issue #10's proof): Rooms, an impending Overlord, a manifested card, a leveler, an
Aura, Equipment, and the manifest-dread choice open. `python tools/shots_dsk.py [OUT_DIR]`."""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from shot_table import open_table, out_dir  # noqa: E402  (sets up the environment first)

SETUP = {
    "mode": "rules", "turn": 5, "step": "main1",
    "You": {
        "life": 16,
        "battlefield": ["Forest", "Forest", "Forest", "Island", "Island", "Plains", "Plains", "Plains", "Plains",
                        "Mountain", "Mountain", "Bleeding Woods",
                        "Derelict Attic // Widow's Walk | unlocked=Widow's Walk",
                        "Overlord of the Boilerbilges | impending | counter:time=3", "Student of Warfare | counter:level=3",
                        "Grasping Longneck @neck", "Cursed Windbreaker", "Glassworks // Shattered Yard"],
        "hand": ["Manifest Dread", "Frantic Strength", "Murder", "Unwanted Remake", "Jump Scare"],
        "graveyard": ["Pyroclasm", "Winter's Intervention"],
        "library": ["Bashful Beastie", "Murder", "Forest", "Island", "Piggy Bank", "Mountain"] * 5,
    },
    "Bob": {"life": 20, "library": ["Plains"] * 7},
}


def main() -> int:
    out = out_dir(sys.argv)
    lang = os.environ.get("SHOT_LANG", "de")
    game, s, win, settle = open_table(SETUP, "de", 4)

    for text in ("cast Frantic Strength -> @neck", "pass", "cast Manifest Dread", "pass"):
        try:
            s.submit(text)
        except Exception as exc:  # noqa: BLE001 - shown, the picture is still useful
            print(f"{text}: {exc}")
        settle()
    path = out / f"table_dsk_choice_{lang}.png"
    win.grab().save(str(path))
    print(path, game.pending)
    for text in ("choose Bashful Beastie", "pass"):
        try:
            s.submit(text)
        except Exception as exc:  # noqa: BLE001
            print(f"{text}: {exc}")
        settle()
    path = out / f"table_dsk_{lang}.png"
    win.grab().save(str(path))
    print(path, game.pending)
    win.confirm_leave = lambda: True  # type: ignore[method-assign]
    win.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
