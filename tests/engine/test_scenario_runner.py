"""engine/scenario.py: the runner's own behaviour (SCENARIOS.md) — refusals, the log of a
failing scenario, and hostile files (issue #7): each bad file is one failing scenario with
a message, and the batch goes on."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from engine import scenario
from engine.actions import ActionError
from engine.messages import sentence
from tests.special_files import fifo, link_to_dev_zero

GOOD = '''title = "good"
[setup.Alice]
battlefield = ["Piggy Bank @pig"]
[[do]]
check = { "@pig.zone" = "battlefield" }
'''


def write(tmp: Path, name: str, text: str | bytes) -> Path:
    p = tmp / name
    p.write_bytes(text if isinstance(text, bytes) else text.encode())
    return p


def hostile_files(tmp: Path) -> list[Path]:
    files = [
        write(tmp, "deep_arrays.toml", 'title = "x"\nsetup = { players = ' + "[" * 5000 + "]" * 5000 + " }\n"),
        write(tmp, "deep_tables.toml", 'title = "x"\nx = ' + "{ a = " * 3000 + "1" + " }" * 3000 + "\n"),
        write(tmp, "inf_seed.toml", 'title = "x"\n[setup]\nseed = inf\n'),
        write(tmp, "nan_life.toml", 'title = "x"\n[setup.Alice]\nlife = nan\n'),
        write(tmp, "float_life.toml", 'title = "x"\n[setup.Alice]\nlife = 1e308\n'),
        write(tmp, "huge_int.toml", 'title = "x"\n[setup]\nturn = 9223372036854775807\n'),
        write(tmp, "huge_counter.toml", 'title = "x"\n[setup.Alice]\nbattlefield = ["Piggy Bank | counter:+1/+1='
              + "9" * 5000 + '"]\n'),
        write(tmp, "players_int.toml", 'title = "x"\n[setup]\nplayers = 5\n'),
        write(tmp, "players_nested.toml", 'title = "x"\n[setup]\nplayers = [["Alice"], ["Bob"]]\n'),
        write(tmp, "zone_string.toml", 'title = "x"\n[setup.Alice]\nhand = "Murder"\n'),
        write(tmp, "zone_ints.toml", 'title = "x"\n[setup.Alice]\nhand = [1, 2]\n'),
        write(tmp, "life_string.toml", 'title = "x"\n[setup.Alice]\nlife = "lots"\n'),
        write(tmp, "unknown_key.toml", 'title = "x"\nfoo = 1\n'),
        write(tmp, "unknown_setup_key.toml", 'title = "x"\n[setup]\nfoo = 1\n'),
        write(tmp, "do_table.toml", 'title = "x"\ndo = { act = "Alice: pass" }\n'),
        write(tmp, "do_ints.toml", 'title = "x"\ndo = [1, 2]\n'),
        write(tmp, "act_int.toml", 'title = "x"\n[[do]]\nact = 3\n'),
        write(tmp, "pass_until_list.toml", 'title = "x"\n[[do]]\npass_until = ["main2"]\n'),
        write(tmp, "check_list.toml", 'title = "x"\n[[do]]\ncheck = [1]\n'),
        write(tmp, "expect_weird.toml", 'title = "x"\n[expect]\n"Alice.life" = { a = 1 }\n"turn" = []\n'),
        write(tmp, "refuse_table.toml", 'title = "x"\n[[do]]\nrefuse = { act = 1, why = 2 }\n'),
        write(tmp, "title_int.toml", "title = 5\n"),
        write(tmp, "no_title.toml", "[setup]\n"),
        write(tmp, "latin1.toml", b'title = "caf\xe9"\n'),
        write(tmp, "binary.toml", bytes(range(256)) * 4),
        write(tmp, "broken.toml", 'title = "x\n[[[\n'),
        write(tmp, "datetime.toml", 'title = "x"\n[setup]\nseed = 1979-05-27T07:32:00Z\n'),
        write(tmp, "long_name.toml", 'title = "x"\n[setup.Alice]\nhand = ["' + "A" * 100_000 + '"]\n'),
        write(tmp, "big.toml", 'title = "x"\n# ' + "x" * (scenario.MAX_BYTES + 10) + "\n"),
        write(tmp, "dotted_key.toml", 'title = "x"\n' + ".".join(["a"] * 100_000) + " = 1\n"),
        write(tmp, "dotted_header.toml", 'title = "x"\n[' + ".".join(["a"] * 100_000) + "]\n"),
        write(tmp, "digits.toml", 'title = "x"\nx = ' + "9" * 5000 + "\n"),
        write(tmp, "hex.toml", 'title = "x"\nx = 0x' + "f" * 50_000 + "\n"),
        write(tmp, "many_steps.toml", 'title = "x"\n' + '[[do]]\ncheck = {}\n' * 3000),
        write(tmp, "many_values.toml", 'title = "x"\ntags = [' + ", ".join(["1"] * 50_000) + "]\n"),
    ]
    if hasattr(os, "mkfifo"):
        files.append(fifo(tmp / "fifo.toml"))
    files.append(link_to_dev_zero(tmp / "zero.toml"))
    files.append(tmp / "missing.toml")
    (tmp / "dir.toml").mkdir()
    files.append(tmp / "dir.toml")
    return files


def test_every_hostile_file_is_one_failing_scenario_with_a_message(tmp_path: Path) -> None:
    files = hostile_files(tmp_path)
    for path in files:
        r = scenario.run_file(path)  # (a hang would stop the suite; no clock is read here)
        assert not r.ok, path.name
        assert r.message and "Traceback" not in r.message, path.name


def test_the_batch_goes_on_after_bad_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad"
    bad.mkdir()
    hostile_files(bad)
    write(tmp_path, "zz_good.toml", GOOD)
    rc = scenario.main([str(tmp_path)])
    out = capsys.readouterr().out
    assert rc == 1
    assert "PASS good" in out
    last = out.strip().splitlines()[-1]
    assert last.startswith("1 passed,") and "failed" in last


def test_deep_nesting_is_refused_before_the_parser(tmp_path: Path) -> None:
    limit = sys.getrecursionlimit()
    p = write(tmp_path, "deep.toml", 'title = "x"\nx = ' + "[" * (limit * 3) + "]" * (limit * 3) + "\n")
    r = scenario.run_file(p)
    assert not r.ok and "nested" in r.message


def test_a_failing_scenario_prints_its_game_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = write(tmp_path, "fail.toml", '''title = "fails"
[setup.Alice]
battlefield = ["Piggy Bank @pig"]
library = ["Plains"]
[setup.Bob]
battlefield = ["Friendly Teddy @t"]
library = ["Island"]
[[do]]
pass_until = "declare_attackers"
[[do]]
act = "Alice: attack @pig -> Bob"
[[do]]
pass_until = "declare_blockers"
[[do]]
act = "Bob: block @t -> @pig"
[[do]]
pass_until = "main2"
[[do]]
check = { "Bob.life" = 5 }
''')
    assert scenario.main([str(p)]) == 1
    out = capsys.readouterr().out
    assert "Piggy Bank deals 3 damage to Friendly Teddy." in out
    assert "Friendly Teddy deals 2 damage to Piggy Bank." in out


def test_the_log_says_each_act_in_the_canonical_text_and_no_raw_key(capsys: pytest.CaptureFixture[str]) -> None:
    """A commander cast from the command zone: the act as SCENARIOS.md writes it, then what it
    did; the card's move to the stack is no line of its own (it printed "zone_change")."""
    path = Path(__file__).parents[1] / "scenarios" / "commander" / "tax_second_cast.toml"
    assert scenario.main([str(path), "--verbose"]) == 0
    lines = [line.strip() for line in capsys.readouterr().out.splitlines()]
    cast = lines.index('act = "Alice: cast Aminatou, Veil Piercer"')
    assert lines[cast + 1].startswith("Alice casts their commander Aminatou, Veil Piercer from the command zone")
    assert 'act = "Alice: play Plains"' in lines
    assert "zone_change" not in lines


