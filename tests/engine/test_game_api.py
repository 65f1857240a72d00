"""The engine API every driver uses (DESIGN.md "The engine API"): undo, clone, JSON round
trip, observation redaction, refusal messages, and the start of a game (CR 103, London
mulligan)."""
from __future__ import annotations

import json
from typing import Any

import pytest

from engine.actions import ActionSyntaxError, IllegalActionError
from engine.game import Outcome, Termination
from engine.config import GameConfig
from engine.game import Game
from engine.view import visible_card_names

ALICE, BOB = 0, 1

DECK_A = ["Swamp"] * 8 + ["Murder", "Piggy Bank", "Friendly Teddy", "Winter's Intervention"] * 3
DECK_B = ["Mountain"] * 8 + ["Pyroclasm", "Ragged Playmate", "Bear Trap", "Scorching Dragonfire"] * 3


def make(mode: str = "rules", **setup: Any) -> Game:
    return Game(GameConfig(mode=mode, setup=setup))


def fight() -> Game:
    return make(Alice={"hand": ["Murder", "Swamp"], "battlefield": ["Swamp", "Swamp", "Swamp", "Piggy Bank"],
                       "library": ["Island", "Island", "Island"]},
                Bob={"hand": ["Scorching Dragonfire", "Pyroclasm"],
                     "battlefield": ["Mountain", "Mountain", "Friendly Teddy @teddy"],
                     "library": ["Forest", "Forest", "Forest"]})


def play_a_while(g: Game) -> None:
    """A few turns of real play: a land, a spell, triggers, combat, turn changes."""
    g.apply("play Swamp", ALICE)
    g.apply("cast Murder -> Friendly Teddy", ALICE)
    g.apply("pass", ALICE)
    g.apply("cast Scorching Dragonfire -> Piggy Bank", BOB)
    while g.st.stack:
        assert g.pending is not None
        g.apply("pass", g.pending.player)
    while g.st.turn < 3 and g.outcome is None:
        d = g.pending
        assert d is not None
        g.apply({"priority": "pass", "attackers": "attack none", "blockers": "block none"}[d.kind], d.player)


# ---------------------------------------------------------------- undo
def test_undo_back_to_the_start() -> None:
    g = fight()
    start, n_events = g.dump(), len(g.events)
    play_a_while(g)
    assert g.st.turn == 3 and len(g.history) > 10
    while g.history:
        g.undo()
    assert g.dump() == start
    assert len(g.events) == n_events
    with pytest.raises(IllegalActionError) as exc:
        g.undo()
    assert exc.value.key == "undo.nothing"


def test_undo_returns_the_action_and_redo_gives_the_same_position() -> None:
    g = fight()
    g.apply("cast Murder -> Friendly Teddy", ALICE)
    after = g.dump()
    last = g.undo()
    assert str(last) == "cast Murder -> Friendly Teddy"
    assert g.st.players[ALICE].hand and not g.st.stack
    g.apply(g.parse_action(ALICE, str(last)))
    assert g.dump() == after


def test_refused_action_changes_nothing() -> None:
    g = fight()
    before = g.dump()
    with pytest.raises(IllegalActionError):
        g.apply("cast Pyroclasm", BOB)  # not Bob's decision
    with pytest.raises(IllegalActionError):
        g.apply("cast Murder -> Piggy Bank pay Mountain", ALICE)  # Alice can't pay with Bob's land
    assert g.dump() == before
    assert g.history == []


# ---------------------------------------------------------------- clone
def test_clone_is_independent() -> None:
    g = fight()
    c = g.clone()
    assert c.dump() == g.dump()
    c.apply("cast Murder -> Friendly Teddy", ALICE)
    assert g.st.stack == [] and len(g.history) == 0
    assert c.st.stack != []
    g.apply("play Swamp", ALICE)
    assert len(c.st.players[ALICE].hand) == 1  # the clone still holds the Swamp
    assert [a.text for a in c.history] == ["cast Murder -> Friendly Teddy"]


def test_clone_keeps_history_and_can_undo() -> None:
    g = fight()
    g.apply("play Swamp", ALICE)
    c = g.clone()
    c.undo()
    assert len(c.st.players[ALICE].hand) == 2
    assert len(g.st.players[ALICE].hand) == 1


