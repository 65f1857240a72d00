"""engine/rules/effects.py ContinuousEffect: a continuous effect as the layering reads it —
its layer and sublayer (CR 613.1a-f, 613.4a-d), timestamp (613.7), and dependency (613.8a)
with the order 613.8b gives dependent effects. The games these decide are the scenarios'
(tests/scenarios/layers/); here the rules of ordering themselves."""
from __future__ import annotations

import pytest

from engine.rules.effects import (AppliesTo, ContinuousEffect, CostChange, Depends, Layer, SelfCostChange,
                                  in_dependency_order)
from engine.rules.rule_changes import RULE_CHANGES, ObjectRule, RuleChange, gain_life_bonus, gain_life_plus, rule_change
from engine.rules.permissions import ALT_FREE_ONCE, CAST, HAND, LIBRARY_TOP, PERMISSIONS, Permission
from engine.rules.static_ability import StaticAbility


def effect(layer: str, ts: int, reads: frozenset[str] = frozenset(), **change: object) -> ContinuousEffect:
    return ContinuousEffect.of_state({"layer": layer, "ids": [1], "ts": ts, **change}) if not reads else \
        ContinuousEffect(layer, [1], ts, reads=reads, **change)  # type: ignore[arg-type]


def test_layer_and_sublayer_are_read_from_the_description() -> None:
    pump = effect(Layer.PT_MODIFY, 5, power=1, toughness=1)
    assert (pump.number, pump.sublayer, pump.ts) == (7, "c", 5)
    assert pump.power == 1 and pump.add_kw is None
    flying = effect(Layer.ABILITY, 3, add_kw=["flying"])
    assert (flying.number, flying.sublayer) == (6, "")
    assert effect(Layer.PT_DEFINING, 1, power=2, toughness=2).cda  # 613.4a: characteristic-defining


def test_the_key_is_the_change_without_the_objects() -> None:
    a = ContinuousEffect.of_state({"layer": "7c", "ids": [1, 2], "ts": 4, "power": 1})
    b = ContinuousEffect(Layer.PT_MODIFY, [3], 4, power=1)
    assert a.key == b.key
    assert a.retimed(9).key != a.key and a.retimed(9).ts == 9
    assert a.key[3:] == tuple(getattr(a, n) for n in ("until", "own", "while_tapped", "values", "controller",
                                                       "set_types", "set_subtypes", "add_types", "add_subtypes",
                                                       "remove_types", "remove_subtypes", "set_colors", "add_colors",
                                                       "remove_all", "add_kw", "remove_kw", "add_abilities",
                                                       "gain_activated", "power", "toughness", "flags"))


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


def test_a_state_description_converts_exactly_or_raises() -> None:
    """The one conversion of GameState.effects: every key known, none dropped."""
    e = ContinuousEffect.of_state({"layer": "rules", "ids": [2], "ts": 1, "until": "eot", "flags": ["cant_block"]})
    assert e.flags == [ObjectRule.CANT_BLOCK] and e.until == "eot"
    ContinuousEffect.of_state({"layer": "rules", "ids": [], "ts": 1, "no_max_hand": 0})  # a player effect
    with pytest.raises(ValueError):
        ContinuousEffect.of_state({"layer": "7c", "ids": [1], "ts": 1, "powr": 1})
    with pytest.raises(ValueError):
        ContinuousEffect.of_state({"layer": "8", "ids": [1], "ts": 1})
    with pytest.raises(ValueError):
        ContinuousEffect(Layer.RULES, [1], 1, flags=["cant_fly"])
    assert ContinuousEffect(Layer.RULES, [1], 1, flags=["cant_be_blocked_by:subtype:Glimmer"]).flags == ["cant_be_blocked_by:subtype:Glimmer"]


