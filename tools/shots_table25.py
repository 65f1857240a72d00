"""Screenshots of issue #25's table fixes: a Room with one door unlocked, the table at
1366x768 and 1920x1080 (python tools/shots_table25.py [OUT_DIR])."""
from __future__ import annotations

import sys

from shot_table import open_table, out_dir, shoot

ROOM = "Glassworks // Shattered Yard"
SETUP = {"turn": 3, "step": "main1",
         "You": {"battlefield": [f"{ROOM} | unlocked=Glassworks", "Island", "Mountain", "Mountain",
                                 "Friendly Teddy", "Piggy Bank"],
                 "hand": ["Pyroclasm", "Murder", "Forest", "Bear Trap", "Horrid Vigor", "Piranha Fly", "Swamp"]},
         "Bob": {"battlefield": ["Forest", "Forest", "Swamp", "Ragged Playmate", "Slavering Branchsnapper"]}}


def main() -> None:
    out = out_dir(sys.argv)
    game, session, win, settle = open_table(SETUP, "en", 1)
    shoot(win, settle, out / "table_room_one_door.png", preview=ROOM)
    for w, h in ((1366, 768), (1500, 950), (1920, 1080)):
        win.resize(w, h)
        settle()
        widths = sorted({round(i.sceneBoundingRect().width() if i.rotation() == 0 else i.sceneBoundingRect().height())
                         for i in win.table.scene.cards.values() if i.zone == "battlefield"})
        view = win.table.view
        scale = view.transform().m11()
        from app.table import geometry as geo
        print(f"{w}x{h}: card width on screen {geo.CARD_W * scale:.0f} px (scale {scale:.2f})")
        shoot(win, settle, out / f"table_{w}x{h}.png")


if __name__ == "__main__":
    main()
