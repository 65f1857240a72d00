"""Issue #25 item 9: the log tells what effects did — a permanent an ability taps, a
triggered ability removed for lack of targets (CR 603.3d), a Room's ability under its
door's name only (CR 709.5), a spell cast from a graveyard or from exile by a permission."""
from __future__ import annotations

from typing import Any

import engine.messages.events as E
from app.i18n import event_text as ui_text, set_language
from engine.config import GameConfig
from engine.game import Game
from engine.messages import event_lines, event_text
from engine.rules.casting import _how_cast

ROOM = "Glassworks // Shattered Yard"


def _game(setup: dict[str, Any]) -> Game:
    return Game(GameConfig(players=["You", "Bob"], mode="rules", setup={"mode": "rules", **setup}, goldfish=True))


def _resolve(g: Game) -> None:
    for _ in range(10):
        if g.pending is None or g.pending.kind != "priority" or not g.st.stack:
            return
        g.apply(next(a for a in g.legal_actions(g.pending.player) if a.verb == "pass"))


def test_an_ability_that_taps_a_creature_says_so() -> None:
    g = _game({"turn": 3, "step": "main1",
               "You": {"hand": ["Stay Hidden, Stay Silent"], "battlefield": ["Island"] * 4, "library": ["Island"] * 5},
               "Bob": {"battlefield": ["Slavering Branchsnapper"]}})
    g.apply(next(a for a in g.legal_actions(0) if a.text.startswith("cast")))
    _resolve(g)
    lines = event_lines(g.events, "You")
    assert "Stay Hidden, Stay Silent taps Slavering Branchsnapper." in lines


def test_a_rooms_trigger_without_a_target_is_removed_and_named_by_its_door() -> None:
    g = _game({"turn": 3, "step": "main1",
               "You": {"battlefield": [f"{ROOM} | unlocked=Shattered Yard"] + ["Mountain"] * 4, "library": ["Island"] * 5},
               "Bob": {"battlefield": ["Forest"]}})
    g.apply(next(a for a in g.legal_actions(0) if a.text.startswith("unlock")))
    lines = event_lines(g.events, "You")
    assert lines[-1] == "The ability of Glassworks is removed: it has no legal target."
    # with a target there, the trigger is told under the door's name, not both halves'
    g = _game({"turn": 3, "step": "main1",
               "You": {"battlefield": [f"{ROOM} | unlocked=Shattered Yard"] + ["Mountain"] * 4, "library": ["Island"] * 5},
               "Bob": {"battlefield": ["Slavering Branchsnapper"]}})
    g.apply(next(a for a in g.legal_actions(0) if a.text.startswith("unlock")))
    g.apply(next(a for a in g.legal_actions(0) if a.verb == "choose"))
    assert "An ability of Glassworks triggers." in event_lines(g.events, "You")


def test_a_spell_cast_from_a_graveyard_says_from_where() -> None:
    assert _how_cast("", None, "", 0, "graveyard") == {"alt": "graveyard"}
    assert _how_cast("flashback", None, "", 0, "graveyard") == {"alt": "flashback"}  # its own words
    assert _how_cast("", None, "", 0, "hand") == {}
    ev = {"key": "cast", "player": "Bob", "card": "Murder", "alt": "graveyard", "targets": []}
    assert event_text(ev, "You") == "Bob casts Murder from their graveyard."
    assert event_text({**ev, "player": "You"}, "You") == "You cast Murder from your graveyard."


def test_every_players_event_speaks_to_you_too() -> None:
    """The log addresses the viewer as "you" in every sentence about them (a German game
    mixed "Bernd überwacht 2." with "Du spielst ..."): each event sentence naming a
    {player} has its second-person form."""
    table: dict[str, Any] = {}
    for value in vars(E).values():
        if isinstance(value, dict):
            table.update(value)
    lacking = [k for k, v in table.items() if k.startswith("event.") and not k.endswith((".you", ".self"))
               and "{player}" in str(v) and k + ".you" not in table]
    assert lacking == []
    set_language("de")
    try:
        assert ui_text({"key": "surveil", "player": "Bernd", "count": 2}, "Bernd") == "Du überwachst 2."
    finally:
        set_language("en")
