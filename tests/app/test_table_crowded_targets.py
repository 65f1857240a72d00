"""A target in a crowded row. At a four-player table an opponent's column is narrow and the
cards of a row overlap; a legal target was covered by its neighbour, so a click on it landed
on the neighbour ("Palude Rovente non è tra le scelte", an Italian Supervillain Rumble game).
A card lit as a target comes up over its neighbours now, whole, and goes back after."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from engine.config import GameConfig
from engine.game import Game
from tests.app.table_mouse import show_table

SMALL = ["Acrobatic Cheerleader", "Friendly Ghost", "Ghostly Dancers", "Hardened Escort", "Optimistic Scavenger",
         "Orphans of the Wheat", "Possessed Goat"]


def test_a_lit_target_is_drawn_whole_over_its_neighbours_and_takes_the_click(qtbot: Any) -> None:
    players = ["You", "Bob", "Carol", "Dan"]
    setup = {"players": players, "mode": "rules", "step": "main1",
             "You": {"battlefield": ["Plains", "Plains"], "hand": ["Exorcise"], "library": ["Plains"] * 5},
             # the one creature with power 4 or more in the middle of Bob's crowded row
             "Bob": {"battlefield": SMALL[:3] + ["Daggermaw Megalodon"] + SMALL[3:], "library": ["Island"] * 5},
             "Carol": {"library": ["Island"] * 5}, "Dan": {"library": ["Island"] * 5}}
    game = Game(GameConfig(players=players, mode="rules", setup=setup))
    t = show_table(qtbot, game)
    shark = next(i for i in t.scene.cards.values() if i.name == "Daggermaw Megalodon")
    centre = shark.sceneBoundingRect().center()
    assert t.scene.card_at(centre) is not shark  # (the row is crowded: a neighbour covers it)
    exorcise = next(i for i in t.scene.cards.values() if i.name == "Exorcise")
    qtbot.mouseDClick(t.view.viewport(), Qt.MouseButton.LeftButton,
                      pos=t.view.mapFromScene(exorcise.sceneBoundingRect().center()))
    assert t.interaction.mode == "targets" and shark.highlight == "target"
    assert t.scene.card_at(centre) is shark  # drawn whole, on top
    qtbot.mouseClick(t.view.viewport(), Qt.MouseButton.LeftButton, pos=t.view.mapFromScene(centre))
    o = t.session.observation()
    assert [c["name"] for c in o["stack"]] == ["Exorcise"]
    assert o["stack"][0]["targets"][0]["obj"] == shark.obj_id
    assert t.scene.card_at(centre) is not shark  # back in its place in the row
