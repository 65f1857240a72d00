"""engine/rules/effects.py ContinuousEffect: a continuous effect as the layering reads it —
its layer and sublayer (CR 613.1a-f, 613.4a-d), timestamp (613.7), and dependency (613.8a)
with the order 613.8b gives dependent effects. The games these decide are the scenarios'
(tests/scenarios/layers/); here the rules of ordering themselves."""
from __future__ import annotations

from engine.rules.effects import ContinuousEffect, Depends, Layer, in_dependency_order


def effect(layer: str, ts: int, reads: frozenset[str] = frozenset(), **change: object) -> ContinuousEffect:
    return ContinuousEffect({"layer": layer, "ids": [1], "ts": ts, **change}, reads=reads)


def test_layer_and_sublayer_are_read_from_the_description() -> None:
    pump = effect(Layer.PT_MODIFY, 5, power=1, toughness=1)
    assert (pump.number, pump.sublayer, pump.ts) == (7, "c", 5)
    assert pump.power == 1 and pump.add_kw is None
    flying = effect(Layer.ABILITY, 3, add_kw=["flying"])
    assert (flying.number, flying.sublayer) == (6, "")
    assert effect(Layer.PT_DEFINING, 1, power=2, toughness=2).cda  # 613.4a: characteristic-defining


def test_the_key_is_the_change_without_the_objects() -> None:
    a = ContinuousEffect({"layer": "7c", "ids": [1, 2], "ts": 4, "power": 1})
    b = ContinuousEffect({"layer": "7c", "ids": [3], "ts": 4, "power": 1})
    assert a.key == b.key


def test_dependency_needs_the_same_layer_and_something_the_other_changes() -> None:
    """613.8a: "has all activated abilities of ..." reads abilities; "loses all abilities"
    changes them in the same layer — a dependency. A keyword given changes no activated
    ability, and an effect of another layer is never depended on."""
    gains = effect(Layer.ABILITY, 1, reads=frozenset({Depends.ABILITIES}), gain_activated=[("a card", False, (0,))])
    loses = effect(Layer.ABILITY, 2, remove_all=True)
    assert gains.depends_on(loses) and not loses.depends_on(gains)
    assert not gains.depends_on(effect(Layer.ABILITY, 2, add_kw=["flying"]))
    assert not gains.depends_on(effect(Layer.PT_SET, 2, power=1, toughness=1))


def test_a_dependent_effect_applies_after_those_it_depends_on_whatever_the_timestamps() -> None:
    """613.8b: the dependent effect (earlier timestamp) applies after the one it depends on;
    independent ones keep timestamp order."""
    gains = effect(Layer.ABILITY, 1, reads=frozenset({Depends.ABILITIES}), gain_activated=[("a card", False, (0,))])
    flying = effect(Layer.ABILITY, 2, add_kw=["flying"])
    loses = effect(Layer.ABILITY, 3, remove_all=True)
    pump = effect(Layer.PT_MODIFY, 0, power=1, toughness=1)
    assert in_dependency_order([gains, flying, loses, pump]) == [flying, loses, gains, pump]


def test_a_dependency_loop_applies_in_timestamp_order() -> None:
    """613.8b: effects that depend on each other are applied in timestamp order."""
    first = effect(Layer.ABILITY, 1, reads=frozenset({Depends.ABILITIES}), gain_activated=[("a card", False, (0,))])
    second = effect(Layer.ABILITY, 2, reads=frozenset({Depends.ABILITIES}), gain_activated=[("a card", False, (0,))])
    assert first.depends_on(second) and second.depends_on(first)
    assert in_dependency_order([first, second]) == [first, second]