# ---------------------------------------------------------------- JSON
def test_json_round_trip() -> None:
    g = Game(GameConfig(decks=[DECK_A, DECK_B], seed=11, skip_mulligans=True, first_player=0))
    for _ in range(40):
        d = g.pending
        if d is None:
            break
        acts = g.legal_actions(d.player)
        g.apply(acts[-1] if d.kind == "priority" and len(acts) > 1 and _ % 3 else acts[0])
    data = json.loads(json.dumps(g.to_json()))
    assert data["format"] == "manatable-game"
    again = Game.from_json(data)
    assert again.dump() == g.dump()
    assert [a.text for a in again.history] == [a.text for a in g.history]


def test_from_json_refuses_other_files_and_tampered_saves() -> None:
    g = fight()
    g.apply("play Swamp", ALICE)
    with pytest.raises(ValueError, match="not a Manatable"):
        Game.from_json({"format": "something-else"})
    data = json.loads(json.dumps(g.to_json()))
    data["state"]["players"][BOB]["life"] = 3
    with pytest.raises(ValueError, match="differs"):
        Game.from_json(data)
    data = json.loads(json.dumps(g.to_json()))
    data["actions"].append({"player": ALICE, "text": "play Swamp"})  # a second land: illegal
    with pytest.raises(ValueError, match="cannot be replayed"):
        Game.from_json(data)


def test_same_seed_same_game() -> None:
    a = Game(GameConfig(decks=[DECK_A, DECK_B], seed=5))
    b = Game(GameConfig(decks=[DECK_A, DECK_B], seed=5))
    assert a.dump() == b.dump()
    c = Game(GameConfig(decks=[DECK_A, DECK_B], seed=6))
    assert c.dump() != a.dump()


# ---------------------------------------------------------------- observation
def test_opponent_hand_is_hidden() -> None:
    g = fight()
    obs = g.observation(ALICE)
    me, them = obs["players"][ALICE], obs["players"][BOB]
    assert sorted(c["name"] for c in me["hand"]) == ["Murder", "Swamp"]
    assert them["hand_count"] == 2
    assert [c["name"] for c in them["hand"]] == [None, None]
    assert [c["id"] for c in them["hand"]] == [None, None]
    names = visible_card_names(obs)
    assert "Scorching Dragonfire" not in names and "Pyroclasm" not in names
    assert "Island" not in names and "Forest" not in names  # libraries: counts only
    assert me["library_count"] == 3 and "library" not in me


def test_spectator_sees_no_hand() -> None:
    g = fight()
    obs = g.observation(None)
    for p in obs["players"]:
        assert all(c["name"] is None for c in p["hand"])
    names = visible_card_names(obs)
    assert names.isdisjoint({"Murder", "Scorching Dragonfire", "Pyroclasm", "Island", "Forest"})
    assert {"Piggy Bank", "Friendly Teddy"} <= names  # the battlefield is public


def test_face_down_permanent_is_hidden_from_the_opponent_only() -> None:
    """CR 708.5 / DSK release notes: you may look at face-down permanents you control."""
    g = make(Alice={"battlefield": ["Piggy Bank @fd | face_down"]})
    mine = [c for c in g.observation(ALICE)["battlefield"] if c["face_down"]]
    theirs = [c for c in g.observation(BOB)["battlefield"] if c["face_down"]]
    spectator = [c for c in g.observation(None)["battlefield"] if c["face_down"]]
    assert mine[0]["name"] == "Piggy Bank"
    assert theirs[0]["name"] is None and spectator[0]["name"] is None
    assert "Piggy Bank" not in visible_card_names(g.observation(BOB))
    assert (theirs[0]["power"], theirs[0]["toughness"]) == (2, 2)


def test_face_down_permanents_are_revealed_at_the_end_of_the_game() -> None:
    """CR 708.9: "At the end of each game, all face-down permanents ... must be revealed to
    all players." """
    g = make(Alice={"battlefield": ["Piggy Bank @fd | face_down"]})
    assert "Piggy Bank" not in visible_card_names(g.observation(BOB))
    g.apply("concede", BOB)
    assert g.outcome is not None
    for viewer in (BOB, None):
        down = [c for c in g.observation(viewer)["battlefield"] if c["face_down"]]
        assert down[0]["name"] == "Piggy Bank"


def test_decision_options_go_only_to_the_decider() -> None:
    g = make(step="end", Alice={"hand": ["Swamp"] * 9, "library": ["Swamp"]})
    while g.pending is not None and g.pending.kind == "priority":
        g.apply("pass", g.pending.player)
    assert g.pending is not None and g.pending.kind == "discard"
    assert g.observation(ALICE)["pending"]["kind"] == "discard"
    assert "options" not in g.observation(BOB)["pending"]


