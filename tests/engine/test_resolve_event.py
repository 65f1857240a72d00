"""The "resolve" event says whether a spell or an ability resolves (CR 608.2, 608.3): played in
German, a Room's door ability read "Bodenloses Becken // Umkleidekabine wird verrechnet", as if
the Room resolved a second time. An ability's line names its source ("Bottomless Pool's
ability resolves."), a Room's by its door (CR 709.5); a face-down source has no name (CR 708.4)."""
from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

from engine.config import GameConfig
from engine.game import Game
from engine.messages import event_text
from engine.redaction import events_for
from engine.rules.resolve_event import resolve_params


def _game(alice: dict[str, Any], bob: dict[str, Any] | None = None) -> Game:
    setup = {"turn": 3, "step": "main1", "Alice": {"library": ["Plains"] * 5, **alice},
             "Bob": {"library": ["Island"] * 5, **(bob or {})}}
    return Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="rules", setup=setup))


def _until_stack_empty(g: Game, answer: str = "") -> None:
    for _ in range(20):
        p = g.pending
        if p is None or (p.kind == "priority" and not g.st.stack):
            return
        g.apply("pass" if p.kind == "priority" else answer, p.player)


def _resolves(g: Game, lo: int, viewer: int | None = 1) -> list[dict[str, Any]]:
    return [e for e in events_for(g, viewer, lo) if e["key"] == "resolve"]


def test_a_rooms_door_ability_resolves_as_an_ability_of_its_door() -> None:
    g = _game({"hand": ["Bottomless Pool // Locker Room"], "battlefield": ["Island"]},
              {"battlefield": ["Cult Healer"]})
    n = len(g.events)
    g.apply("cast Bottomless Pool // Locker Room: Bottomless Pool", 0)
    _until_stack_empty(g, "choose Cult Healer")
    room, door = _resolves(g, n)
    assert room == {"key": "resolve", "card": "Bottomless Pool // Locker Room"}  # the spell: no flag
    assert door == {"key": "resolve", "card": "Bottomless Pool", "ability": True}
    assert event_text(room, "Bob") == "Bottomless Pool // Locker Room resolves."
    assert event_text(door, "Bob") == "Bottomless Pool's ability resolves."
    assert json.loads(json.dumps(door)) == door  # (the LAN host sends events as JSON)


def test_an_activated_ability_of_a_source_gone_is_an_ability_too() -> None:
    """Bear Trap is sacrificed to pay for its ability: the ability still names it (CR 113.7a)."""
    g = _game({"battlefield": ["Bear Trap", "Plains", "Plains", "Plains"]}, {"battlefield": ["Cult Healer"]})
    n = len(g.events)
    g.apply("activate Bear Trap -> Cult Healer", 0)
    _until_stack_empty(g)
    assert g.st.players[1].graveyard  # Cult Healer was dealt 3 damage
    (ev,) = _resolves(g, n)
    assert ev == {"key": "resolve", "card": "Bear Trap", "ability": True}


def test_an_ability_of_a_face_down_source_names_no_card() -> None:
    g = _game({"battlefield": ["Piggy Bank | face_down"]})
    (src,) = g.st.battlefield
    item = SimpleNamespace(kind="trigger", face_down=False, name="Piggy Bank", source=src, ctx={})
    ev = {"key": "resolve", **resolve_params(g, item)}
    assert ev == {"key": "resolve", "card": "", "ability": True}
    assert event_text(ev, "Bob") == "An ability of a face-down card resolves."
    g.st.objects[src].face_down = False
    assert resolve_params(g, item) == {"card": "Piggy Bank", "ability": True}



def test_the_log_says_it_resolves_before_what_it_does_in_every_seats_log() -> None:
    """Played in session 20: "Bear Trap deals 3 damage to Cult Healer." came before "Bear
    Trap's ability resolves." The resolution is told as it begins (CR 608.2), in each seat's
    log and the spectator's (a LAN guest's events are these, engine/redaction.py)."""
    g = _game({"battlefield": ["Bear Trap", "Plains", "Plains", "Plains"]}, {"battlefield": ["Cult Healer"]})
    n = len(g.events)
    g.apply("activate Bear Trap -> Cult Healer", 0)
    _until_stack_empty(g)
    for viewer, you in ((0, "Alice"), (1, "Bob"), (None, None)):
        keys = [e["key"] for e in events_for(g, viewer, n) if e["key"] in ("resolve", "damage")]
        assert keys == ["resolve", "damage"], viewer
    lines = [event_text(e, "Bob") for e in events_for(g, 1, n)]
    resolves, damage = "Bear Trap's ability resolves.", "Bear Trap deals 3 damage to Cult Healer."
    assert lines.index(resolves) < lines.index(damage)


def test_a_spell_that_asks_while_resolving_is_said_to_resolve_before_the_question() -> None:
    """Unwanted Remake destroys, then its target's controller chooses a card to manifest:
    the log reads the spell resolving, the destruction, then the choice (CR 608.2c)."""
    g = _game({"hand": ["Unwanted Remake"], "battlefield": ["Plains"]}, {"battlefield": ["Cult Healer"]})
    n = len(g.events)
    g.apply("cast Unwanted Remake -> Cult Healer", 0)
    g.apply("pass", 0)
    g.apply("pass", 1)
    assert g.pending is not None and g.pending.player == 1 and g.pending.kind != "priority"
    keys = [e["key"] for e in events_for(g, 1, n)]
    assert "resolve" in keys and "zone_change" in keys[keys.index("resolve"):]
