"""A screenshot of the table with the Duskmourn Special Guests cards (session 8): Phantasmal
Image as a copy of a creature, Soul Warden, Maddening Hex on the opponent, Noxious Revival and
Collected Company in hand, the preview showing Phantasmal Image in German.
`python tools/shots_spg.py [OUT_DIR]` (SHOT_LANG=de)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from shot_table import open_table, out_dir, shoot  # noqa: E402  (sets up the environment first)

SETUP = {
    "mode": "rules", "turn": 5, "step": "main1",
    "You": {"battlefield": ["Soul Warden", "Forest", "Forest", "Island", "Island", "Mountain", "Mountain",
                            "Swamp"],
            "hand": ["Phantasmal Image", "Noxious Revival", "Collected Company", "Unholy Heat", "Sacrifice"],
            "graveyard": ["Murder"], "library": ["Island"] * 10},
    "Bob": {"battlefield": ["Daggermaw Megalodon", "Plains", "Plains"], "library": ["Plains"] * 10},
}


def main() -> int:
    out = out_dir(sys.argv)
    lang = os.environ.get("SHOT_LANG", "de")
    game, s, win, settle = open_table(SETUP, lang, 1)
    image = next(a for a in game.legal_actions(0) if a.verb == "cast" and "Phantasmal" in a.text)
    s.submit(image)
    s.submit("pass")  # (it resolves: the choice of a creature to copy, CR 707.9)
    shoot(win, settle, out / f"table_spg_choice_{lang}.png")
    s.submit(next(a for a in game.legal_actions(0) if "Daggermaw" in a.text))
    shoot(win, settle, out / f"table_spg_{lang}.png", preview="Phantasmal Image")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
