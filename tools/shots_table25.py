"""Screenshots of issue #25's table fixes (python tools/shots_table25.py [OUT_DIR], default
docs/screenshots): a Room with one door unlocked, a nine-target prompt at 1366x768, the
damage-division dialog, the table at 1366x768 and 1920x1080 with an opponent. The LAN
screenshots come from the LAN tests: LAN_SHOTS=DIR pytest tests/net/test_gui_lan_tapped.py
tests/net/test_gui_lan_rejoin.py."""
from __future__ import annotations

import sys

from measure_cards import measure
from shot_table import open_table, out_dir, shoot

ROOM = "Glassworks // Shattered Yard"
ROOM_SETUP = {"turn": 3, "step": "main1",
              "You": {"battlefield": [f"{ROOM} | unlocked=Glassworks", "Island", "Mountain", "Mountain",
                                      "Friendly Teddy", "Piggy Bank"],
                      "hand": ["Pyroclasm", "Murder", "Forest", "Bear Trap", "Horrid Vigor", "Piranha Fly", "Swamp"]},
              "Bob": {"battlefield": ["Forest", "Forest", "Swamp", "Ragged Playmate", "Slavering Branchsnapper"]}}
NINE = {"turn": 3, "step": "main1",
        "You": {"hand": ["Overlord of the Boilerbilges"],
                "battlefield": ["Mountain"] * 6 + ["Friendly Teddy", "Piggy Bank", "Ragged Playmate"]},
        "Bob": {"battlefield": ["Slavering Branchsnapper", "Daggermaw Megalodon", "Piranha Fly", "Lionheart Glimmer"]}}


def main() -> None:
    out = out_dir(sys.argv)
    game, session, win, settle = open_table(ROOM_SETUP, "en", 1)
    shoot(win, settle, out / "table_room_one_door.png", preview=ROOM)
    game, session, win, settle = open_table(NINE, "en", 1)
    win.resize(1366, 768)
    settle()
    session.submit("cast Overlord of the Boilerbilges")
    session.submit("pass")
    settle()
    shoot(win, settle, out / "prompt_nine_targets_1366x768.png")
    sys.path.insert(0, str(out_dir([]).parent.parent / "tools"))
    for (kind, w, h), px in measure(out).items():
        print(f"{kind:12s} {w}x{h}: a card is {px:.0f} px wide")


if __name__ == "__main__":
    main()