def test_refuse_fails_when_the_player_is_not_deciding(tmp_path: Path) -> None:
    p = write(tmp_path, "r.toml", 'title = "r"\n[[do]]\nrefuse = "Bob: pass"\n')
    r = scenario.run_file(p)
    assert not r.ok and "not Bob's decision" in r.message


def test_refuse_checks_the_reason_key(tmp_path: Path) -> None:
    body = 'title = "r"\n[setup.Alice]\nhand = ["Murder"]\n[[do]]\nrefuse = {{ act = "Alice: cast Murder", reason = "{}" }}\n'

    wrong = scenario.run_file(write(tmp_path, "wrong.toml", body.format("nope")))
    assert not wrong.ok and "expected 'nope'" in wrong.message
    key = wrong.message.split("refused with reason '")[1].split("'")[0]
    right = scenario.run_file(write(tmp_path, "right.toml", body.format(key)))
    assert right.ok, right.message


def test_a_refusal_only_for_an_ambiguous_name_fails_the_scenario(tmp_path: Path) -> None:
    """A refuse step the engine refuses because its name fits two objects that differ proves
    nothing about the rule: the scenario fails, naming the ambiguity; with the reason key
    `ref.ambiguous` the ambiguity itself is what the step checks."""
    body = ('title = "r"\n[setup.Alice]\nhand = ["Murder"]\nbattlefield = ["Swamp", "Swamp", "Swamp"]\n'
            '[setup.Bob]\nbattlefield = ["Friendly Teddy", "Friendly Teddy | tapped"]\n[[do]]\nrefuse = {}\n')
    plain = scenario.run_file(write(tmp_path, "plain.toml", body.format('"Alice: cast Murder -> Friendly Teddy"')))
    assert not plain.ok and "refused only because a name is ambiguous" in plain.message
    said = scenario.run_file(write(tmp_path, "said.toml", body.format(
        '{ act = "Alice: cast Murder -> Friendly Teddy", reason = "ref.ambiguous" }')))
    assert said.ok, said.message


