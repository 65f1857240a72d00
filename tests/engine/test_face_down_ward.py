"""A ward trigger of a face-down permanent (CR 702.21a) does not name the permanent to its
opponents: a face-down permanent has no name for them (CR 708.2, 708.4), and neither has "an
ability of a face-down permanent" on the stack. Played, the stack and the log read "Ripchain
Razorkin (ward)" to the player whose spell it was about to counter. Its controller still sees
its card's name (CR 708.5)."""
from __future__ import annotations

from typing import Any

from engine.config import GameConfig
from engine.game import Game
from engine.redaction import events_for

ALICE, BOB = 0, 1
SECRET = "Ripchain Razorkin"


def _game() -> Game:
    # Sheltered by Ghosts gives the face-down creature it enchants ward {2} (layer 6)
    setup = {"turn": 3, "step": "main1",
             "Alice": {"hand": ["Murder"], "battlefield": ["Swamp"] * 5, "library": ["Swamp"] * 5},
             "Bob": {"battlefield": [f"{SECRET} @fd | face_down", "Sheltered by Ghosts | attached=@fd"],
                     "library": ["Plains"] * 5}}
    g = Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="rules", setup=setup))
    g.apply("cast Murder -> face-down permanent", ALICE)
    return g


def _stack_entry(g: Game, viewer: int | None) -> dict[str, Any]:
    stack = g.observation(viewer).to_json()["stack"]
    assert [s["kind"] for s in stack] == ["ward", "card"]
    return dict(stack[0])


def test_the_ward_trigger_of_a_face_down_permanent_is_not_named_to_opponents() -> None:
    g = _game()
    for viewer in (ALICE, None):
        ward = _stack_entry(g, viewer)
        assert ward["name"] is None and ward["label"] is None
        assert SECRET not in str(events_for(g, viewer))
    trigger = [e for e in events_for(g, ALICE) if e["key"] == "trigger"]
    assert len(trigger) == 1 and trigger[0]["card"] is None
    assert "obj" in trigger[0]  # the ability itself is public: Alice may still follow it on the stack


def test_its_controller_still_sees_its_name() -> None:
    g = _game()
    ward = _stack_entry(g, BOB)
    assert ward["label"] == SECRET
    assert [e["card"] for e in events_for(g, BOB) if e["key"] == "trigger"] == [SECRET]