def test_observation_is_a_snapshot_and_json_is_a_copy() -> None:
    g = fight()
    obs = g.observation(ALICE)
    with pytest.raises(TypeError):
        obs["players"] = []  # type: ignore[index]
    data = obs.to_json()
    data["players"][ALICE]["life"] = -5
    data["battlefield"][0]["counters"]["+1/+1"] = 9
    assert obs["players"][ALICE]["life"] == 20
    assert g.st.players[ALICE].life == 20
    assert all(not o.counters for o in g.st.objects.values())
    json.dumps(data)
    before = obs.to_json()
    g.apply("play Swamp", ALICE)
    assert obs.to_json() == before  # taken at one moment: later play doesn't change it


def test_hidden_zone_moves_give_new_ids() -> None:
    """CR 400.7: a card shuffled into a library can't be followed by its id."""
    g = make("hybrid", Alice={"hand": ["Murder"], "library": ["Swamp", "Swamp"]})
    old = g.st.players[ALICE].hand[0]
    g.apply("move Murder to library top", ALICE)
    g.apply("shuffle", ALICE)
    assert old not in g.st.players[ALICE].library
    assert old not in g.st.objects


# ---------------------------------------------------------------- refusal messages
def test_refusal_messages_cite_the_rule() -> None:
    g = fight()
    with pytest.raises(IllegalActionError) as e:
        g.apply("pass", BOB)
    assert "Alice decides" in str(e.value) and e.value.key == "not_your_decision"
    g.apply("play Swamp", ALICE)
    g2 = make(Alice={"hand": ["Swamp"], "lands_played": 1})
    with pytest.raises(IllegalActionError) as e:
        g2.apply("play Swamp", ALICE)
    assert "305.2" in str(e.value)
    g3 = make(active="Bob", Alice={"hand": ["Pyroclasm"], "battlefield": ["Mountain", "Mountain"]})
    g3.apply("pass", BOB)
    with pytest.raises(IllegalActionError) as e:
        g3.apply("cast Pyroclasm", ALICE)
    assert "sorcery" in str(e.value) and "307.1" in str(e.value) and e.value.key == "cast.timing"
    with pytest.raises(IllegalActionError) as e:
        g.apply("cast Murder -> Mountain", ALICE)
    assert "115.1" in str(e.value) and "target creature" in str(e.value)


def test_refusal_for_a_sick_attacker_names_the_rule() -> None:
    g = make(Alice={"battlefield": ["Piggy Bank | sick", "Friendly Teddy"]})
    while g.pending.kind != "attackers":  # type: ignore[union-attr]
        g.apply("pass", g.pending.player)  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError) as e:
        g.apply("attack Piggy Bank -> Bob", ALICE)
    assert "302.6" in str(e.value)


def test_refusal_after_the_game_is_over() -> None:
    g = fight()
    g.apply("concede", BOB)
    assert g.outcome == Outcome(ALICE, Termination.CONCEDE)
    assert g.pending is None
    with pytest.raises(IllegalActionError) as exc:
        g.apply("pass", ALICE)
    assert exc.value.key == "game.over"
    assert g.legal_actions(ALICE) == []


def test_text_action_needs_a_player() -> None:
    g = fight()
    with pytest.raises(ActionSyntaxError):
        g.apply("pass")


def test_every_listed_action_is_legal() -> None:
    g = fight()
    acts = g.legal_actions(ALICE)
    assert g.legal_actions(BOB) == []
    assert {"pass", "play Swamp", "cast Murder -> Friendly Teddy"} <= {str(a) for a in acts}
    for a in acts:
        c = g.clone()
        c.apply(a)


# ---------------------------------------------------------------- starting the game (CR 103)
def test_opening_hands_and_mulligan_decision() -> None:
    g = Game(GameConfig(decks=[DECK_A, DECK_B], seed=3, first_player=BOB))
    assert len(g.st.players[ALICE].hand) == 7 and len(g.st.players[BOB].hand) == 7
    assert len(g.st.players[ALICE].library) == len(DECK_A) - 7
    d = g.pending
    assert d is not None and (d.player, d.kind) == (BOB, "mulligan")  # the starting player first
    assert {str(a) for a in g.legal_actions(BOB)} == {"keep", "mulligan"}


def test_keep_seven() -> None:
    g = Game(GameConfig(decks=[DECK_A, DECK_B], seed=3, first_player=ALICE))
    hand = sorted(g.st.objects[o].name for o in g.st.players[ALICE].hand)
    g.apply("keep", ALICE)
    assert g.pending is not None and (g.pending.player, g.pending.kind) == (BOB, "mulligan")
    g.apply("keep", BOB)
    assert sorted(g.st.objects[o].name for o in g.st.players[ALICE].hand) == hand
    assert g.pending is not None and g.pending.kind == "priority"
    assert (g.st.turn, g.st.step, g.st.active) == (1, "upkeep", ALICE)
    assert len(g.st.players[ALICE].hand) == 7  # no draw on the first turn (CR 103.8a)


