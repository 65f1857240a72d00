"""Phyrexian mana (CR 107.4f): how each {G/P} is paid — with its colour or with 2 life — is part
of the cast action (CR 601.2b), listed exactly when it can be paid (CR 119.4: no more life than
the player has)."""

from engine.actions import Action
from engine.config import GameConfig
from engine.game import Game
from engine.rules.announce import paused_action, resumed_action
from engine.rules.mana import parse_cost


def _casts(battlefield: list[str], life: int) -> list[str]:
    setup = {"Alice": {"battlefield": battlefield, "hand": ["Noxious Revival"], "graveyard": ["Cult Healer"],
                       "library": ["Forest"] * 5, "life": life},
             "Bob": {"library": ["Forest"] * 5}}
    g = Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="rules", setup=setup))
    return sorted(a.text for a in g.legal_actions(0) if a.verb == "cast")


def test_both_ways_are_listed_when_both_can_be_paid() -> None:
    assert _casts(["Forest"], 20) == ["cast Noxious Revival -> Cult Healer",
                                      "cast Noxious Revival life=G -> Cult Healer"]


def test_life_is_offered_only_with_enough_life() -> None:
    assert _casts(["Forest"], 1) == ["cast Noxious Revival -> Cult Healer"]
    assert _casts(["Island"], 2) == ["cast Noxious Revival life=G -> Cult Healer"]
    assert _casts(["Island"], 1) == []


def test_every_listed_way_applies_and_costs_what_it_says() -> None:
    setup = {"Alice": {"battlefield": ["Forest"], "hand": ["Noxious Revival"], "graveyard": ["Cult Healer"],
                       "library": ["Forest"] * 5},
             "Bob": {"library": ["Forest"] * 5}}
    g = Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="rules", setup=setup))
    for act in [a for a in g.legal_actions(0) if a.verb == "cast"]:
        copy = g.clone()
        copy.apply(act.text, 0)
        me = copy.st.players[0]
        paid_life = "life=G" in act.text
        assert me.life == (18 if paid_life else 20)
        assert copy.st.objects[next(o for o in copy.st.battlefield)].tapped is not paid_life


def test_a_phyrexian_cost_counts_its_symbol_once_and_prints_as_written() -> None:
    cost = parse_cost("{1}{G/P}{G/P}{U}")
    assert cost.mana_value == 4 and str(cost) == "{1}{G/P}{G/P}{U}"
    assert cost.life_ways() == [(), ("G",), ("G", "G")]
    assert str(cost.life_paid(("G",))) == "{1}{G/P}{U}" and str(cost.life_paid(("G", "G"))) == "{1}{U}"


def test_a_cast_paused_for_a_cost_decision_keeps_its_phyrexian_choice() -> None:
    a = Action(0, "cast", 5, (("o", 7),), "", "", None, (), 0, (), ("G",), (3,))
    assert resumed_action(0, paused_action(a)) == a
    assert resumed_action(0, paused_action(a)[:9]).choice == ()  # (a game saved before kept none)
