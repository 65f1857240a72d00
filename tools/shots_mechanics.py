"""A screenshot of the table with the mechanics that live outside the battlefield rows
(session 7): an escape card lighting up the graveyard (The Master of Keys), a suspended card
with its time counters on the exile pile, a Saga's lore counters, Kaito's loyalty and his
emblem in the command zone. `python tools/shots_mechanics.py [OUT_DIR]` (SHOT_LANG=de)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from shot_table import open_table, out_dir, shoot  # noqa: E402  (sets up the environment first)

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
    out = out_dir(sys.argv)
    lang = os.environ.get("SHOT_LANG", "de")
    game, s, win, settle = open_table(SETUP, "de", 1)
    plus = next(a for a in game.legal_actions(0) if a.verb == "activate" and a.ability == 2)  # Kaito's +1: the emblem
    s.submit(plus)
    s.submit("pass")
    settle()
    shoot(win, settle, out / f"table_mechanics_{lang}.png", preview="The Tale of Tamiyo")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
