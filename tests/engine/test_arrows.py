"""Players' own arrows (engine/rules/arrows.py; docs/actions.md "arrows"): the action's text
reads back as itself, a structured action is checked, every seat and a spectator see the
arrows, a face-down end is named only to those who may know it, undo and a saved game
keep them, rules mode refuses them."""
from __future__ import annotations

import pytest

from engine.actions import Action, ActionError, IllegalActionError
from engine.config import GameConfig
from engine.game import Game
from engine.redaction import events_for

SETUP = {"Alice": {"battlefield": ["Piggy Bank", "Forest", "Forest"], "library": ["Island"] * 3},
         "Bob": {"battlefield": ["Bear Trap", "Island|face_down"], "library": ["Island"] * 3}}


def _game(mode: str = "tabletop") -> Game:
    return Game(GameConfig(players=["Alice", "Bob"], mode=mode, setup={"mode": mode, **SETUP}))


def _id(g: Game, name: str, n: int = 0) -> int:
    return [o for o in g.st.battlefield if g.st.objects[o].name == name][n]


def test_the_text_reads_back_as_the_same_action() -> None:
    g = _game()
    for text in ("arrow Piggy Bank -> Bear Trap", "arrow Forest#2 -> Bob", "arrow Bear Trap -> Alice"):
        a = g.parse_action(0, text)
        assert str(a) == text
        assert g.parse_action(0, str(a)) == a
        g.apply(a)
    a = g.parse_action(0, "remove arrow Forest#2 -> Bob")
    assert str(a) == "remove arrow Forest#2 -> Bob" and a.targets == (("p", 1),)
    g.apply(a)
    assert [(x["from"], x["to"]) for x in g.observation(None)["arrows"]] == [
        (_id(g, "Piggy Bank"), ["o", _id(g, "Bear Trap")]), (_id(g, "Bear Trap"), ["p", 0])]


def test_every_seat_and_a_spectator_see_them_undo_and_a_saved_game_keep_them() -> None:
    g = _game()
    g.apply(Action(0, "arrow", obj=_id(g, "Piggy Bank"), targets=(("o", _id(g, "Bear Trap")),)))
    seen = [g.observation(v)["arrows"] for v in (0, 1, None)]
    assert seen[0] == seen[1] == seen[2] == [{"player": 0, "from": _id(g, "Piggy Bank"), "to": ["o", _id(g, "Bear Trap")]}]
    again = Game.from_json(g.to_json())
    assert again.observation(1)["arrows"] == seen[0]
    g.apply(g.parse_action(0, "clear arrows"))
    assert g.observation(0)["arrows"] == []
    g.undo()
    assert g.observation(1)["arrows"] == seen[0]


def test_a_structured_arrow_is_checked() -> None:
    g = _game()
    pig = _id(g, "Piggy Bank")
    for bad in (Action(0, "arrow", obj=pig), Action(0, "arrow", obj=pig, targets=(("o", 10 ** 6),)),
                Action(0, "arrow", obj=pig, targets=(("p", 7),)), Action(0, "arrow", targets=(("p", 1),))):
        with pytest.raises(ActionError):
            g.apply(bad)
    assert g.observation(0)["arrows"] == []


def test_a_face_down_end_is_named_only_to_its_controller() -> None:
    g = _game()
    hidden = _id(g, "Island")
    g.apply(g.parse_action(0, "arrow Piggy Bank -> face-down permanent"))  # (CR 708.2a)
    last = len(g.events) - 1
    assert events_for(g, 1, last)[0]["cards"] == ["Island"]
    assert events_for(g, 0, last)[0]["cards"] == [None] and events_for(g, None, last)[0]["cards"] == [None]
    assert g.observation(0)["arrows"][0]["to"] == ["o", hidden]


def test_rules_mode_refuses_arrows() -> None:
    g = _game("rules")
    with pytest.raises(IllegalActionError) as err:
        g.apply(g.parse_action(0, "arrow Piggy Bank -> Bob"))
    assert err.value.key == "manual.rules_mode"


def test_a_game_saved_before_arrows_existed_still_loads() -> None:
    g = _game()
    g.apply(g.parse_action(0, "tap Forest#1"))
    saved = g.to_json()
    del saved["state"]["arrows"]  # (a save from before the field)
    again = Game.from_json(saved)
    assert again.observation(0)["arrows"] == [] and again.st.objects[_id(g, "Forest")].tapped
