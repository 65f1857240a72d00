"""A commander on the battlefield in Italian (session 18's playthrough: the strip read
"Valgavoth (Campo di battaglia, ta…", the tax cut off). Where the commander is and its tax
are shown whole, in one's own panel and in an opponent's strip — also when the strip's middle
line holds the commander damage, which put the commander after hand and library at the foot
(hand and library now go beside the name)."""
from __future__ import annotations

from typing import Any

import pytest

from app.session import LocalSession
from engine.config import GameConfig
from engine.game import Game
from tests.app.table_mouse import show_table

COMMANDERS = ["Valgavoth, Harrower of Souls", "Zimone, Mystery Unraveler", "Aminatou, Veil Piercer",
              "Winter, Misanthropic Guide"]


@pytest.mark.parametrize("players", [["Tu", "Computer 1"], ["Tu", "Computer 1", "Computer 2", "Computer 3"]])
@pytest.mark.parametrize("size", [(1500, 950), (1280, 800)])
def test_the_commander_tax_is_shown_whole(qtbot: Any, italian: Any, players: list[str], size: tuple[int, int]) -> None:
    setup: dict[str, Any] = {"format": "commander", "players": players, "step": "main1"}
    for i, p in enumerate(players):
        mine, dealer = COMMANDERS[i], COMMANDERS[(i + 1) % len(players)]
        setup[p] = {"commander": [mine], "commander_casts": 1, "battlefield": [mine],
                    "library": ["Swamp"] * 5, "commander_damage": {dealer: 7}}
    g = Game(GameConfig(players=players, mode="rules", format="commander", setup=setup))
    t = show_table(qtbot, LocalSession(g, 0, controls={0}), size=size)
    t.grab()
    for p in range(len(players)):
        panel = t.scene.panels[p]
        short = COMMANDERS[p].split(",")[0]
        lines = [x for x in panel.drawn if f"{short} (" in x]
        assert any(f"{short} (Campo di battaglia, tassa +2)" in x for x in lines), (p, panel.drawn)
        assert not [x for x in lines if "…" in x.split("+2")[0]], (p, panel.drawn)
        if panel.compact:  # hand and library whole, beside the name
            assert any(x.startswith("Mano ") and "Grimorio 5" in x for x in panel.drawn), panel.drawn
