"""`python -m engine.cards import|search`: output, exit codes, messages without tracebacks."""
from __future__ import annotations

import argparse
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cards import __main__ as cli

from carddb_helpers import FIXTURES

ROOT = Path(__file__).resolve().parents[2]


def test_import_then_search(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["import", "-q", str(FIXTURES / "AtomicCards.json")]) == 0
    out = capsys.readouterr().out
    # Cult Healer and Sol Ring (a Commander deck reprint, assets/cards/dsc_decks.json) are bundled
    assert "Imported AtomicCards.json in " in out and " s. 6 new cards were added. " in out
    assert cli.main(["search", "t:angel"]) == 0
    out = capsys.readouterr().out
    assert "Serra Angel  {3}{W}{W}  —  Creature — Angel  [DOM, LEA]" in out
    assert "\n1 card.\n" in out


def test_search_words_are_joined_and_localized(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["search", "--lang", "de", "t:creature", "heiler"]) == 0
    out = capsys.readouterr().out
    assert "Heiler des Kultes" in out and "Kreatur — Mensch, Doctor" in out


def test_search_paging_says_how_many(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["search", "--limit", "3", "s:dsk"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 4 and out[-1].startswith("3 of ") and out[-1].endswith(" cards shown.")


def test_search_error_points_at_the_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["search", "t:elf (c:g"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [
        "error: The parenthesis at position 6 is never closed.",
        "  t:elf (c:g",
        "        ^",
    ]


def test_import_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "cards.xml"
    bad.write_text("<cockatrice_carddatabase version='4'><cards><card></cards>", encoding="utf-8")
    assert cli.main(["import", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: The file cards.xml is not valid XML at line 1, column ")
    assert cli.main(["import", str(tmp_path / "missing.json")]) == 1
    assert "The file missing.json does not exist." in capsys.readouterr().err


def test_db_option(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "elsewhere.sqlite"
    assert cli.main(["--db", str(path), "search", "!murder"]) == 0
    assert path.exists() and "Murder" in capsys.readouterr().out


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main([])
    assert exc.value.code == 2
    with pytest.raises(SystemExit):
        cli.main(["search", "x", "--limit", "many"])


def test_subcommands_are_a_table(monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    def configure(p: argparse.ArgumentParser) -> None:
        p.add_argument("--set")

    def run(args: argparse.Namespace) -> int:
        print(f"coverage of {args.set}")
        return 0

    monkeypatch.setitem(cli.SUBCOMMANDS, "coverage", cli.Subcommand("coverage", configure, run))
    assert cli.main(["coverage", "--set", "DSK"]) == 0
    assert capsys.readouterr().out == "coverage of DSK\n"


def test_real_command_line(home: Path, tmp_path: Path) -> None:
    env = {**os.environ, "MANATABLE_HOME": str(home)}
    bad = tmp_path / "AtomicCards.json"
    bad.write_text('{"data": {"Bolt": [{"name": "Bolt"} {}]}}', encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "engine.cards", "import", str(bad)], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=60)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert "The file AtomicCards.json is not valid JSON at line 1" in run.stderr
    run = subprocess.run([sys.executable, "-m", "engine.cards", "search", "(o:draw"], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=60)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert "never closed" in run.stderr


def test_search_says_the_damaged_rows_it_left_out(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "cards.sqlite"
    assert cli.main(["--db", str(path), "search", "t:instant"]) == 0
    conn = sqlite3.connect(path)
    conn.execute("UPDATE cards SET faces = '{not json' WHERE name = 'Murder'")
    conn.commit()
    conn.close()
    capsys.readouterr()
    assert cli.main(["--db", str(path), "search", "--limit", "500", "t:instant"]) == 0
    out, err = capsys.readouterr()
    assert not [line for line in out.splitlines() if line.startswith("Murder ")] and "Unholy Heat" in out
    assert err == f"1 matching row of {path} damaged (cannot be read as cards): left out.\n"
