"""Screenshots of a four-player Commander game (CR 903): your commander on the battlefield
after two casts from the command zone, the opponents' commanders in their command zones,
commander damage in the panels, the command-zone choice asked in the prompt bar, and the
commander back in the command zone with its tax.
`python tools/shots_commander.py [OUT_DIR]` (SHOT_LANG=de by default)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from shot_table import open_table, out_dir, shoot  # noqa: E402  (sets up the environment first)

PLAYERS = ["You", "Bob", "Carol", "Dave"]
SETUP = {
    "format": "commander", "turn": 9, "step": "main1",
    "You": {"battlefield": ["Valgavoth, Harrower of Souls", "Swamp", "Swamp", "Swamp", "Mountain", "Mountain",
                            "Mountain"],
            "commander": ["Valgavoth, Harrower of Souls"], "commander_casts": 2,
            "commander_damage": {"Winter, Cynical Opportunist": 6},
            "hand": ["Murder", "Unholy Heat"], "library": ["Swamp"] * 10, "life": 31},
    "Bob": {"command": ["Aminatou, Veil Piercer"], "commander": ["Aminatou, Veil Piercer"], "commander_casts": 1,
            "battlefield": ["Plains", "Island", "Swamp"],
            "commander_damage": {"Valgavoth, Harrower of Souls": 12}, "library": ["Plains"] * 10, "life": 22},
    "Carol": {"command": ["Kianne, Corrupted Memory"], "commander": ["Kianne, Corrupted Memory"],
              "battlefield": ["Forest", "Island"], "library": ["Forest"] * 10},
    "Dave": {"battlefield": ["Winter, Cynical Opportunist", "Forest", "Swamp"],
             "commander": ["Winter, Cynical Opportunist"], "library": ["Swamp"] * 10},
}


def main() -> int:
    out = out_dir(sys.argv)
    lang = os.environ.get("SHOT_LANG", "de")
    # the seat is named as the table names it in that language (a Commander game started from
    # the start page calls the player "Du" / "Tu" when no name is remembered)
    you = {"de": "Du", "it": "Tu"}.get(lang, "You")
    setup = {(you if k == "You" else k): v for k, v in SETUP.items()}
    players = [you] + PLAYERS[1:]
    game, s, win, settle = open_table(setup, lang, 1, players=players, fmt="commander")
    s.controls = set(range(len(PLAYERS)))  # (the others pass: Murder resolves)
    s.submit(next(a for a in game.legal_actions(0) if a.verb == "cast" and "Murder" in a.text
                  and "Valgavoth" in a.text))
    while game.pending is not None and game.pending.kind == "priority":
        s.submit("pass", player=game.pending.player, auto_pass=False)
    shoot(win, settle, out / f"table_commander_choice_{lang}.png")
    s.submit("choose yes")  # (CR 903.9a: into the command zone; the tax is now +4)
    shoot(win, settle, out / f"table_commander_zone_{lang}.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