def test_london_mulligan_puts_one_card_on_the_bottom() -> None:
    """CR 103.5: shuffle the hand back, draw seven, then put one card per mulligan on the bottom."""
    g = Game(GameConfig(decks=[DECK_A, DECK_B], seed=3, first_player=ALICE))
    g.apply("mulligan", ALICE)
    # CR 103.5: in rounds — Bob declares too before the mulligans are taken
    assert g.pending is not None and (g.pending.player, g.pending.kind) == (BOB, "mulligan")
    g.apply("keep", BOB)
    assert len(g.st.players[ALICE].hand) == 7
    assert g.pending is not None and (g.pending.player, g.pending.kind) == (ALICE, "mulligan")
    g.apply("keep", ALICE)
    assert g.pending is not None and (g.pending.player, g.pending.kind) == (ALICE, "bottom")
    card = g.st.objects[g.st.players[ALICE].hand[0]].name
    with pytest.raises(IllegalActionError):
        g.apply("choose Murder, Swamp", ALICE)  # one card, not two
    g.apply(f"choose {card}", ALICE)
    p = g.st.players[ALICE]
    assert len(p.hand) == 6
    assert g.st.objects[p.library[-1]].name == card
    assert len(p.library) + len(p.hand) == len(DECK_A)
    assert g.pending is not None and g.pending.kind == "priority"


def test_two_mulligans_put_two_cards_on_the_bottom() -> None:
    g = Game(GameConfig(decks=[DECK_A, DECK_B], seed=9, first_player=ALICE))
    g.apply("mulligan", ALICE)
    g.apply("mulligan", BOB)
    g.apply("mulligan", ALICE)  # the second round: both took one, Alice declares first
    g.apply("keep", BOB)
    g.apply(g.legal_actions(BOB)[0])  # Bob puts his one card on the bottom
    g.apply("keep", ALICE)  # the third round, Alice alone
    assert g.pending is not None and g.pending.kind == "bottom"
    assert (g.pending.min_count, g.pending.max_count) == (2, 2)
    first = g.legal_actions(ALICE)[0]
    assert first.verb == "pick" and len(first.choice) == 1
    assert all(a.verb == "pick" for a in g.legal_actions(ALICE))  # done is not offered before two are picked
    g.apply(first)
    assert g.pending.kind == "bottom" and g.pending.chosen == first.choice
    second = g.legal_actions(ALICE)[-1]
    g.apply(second)  # the second pick completes the choice
    assert len(g.st.players[ALICE].hand) == 5
    assert sorted(g.st.objects[o].name for o in g.st.players[ALICE].library[-2:]) == \
        sorted(first.choice + second.choice)
    g.undo()  # undo takes back one pick
    assert g.pending is not None and g.pending.kind == "bottom" and g.pending.chosen == first.choice


def test_mulligan_can_be_undone() -> None:
    g = Game(GameConfig(decks=[DECK_A, DECK_B], seed=3, first_player=ALICE))
    start = g.dump()
    g.apply("mulligan", ALICE)
    g.undo()
    assert g.dump() == start


def test_random_table_moves_replay_exactly() -> None:
    """Shuffles and dice come from the seeded RNG in the state: a replay (config + actions)
    gives the same outcomes, and undo + redo gives the same shuffle."""
    g = Game(GameConfig(mode="hybrid", seed=21, setup={"seed": 21, "Alice": {
        "library": ["Island", "Swamp", "Plains", "Forest", "Mountain", "Murder", "Pyroclasm"]}}))
    g.apply("shuffle", ALICE)
    g.apply("roll d20", BOB)
    g.apply("flip coin", ALICE)
    order = [g.st.objects[o].name for o in g.st.players[ALICE].library]
    again = Game.from_json(json.loads(json.dumps(g.to_json())))
    assert [again.st.objects[o].name for o in again.st.players[ALICE].library] == order
    assert [e for e in again.events if e["key"] in ("roll", "coin")] == \
        [e for e in g.events if e["key"] in ("roll", "coin")]
    g.undo()
    g.undo()
    g.undo()
    g.apply("shuffle", ALICE)
    assert [g.st.objects[o].name for o in g.st.players[ALICE].library] == order
