"""engine/rules/manual.py: table moves in tabletop and hybrid modes, their refusal in rules
mode (DESIGN.md "Manual table moves ... allowed by the game's mode"), conceding (CR 104.3a)
and turning a manifested card face up (CR 701.40b, a special action 116.2b)."""
from __future__ import annotations

from typing import Any

import pytest

from engine.actions import Action, IllegalActionError
from engine.config import GameConfig
from engine.game import Game
from engine.messages import event_text
from engine.redaction import events_for
from engine.scenario_checks import find_ref

ALICE, BOB = 0, 1


def make(mode: str, **setup: Any) -> Game:
    setup.setdefault("Alice", {}).setdefault("library", ["Plains"] * 3)
    setup.setdefault("Bob", {}).setdefault("library", ["Island"] * 3)
    return Game(GameConfig(mode=mode, setup=setup))


def obj(g: Game, alias: str) -> Any:
    return g.st.objects[find_ref(g, "@" + alias)]


MOVES = ["tap @f", "untap @f", "untap all", "face down @pig", "phase out @pig", "counter @pig +1/+1 +1",
         "token Treasure", "token Spirit 1/1", "life Bob -1", "poison Bob +1", "draw", "mill", "shuffle",
         "reveal @m", "roll d6", "flip coin", "attach @trap -> @pig", "note @pig: hi", "move @m to graveyard",
         "next step", "next turn"]


def table(mode: str) -> Game:
    return make(mode, Alice={"hand": ["Murder @m"], "battlefield": ["Forest @f", "Piggy Bank @pig", "Bear Trap @trap"]})


@pytest.mark.parametrize("text", MOVES)
def test_rules_mode_refuses_table_moves(text: str) -> None:
    g = table("rules")
    before = g.dump()
    with pytest.raises(IllegalActionError) as e:
        g.apply(text, ALICE)
    assert e.value.key == "manual.rules_mode"
    assert g.dump() == before


@pytest.mark.parametrize("mode", ["hybrid", "tabletop"])
@pytest.mark.parametrize("text", MOVES)
def test_table_moves_are_allowed_and_logged(mode: str, text: str) -> None:
    g = table(mode)
    g.apply(text, ALICE)
    assert g.history[-1].text.split()[0] == text.split()[0]


def test_table_moves_do_not_need_priority() -> None:
    """Like at a real table: Bob may tap his land while Alice holds priority."""
    g = make("hybrid", Bob={"battlefield": ["Forest @bf"]})
    assert g.pending.player == ALICE  # type: ignore[union-attr]
    g.apply("tap @bf", BOB)
    assert obj(g, "bf").tapped
    assert g.pending.player == ALICE  # type: ignore[union-attr]


def test_manual_events_are_marked() -> None:
    g = table("hybrid")
    events = g.apply("tap @f", ALICE)
    assert events and all(e.get("manual") for e in events if e["key"].startswith("manual"))
    assert any(e["key"] == "manual_tap" for e in events)


def test_untap_all_untaps_only_your_permanents() -> None:
    g = make("hybrid", Alice={"battlefield": ["Forest @a | tapped"]}, Bob={"battlefield": ["Forest @b | tapped"]})
    g.apply("untap all", ALICE)
    assert not obj(g, "a").tapped and obj(g, "b").tapped


def test_manual_counter_never_goes_below_zero() -> None:
    g = table("hybrid")
    g.apply("counter @pig +1/+1 -5", ALICE)
    assert obj(g, "pig").counters == {}


def test_manual_creature_token_is_a_sick_creature() -> None:
    g = make("hybrid")
    g.apply("token Spirit 1/1", ALICE)
    t = g.st.objects[g.st.battlefield[-1]]
    c = g.chars(t.id)
    assert t.token and t.sick and "Creature" in c.types and (c.power, c.toughness) == (1, 1)


def test_roll_uses_the_seeded_rng() -> None:
    rolls = []
    for _ in range(2):
        g = Game(GameConfig(mode="hybrid", seed=4, setup={"seed": 4}))
        g.apply("roll d20", ALICE)
        rolls.append(g.events[-1]["result"])
    assert rolls[0] == rolls[1] and 1 <= rolls[0] <= 20


def test_next_turn_and_next_step() -> None:
    g = make("hybrid")
    g.apply("next step", ALICE)
    assert g.st.step == "beginning_of_combat"
    g.apply("next turn", ALICE)
    assert g.st.active == BOB and g.st.turn == 2


