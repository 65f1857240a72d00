"""A journal that cannot be resumed is refused with a sentence of its own (net.journal.*, in the
host's language in the window), before anything is set up; limits come before the parser: a
file too large or not a regular file is not read at all. Files in tmp_path only."""
from __future__ import annotations

import json
import os

import pytest

from engine.net import journal as jr
from engine.net.room import Room
from net_helpers import DECK


def _journal(tmp_path, header=None, lines=()):
    head = {"format": jr.FORMAT, "version": 1, "game": "T", "mode": "rules", "seed": 5, "names": ["A", "B"],
            "decks": [DECK, DECK], "tokens": ["x", "y"], **(header or {})}
    path = tmp_path / "journal.jsonl"
    path.write_text("\n".join([json.dumps(head)] + [json.dumps(x) for x in lines]) + "\n", encoding="utf-8")
    return path


def _refused(path):
    with pytest.raises(jr.JournalError) as got:
        Room.resume(path)
    return got.value.key, got.value.params


def test_a_good_journal_resumes(tmp_path):
    r = Room.resume(_journal(tmp_path, lines=[{"a": [0, "keep"]}]))
    assert r.game is not None and [s.name for s in r.seats] == ["A", "B"]


def test_each_fault_has_its_sentence(tmp_path):
    assert _refused(tmp_path / "missing.jsonl")[0] == "net.journal.unreadable"
    (tmp_path / "text.jsonl").write_text("hello\n")
    assert _refused(tmp_path / "text.jsonl")[0] == "net.journal.not_journal"
    assert _refused(_journal(tmp_path, lines=[{"a": [0, "keep"]}, "garbage", {"a": [1, "keep"]}])) \
        == ("net.journal.damaged", {"line": 3})
    # an undo of more actions than there are took back the wrong ones (a negative slice)
    assert _refused(_journal(tmp_path, lines=[{"a": [0, "keep"]}, {"undo": 5}]))[0] == "net.journal.damaged"
    assert _refused(_journal(tmp_path, {"names": ["A"]}))[0] == "net.journal.bad_table"
    assert _refused(_journal(tmp_path, {"decks": [DECK]}))[0] == "net.journal.bad_table"
    assert _refused(_journal(tmp_path, {"seed": "x"}))[0] == "net.journal.bad_table"
    key, params = _refused(_journal(tmp_path, lines=[{"a": [0, "keep"]}, {"a": [0, "cast Nothing At All"]}]))
    assert key == "net.journal.bad_action" and params["number"] == 2 and "Nothing At All" in params["action"]


def test_limits_come_before_the_parser(tmp_path, monkeypatch):
    path = _journal(tmp_path, lines=[{"a": [0, "keep"]}] * 50)
    monkeypatch.setattr(jr, "MAX_JOURNAL_BYTES", 1000)
    key, params = _refused(path)
    assert key == "net.journal.too_large" and params["maximum"] == 1000
    if hasattr(os, "mkfifo"):  # (a FIFO would block a reader forever)
        fifo = tmp_path / "fifo.jsonl"
        os.mkfifo(fifo)
        assert _refused(fifo)[0] == "net.journal.unreadable"
    monkeypatch.undo()
    deep = tmp_path / "deep.jsonl"  # (nesting that makes the parser recurse: a sentence, not a crash)
    deep.write_text(json.dumps({"format": jr.FORMAT}) + "\n" + "[" * 100000 + "\n" + "{}\n")
    assert _refused(deep) == ("net.journal.damaged", {"line": 2})
