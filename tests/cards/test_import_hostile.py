"""Hostile card files: nesting, huge strings, compression bombs, odd zip members, special
files. Each is a clear CardFileError and the database is unchanged."""
from __future__ import annotations

import bz2
import gzip
import io
import json
import zipfile
from pathlib import Path

from engine.cards.db import CardDB
from engine.cards.importers import limits
from tests.special_files import fifo, link_to_dev_zero


def _import(db: CardDB, path: Path) -> str:
    before = db.count()
    report = db.import_file(path)
    assert not report.ok and report.error is not None
    assert db.count() == before
    return report.error.key


def test_deep_json_is_refused(db: CardDB, tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_bytes(b"[" * 80_000)
    assert _import(db, path) in ("import.too_deep", "import.unknown_format")
    path.write_bytes(b'{"data": {"Card": ' + b"[" * 80_000 + b"]" * 80_000 + b"}}")
    assert _import(db, path) in ("import.too_deep", "import.unknown_format")
    path.write_bytes(b'[{"name": "x", "a": ' + b'{"b": ' * 10_000 + b"1" + b"}" * 10_000 + b"}]")
    assert _import(db, path) == "import.too_deep"


def test_brackets_inside_strings_do_not_count(db: CardDB, tmp_path: Path) -> None:
    # A real card text full of {T} and [+1], and strings split across reads, are fine.
    guard = limits.GuardedStream(io.BytesIO(b'["' + b"[[[[{{{{\\\"" * 50_000 + b'"]'), "x",
                                 json=True)
    while guard.read(1000):
        pass


def test_a_huge_string_is_refused(db: CardDB, tmp_path: Path) -> None:
    path = tmp_path / "long.json"
    path.write_bytes(b'[{"name": "' + b"a" * (limits.MAX_STRING + 10) + b'"}]')
    assert _import(db, path) == "import.string_too_long"


def test_a_compression_bomb_is_refused(db: CardDB, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(limits, "RATIO_FROM", 1024 * 1024)
    for name, pack in (("bomb.json.gz", gzip.compress), ("bomb.json.bz2", bz2.compress)):
        path = tmp_path / name
        path.write_bytes(pack(b'{"data": {"Card": [' + b" " * (8 * 1024 * 1024) + b"]}}"))
        assert _import(db, path) == "import.bomb"


def test_the_decompressed_size_is_capped(db: CardDB, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(limits, "MAX_BYTES", 1024 * 1024)
    path = tmp_path / "big.json"
    path.write_bytes(b"[" + b" " * (2 * 1024 * 1024) + b"]")
    assert _import(db, path) == "import.too_large"


def test_odd_zip_members_are_messages(db: CardDB, tmp_path: Path) -> None:
    path = tmp_path / "cards.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("cards.json", b"[]")
    raw = bytearray(path.read_bytes())
    # Mark the member encrypted (general purpose flag bit 0) in both headers.
    raw[6] |= 1
    central = raw.rfind(b"PK\x01\x02")
    raw[central + 8] |= 1
    path.write_bytes(bytes(raw))
    assert _import(db, path) == "import.zip_encrypted"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("cards.json", b"[]")
    raw = bytearray(path.read_bytes())
    raw[8] = 99                                           # an unknown compression method
    raw[raw.rfind(b"PK\x01\x02") + 10] = 99
    path.write_bytes(bytes(raw))
    assert _import(db, path) in ("import.zip_unsupported", "import.damaged_archive")


def test_special_files_are_refused(db: CardDB, tmp_path: Path) -> None:
    assert _import(db, fifo(tmp_path / "cards.json")) == "import.unreadable"
    assert _import(db, link_to_dev_zero(tmp_path / "zero.json")) == "import.unreadable"


def test_cockatrice_junk_elements_and_depth(db: CardDB, tmp_path: Path) -> None:
    path = tmp_path / "cards.xml"
    path.write_bytes(b"<cockatrice_carddatabase version='4'><cards>"
                     + b"<x>" * 100 + b"</x>" * 100 + b"</cards></cockatrice_carddatabase>")
    assert _import(db, path) == "import.bad_entry"
    path.write_bytes(b"<cockatrice_carddatabase version='4'><cards><card><name>A</name>"
                     + b"<set>S</set>" * 20_000 + b"</card></cards></cockatrice_carddatabase>")
    assert _import(db, path) == "import.bad_entry"


def test_control_characters_are_cleaned_and_odd_set_codes_refused(db: CardDB, tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text('[{"object": "card", "name": "Evil\\u001b[2JName", "lang": "en", '
                    '"set": "../../etc", "collector_number": "1", "type_line": "Instant", '
                    '"oracle_text": "", "layout": "normal", "rarity": "common"}]')
    report = db.import_file(path)
    assert report.ok, report.error
    card = db.get("Evil[2JName")
    assert card is not None
    # the set code names a folder: refused and said, not cleaned into another set's code ("ETC")
    assert card.printings == ()
    notes = {n.key: n for n in report.notes()}
    assert sorted(notes) == ["import.cleaned_name", "import.skipped_set_code"]
    assert (notes["import.skipped_set_code"].params["count"],
            notes["import.skipped_set_code"].params["code"]) == (1, "../../etc")
    assert "../../etc" in notes["import.skipped_set_code"].message
    # the cleaned name is counted too (it was not: the card was silently renamed)
    assert "1 (the first: “Evil[2JName”)" in notes["import.cleaned_name"].message


def test_cleaned_names_are_counted_german_and_italian_included(db: CardDB, tmp_path: Path) -> None:
    def card(name: str, number: str, lang: str = "en", printed: str | None = None) -> dict:
        out = {"object": "card", "name": name, "lang": lang, "set": "abc",
               "collector_number": number, "type_line": "Instant", "layout": "normal"}
        if printed is not None:
            out["printed_name"] = printed
        return out

    path = tmp_path / "cards.json"
    path.write_text(json.dumps([card("Bell\x07Card", "1"), card("Plain Card", "2"),
                                card("Plain Card", "2", "de", "Schlichte\x85Karte")]))
    report = db.import_file(path)
    assert report.ok, report.error
    assert db.get("BellCard") is not None and db.get("Plain Card").name_de == "SchlichteKarte"
    assert [(n.key, n.params["count"]) for n in report.notes()] == [("import.cleaned_name", 2)]
