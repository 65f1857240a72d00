"""The typed contract (issue 8): Decision, Outcome/Termination, the ActionError family,
the immutable Action with its text round trip, read-only accessors, typed observations,
refusal of structured actions with bad ids or fields, 2-4 players."""
from __future__ import annotations

import pickle
from typing import Any

import pytest

from engine.actions import Action, ActionError, ActionSyntaxError, AmbiguousActionError, IllegalActionError
from engine.cards import behaviour, data, effects as fx
from engine.cards.behaviour import card_def
from engine.cards.data import CardData
from engine.cards.model import CardDef, TargetSpec
from engine.cards.sets import behaviours
from engine.config import GameConfig
from engine.game import Decision, Game, Outcome, Termination
from engine.rules import printed
from engine.view import Observation

ALICE, BOB, CAROL = 0, 1, 2


def make(**setup: Any) -> Game:
    return Game(GameConfig(mode="rules", setup=setup))


def test_errors_are_one_family_with_key_params_and_sentence() -> None:
    for cls in (ActionSyntaxError, AmbiguousActionError, IllegalActionError):
        assert issubclass(cls, ActionError)
        err = cls("cast.timing", card="Murder")  # the key and its parameters; the sentence is the catalog's
        sentence = "You can cast Murder only as a sorcery: in your main phase while the stack is empty (CR 307.1)."
        assert (str(err), err.message, err.key, err.params) == (sentence, sentence, "cast.timing", {"card": "Murder"})
    assert not issubclass(ActionError, (ValueError, KeyError))


def test_action_is_an_immutable_value_without_the_game() -> None:
    g = make(Alice={"hand": ["Murder"], "battlefield": ["Swamp", "Swamp", "Swamp"]},
             Bob={"battlefield": ["Piggy Bank"]})
    act = next(a for a in g.legal_actions(ALICE) if a.verb == "cast")
    assert str(act) == "cast Murder -> Piggy Bank"
    with pytest.raises(AttributeError):
        act.verb = "pass"  # type: ignore[misc]
    assert not any(isinstance(v, Game) for v in act)
    assert pickle.loads(pickle.dumps(act)) == act  # no game inside: it pickles on its own
    assert g.parse_action(ALICE, str(act)) == act
    assert act == act._replace(text="")  # equality ignores the text
    assert hash(act) == hash(act._replace(text=""))


@pytest.mark.parametrize("action, error", [
    (Action(ALICE, "cast", obj=99999), IllegalActionError),
    (Action(ALICE, "cast", obj="Murder"), ActionSyntaxError),  # type: ignore[arg-type]
    (Action(ALICE, "fly"), ActionSyntaxError),
    (Action(7, "pass"), IllegalActionError),
    (Action(ALICE, "cast", obj=1, targets=(("x", 1),)), ActionSyntaxError),
    (Action(ALICE, "cast", obj=1, targets=(("o", 99999),)), IllegalActionError),
    (Action(ALICE, "attacker", pairs=((1,),)), ActionSyntaxError),  # type: ignore[arg-type]
    (Action(ALICE, "move", obj=1, args=("nowhere", 0)), ActionSyntaxError),
    (Action(ALICE, "pass", obj=1), ActionSyntaxError),
    (Action(ALICE, "cast", obj=1, modes=(0,)), ActionSyntaxError),
    (Action(ALICE, "activate", obj=1, ability=-1), ActionSyntaxError),
    (Action(ALICE, "pick", choice=(3,)), ActionSyntaxError),  # type: ignore[arg-type]
])
def test_structured_actions_with_bad_fields_are_refused(action: Action, error: type) -> None:
    g = make(Alice={"hand": ["Murder"], "battlefield": ["Swamp", "Swamp", "Swamp"]},
             Bob={"battlefield": ["Piggy Bank"]})
    before = g.dump()
    with pytest.raises(error):
        g.apply(action)
    assert g.dump() == before


@pytest.mark.parametrize("text", ["cast Murder mode=1,", "cast Murder mode=0", "cast Murder x=99999999",
                                  "attacker", "blocker", "pick"])
def test_unreadable_forms_are_syntax_errors(text: str) -> None:
    g = make(Alice={"hand": ["Murder"], "battlefield": ["Swamp", "Swamp", "Swamp"]})
    with pytest.raises(ActionSyntaxError):
        g.parse_action(ALICE, text)


def test_decision_is_typed_and_frozen() -> None:
    g = make(Alice={"hand": ["Murder"]})
    dec = g.pending
    assert isinstance(dec, Decision) and dec.kind == "priority" and dec.player == ALICE
    assert (dec.options, dec.min_count, dec.max_count, dec.ordered, dec.chosen) == ((), 0, 0, False, ())
    assert dec.prompt == "decide.priority" and dec.params["player"] == "Alice"
    with pytest.raises(AttributeError):
        dec.player = BOB  # type: ignore[misc]


