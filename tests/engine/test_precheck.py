"""engine/rules/precheck.py: a field the verb does not take is refused before anything changes
("{verb} takes no {field} here"), each field of each verb — the verb's untaken fields are read
at once and looked at one by one only when one is set, so each one is tried alone here."""
from __future__ import annotations

from typing import Any

import pytest

from engine.actions import Action, ActionSyntaxError
from engine.config import GameConfig
from engine.game import Game
from engine.rules.precheck import _ALLOWED, _FIELDS, _extra_field

# a value other than the default for each field an Action has
SET: dict[str, Any] = {"obj": 5, "targets": (("p", 1),), "face": "Door", "alt": "flashback", "x": 2,
                       "modes": (1,), "ability": 2, "pairs": ((5, ("p", 1)),), "choice": ("Island",),
                       "pay": (7,), "args": ("done",)}


@pytest.mark.parametrize("verb", sorted(_ALLOWED))
def test_each_untaken_field_is_named(verb: str) -> None:
    for field in _FIELDS:
        a = Action(0, verb, **{field: SET[field]})
        if field in _ALLOWED[verb]:
            assert _extra_field(a) in (None, "targets", "x", "pay", "choice")  # (activate's own rules below)
        else:
            assert _extra_field(a) == field, (verb, field)


def test_allowed_fields_alone_pass() -> None:
    for verb, allowed in _ALLOWED.items():
        if verb == "activate":
            continue
        assert _extra_field(Action(0, verb, **{f: SET[f] for f in allowed})) is None, verb


def test_x_zero_is_no_x() -> None:
    # `x=0` is the plain cast (CR 107.3): not a field set, for a verb that takes no X either
    assert _extra_field(Action(0, "play", obj=5, x=0)) is None
    assert _extra_field(Action(0, "play", obj=5, x=0, face="Door")) == "face"


def test_activate_mana_ability_takes_no_targets_x_or_pay() -> None:
    # CR 605.3: a mana ability (ability 0) just adds mana; a choice of colour is its one field
    assert _extra_field(Action(0, "activate", obj=5, choice=("G",))) is None
    assert _extra_field(Action(0, "activate", obj=5, targets=(("p", 1),))) == "targets"
    assert _extra_field(Action(0, "activate", obj=5, x=2)) == "x"
    assert _extra_field(Action(0, "activate", obj=5, pay=(7,))) == "pay"
    assert _extra_field(Action(0, "activate", obj=5, ability=1, choice=("G",))) == "choice"
    assert _extra_field(Action(0, "activate", obj=5, ability=1, targets=(("p", 1),), x=2, pay=(7,))) is None


def test_game_refuses_before_anything_changes() -> None:
    g = Game(GameConfig(setup={"Alice": {"library": ["Plains"] * 3}, "Bob": {"library": ["Island"] * 3}}))
    p = g.pending.player if g.pending is not None else 0
    before = g.dump()
    with pytest.raises(ActionSyntaxError) as err:
        g.apply(Action(p, "pass", obj=1, text="pass"))
    assert err.value.key == "action.extra_field" and err.value.params == {"verb": "pass", "field": "obj"}
    assert g.dump() == before
