"""Found Footage (CR 708.5-6): "You may look at face-down creatures your opponents control any
time." — face-down permanents on the battlefield, not face-down spells on the stack (its
ruling: "Die erste Fähigkeit des Entdeckten Bildmaterials lässt dich keine verdeckten
Zaubersprüche auf dem Stapel anschauen, die du nicht kontrollierst.")."""
from __future__ import annotations

import tomllib

from engine.scenario import do_act, do_pass_until, make_game
from engine.view import visible_card_names

SETUP = """
[setup]
[setup.Alice]
hand = ["Deathmist Raptor"]
battlefield = ["Forest", "Forest", "Forest", "Kheru Spellsnatcher | face_down"]
library = ["Plains", "Plains"]
[setup.Bob]
battlefield = ["Found Footage"]
library = ["Island", "Island"]
"""


def test_found_footage_shows_face_down_creatures_not_face_down_spells() -> None:
    g = make_game(tomllib.loads(SETUP))
    do_act(g, "Alice: cast Deathmist Raptor with morph")
    bob = visible_card_names(g.observation(1))
    assert "Kheru Spellsnatcher" in bob  # the face-down creature Alice controls
    assert "Deathmist Raptor" not in bob  # the face-down spell on the stack
    assert "Deathmist Raptor" in visible_card_names(g.observation(0))  # its controller knows it
    do_pass_until(g, "stack empty")
    assert "Deathmist Raptor" in visible_card_names(g.observation(1))  # now a face-down creature
