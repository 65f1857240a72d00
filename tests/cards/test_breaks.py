"""The rulings tested by breaking the engine (engine/cards/breaks.py, tests/breaks/*.toml)."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.cards import breaks
from engine.cards.rulings import all_rulings

ZIMONE = "engine/cards/vocab/conditions.py"
PRIMES = "return n > 1 and all(n % k for k in range(2, int(n ** 0.5) + 1))"


def _file(tmp_path: Path, name: str, new: str, rulings: str = '"Zimone die Infragestellerin#2"') -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(f'[[break]]\nrulings = [{rulings}]\nwhy = "test"\n[[break.edit]]\n'
                    f'file = "{ZIMONE}"\nold = """{PRIMES}"""\nnew = """{new}"""\n', encoding="utf-8")
    return path


def test_every_recorded_break_reads_applies_and_names_real_rulings() -> None:
    found = breaks.load()
    assert found, "tests/breaks holds no break"
    keys = {r.key for r in all_rulings()}
    for b in found:
        assert breaks.stale(b) == "", f"{b.name}: {breaks.stale(b)} (rewrite it for the code as it is now)"
        unknown = set(b.rulings) - keys
        assert not unknown, f"{b.name}: no such ruling {sorted(unknown)}"


@pytest.mark.parametrize("text, message", [
    ("[[break]]\nwhy = 'x'\n", "`rulings` must be"),
    ("[[break]]\nrulings = ['A#1']\nwhy = 'x'\n", "needs at least one"),
    ("[[break]]\nrulings = ['A#1']\nwhy = 'x'\n[[break.edit]]\nfile = '/etc/passwd'\nold = 'a'\nnew = 'b'\n",
     "under engine/"),
    ("[[break]]\nrulings = ['A#1']\nwhy = 'x'\n[[break.edit]]\nfile = 'engine/../x.py'\nold = 'a'\nnew = 'b'\n",
     "under engine/"),
    ("[[break]]\nrulings = ['A#1']\nwhy = 'x'\nwhen = 1\n", "unknown keys"),
    ("rulings = 1\n", "unknown keys"),
    ("[[break", "cannot read it"),
])
def test_a_bad_break_file_is_refused_with_a_reason(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(breaks.BreakError, match=message.replace("(", r"\(")):
        breaks.read(path)


def test_a_break_is_caught_only_by_a_wrong_result_not_by_a_crash(tmp_path: Path) -> None:
    wrong = _file(tmp_path, "wrong", PRIMES.replace("n > 1 and", "1 < n <= 31 and"))
    harmless = _file(tmp_path, "harmless", PRIMES.replace("+ 1))", "+ 2))"))
    crash = _file(tmp_path, "crash", PRIMES + " + None")
    stale = _file(tmp_path, "stale", "x")
    stale.write_text(stale.read_text(encoding="utf-8").replace(PRIMES, "no such text"), encoding="utf-8")
    found = [*breaks.read(wrong), *breaks.read(harmless), *breaks.read(crash), *breaks.read(stale)]
    outcomes, unbroken = breaks.check(found)
    assert all(ok for ok, _ in unbroken.values())
    assert [o.caught for o in outcomes] == [True, False, False, False]
    assert outcomes[1].passed and outcomes[2].crashed and "found 0 times" in outcomes[3].stale
    good, bad = breaks.caught_rulings(outcomes)
    assert good == set() and bad == {"Zimone die Infragestellerin#2"}  # one break not caught spoils it
    assert not (Path(breaks.ROOT) / ZIMONE).read_text(encoding="utf-8").count("<= 31")  # the checkout untouched


def test_a_break_of_several_rulings_catches_each_only_by_its_own_scenarios(tmp_path: Path) -> None:
    """A ruling must not ride on another ruling's scenario: the break of two rulings whose only
    failing scenario credits the first catches the first, not the second."""
    brk = breaks.read(_file(tmp_path, "two", "x", rulings='"A#1", "B#1"'))[0]
    outcome = breaks.Outcome(brk, failed=["a.toml"], passed=["b.toml"],
                             proofs={"A#1": ["a.toml"], "B#1": ["b.toml"]})
    assert outcome.caught and outcome.caught_for("A#1") and not outcome.caught_for("B#1")
    good, bad = breaks.caught_rulings([outcome])
    assert good == {"A#1"} and bad == {"B#1"}
    assert any("NOT CAUGHT for B#1" in line for line in breaks.report([outcome], 2, 2))


def test_a_sample_of_the_recorded_breaks_is_still_caught() -> None:
    """Every 40th recorded break, run (~10 s): code that moves can leave a break applicable but
    no longer breaking anything (it then edits a path the engine stopped using). The whole set
    runs with `python -m engine.cards breaks` (~5 min of CPU), after any change to engine/."""
    sample = breaks.load()[::40]
    outcomes, _ = breaks.check(sample)
    assert [o.brk.name for o in outcomes if not o.caught] == []
