"""A card that leaves a public zone for a hidden one was seen by everybody as it left (CR 400.2):
its name stays in every seat's log, its new id does not (CR 400.7). Played in German, a
creature bounced to its owner's hand read "Eine Karte kommt auf die Hand von Bob" for Alice,
who had just seen it on the battlefield. A face-down permanent leaving the battlefield is
revealed as it moves (CR 708.9: "its owner must reveal it to all players as they move it"), so
it is named too; a face-down exiled card (CR 406.3) and a drawn card stay hidden."""
from __future__ import annotations

from typing import Any

from engine.actions import Action
from engine.config import GameConfig
from engine.game import Game
from engine.messages import event_text
from engine.redaction import events_for, seen_leaving

ALICE, BOB = 0, 1


def _game(bob_battlefield: str, mode: str = "rules", **bob: Any) -> Game:
    setup = {"mode": mode, "turn": 3, "step": "main1",
             "Alice": {"library": ["Plains"] * 5, "hand": ["Bottomless Pool // Locker Room"], "battlefield": ["Island"]},
             "Bob": {"library": ["Island"] * 5, "battlefield": [bob_battlefield], **bob}}
    return Game(GameConfig(players=["Alice", "Bob"], seed=1, mode=mode, setup=setup))


def _bounce(g: Game) -> int:
    """Alice unlocks Bottomless Pool: "return up to one target creature to its owner's hand"."""
    n = len(g.events)
    g.apply("cast Bottomless Pool // Locker Room: Bottomless Pool", ALICE)
    for _ in range(20):
        p = g.pending
        if p is None or (p.kind == "priority" and not g.st.stack):
            break
        g.apply("pass" if p.kind == "priority" else g.legal_actions(p.player)[0], p.player)  # its creature
    assert [g.st.objects[o].name for o in g.st.players[BOB].hand] == ["Bashful Beastie"]
    return n


def _moves(g: Game, viewer: int | None, lo: int) -> list[dict[str, Any]]:
    return [e for e in events_for(g, viewer, lo) if e["key"] == "zone_change"]


def test_a_face_up_permanent_bounced_is_named_to_every_seat_but_its_new_id_is_not() -> None:
    g = _game("Bashful Beastie")
    n = _bounce(g)
    for viewer in (ALICE, None):
        (ev,) = [e for e in _moves(g, viewer, n) if e["to_zone"] == "hand"]
        assert ev["card"] == "Bashful Beastie" and "obj" not in ev
        assert event_text(ev, "Alice") == "Bashful Beastie is put into Bob's hand."
    (own,) = [e for e in _moves(g, BOB, n) if e["to_zone"] == "hand"]
    assert own["obj"] == g.st.players[BOB].hand[0]
    assert event_text(own, "Bob") == "Bashful Beastie is put into your hand."


def test_a_face_down_permanent_bounced_is_revealed_as_it_moves() -> None:
    """CR 708.9: the reveal is the engine's own event; the move's line agrees with it."""
    g = _game("Bashful Beastie | face_down")
    n = _bounce(g)
    seen = events_for(g, ALICE, n)
    assert any(e["key"] == "reveal" and e["card"] == "Bashful Beastie" for e in seen)
    (ev,) = [e for e in _moves(g, ALICE, n) if e["to_zone"] == "hand"]
    assert ev["card"] == "Bashful Beastie" and ev["was_face_down"] and "obj" not in ev


def test_a_face_down_spell_entering_stays_unnamed() -> None:
    """A face-down spell that resolves stays face down on the battlefield (CR 708.4)."""
    ev = {"key": "zone_change", "from_zone": "stack", "to_zone": "battlefield", "was_face_down": True}
    assert not seen_leaving(ev)
    assert seen_leaving({**ev, "to_zone": "graveyard"})  # countered: revealed (CR 708.9)


def test_a_face_down_exiled_card_taken_into_a_hand_stays_hidden() -> None:
    """CR 406.3: a face-down exiled card is its owner's to know; moving it to a hand shows nothing."""
    g = _game("Island", mode="hybrid", exile=["Murder | face_down"])
    (card,) = g.st.players[BOB].exile
    n = len(g.events)
    assert g.apply(Action(BOB, "move", obj=card, args=("hand", 0), text="move Murder to hand"), BOB) is not None
    for viewer in (ALICE, None):
        assert not [e for e in events_for(g, viewer, n) if "Murder" in e.values()]
    assert [e["card"] for e in _moves(g, BOB, n)] == ["Murder"]  # its owner knows it


def test_a_drawn_card_stays_unnamed() -> None:
    g = _game("Island", library=["Murder", "Island"])
    n = len(g.events)
    g.apply("pass", ALICE)
    g.apply("pass", BOB)  # to Alice's combat; play on to Bob's draw
    for _ in range(40):
        if g.st.players[BOB].hand:
            break
        p = g.pending
        assert p is not None
        g.apply("pass", p.player)
    assert [g.st.objects[o].name for o in g.st.players[BOB].hand] == ["Murder"]
    for viewer in (ALICE, None):
        drawn = [e for e in _moves(g, viewer, n) if e["to_zone"] == "hand"]
        assert drawn and all(e["card"] is None and "obj" not in e for e in drawn)
    assert any(e["key"] == "draw" for e in events_for(g, BOB, n))  # (his own line: "You draw a card.")