def test_applying_one_changes_what_the_other_applies_to() -> None:
    """613.8a(b): "Creatures you control are Insects" depends on an effect that makes a
    permanent a creature or not; "Nonland permanents ... are enchantments" on one that makes it a
    land — not on one that adds another type; and an effect that sets the types (205.1a)
    changes every type an AppliesTo reads."""
    creatures = ContinuousEffect(Layer.TYPE, [1], 1, applies=AppliesTo(any_of=frozenset({"Creature"})),
                                 add_subtypes=["Insect"])
    nonland = ContinuousEffect(Layer.TYPE, [1], 2, applies=AppliesTo(none_of=frozenset({"Land"})),
                               add_types=["Enchantment"])
    forests = ContinuousEffect(Layer.TYPE, [1], 3, applies=AppliesTo(any_of=frozenset({"Creature"})),
                               add_types=["Land"], add_subtypes=["Forest"])
    becomes = ContinuousEffect(Layer.TYPE, [1], 4, set_types=["Creature"], set_subtypes=["Ninja"])
    assert creatures.depends_on(becomes) and forests.depends_on(becomes) and nonland.depends_on(becomes)
    assert nonland.depends_on(forests) and not forests.depends_on(nonland)
    assert not creatures.depends_on(nonland) and not creatures.depends_on(forests)
    assert not becomes.depends_on(creatures)
    # applied: the one that makes it a creature, then Forest lands, then enchantments,
    # whatever the timestamps (613.8b)
    order = in_dependency_order([creatures, nonland, forests, becomes])
    assert order.index(becomes) < order.index(forests) < order.index(nonland)
    assert order.index(becomes) < order.index(creatures)


def test_applies_to_reads_card_types() -> None:
    nonland = AppliesTo(none_of=frozenset({"Land"}))
    assert nonland.holds({"Creature"}) and not nonland.holds({"Creature", "Land"})
    both = AppliesTo(all_of=frozenset({"Enchantment", "Creature"}))
    assert both.holds({"Enchantment", "Creature"}) and not both.holds({"Creature"})
    assert nonland.reads == frozenset({"type:Land"})


def test_rule_changes_and_cost_changes_are_checked_where_data_names_them() -> None:
    assert rule_change("ignore_hexproof") == RuleChange.IGNORE_HEXPROOF
    assert gain_life_bonus(rule_change(gain_life_plus(2))) == 2
    with pytest.raises(ValueError):
        rule_change("ignore_hexproff")
    assert CostChange.of("Enchantment", 1).applies(frozenset({"Enchantment", "Creature"}), ())
    assert CostChange.of("subtype:Demon,Horror", 1).applies(frozenset({"Creature"}), ("Horror",))
    assert CostChange.of("unlock", 1).unlock and not CostChange.of("unlock", 1).applies(frozenset({"Enchantment"}), ())
    with pytest.raises(ValueError):
        CostChange.of("Enchantmnet", 1)


def test_a_spells_own_cost_reduction_is_read_from_its_data() -> None:
    """CR 601.2f: "costs {3} less if it targets a tapped creature", "{1} less for each ..."."""
    tapped = SelfCostChange(3, if_targets=lambda g, card, targets: bool(targets))
    assert (tapped.amount(None, None, []), tapped.amount(None, None, [{"obj": 1}])) == (0, 3)
    each = SelfCostChange(1, per=lambda g, card: 4, condition=lambda g, card: True)
    assert each.amount(None, None, []) == 4
    assert SelfCostChange(2, condition=lambda g, card: False).amount(None, None, []) == 0


def test_a_gated_static_ability_gives_nothing_while_its_gate_fails() -> None:
    """A leveler's band or a locked Room door (CR 710.2, 709.5): every part of the ability."""
    pump = ContinuousEffect(Layer.PT_MODIFY, [1], 1, power=1, toughness=1)
    ability = StaticAbility(lambda g, me: [pump], prevents=lambda g, me, ref: 2, controls=True)
    shut = ability.gated(lambda g, me: False)
    assert list(shut(None, None)) == [] and shut.prevents is not None  # type: ignore[arg-type]
    assert shut.prevents(None, None, {}) == 0 and shut.controls  # type: ignore[arg-type]
    assert list(ability.gated(lambda g, me: True)(None, None)) == [pump]  # type: ignore[arg-type]


def test_the_permissions_are_rule_changes_read_as_objects() -> None:
    assert set(PERMISSIONS) <= RULE_CHANGES
    assert PERMISSIONS[RuleChange.CAST_CREATURES_FROM_LIBRARY_TOP_COVEN] == \
        (Permission(CAST, LIBRARY_TOP, types=frozenset({"Creature"}), coven=True),)
    # an alternative cost (CR 118.9) is a permission too: "Once during each of your turns, you may
    # cast a spell from your hand or the top of your library without paying its mana cost."
    free_once = PERMISSIONS[RuleChange.FREE_CAST_ONCE_EACH_TURN]
    assert [(p.zone, p.alt, p.free, p.once_each_turn) for p in free_once] == \
        [(HAND, ALT_FREE_ONCE, True, True), (LIBRARY_TOP, ALT_FREE_ONCE, True, True)]
    assert all(p.alt and (p.cost or p.free or p.pay_life) for perms in PERMISSIONS.values() for p in perms
               if p.alt)
