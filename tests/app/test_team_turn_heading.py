"""A team's shared turn is headed by the team in the log (session 17's play3: "— Zug 2: Computer
1 —" while the whole team took the turn, CR 805.4a; the phase bar said the team's)."""
from __future__ import annotations

from app.i18n import event_text, set_language
from engine.config import GameConfig
from engine.game import Game

SETUP = {"format": "archenemy", "players": ["Alice", "Bob", "Carol"], "active": "Alice",
         "Alice": {"schemes": ["Plots That Span Centuries"] * 10, "library": ["Plains"] * 5},
         "Bob": {"library": ["Swamp"] * 5}, "Carol": {"library": ["Swamp"] * 5}}


def _team_turn_event() -> dict:
    game = Game(GameConfig(players=["Alice", "Bob", "Carol"], mode="rules", format="archenemy", setup=SETUP))
    for _ in range(200):  # everyone passes to the heroes' turn
        heading = [e for e in game.events if e.get("key") == "step" and e.get("step") == "untap" and e.get("turn") == 2]
        if heading:
            return heading[0]
        legal = game.legal_actions(game.pending.player)
        game.apply(next((a for a in legal if a.verb == "pass"), legal[0]))
    raise AssertionError("the team's turn did not come")


def test_the_heading_names_the_team_and_tells_a_member_it_is_their_teams_turn() -> None:
    ev = _team_turn_event()
    assert ev.get("team") == ["Bob", "Carol"], ev
    assert event_text(ev, "Alice") == "— Turn 2: Bob and Carol —"
    assert event_text(ev, "Carol") == "— Turn 2: your team's turn (you and Bob) —"
    set_language("de")
    try:
        assert event_text(ev, "Bob") == "— Zug 2: Zug deines Teams (du und Carol) —"
        assert event_text(ev, "Alice") == "— Zug 2: Zug des Teams (Bob und Carol) —"
        # Italian: "il turno della squadra" as "il tuo turno"; never "Turno 2 della squadra" (it read
        # as the team's second turn: the number counts the game's turns) and never "e" before a name
        set_language("it")
        assert event_text(ev, "Alice") == "— Turno 2: il turno della squadra (Bob, Carol) —"
        assert event_text(ev, "Carol") == "— Turno 2: il turno della tua squadra (tu, Bob) —"
    finally:
        set_language("en")


def test_a_turn_of_ones_own_has_no_team() -> None:
    game = Game(GameConfig(players=["Alice", "Bob"], mode="rules", setup={"Alice": {"library": ["Plains"] * 3},
                                                                          "Bob": {"library": ["Plains"] * 3}}))
    for _ in range(50):
        if game.turn == 2 and game.step != "untap":
            break
        game.apply(next(a for a in game.legal_actions(game.pending.player) if a.verb == "pass"))
    headings = [e for e in game.events if e.get("key") == "step" and e.get("step") == "untap"]
    assert headings and all("team" not in e for e in headings)
