"""SCENARIOS.md "A scenario cannot pass by accident": the runner checks only points the game
really reaches (state-based actions performed, no decision left open unless named), and a
check that could not fail is an error."""
from __future__ import annotations

from pathlib import Path

from engine import scenario
from engine.scenario_checks import ScenarioError, settled


def run(tmp: Path, text: str) -> scenario.Result:
    p = tmp / "s.toml"
    p.write_text('title = "t"\n' + text, encoding="utf-8")
    return scenario.run_file(p)


# Fear of Lost Teeth: "When this creature dies, it deals 1 damage to any target and you gain 1 life."
LETHAL_SETUP = '''[setup.Alice]
battlefield = ["Fear of Lost Teeth @f | damage=1"]
'''


def test_the_setup_itself_is_settled_before_the_first_check(tmp_path: Path) -> None:
    """A position that holds a state-based action: the creature dies before anything is
    read, and its trigger waits for a target (a decision, so it must be named)."""
    r = run(tmp_path, LETHAL_SETUP + '[expect]\n"@f.zone" = "graveyard"\npending = "Alice: targets"\n')
    assert r.ok, r.message


def test_a_decision_left_open_at_the_end_fails_unless_named(tmp_path: Path) -> None:
    r = run(tmp_path, LETHAL_SETUP + '[expect]\n"@f.zone" = "graveyard"\n')
    assert not r.ok
    assert 'pending = "Alice: targets"' in r.message
    # also when only a check in the middle names it
    r = run(tmp_path, LETHAL_SETUP + '[[do]]\ncheck = { "pending" = "Alice: targets" }\n')
    assert not r.ok and "[expect]: Alice still faces a decision" in r.message


def test_a_scenario_that_checks_nothing_fails(tmp_path: Path) -> None:
    r = run(tmp_path, '[[do]]\npass_until = "main2"\n[[do]]\ncheck = {}\n')
    assert not r.ok and "checks nothing" in r.message


def test_a_check_in_the_middle_of_a_decision_must_name_it(tmp_path: Path) -> None:
    body = LETHAL_SETUP + '[[do]]\ncheck = {{ {} "@f.zone" = "graveyard" }}\n' + \
        '[[do]]\nact = "Alice: choose Bob"\n[[do]]\npass_until = "stack empty"\n' + \
        '[expect]\n"Bob.life" = 19\n"Alice.life" = 21\n'
    assert not run(tmp_path, body.format("")).ok
    r = run(tmp_path, body.format('"pending" = "Alice: targets",'))
    assert r.ok, r.message


def test_pending_names_who_and_which_kind(tmp_path: Path) -> None:
    r = run(tmp_path, LETHAL_SETUP + '[expect]\npending = "Bob: targets"\n')
    assert not r.ok and "expected 'Bob: targets', got 'Alice: targets'" in r.message
    r = run(tmp_path, LETHAL_SETUP + '[expect]\npending = "Alice: ask"\n')
    assert not r.ok and "got 'Alice: targets'" in r.message
    r = run(tmp_path, LETHAL_SETUP + '[expect]\npending = "Alice targets"\n')
    assert not r.ok and 'write pending = "PLAYER: KIND"' in r.message
    r = run(tmp_path, '[expect]\npending = "Alice: priority"\n')
    assert r.ok, r.message


def test_checks_that_could_not_fail_are_errors(tmp_path: Path) -> None:
    setup = '[setup.Alice]\nbattlefield = ["Piggy Bank @pig"]\n[expect]\n'
    empty = run(tmp_path, setup + '"@pig.lacks" = []\n')
    assert not empty.ok and "checks nothing" in empty.message
    typo = run(tmp_path, setup + '"@pig.lacks" = ["flyng"]\n')
    assert not typo.ok and "not a keyword ability" in typo.message
    good = run(tmp_path, setup + '"@pig.lacks" = ["flying", "ward {2}"]\n')
    assert good.ok, good.message


def test_state_based_actions_left_undone_are_an_engine_error(tmp_path: Path) -> None:
    """Were the engine to give priority with a creature at lethal damage (a change that did
    not mark the state for a check), the runner says so instead of reading that state."""
    g = scenario.make_game({"setup": {"Alice": {"battlefield": ["Piggy Bank @pig"]}}})
    pig = g.st.battlefield[0]
    g.st.objects[pig].damage = 10  # behind the engine's back: no state-based action check
    g.dirty = False
    try:
        settled(g, {})
    except ScenarioError as exc:
        assert "state-based actions" in str(exc) and "Piggy Bank" in str(exc)
    else:
        raise AssertionError("a position with a state-based action due was read")
    assert g.st.objects[pig].zone == "battlefield"  # the check ran on a copy


def test_a_counter_kind_named_with_zero_means_absent(tmp_path: Path) -> None:
    """docs/scenarios.md: `REF.counters` "kinds absent = 0" — `{ "+1/+1" = 0 }` checks that
    the object has none of them, and fails when it has one."""
    none = run(tmp_path, '[setup.Alice]\nbattlefield = ["Piggy Bank @pig"]\n[expect]\n"@pig.counters" = { "+1/+1" = 0 }\n')
    assert none.ok, none.message
    one = run(tmp_path, '[setup.Alice]\nbattlefield = ["Piggy Bank @pig | counter:+1/+1=1"]\n'
                        '[expect]\n"@pig.counters" = { "+1/+1" = 0 }\n')
    assert not one.ok and "expected" in one.message


def test_an_alias_cast_another_way_is_refused_for_where_it_is(tmp_path: Path) -> None:
    """"cast @m with as_instant": the alias is not read as a card named "m with as_instant"
    ("with" belongs to a name only for names like Commune with Evil): a card in the graveyard
    is refused as not there, not as an unknown alias."""
    r = run(tmp_path, '[setup.Alice]\ngraveyard = ["Murder @m"]\nbattlefield = ["Swamp", "Swamp", "Swamp"]\n'
                      '[setup.Bob]\nbattlefield = ["Cult Healer"]\n'
                      '[[do]]\nrefuse = { act = "Alice: cast @m with as_instant -> Cult Healer", reason = "ref.not_here" }\n')
    assert r.ok, r.message