def test_tabletop_mode_enforces_nothing() -> None:
    g = make("tabletop", Alice={"battlefield": ["Friendly Teddy @t"]})
    g.apply("counter @t -1/-1 +5", ALICE)
    g.apply("life Bob -25", ALICE)
    assert obj(g, "t").zone == "battlefield"
    assert g.outcome is None


def test_hybrid_mode_applies_state_based_actions_after_a_table_move() -> None:
    g = make("hybrid", Alice={"battlefield": ["Friendly Teddy @t"]})
    g.apply("counter @t -1/-1 +2", ALICE)
    assert obj(g, "t").zone == "graveyard"


@pytest.mark.parametrize("mode", ["rules", "hybrid", "tabletop"])
def test_concede_in_every_mode(mode: str) -> None:
    g = make(mode)
    g.apply("concede", BOB)
    assert g.outcome is not None and g.outcome.winner == ALICE


def test_turn_face_up_pays_the_mana_cost() -> None:
    g = make("rules", Alice={"battlefield": ["Mountain", "Mountain", "Piggy Bank @pig | face_down"]})
    g.apply("turn face up @pig", ALICE)
    assert not obj(g, "pig").face_down
    assert g.st.stack == []  # a special action: no stack (CR 116.2b)
    assert all(g.st.objects[o].tapped for o in g.st.battlefield if g.st.objects[o].name == "Mountain")


def test_turn_face_up_refusals() -> None:
    g = make("rules", Alice={"battlefield": ["Mountain", "Piggy Bank @pig | face_down", "Murder @m | face_down",
                                             "Friendly Teddy @up"]},
             Bob={"battlefield": ["Piggy Bank @bobs | face_down"]})
    with pytest.raises(IllegalActionError) as exc:
        g.apply("turn face up @pig", ALICE)  # {1}{R} with one Mountain
    assert exc.value.key == "pay.cannot"
    with pytest.raises(IllegalActionError) as exc:
        g.apply("turn face up @m", ALICE)  # not a creature card
    assert exc.value.key == "special.not_creature"
    with pytest.raises(IllegalActionError):
        g.apply("turn face up @up", ALICE)  # already face up
    with pytest.raises(IllegalActionError):
        g.apply("turn face up @bobs", ALICE)  # not Alice's


def _kept_after_mulligans(mulligans: int) -> Game:
    deck = ["Plains", "Swamp", "Murder", "Piggy Bank"] * 10
    g = Game(GameConfig(mode="hybrid", decks=[list(deck), list(deck)], seed=3))
    taken = 0
    while g.pending.kind == "mulligan":
        who = g.pending.player
        if who == ALICE and taken < mulligans:
            g.apply("mulligan", ALICE)
            taken += 1
        else:
            g.apply("keep", who)
    assert taken == mulligans
    return g


def _away(oid: int) -> Any:
    return Action(ALICE, "move", obj=oid, args=("graveyard",))


def test_moving_hand_cards_away_during_the_mulligan_bottom_keeps_the_decision_answerable() -> None:
    """CR 103.5 in hybrid: Alice kept after two mulligans and must put two cards on the bottom;
    she moves hand cards away by hand first. The decision asks for what the hand can still give,
    a card she picked that left is unpicked, and an empty hand ends it (no stuck table)."""
    g = _kept_after_mulligans(2)
    dec = g.pending
    assert dec.kind == "bottom" and dec.player == ALICE and dec.max_count == 2
    hand = list(g.st.players[ALICE].hand)
    assert len(hand) == 7
    g.apply(f"pick {g.st.objects[hand[0]].name}", ALICE)
    assert len(g.pending.chosen) == 1
    g.apply(_away(hand[0]))          # the picked card leaves the hand
    assert g.pending.kind == "bottom" and g.pending.chosen == () and g.pending.max_count == 2
    for oid in hand[1:6]:                                      # five more go: one card left
        g.apply(_away(oid))
    assert g.pending.kind == "bottom" and g.pending.max_count == 1
    assert any(a.verb in ("pick", "choose") for a in g.legal_actions(ALICE))
    g.apply(_away(hand[6]))           # the hand is empty: nothing to give
    assert g.pending is None or g.pending.kind != "bottom"
    assert g.st.players[ALICE].hand == []


