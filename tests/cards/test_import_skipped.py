"""Malformed records of a card file that an import leaves out are counted and said, by reason,
with where the first was (they were skipped without a word); set codes that cannot name a set
are refused, never cut to 16 characters or cleaned into another code."""
from __future__ import annotations

import json
from pathlib import Path

from engine.cards.db import CardDB
from engine.cards.importers import ImportReport, SetRecord, Skipped
from engine.cards.importers.bundled import read_bundled
from engine.cards.importers.writer import set_code_ok


def _card(name: str, set_code: str = "M10", **more: object) -> dict[str, object]:
    return {"object": "card", "name": name, "lang": "en", "set": set_code, "collector_number": "1",
            "type_line": "Instant", "oracle_text": "", "layout": "normal", "rarity": "common", **more}


def _notes(report: ImportReport) -> dict[str, int]:
    return {n.key: n.params["count"] for n in report.notes()}


def test_scryfall_entries_that_are_not_cards_or_have_no_name_are_counted(db: CardDB, tmp_path: Path) -> None:
    entries = [_card("Good One"), 5, "text", _card(""), {"object": "card", "lang": "en"},
               _card("Spirit Token", layout="token"),           # a token: left out on purpose, not counted
               _card("Fremder Name", lang="ja"),                # another language: the same
               _card("Good Two")]
    path = tmp_path / "cards.json"
    path.write_text("[\n" + ",\n".join(json.dumps(e) for e in entries) + "\n]")
    report = db.import_file(path)
    assert report.ok, report.error
    assert db.get("Good One") is not None and db.get("Good Two") is not None
    notes = _notes(report)
    assert notes == {Skipped.NOT_OBJECT: 2, Skipped.NO_NAME: 2}
    assert report.skipped_count == 4
    texts = [n.message for n in report.notes()]
    assert texts == ["Cards of cards.json skipped because they have no name: 2.",
                     "Entries of cards.json skipped because they are not card objects: 2."]


def test_a_long_set_code_is_refused_not_cut(db: CardDB, tmp_path: Path) -> None:
    long_code = "ABCDEFGHIJKLMNOPQ"          # 17 characters: no set has one
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([_card("Long Set Card", long_code), _card("Sixteen Card", long_code[:16])]))
    report = db.import_file(path)
    assert report.ok, report.error
    long_card, sixteen = db.get("Long Set Card"), db.get("Sixteen Card")
    assert long_card is not None and sixteen is not None
    assert long_card.printings == ()          # not filed under ABCDEFGHIJKLMNOP, another set's code
    assert [p.set_code for p in sixteen.printings] == [long_code[:16]]
    assert [(n.key, n.params["code"]) for n in report.notes()] == [(Skipped.SET_CODE, long_code)]


def test_mtgjson_atomic_entries_of_the_wrong_shape_are_counted(db: CardDB, tmp_path: Path) -> None:
    data = {"meta": {}, "data": {
        "Good Atomic": [{"name": "Good Atomic", "type": "Instant", "text": "", "layout": "normal",
                         "printings": ["M10"]}],
        "Not A List": {"name": "Not A List"},
        "Bad Face": [{"name": "Bad Face", "type": "Instant"}, 7],
    }}
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps(data, indent=1))
    report = db.import_file(path)
    assert report.ok, report.error
    assert db.get("Good Atomic") is not None
    assert db.get("Bad Face") is None          # not imported with half its faces
    assert _notes(report) == {Skipped.NOT_OBJECT: 2}


def test_cockatrice_nameless_cards_and_sets_are_counted(db: CardDB, tmp_path: Path) -> None:
    path = tmp_path / "cards.xml"
    path.write_text("""<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_carddatabase version="4">
<sets>
<set><name>M10</name><longname>Magic 2010</longname></set>
<set><longname>No code</longname></set>
</sets>
<cards>
<card><name>Good Trice</name><text></text><prop><type>Instant</type></prop><set num="1">M10</set></card>
<card><name></name><text>nameless</text><prop><type>Instant</type></prop></card>
</cards>
</cockatrice_carddatabase>
""")
    report = db.import_file(path)
    assert report.ok, report.error
    assert db.get("Good Trice") is not None
    assert _notes(report) == {Skipped.NO_NAME: 1, Skipped.SET: 1}


def test_a_clean_file_has_no_notes(db: CardDB, tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([_card("Clean Card")]))
    report = db.import_file(path)
    assert report.ok and report.notes() == [] and report.skipped_count == 0


def test_the_bundled_cards_have_nothing_to_skip() -> None:
    """The database is built from the bundled assets with the same writer: none of their
    printings may be refused (nothing would say so)."""
    cards = [i for i in read_bundled() if not isinstance(i, SetRecord)]
    assert cards and all(p.set_code and set_code_ok(p.set_code.strip()) for c in cards for p in c.printings)
    assert all(c.name.strip() for c in cards)
