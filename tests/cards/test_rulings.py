"""The rulings report (`python -m engine.cards rulings`, issue #10)."""
from __future__ import annotations

from pathlib import Path

from engine.cards import rulings as R


def test_every_distinct_ruling_once_with_a_unique_key() -> None:
    rs = R.all_rulings()
    assert len(rs) == 514
    assert len({r.key for r in rs}) == len(rs)


def test_a_scenario_quoting_a_ruling_encodes_it(tmp_path: Path) -> None:
    r = next(r for r in R.all_rulings() if len(r.text) > 200)
    (tmp_path / "whole.toml").write_text(f'title = "t"\nsource = """DSK release notes: „{r.text}“"""\n',
                                         encoding="utf-8")
    (tmp_path / "cut.toml").write_text(f'title = "t"\nsource = "„{r.text[:120]} …“"\n', encoding="utf-8")
    (tmp_path / "short.toml").write_text(f'title = "t"\nsource = "„{r.text[:40]} …“"\n', encoding="utf-8")
    one = [x for x in R.all_rulings() if x.key == r.key]
    R.link(one, R.scenario_sources(tmp_path))
    assert sorted(p.name for p in one[0].scenarios) == ["cut.toml", "whole.toml"]


def test_written_reasons_name_real_rulings() -> None:
    keys = {r.key for r in R.all_rulings()}
    assert set(R.reasons()) <= keys


def test_the_report_counts_and_lists_the_rest() -> None:
    lines, encoded, _, total = R.report(run=False)
    assert total == 514 and encoded >= 1
    assert lines[0].startswith(f"Rulings: {encoded} of 514 encoded")
    assert any("about an Archenemy scheme card" in line for line in lines)


def test_written_reasons_are_for_rulings_no_scenario_encodes() -> None:
    """A ruling that a scenario quotes needs no reason: its entry goes (keeps the file true)."""
    written = R.reasons()
    rs = [r for r in R.all_rulings() if r.key in written]
    R.link(rs, R.scenario_sources())
    assert [r.key for r in rs if r.scenarios] == []
