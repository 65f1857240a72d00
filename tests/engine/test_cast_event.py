"""The cast event tells how a spell was cast when it wasn't for its mana cost (CR 601.2b: an
alternative cost is announced to everybody): the alternative cost (`alt`), the life paid
instead of mana (`life`), the Room whose door was cast (`room`). The log sentence says it;
a LAN seat gets it too, and a name it may not see stays hidden."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from engine import scenario
from engine.config import GameConfig
from engine.game import Game
from engine.messages import event_text
from engine.redaction import concealed, events_for, for_viewer


def _game(alice: dict[str, Any], bob: dict[str, Any] | None = None) -> Game:
    setup = {"turn": 3, "step": "main1", "Alice": {"library": ["Plains"] * 5, **alice},
             "Bob": {"library": ["Island"] * 5, **(bob or {})}}
    return Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="rules", setup=setup))


def _cast(g: Game, text: str) -> dict[str, Any]:
    events = g.apply(text, 0)
    return next(e for e in events if e["key"] == "cast")


def test_a_spell_cast_for_its_mana_cost_says_nothing_more() -> None:
    g = _game({"hand": ["Star Athlete"], "battlefield": ["Mountain"] * 4})
    ev = _cast(g, "cast Star Athlete")
    assert not {"alt", "life", "room"} & set(ev)
    assert event_text(ev, "Alice") == "You cast Star Athlete."


def test_blitz_is_in_the_event_and_the_log() -> None:
    g = _game({"hand": ["Star Athlete"], "battlefield": ["Mountain"] * 4})
    ev = _cast(g, "cast Star Athlete with blitz")
    assert ev["alt"] == "blitz" and "life" not in ev
    assert event_text(ev, "Alice") == "You cast Star Athlete for its blitz cost."
    assert event_text(ev, "Bob") == "Alice casts Star Athlete for its blitz cost."


def test_flashback_with_its_target() -> None:
    g = _game({"graveyard": ["Rite of the Moth", "Hand That Feeds"],
               "battlefield": ["Plains", "Plains", "Swamp", "Swamp", "Plains", "Swamp"]})
    ev = _cast(g, "cast Rite of the Moth with flashback -> Hand That Feeds")
    assert ev["alt"] == "flashback"
    assert event_text(ev, "Bob") == ("Alice casts Rite of the Moth from their graveyard for its flashback cost, "
                                      "targeting Hand That Feeds.")


def test_a_rooms_door_names_the_room() -> None:
    g = _game({"hand": ["Bottomless Pool // Locker Room"], "battlefield": ["Island"]})
    ev = _cast(g, "cast Bottomless Pool // Locker Room: Bottomless Pool")
    assert ev["card"] == "Bottomless Pool" and ev["room"] == "Bottomless Pool // Locker Room" and "alt" not in ev
    assert event_text(ev, "Alice") == "You cast the door Bottomless Pool of Bottomless Pool // Locker Room."


def test_life_paid_instead_of_mana() -> None:
    """Access Maze: a door cast for life; the alternative cost is what the sentence tells."""
    g = _game({"life": 5, "hand": ["Cramped Vents // Access Maze"],
               "battlefield": ["Cramped Vents // Access Maze | unlocked=Access Maze"]})
    ev = _cast(g, "cast Cramped Vents // Access Maze: Cramped Vents with life")
    assert (ev["alt"], ev["life"]) == ("life", 4) and g.st.players[0].life == 1
    assert event_text(ev, "Alice") == "You cast Cramped Vents by paying 4 life instead of its mana cost."
    one = {**ev, "life": 1}
    assert event_text(one, "Bob") == "Alice casts Cramped Vents by paying 1 life instead of its mana cost."


def test_a_lan_seat_gets_how_it_was_cast() -> None:
    """The opponent's copy of the events (engine/redaction.py) keeps the alternative cost and
    the names on the stack — a Room's door too, which the observation shows as the whole Room."""
    g = _game({"hand": ["Star Athlete", "Bottomless Pool // Locker Room"], "battlefield": ["Mountain"] * 4 + ["Island"]})
    n = len(g.events)
    g.apply("cast Star Athlete with blitz", 0)
    ev = next(e for e in events_for(g, 1, n) if e["key"] == "cast")
    assert (ev["card"], ev["alt"], ev.get("obj")) == ("Star Athlete", "blitz", g.st.stack[-1])
    while g.st.stack:  # both pass: Star Athlete resolves
        g.apply("pass", g.pending.player)
    n = len(g.events)
    g.apply("cast Bottomless Pool // Locker Room: Bottomless Pool", 0)
    ev = next(e for e in events_for(g, 1, n) if e["key"] == "cast")
    assert (ev["card"], ev["room"]) == ("Bottomless Pool", "Bottomless Pool // Locker Room")
    assert event_text(ev, "Bob") == "Alice casts the door Bottomless Pool of Bottomless Pool // Locker Room."


def test_a_hidden_card_stays_hidden() -> None:
    """A name the seat may not see (here: the spell made face down) is taken out by the
    redaction, by the object's identity; the sentence still says how the spell was cast, and
    names no card."""
    g = _game({"hand": ["Star Athlete"], "battlefield": ["Mountain"] * 4})
    events = g.apply("cast Star Athlete with blitz", 0)
    cast = next(e for e in events if e["key"] == "cast")
    g.st.objects[cast["obj"]].face_down = True
    ev = for_viewer(cast, concealed(g, cast), 1)
    assert for_viewer(cast, concealed(g, cast), 0)["card"] == "Star Athlete"
    assert ev["card"] is None and ev["alt"] == "blitz" and "obj" not in ev
    text = event_text(ev, "Bob")
    assert text == "Alice casts a face-down card for its blitz cost." and "Star Athlete" not in text


def test_valgavoths_life_instead_of_mana_is_told() -> None:
    """Valgavoth, Terror Eater: "If you cast a spell this way, pay life equal to its mana value
    rather than pay its mana cost" — an alternative cost without a keyword (ruling)."""
    g = scenario.make_game(scenario.load(Path(__file__).parents[1] / "scenarios" / "dsk" / "valgavoth_terror_eater.toml"))
    scenario.do_pass_until(g, "Bob main1")
    scenario.do_act(g, "Bob: cast Murder -> @g")  # Murder is exiled by Valgavoth as it resolves
    scenario.do_pass_until(g, "stack empty")
    scenario.do_pass_until(g, "Bob end")
    scenario.do_act(g, "Bob: pass")
    scenario.do_pass_until(g, "Alice beginning_of_combat")
    events = g.apply(g.parse_action(0, "cast Murder -> Cult Healer"))
    ev = next(e for e in events if e["key"] == "cast")
    assert (ev["alt"], ev["life"]) == ("life", 3)
    assert event_text(ev, "Alice") == "You cast Murder by paying 3 life instead of its mana cost, targeting Cult Healer."


def test_phyrexian_mana_paid_with_life_is_told() -> None:
    g = _game({"hand": ["Noxious Revival"], "graveyard": ["Cult Healer"], "battlefield": ["Forest"]})
    ev = _cast(g, "cast Noxious Revival life=G -> Cult Healer")
    assert ev["alt"] == "phyrexian" and ev["life"] == 2
    assert event_text(ev, "Bob") == "Alice casts Noxious Revival, paying 2 life for Phyrexian mana, " \
                                     "targeting Cult Healer."
    ev = _cast(_game({"hand": ["Noxious Revival"], "graveyard": ["Cult Healer"], "battlefield": ["Forest"]}),
               "cast Noxious Revival -> Cult Healer")
    assert "alt" not in ev  # paid with {G}: cast for its mana cost
