"""A prompt addressed to the player at the table does not start with their own name (session
17's play3, seen again in session 18's Italian game: "Anna: scegli un bersaglio per
l'abilità di …" to Anna herself). A prompt for another seat this table controls (hot seat)
starts with that player's name once: the engine's "{player}: …" sentences were prefixed a
second time ("Bob: Bob: choose a target …")."""
from __future__ import annotations

from typing import Any

from app.i18n import set_language
from app.session import LocalSession
from engine.config import GameConfig
from engine.game import Game
from tests.app.table_mouse import show_table

SETUP = {"players": ["Anna", "Bob"], "mode": "rules", "step": "main1",
         "Anna": {"hand": ["Lionheart Glimmer"], "library": ["Plains"] * 3,
                  "battlefield": ["Optimistic Scavenger", "Plains", "Plains", "Plains", "Plains", "Plains"]},
         "Bob": {"library": ["Island"] * 3}}


def _to_the_eerie_target(seat: int, controls: set[int]) -> Any:
    game = Game(GameConfig(players=["Anna", "Bob"], mode="rules", setup=SETUP))
    game.apply(next(a for a in game.legal_actions(0) if a.verb == "cast"))
    for _ in range(10):  # the enchantment resolves; the Eerie trigger asks for its target
        if game.pending.kind != "priority":
            break
        game.apply(next(a for a in game.legal_actions(game.pending.player) if a.verb == "pass"))
    assert game.pending.player == 0 and game.pending.prompt == "decide.trigger_target", game.pending
    return LocalSession(game, seat, controls=controls)


def test_ones_own_prompt_does_not_start_with_ones_own_name(qtbot: Any) -> None:
    for lang, start in (("en", "Choose a target for the ability of"), ("de", "Wähle ein Ziel für die Fähigkeit von"),
                        ("it", "Scegli un bersaglio per l'abilità di")):
        set_language(lang)
        try:
            t = show_table(qtbot, _to_the_eerie_target(0, {0}))
            text = t.interaction.prompt()[0]
        finally:
            set_language("en")
        assert text.startswith(start), (lang, text)


def test_another_seats_prompt_names_that_player_once(qtbot: Any) -> None:
    t = show_table(qtbot, _to_the_eerie_target(1, {0, 1}))  # (a hot seat: Bob's table answers for Anna too)
    text = t.interaction.prompt()[0]
    assert text.startswith("Anna: Choose a target for the ability of"), text
    assert text.count("Anna") == 1, text
