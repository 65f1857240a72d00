"""engine/rules/resolved_replacements.py: the replacement effects of resolved spells and
abilities (CR 614.1) read as typed records — written by GameBase.add_replacement, kept in the
state as the plain JSON data saved games and undo always had, read back by one checked
conversion that raises for anything no rule reads. The games these decide are the scenarios'
(Null Champion's regeneration, Scorching Dragonfire, Forgotten Cellar ...); here the conversion,
a game saved before it existed, and undo."""
from __future__ import annotations

import json
import pathlib
import re
from typing import Any

import pytest

from engine.game import Game
from engine.rules import sba
from engine.rules.resolved_replacements import (ExileIfDies, GraveyardExile, RegenerationShield, describe, of_state,
                                                 replacements)
from engine.savefile import read_save
from engine.scenario import do_pass_until
from engine.state import State
from tests.engine.test_resolved_effects import engine_lines, make

ALICE, BOB = 0, 1
ROOT = pathlib.Path(__file__).resolve().parents[2]
# a game saved by main at 2a5c113, before the records: Bob unlocked Forgotten Cellar, gave his
# Null Champion two regeneration shields and cast Scorching Dragonfire at Alice's Null Champion
SAVED = ROOT / "tests" / "fixtures" / "games" / "replacements_main.manatable.json"


def test_each_kind_is_kept_as_json_data_and_read_back_typed() -> None:
    g = make()
    teddy = g.st.battlefield[0]
    made = [RegenerationShield(obj=teddy, source="Null Champion"), ExileIfDies(obj=teddy, source="Scorching Dragonfire"),
            GraveyardExile(player=BOB, source="Forgotten Cellar")]
    for rep in made:
        g.add_replacement(rep)
    # the state's shape: the plain dicts saved games always had
    assert g.st.replacements[0] == {"kind": "regenerate", "obj": teddy, "source": "Null Champion", "until": "eot"}
    assert g.st.replacements[2] == {"kind": "graveyard_exile", "player": BOB, "source": "Forgotten Cellar",
                                    "until": "eot"}
    again = State.from_dict(json.loads(json.dumps(g.st.to_dict())))
    assert [of_state(d) for d in again.replacements] == replacements(g) == made
    assert [describe(r) for r in made] == g.st.replacements


@pytest.mark.parametrize("desc", [
    {"kind": "regenerates", "obj": 1, "source": "X", "until": "eot"},             # no such kind
    {"obj": 1, "source": "X", "until": "eot"},                                     # no kind
    {"kind": "regenerate", "obj": 1, "source": "X", "until": "eot", "twice": 1},   # an unknown field
    {"kind": "regenerate", "source": "X", "until": "eot"},                         # a missing field
    {"kind": "dies_exile", "obj": "Bear", "source": "X", "until": "eot"},          # not an object
    {"kind": "graveyard_exile", "obj": 1, "source": "X", "until": "eot"},          # another kind's field
    {"kind": "graveyard_exile", "player": True, "source": "X", "until": "eot"},    # not a player
    ["regenerate", 1, "X", "eot"],                                                 # not a record
])
def test_a_description_no_rule_reads_raises(desc: Any) -> None:
    with pytest.raises(ValueError):
        of_state(desc)


def test_add_replacement_refuses_what_no_rule_would_read() -> None:
    g = make()
    with pytest.raises(ValueError):
        g.add_replacement(RegenerationShield(obj="Teddy", source="Null Champion"))  # type: ignore[arg-type]
    assert g.st.replacements == []


def test_a_destruction_uses_up_one_of_two_shields() -> None:
    """CR 701.19a: each shield replaces one destruction; two equal shields are two."""
    g = make()
    teddy = g.st.battlefield[0]
    shield, cellar = RegenerationShield(obj=teddy, source="Null Champion"), GraveyardExile(player=BOB, source="X")
    for rep in (shield, shield, cellar):
        g.add_replacement(rep)
    assert sba.destroy(g, teddy) == teddy and g.st.objects[teddy].tapped
    assert replacements(g) == [shield, cellar]
    g.end_effects("eot")  # CR 514.2: the rest end in the cleanup step
    assert g.st.replacements == []


def test_a_game_saved_before_the_records_loads_plays_on_and_undoes() -> None:
    """The old save replays to the very state it stored (Game.from_json compares them), its
    replacement effects read back typed; undo takes one away and the same action brings it back;
    the cleanup step ends them all (CR 514.2)."""
    g = Game.from_json(read_save(SAVED))
    bob_champion = next(o for o in g.st.battlefield if g.st.objects[o].name == "Null Champion")
    alice_champion = g.st.replacements[-1]["obj"]  # (exiled by Dragonfire's "exile it instead": a new object)
    # Alice's Null Champion by Dragonfire's effect, Dragonfire itself by Forgotten Cellar's
    assert alice_champion not in g.st.objects and sorted(
        o.name for o in g.st.objects.values() if o.zone == "exile") == ["Null Champion", "Scorching Dragonfire"]
    shield = RegenerationShield(obj=bob_champion, source="Null Champion")
    assert replacements(g) == [GraveyardExile(player=BOB, source="Forgotten Cellar"), shield, shield,
                               ExileIfDies(obj=alice_champion, source="Scorching Dragonfire")]
    saved = g.st.to_dict()
    undone = [g.undo() for _ in range(3)]  # pass, pass, cast Scorching Dragonfire
    assert undone[-1].text.startswith("cast Scorching Dragonfire")
    assert len(replacements(g)) == 3 and not any(isinstance(r, ExileIfDies) for r in replacements(g))
    for act in reversed(undone):
        g.apply(act)
    assert g.st.to_dict() == saved and len(replacements(g)) == 4
    do_pass_until(g, "main1")
    assert g.st.active == ALICE and replacements(g) == [] and g.st.replacements == []


def test_no_module_reads_the_state_replacements_but_the_conversion() -> None:
    """Issue #24: GameState.replacements is read through engine/rules/resolved_replacements.py,
    written by game_effects.py (add_replacement, end_replacements) only (game_choices.py compares the
    list by identity and length: may_need_choices)."""
    allowed = {"game_effects.py", "game_choices.py", "rules/resolved_replacements.py"}
    assert engine_lines(re.compile(r"st\.replacements\b"), allowed) == []
