from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from engine.decks import (Deck, add_recent, autosave, clear_recent, discard_autosave,
                          load_autosave, read_deck, recent_decks, remove_recent, write_deck)
from engine.decks.storage import autosave_keys, autosave_path, take_notices
from engine.paths import config_dir


def make_files(folder: Path, n: int) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(n):
        path = folder / f"deck{i}.cod"
        path.write_text("<cockatrice_deck/>")
        paths.append(path.resolve())
    return paths


def test_recent_most_recent_first_max_ten(tmp_path: Path) -> None:
    paths = make_files(tmp_path / "decks", 12)
    for path in paths:
        add_recent(path)
    add_recent(paths[3])
    recent = recent_decks()
    assert len(recent) == 10
    assert recent[0] == paths[3] and recent[1] == paths[11]
    assert recent.count(paths[3]) == 1


def test_recent_drops_missing_files_and_can_remove_and_clear(tmp_path: Path) -> None:
    a, b, c = make_files(tmp_path / "decks", 3)
    for path in (a, b, c):
        add_recent(path)
    b.unlink()
    assert recent_decks() == [c, a]
    assert remove_recent(c) == [a]
    clear_recent()
    assert recent_decks() == []


@pytest.mark.parametrize("content", ["{not json", '{"recent": 5}', "[1, 2]", '{"recent": [3]}'])
def test_corrupt_recent_file_is_an_empty_list(content: str) -> None:
    (config_dir() / "recent_decks.json").write_text(content)
    assert recent_decks() == []


def test_recent_list_lives_in_manatable_home(manatable_home: Path, tmp_path: Path) -> None:
    [path] = make_files(tmp_path / "decks", 1)
    add_recent(path)
    data = json.loads((manatable_home / "config" / "recent_decks.json").read_text())
    assert data["recent"] == [str(path)]


def test_save_is_atomic_and_leaves_no_temp_files(tmp_path: Path) -> None:
    deck = Deck("Atomic")
    deck.add("Murder", 4)
    folder = tmp_path / "out"
    path = write_deck(deck, folder / "atomic.cod")
    deck.add("Murder", 1)
    write_deck(deck, path)                         # overwrite in place
    assert sorted(p.name for p in folder.iterdir()) == ["atomic.cod"]
    assert read_deck(path).deck.count("Murder") == 5


def test_failed_save_keeps_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    deck = Deck("Old")
    deck.add("Murder", 4)
    path = write_deck(deck, tmp_path / "keep.cod")
    before = path.read_bytes()

    def boom(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("os.replace", boom)
    with pytest.raises(OSError):
        write_deck(Deck("New"), path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["keep.cod"]


def test_autosave_round_trip_and_discard(manatable_home: Path) -> None:
    deck = Deck("Work in progress", "notes", "limited")
    deck.add("Murder", 2, set_code="DSK", number="110")
    deck.add("Blitzschlag", 1, recognized=False)
    key = "/home/me/decks/rakdos.cod"
    path = autosave(deck, key)
    assert path.parent == manatable_home / "data" / "autosave"
    assert load_autosave(key) == deck
    assert autosave_keys() == [key]
    assert load_autosave("other") is None
    discard_autosave(key)
    discard_autosave(key)
    assert load_autosave(key) is None


def test_autosave_keys_never_collide_or_escape() -> None:
    assert autosave_path("a/b") != autosave_path("a_b")
    assert autosave_path("../../etc/passwd").parent.name == "autosave"


def test_autosave_keys_newest_first_over_many_files_and_damaged_ones_are_told() -> None:
    """Every autosave counts (the newest one was lost behind 1,000 older names that sort first),
    and a damaged one is set aside with a notice instead of being skipped in silence."""
    take_notices()
    for i in range(1005):
        path = autosave(Deck(f"d{i}"), f"aaa-{i}")
        os.utime(path, (1000 + i, 1000 + i))
    newest = autosave(Deck("new"), "zzz-newest")   # its file name sorts after all the others
    os.utime(newest, (5000, 5000))
    broken = autosave(Deck("b"), "broken")
    broken.write_text("{ not json", encoding="utf-8")
    keys = autosave_keys()
    assert keys[0] == "zzz-newest" and len(keys) == 1006
    assert not broken.exists() and any(p.name.startswith(broken.name + ".damaged-")
                                       for p in broken.parent.iterdir())
    assert [key for key, _params, _text in take_notices()] == ["deck.storage.damaged"]


def test_corrupt_autosave_reads_as_none() -> None:
    path = autosave(Deck("x"), "k")
    path.write_text('{"key": "k", "deck": {"version": 1, "zones": {"main": [{"name": 1}]}}}')
    assert load_autosave("k") is None
    path.write_text("garbage")
    assert load_autosave("k") is None
