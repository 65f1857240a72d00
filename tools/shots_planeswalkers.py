"""Screenshots of planeswalkers on the table in rules mode (issue #10): Kaito, Bane of
Nightmares with its loyalty shield (a 4/5 Ninja creature during its controller's turn, with
the emblem in the command zone) and an opponent's Kaito attacked with the mouse (click the
attacker, then the planeswalker). `python tools/shots_planeswalkers.py [OUT_DIR]`."""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from shot_table import open_table, out_dir  # noqa: E402  (sets up the environment first)

SETUP = {
    "mode": "rules", "turn": 5, "step": "main1",
    "You": {"battlefield": ["Island", "Island", "Swamp", "Swamp", "Kaito, Bane of Nightmares | counter:loyalty=4",
                            "Grasping Longneck", "Piranha Fly"],
            "hand": ["Kaito, Bane of Nightmares"], "library": ["Island"] * 10},
    "Bob": {"battlefield": ["Kaito, Bane of Nightmares | counter:loyalty=3", "Plains"], "library": ["Plains"] * 7},
}


def main() -> int:
    out = out_dir(sys.argv)
    lang = os.environ.get("SHOT_LANG", "en")
    game, s, win, settle = open_table(SETUP, "en", 4)
    plus = next(a for a in game.legal_actions(0) if a.verb == "activate" and a.ability == 2)  # "+1: emblem"
    s.submit(plus)
    settle()
    for _ in range(6):
        if game.pending is not None and game.pending.kind == "attackers":
            break
        s.submit("pass")
        settle()
    table = win.table
    assert table is not None
    ctrl = table.scene.controller
    mine = {game.st.objects[o].name: o for o in game.st.battlefield if game.st.objects[o].controller == 0}
    theirs = {game.st.objects[o].name: o for o in game.st.battlefield if game.st.objects[o].controller == 1}
    ctrl.card_clicked(table.scene.cards[mine["Grasping Longneck"]])  # the attacker ...
    ctrl.card_clicked(table.scene.cards[theirs["Kaito, Bane of Nightmares"]])  # ... attacks this planeswalker
    settle()
    path = out / f"table_planeswalker_attack_{lang}.png"
    win.grab().save(str(path))
    print(path, game.pending)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
