"""engine/rules/resolved.py: the effects of resolved spells and abilities (CR 611.2) read as
typed objects — written by GameBase.add_effect, kept in the state as plain JSON data (the
shape saved games and undo always had), read back by one checked conversion that raises for
anything no rule reads. The games these decide are the scenarios' (Choose Your Champion,
Power Without Equal, a "gain control until end of turn" ...); here the conversion itself."""
from __future__ import annotations

import json
import pathlib
import re
from typing import Any

import pytest

from engine.config import GameConfig
from engine.game import Game
from engine.rules.effects import Layer
from engine.rules.rule_changes import RuleChange
from engine.rules.permissions import CardPermission, card_permissions, of_card
from engine.rules.resolved import ControlBack, DamageBonus, PreventionShield, ResolvedEffect, resolved
from engine.state import State

ALICE, BOB = 0, 1


def engine_lines(touch: "re.Pattern[str]", allowed: set[str]) -> list[str]:
    """The lines of engine/ that `touch` finds, outside the modules `allowed` (paths below engine/)."""
    root = pathlib.Path(__file__).resolve().parents[2] / "engine"
    return [f"{path.relative_to(root)}:{n}" for path in sorted(root.rglob("*.py"))
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if touch.search(line) and str(path.relative_to(root)) not in allowed]


def make() -> Game:
    return Game(GameConfig(mode="rules", setup={
        "Alice": {"library": ["Plains"] * 3, "battlefield": ["Friendly Teddy"]},
        "Bob": {"library": ["Island"] * 3}}))


def test_typed_parts_are_kept_as_json_data_and_read_back_typed() -> None:
    g = make()
    bear = g.st.battlefield[0]
    g.add_effect("rules", [], control_back=ControlBack(bear, ALICE))
    g.add_effect("rules", [], damage_plus=DamageBonus(BOB, 2, "Some Card"))
    g.add_effect("rules", [], prevent_damage=PreventionShield("Other Card", ALICE, combat=True, to_player=ALICE))
    g.add_effect("rules", [], until="game", cant_gain_life=BOB)
    g.add_effect("rules", [], until=f"your_next_turn:{ALICE}", card="A Card", only_players=[ALICE])
    g.add_effect(Layer.PT_MODIFY, [bear], power=1, toughness=1)
    # the state's shape: plain dicts, as saved games and undo keep them
    assert g.st.effects[0]["control_back"] == {"obj": bear, "to": ALICE}
    assert g.st.effects[1]["damage_plus"] == {"player": BOB, "n": 2, "name": "Some Card"}
    again = State.from_dict(json.loads(json.dumps(g.st.to_dict())))
    assert again.effects == g.st.effects
    typed = [ResolvedEffect.of_state(d) for d in again.effects]
    assert typed[0].control_back == ControlBack(bear, ALICE)
    assert typed[1].damage_plus == DamageBonus(BOB, 2, "Some Card")
    assert typed[2].prevent_damage == PreventionShield("Other Card", ALICE, True, ALICE, "", "")
    assert typed[3].cant_gain_life == BOB and typed[3].until == "game"
    assert typed[4].only_players == (ALICE,) and typed[4].card == "A Card"
    assert typed[5].layer == Layer.PT_MODIFY and typed[5].change.power == 1 and typed[5].ids == [bear]
    assert [e.desc for e in resolved(g)] == g.st.effects


