"""The kept LAN seats (data_dir()/lan/seats.json) read from a damaged or hand-edited file: a
file that is not JSON is kept aside before a new seat is written (the other seats' keys were
written over), an entry of the wrong shape is not offered (a "saved" that is not a number
raised from Resume a LAN game)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from app import lan_seats


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MANATABLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_a_damaged_file_is_kept_aside_before_a_seat_is_written() -> None:
    path = lan_seats._path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"ws://10.0.0.2:8765|ada": {"token": "secret"', encoding="utf-8")  # cut short
    lan_seats.remember("10.0.0.3:8765", "Ada", "Friday", "new-token")
    kept = path.with_name("seats.json.damaged-1")
    assert kept.read_text(encoding="utf-8").startswith('{"ws://10.0.0.2:8765|ada"')
    seat = lan_seats.saved("10.0.0.3:8765", "Ada")
    assert seat is not None and seat.token == "new-token"


def test_entries_of_the_wrong_shape_are_not_offered_and_kept(tmp_path: Path) -> None:
    journal = tmp_path / "journal.jsonl"
    journal.write_text("{}\n", encoding="utf-8")
    good = {"name": "Ada", "game": "Friday", "token": "t1", "saved": 1e12, "journal": str(journal)}
    data = {lan_seats._key("10.0.0.2:8765", "Ada"): good,
            lan_seats._key("10.0.0.4:8765", "Bob"): {**good, "name": "Bob", "saved": "yesterday"},
            lan_seats._key("10.0.0.5:8765", "Cy"): {**good, "name": "Cy", "game": ["x"]},
            lan_seats._key("10.0.0.6:8765", "Di"): {**good, "name": "Di", "saved": float("nan")}}
    path = lan_seats._path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")  # (NaN: Python writes and reads it)
    assert [s.name for s in lan_seats.hosted()] == ["Ada"]
    assert lan_seats.saved("10.0.0.4:8765", "Bob") is None
    lan_seats.remember("10.0.0.7:8765", "Eve", "Friday", "t2")
    assert len(json.loads(path.read_text(encoding="utf-8"))) == 5   # nothing dropped from the file