def test_a_card_drawn_by_hand_during_the_discard_to_hand_size_can_be_discarded() -> None:
    """CR 514.1 in hybrid: Alice has nine Plains in her cleanup step and must discard two; she
    draws her Murder by hand first (still two to discard). The decision she sees offers the
    Murder, and she can discard it."""
    g = make("hybrid", Alice={"hand": ["Plains"] * 9, "library": ["Murder", "Plains"]})
    while g.pending is not None and g.pending.kind != "discard":
        g.apply("pass", g.pending.player)
    assert g.pending.options == ("Plains",) and g.pending.max_count == 2
    g.apply("draw", ALICE)
    assert g.pending.kind == "discard" and g.pending.max_count == 2
    assert g.pending.options == ("Plains", "Murder")
    g.apply("choose Murder, Plains", ALICE)
    assert sorted(g.st.objects[o].name for o in g.st.players[ALICE].graveyard) == ["Murder", "Plains"]


def test_a_face_down_cards_name_stays_hidden_in_table_move_lines() -> None:
    """CR 708.5: a face-down permanent's name is known to its controller only. Alice attaches
    her Bear Trap to Bob's face-down Piggy Bank: her log says "a face-down card", Bob's names it;
    Bob's counter on it and his note on it are hidden from Alice and from a spectator alike."""
    g = make("tabletop", Alice={"battlefield": ["Bear Trap @trap"]},
             Bob={"battlefield": ["Piggy Bank @pig | face_down"]})
    first = len(g.events)
    g.apply("attach @trap -> @pig", ALICE)
    g.apply("counter @pig +1/+1 +1", BOB)
    g.apply("note @pig: mine", BOB)
    g.apply("detach @trap", ALICE)

    def lines(viewer: int | None, you: str | None) -> list[str]:
        return [t for e in events_for(g, viewer, first) if (t := event_text(e, you))]
    alice, spectator, bob = lines(ALICE, "Alice"), lines(None, None), lines(BOB, "Bob")
    assert alice[0] == "You attach Bear Trap to a face-down card."
    assert spectator[0] == "Alice attaches Bear Trap to a face-down card."
    assert bob[0] == "Alice attaches Bear Trap to Piggy Bank."
    assert not [t for t in alice + spectator if "Piggy" in t]
    assert sum("Piggy Bank" in t for t in bob) == 3  # attach, counter, note: Bob may look


def test_a_card_moved_by_hand_into_a_hand_is_named_to_its_owner_only() -> None:
    """CR 400.2, 402.3: a hand is hidden from the others only. Alice moves the top card of her
    library into her hand by hand: her log names it, Bob's and a spectator's say "a hidden
    card"; put back into the library, it is named to nobody (CR 401.2)."""
    g = make("tabletop", Alice={"library": ["Murder", "Plains"]})
    first = len(g.events)
    top = g.st.players[ALICE].library[0]
    g.apply(Action(ALICE, "move", obj=top, args=("hand", 0)))
    card = g.st.players[ALICE].hand[-1]
    g.apply(Action(ALICE, "move", obj=card, args=("library", 0)))

    def lines(viewer: int | None, you: str | None) -> list[str]:
        return [t for e in events_for(g, viewer, first) if (t := event_text(e, you))]
    assert lines(ALICE, "Alice") == ["You move Murder manually to: Hand.", "You move a hidden card manually to: Library."]
    assert lines(BOB, "Bob") == ["Alice moves a hidden card manually to: Hand.",
                                 "Alice moves a hidden card manually to: Library."]
    assert lines(None, None) == lines(BOB, None)
    assert not [e for e in events_for(g, BOB, first) if "obj" in e]  # (nor its identity)


def test_a_card_seen_leaving_a_public_zone_is_named_to_everybody() -> None:
    """CR 400.2: everybody saw Bear Trap leave the battlefield, so putting it into a hand or on
    top of the library by hand names it to everybody; a card from the library put on the
    battlefield face down is named to nobody (CR 708.5: nobody saw it face up)."""
    g = make("tabletop", Alice={"battlefield": ["Bear Trap @trap", "Piggy Bank @pig"], "library": ["Murder", "Plains"]})
    first = len(g.events)
    g.apply("move @trap to hand", ALICE)
    g.apply("move @pig to library", ALICE)
    g.apply(Action(ALICE, "move", obj=g.st.players[ALICE].library[1], args=("battlefield", 0, "face down")))
    said = [t for e in events_for(g, BOB, first) if (t := event_text(e, "Bob"))]
    assert said == ["Alice moves Bear Trap manually to: Hand.", "Alice moves Piggy Bank manually to: Library.",
                    "Alice moves a hidden card manually to: Battlefield."], said
