from __future__ import annotations

import io
import shutil
from pathlib import Path

from engine.decks import read_deck
from engine.decks.__main__ import main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_convert_by_extension(tmp_path: Path, fixtures: Path) -> None:
    src = fixtures / "arena_export.txt"
    clean = tmp_path / "clean.txt"
    clean.write_text(src.read_text(encoding="utf-8").replace("4 Opt (XLN) 65\n", ""))
    code, out, _ = run("convert", str(clean), str(tmp_path / "out.cod"))
    assert code == 0 and "Wrote" in out
    cod, _ = read_deck(tmp_path / "out.cod")
    assert cod.name == "Haunted Skies (Arena)" and cod.total("main") == 29
    assert run("convert", str(tmp_path / "out.cod"), str(tmp_path / "out.dek"))[0] == 0
    assert run("convert", str(tmp_path / "out.dek"), str(tmp_path / "x.arena.txt"))[0] == 0
    assert (tmp_path / "x.arena.txt").read_text().startswith("About\nName out\n")
    assert run("convert", str(clean), str(tmp_path / "y.txt"), "--to", "arena")[0] == 0
    assert (tmp_path / "y.txt").read_text().startswith("About\n")
    assert read_deck(tmp_path / "y.txt").deck.same_cards(cod)


def test_convert_stops_on_unknown_cards_unless_kept(tmp_path: Path, fixtures: Path) -> None:
    out_file = tmp_path / "g.cod"
    code, _, err = run("convert", str(fixtures / "plain_german.txt"), str(out_file))
    assert code == 2 and not out_file.exists()
    assert "line 13" in err and "Brennendes Drachenfeur" in err
    assert "Did you mean: Scorching Dragonfire?" in err
    code, _, err = run("convert", str(fixtures / "plain_german.txt"), str(out_file),
                       "--keep-unknown")
    assert code == 0 and "warning" in err
    assert read_deck(out_file).deck.count("Blitzschlag") == 3


def test_convert_malformed_file_is_a_message(tmp_path: Path, fixtures: Path) -> None:
    code, _, err = run("convert", str(fixtures / "bad_count.cod"), str(tmp_path / "o.txt"))
    assert code == 1 and "Line 6:" in err and "Traceback" not in err
    code, _, err = run("convert", str(tmp_path / "missing.cod"), str(tmp_path / "o.txt"))
    assert code == 1 and "could not be read" in err


def test_convert_unwritable_output(tmp_path: Path, fixtures: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    code, _, err = run("convert", str(fixtures / "mtgtop8.dec"), str(blocker / "x.cod"),
                       "--keep-unknown")
    assert code == 1 and "could not be written" in err


def test_validate(tmp_path: Path, fixtures: Path) -> None:
    code, out, _ = run("validate", str(fixtures / "mtgtop8.dec"))
    assert code == 0 and "legal for Limited" in out and "Doom Blade" in out
    code, _, err = run("validate", str(fixtures / "mtgtop8.dec"), "--format", "constructed")
    assert code == 1 and "Constructed needs at least 60" in err
    shutil.copy(fixtures / "broken_mismatched.cod", tmp_path / "b.cod")
    code, _, err = run("validate", str(tmp_path / "b.cod"))
    assert code == 1 and "Line 7" in err


def test_bad_usage_returns_code() -> None:
    assert run("frobnicate")[0] == 2
    assert run("validate", "x", "--format", "modern")[0] == 2