@pytest.mark.parametrize("desc", [
    {"layer": "rules", "ids": [], "ts": 1, "no_max_hnd": 0},                     # an unknown key
    {"layer": "rules", "ids": [], "ts": 1, "control_back": {"obj": 1, "too": 0}},  # an unknown field
    {"layer": "rules", "ids": [], "ts": 1, "control_back": {"obj": 1}},            # a missing field
    {"layer": "rules", "ids": [], "ts": 1, "damage_plus": [0, 1, "x"]},            # not a record
    {"layer": "rules", "ids": [], "ts": 1, "cant_gain_life": "Bob"},               # not a player
    {"layer": "rules", "ids": [], "ts": 1, "only_players": 0},                     # not a list of players
    {"layer": "9", "ids": [], "ts": 1},                                            # no such layer
])
def test_a_description_no_rule_reads_raises(desc: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        ResolvedEffect.of_state(desc)


def test_add_effect_refuses_what_no_rule_would_read() -> None:
    g = make()
    with pytest.raises(ValueError):
        g.add_effect("rules", [], prevent_damage={"name": "X", "controller": 0, "shield": 3})
    assert g.st.effects == []


def test_an_effect_until_end_of_turn_gives_control_back_as_it_ends() -> None:
    """CR 514.2, 611.2a: "gain control of ... until end of turn" ends in the cleanup step."""
    g = make()
    bear = g.st.battlefield[0]
    g.st.objects[bear].controller = BOB
    g.add_effect("rules", [], control_back=ControlBack(bear, ALICE))
    g.add_effect("rules", [], until="game", cant_gain_life=BOB)
    g.end_effects("eot")
    assert g.st.objects[bear].controller == ALICE
    assert [e.cant_gain_life for e in resolved(g)] == [BOB]


def test_no_module_reads_the_state_effects_but_the_conversions() -> None:
    """Issue #24: GameState.effects is read through ResolvedEffect (engine/rules/resolved.py) or
    ContinuousEffect (engine/rules/layering.py resolved_effects), written by game_effects.py only
    (game_choices.py compares the list by identity and length: may_need_choices)."""
    allowed = {"game_effects.py", "game_choices.py", "rules/resolved.py", "rules/layering.py"}
    assert engine_lines(re.compile(r"st\.effects"), allowed) == []


def test_a_permission_to_play_one_card_is_read_back_typed_or_raises() -> None:
    """GameState.may_play (CR 601.2a): written by allow_play as plain data, read as
    engine/rules/permissions.py CardPermission objects; an unknown term is refused."""
    g = make()
    g.allow_play(7, ALICE, -1, your_turn=True, source=3, rule=RuleChange.PLAY_EXILED_WITH_THIS)
    g.allow_play(8, BOB, 2, cast_only=True, types=["Artifact", "Creature"], free=True, per_type=11)
    assert g.st.may_play[1] == {"obj": 8, "player": BOB, "until_turn": 2, "cast_only": True,
                                "types": ["Artifact", "Creature"], "free": True, "per_type": 11}
    again = State.from_dict(json.loads(json.dumps(g.st.to_dict())))
    assert [CardPermission.of_state(d) for d in again.may_play] == card_permissions(g)
    first, second = card_permissions(g)
    assert first.your_turn and first.source == 3 and first.rule == RuleChange.PLAY_EXILED_WITH_THIS
    assert second.types == ("Artifact", "Creature") and second.free and of_card(g, 8, ALICE) == []
    g.end_play_permissions(lambda perm: perm.until_turn == 2)
    assert card_permissions(g) == [first]
    for bad in ({"obj": 1, "player": 0, "until_turn": 1, "fre": True}, {"obj": 1, "player": 0},
                {"obj": 1, "player": "Bob", "until_turn": 1}, {"obj": 1, "player": 0, "until_turn": 1, "rule": "x"}):
        with pytest.raises(ValueError):
            CardPermission.of_state(bad)
    with pytest.raises(ValueError):
        g.allow_play(9, ALICE, -1, pay_lif=True)


def test_no_module_reads_the_play_permissions_but_the_conversion() -> None:
    """GameState.may_play is iterated, indexed or written only by engine/rules/permissions.py
    (CardPermission) and game_effects.py (allow_play, end_play_permissions); elsewhere only asked
    whether there is any (a fast path)."""
    touch = re.compile(r"st\.may_play\s*(\.|\[|=[^=])|in\s+(g\.)?st\.may_play")
    assert engine_lines(touch, {"game_effects.py", "rules/permissions.py"}) == []
