"""A choice in the middle of work (CR 616.1: which replacement effect applies first) undoes the
work and asks (Game.attempt). The state before the work is rebuilt from the last checkpoint
and the action done again (engine/game_choices.py Rewind) instead of a snapshot before every such
work: the player sees the same question, the log each event once, and undo still works."""
from __future__ import annotations

from engine.config import GameConfig
from engine.game import Game


def _game() -> Game:
    # The Rollercrusher Ride doubles Alice's noncombat damage (delirium); Hedron-Field Purists
    # prevents 1 of the damage dealt to Bob: two replacement effects, Bob chooses the order
    return Game(GameConfig(players=["Alice", "Bob"], mode="rules", setup={
        "Alice": {"battlefield": ["The Rollercrusher Ride", "Brimstone Mage | counter:level=1"],
                  "graveyard": ["Murder", "Swamp", "Twitching Doll"], "library": ["Island"] * 2},
        "Bob": {"battlefield": ["Hedron-Field Purists | counter:level=1"], "library": ["Island"] * 2}}))


def _to_the_choice(g: Game) -> list[dict[str, object]]:
    g.apply("activate Brimstone Mage ability 2 -> Bob", 0)
    events = g.apply("pass", 0)
    events += g.apply("pass", 1)
    return events


def test_the_choice_is_asked_with_the_work_undone() -> None:
    g = _game()
    events = _to_the_choice(g)
    assert g.pending is not None and g.pending.player == 1 and g.pending.kind == "ask"
    assert g.pending.options == ("The Rollercrusher Ride (1)", "Hedron-Field Purists (2)")
    assert not [e for e in g.events if e["key"] == "damage"]  # nothing of the damage happened yet
    assert len(events) == len({id(e) for e in events})
    logged = {id(e) for e in g.events}
    assert all(id(e) in logged for e in events)  # the events the actions returned are the log's


def test_each_order_and_undo() -> None:
    g = _game()
    _to_the_choice(g)
    g.apply("choose The Rollercrusher Ride (1)", 1)  # doubled to 2, then 1 prevented
    assert g.st.players[1].life == 19
    assert [e["amount"] for e in g.events if e["key"] == "damage"] == [1]
    g.undo()
    while g.history and (g.pending is None or g.pending.kind != "ask"):
        g.undo()
    assert g.pending is not None and g.pending.kind == "ask"
    g.apply("choose Hedron-Field Purists (2)", 1)  # 1 prevented of 1, then nothing to double
    assert g.st.players[1].life == 20
    assert [e["amount"] for e in g.events if e["key"] == "damage"] == []