def test_accessors_give_the_public_figures() -> None:
    g = make(Alice={"hand": ["Murder", "Swamp"], "battlefield": ["Swamp", "Swamp", "Swamp"], "life": 17},
             Bob={"battlefield": ["Piggy Bank"], "poison": 2, "library": ["Forest"] * 3})
    assert (g.turn, g.step, g.active_player, g.priority_player, g.num_players) == (1, "main1", ALICE, ALICE, 2)
    alice, bob = g.players
    assert (alice.name, alice.life, alice.hand_count) == ("Alice", 17, 2)
    assert (bob.poison, bob.library_count) == (2, 3)
    g.apply("cast Murder -> Piggy Bank", ALICE)
    (item,) = g.stack
    assert (item.name, item.controller, item.targets) == ("Murder", ALICE, ("Piggy Bank",))


def test_outcome_names_the_winner_seat_and_why() -> None:
    g = make(Bob={"life": 0})
    assert g.outcome == Outcome(ALICE, Termination.LIFE) and g.pending is None
    g2 = make()
    g2.apply("concede", ALICE)
    assert g2.outcome == Outcome(BOB, Termination.CONCEDE)
    assert g2.observation(None).outcome == g2.outcome


def test_observation_is_typed_and_keeps_its_json() -> None:
    g = make(Alice={"hand": ["Murder"]}, Bob={"hand": ["Pyroclasm"]})
    obs = g.observation(BOB)
    assert isinstance(obs, Observation)
    assert (obs.viewer, obs.turn, obs.active, obs.step) == (BOB, 1, ALICE, "main1")
    assert obs.players[ALICE].hand_count == 1 and obs.decision is not None
    data = obs.to_json()
    assert data["players"][BOB]["hand"][0]["name"] == "Pyroclasm"
    assert data["players"][ALICE]["hand"][0]["name"] is None
    with pytest.raises(AttributeError):
        obs.turn = 5  # type: ignore[misc]


def test_a_choice_of_several_is_made_one_pick_at_a_time() -> None:
    g = make(Alice={"hand": ["Swamp"] * 9, "library": ["Forest"] * 3}, step="end")
    while g.pending is not None and g.pending.kind == "priority":
        g.apply("pass", g.pending.player)
    dec = g.pending
    assert dec is not None and dec.kind == "discard" and (dec.min_count, dec.max_count) == (2, 2)
    assert [str(a) for a in g.legal_actions(ALICE)] == ["pick Swamp"]
    g.apply("pick Swamp", ALICE)
    assert g.pending.kind == "discard" and g.pending.chosen == ("Swamp",)  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError):
        g.apply("choose done", ALICE)  # one short
    g.apply("pick Swamp", ALICE)
    assert g.players[ALICE].hand_count == 7 and g.players[ALICE].graveyard_count == 2


def test_three_and_four_players_take_turns_in_order() -> None:
    for names in (["Alice", "Bob", "Carol"], ["Alice", "Bob", "Carol", "Dave"]):
        g = Game(GameConfig(players=names, decks=[["Forest"] * 20] * len(names), seed=1, first_player=1,
                            skip_mulligans=True, mode="rules"))
        order = []
        while len(order) < len(names) + 1:
            if not order or order[-1] != g.active_player:
                order.append(g.active_player)
            g.apply(g.legal_actions(g.pending.player)[0])  # type: ignore[union-attr]  # pass, or a pick
        assert order == [(1 + i) % len(names) for i in range(len(names) + 1)]


def test_attacking_a_chosen_player_of_three() -> None:
    g = Game(GameConfig(players=["Alice", "Bob", "Carol"], mode="rules", setup={
        "players": ["Alice", "Bob", "Carol"], "Alice": {"battlefield": ["Piggy Bank", "Friendly Teddy"]},
        "Bob": {"battlefield": ["Ragged Playmate"]}, "Carol": {"battlefield": ["Anthropede"]}}))
    while g.pending.kind != "attackers":  # type: ignore[union-attr]
        g.apply("pass", g.pending.player)  # type: ignore[union-attr]
    texts = {str(a) for a in g.legal_actions(ALICE)}
    assert {"attacker Piggy Bank -> Bob", "attacker Piggy Bank -> Carol", "attack done"} <= texts
    g.apply("attacker Piggy Bank -> Carol", ALICE)
    g.apply("attacker Friendly Teddy -> Bob", ALICE)
    g.undo()  # undo takes back one part of the declaration
    assert g.pending.kind == "attackers" and g.pending.chosen == ("Piggy Bank -> Carol",)  # type: ignore[union-attr]
    g.apply("attacker Friendly Teddy -> Bob", ALICE)
    g.apply("attack done", ALICE)
    while g.pending.kind == "priority":  # type: ignore[union-attr]
        g.apply("pass", g.pending.player)  # type: ignore[union-attr]
    # each defending player blocks only what attacks them (CR 509.1a), in turn order
    assert g.pending.kind == "blockers" and g.pending.player == BOB  # type: ignore[union-attr]
    assert {str(a) for a in g.legal_actions(BOB)} == {"block done", "blocker Ragged Playmate -> Friendly Teddy"}
    g.apply("block done", BOB)
    assert g.pending.kind == "blockers" and g.pending.player == CAROL  # type: ignore[union-attr]
    assert {str(a) for a in g.legal_actions(CAROL)} == {"block done", "blocker Anthropede -> Piggy Bank"}