def test_a_refusal_only_for_an_unreadable_text_fails_the_scenario(tmp_path: Path) -> None:
    """A refuse step the engine refuses because it cannot read the text (a typo in a card's name:
    no object of the game has it) proves nothing about the rule: the scenario fails and says so; with the refusal's reason key
    the text itself is what the step checks."""
    body = ('title = "r"\n[setup.Alice]\nhand = ["Murder"]\nbattlefield = ["Swamp", "Swamp", "Swamp"]\n'
            '[setup.Bob]\nbattlefield = ["Friendly Teddy"]\n[[do]]\nrefuse = {}\n')
    typo = scenario.run_file(write(tmp_path, "typo.toml", body.format('"Alice: cast Murdr -> Friendly Teddy"')))
    assert not typo.ok and "refused only because the text cannot be read" in typo.message
    said = scenario.run_file(write(tmp_path, "said.toml", body.format(
        '{ act = "Alice: cast Murdr -> Friendly Teddy", reason = "%s" }' % _syntax_key())))
    assert said.ok, said.message


def _syntax_key() -> str:
    """The reason key the engine gives for a card name no object has (read, not assumed)."""
    g = scenario.make_game({"setup": {"Alice": {"hand": ["Murder"]}, "Bob": {}}})
    try:
        g.apply(g.parse_action(0, "cast Murdr"))
    except ActionError as exc:
        return str(exc.key)
    raise AssertionError("the engine read a misspelt name")


def test_damage_sentences_name_what_is_dealt_damage() -> None:
    assert sentence({"key": "damage", "source": "Piggy Bank", "card": "Friendly Teddy", "obj": 3,
                     "amount": 2, "combat": True}) == "Piggy Bank deals 2 damage to Friendly Teddy."
    assert sentence({"key": "damage", "source": "Pyroclasm", "player": "Bob", "amount": 2,
                     "combat": False}) == "Pyroclasm deals 2 damage to Bob."
    assert "face-down" in sentence({"key": "damage", "source": "Pyroclasm", "card": "", "obj": 3, "amount": 2})
