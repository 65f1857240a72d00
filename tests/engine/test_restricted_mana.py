"""Restricted mana (CR 106.6), one mechanism: `spend_only` purposes on the mana (ability,
Source, pool entry) and `purposes` on the payment (engine/rules/mana.py, payment.plan,
payment.can_pay); the legal actions list exactly what applies."""
from __future__ import annotations

from typing import Any

from engine.config import GameConfig
from engine.game import Game
from engine.rules import costs, payment
from engine.rules.mana import FACE_UP, NO_PURPOSES, UNLOCK, may_spend, parse_cost, pool_key, usable_pool
from engine.scenario_checks import find_ref

ALICE = 0


def make(**setup: Any) -> Game:
    setup.setdefault("Alice", {}).setdefault("library", ["Plains"] * 3)
    setup.setdefault("Bob", {}).setdefault("library", ["Island"] * 3)
    return Game(GameConfig(mode="rules", setup=setup))


def every_listed_action_applies(g: Game) -> None:
    for a in g.legal_actions(ALICE):
        g.apply(a)
        g.undo()


def test_purposes_meet() -> None:
    assert may_spend((), NO_PURPOSES)
    assert may_spend(("room", "unlock"), UNLOCK)
    assert not may_spend(("room", "unlock"), NO_PURPOSES)
    assert not may_spend(("face_up",), frozenset({"spell", "enchantment"}))
    assert pool_key("R", ("unlock", "room")) == "R:room,unlock"
    pool = {"R:room,unlock": 2, "G": 1}
    assert usable_pool(pool, UNLOCK) == {"R": 2, "G": 1}
    assert usable_pool(pool, frozenset({"spell", "creature"})) == {"G": 1}


def test_pool_mana_pays_only_for_its_purposes() -> None:
    g = make(Alice={"hand": ["Insidious Fungus"], "battlefield": ["Overgrown Zealot | tapped"]})
    g.st.players[ALICE].mana["G:room,unlock"] = 1
    fungus = g.st.players[ALICE].hand[0]
    assert not payment.can_pay(g, ALICE, "{G}", costs.spell_purposes(g, fungus))
    assert payment.can_pay(g, ALICE, "{G}", UNLOCK)
    assert not any(a.verb == "cast" for a in g.legal_actions(ALICE))


def test_zealot_two_mana_only_for_turning_face_up() -> None:
    """Overgrown Zealot's "two mana of any one color" pays for turning a permanent face up
    (Wary Watchdog, {1}{G}) and for nothing else (CR 106.6); every listed action applies."""
    g = make(Alice={"hand": ["Flesh Burrower"],
                    "battlefield": ["Overgrown Zealot @z", "Wary Watchdog @fd | face_down"]})
    assert payment.can_pay(g, ALICE, parse_cost("{1}{G}"), FACE_UP)
    assert not payment.can_pay(g, ALICE, parse_cost("{1}{G}"), NO_PURPOSES)
    assert not any(a.verb == "cast" for a in g.legal_actions(ALICE))  # not for Flesh Burrower
    assert any(a.verb == "turn face up" for a in g.legal_actions(ALICE))
    every_listed_action_applies(g)
    g.apply("turn face up @fd", ALICE)
    assert not g.st.objects[find_ref(g, "@fd")].face_down
    assert g.st.objects[find_ref(g, "@z")].tapped


def test_mana_an_ability_makes_beyond_the_cost_keeps_its_restriction() -> None:
    """The mana a restricted ability makes that the cost doesn't take stays in the pool, still
    only for its purposes (CR 106.4, 106.6)."""
    g = make(Alice={"battlefield": ["Overgrown Zealot @z"]})
    z = find_ref(g, "@z")
    payment.execute_payment(g, ALICE, payment.Payment({}, [(z, "G")], {z: 1}))
    assert g.st.players[ALICE].mana == {"G:face_up": 1}
    assert g.st.objects[z].tapped
    assert not payment.can_pay(g, ALICE, "{G}")
    assert payment.can_pay(g, ALICE, "{G}", FACE_UP)