def test_game_config_seats() -> None:
    with pytest.raises(ValueError):
        GameConfig(players=["Alice"])
    with pytest.raises(ValueError):
        GameConfig(players=["A", "B", "C", "D", "E"])
    with pytest.raises(ValueError):
        GameConfig(players=["Alice", "alice"])
    with pytest.raises(ValueError):
        GameConfig(players=["A", "B", "C"], goldfish=True)
    assert GameConfig(players=["A", "B", "C", "D"]).decks == [[], [], [], []]


def test_several_targets_are_chosen_one_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """A spell with two target words (a stand-in: Murder with two "target creature"s):
    `cast Murder` announces it, then each target is chosen from those that still leave a
    full legal choice (CR 115.3: different objects); the spell is cast with the last one."""
    two = TargetSpec("creature", "target creature")
    monkeypatch.setitem(behaviours(), "Murder", CardDef("Murder", spell_targets=[two, two],
                                                          spell_steps=[fx.destroy()]))
    monkeypatch.delitem(printed._PRINTED, "Murder", raising=False)  # cached characteristics
    card_def.cache_clear()
    monkeypatch.setattr(printed, "_PRINTED", dict(printed._PRINTED))  # restored afterwards
    try:
        _several_targets()
    finally:
        card_def.cache_clear()


def _several_targets() -> None:
    g = make(Alice={"hand": ["Murder"], "battlefield": ["Swamp", "Swamp", "Swamp"]},
             Bob={"battlefield": ["Piggy Bank", "Friendly Teddy"]})
    assert "cast Murder" in {str(a) for a in g.legal_actions(ALICE)}
    g.apply("cast Murder", ALICE)
    dec = g.pending
    assert dec is not None and dec.kind == "targets" and set(dec.options) == {"Piggy Bank", "Friendly Teddy"}
    g.apply("choose Piggy Bank", ALICE)
    assert g.pending.options == ("Friendly Teddy",)  # type: ignore[union-attr]
    assert g.players[ALICE].hand_count == 1  # nothing happened yet
    g.apply("choose Friendly Teddy", ALICE)
    (item,) = g.stack
    assert item.targets == ("Piggy Bank", "Friendly Teddy") and g.players[ALICE].hand_count == 0
    g.undo()
    assert g.pending.kind == "targets" and not g.stack  # type: ignore[union-attr]
    g.undo()
    g.undo()
    g.apply("cast Murder -> Friendly Teddy, Piggy Bank", ALICE)  # the whole form still works
    assert g.stack[0].targets == ("Friendly Teddy", "Piggy Bank")
    lone = make(Alice={"hand": ["Murder"], "battlefield": ["Swamp", "Swamp", "Swamp"]},
                Bob={"battlefield": ["Piggy Bank"]})
    assert not any(a.verb == "cast" for a in lone.legal_actions(ALICE))  # one creature: can't be cast
    with pytest.raises(IllegalActionError):
        lone.apply("cast Murder", ALICE)


def test_every_payable_value_of_x_is_listed_and_nothing_more(monkeypatch: pytest.MonkeyPatch) -> None:
    """CR 107.3a, 601.2b: X is chosen as the spell is cast; the legal actions list each value
    the player can pay now (here three Mountains: X = 0, 1 or 2 for {X}{R})."""
    blast = CardData(name="Test Blast", set="TST", number="1", mana_cost="{X}{R}", type_line="Instant", text="")
    monkeypatch.setitem(data._extra_cards, blast.name, blast)
    behaviour.card_def.cache_clear()
    behaviour.is_implemented.cache_clear()
    try:
        g = make(Alice={"hand": ["Test Blast"], "battlefield": ["Mountain", "Mountain", "Mountain"]})
        casts = sorted(str(a) for a in g.legal_actions(ALICE) if a.verb == "cast")
        assert casts == ["cast Test Blast", "cast Test Blast x=1", "cast Test Blast x=2"]
        for text in casts:
            g.clone().apply(text, ALICE)
        with pytest.raises(IllegalActionError):
            g.apply("cast Test Blast x=3", ALICE)
    finally:
        behaviour.card_def.cache_clear()
        behaviour.is_implemented.cache_clear()
