"""Importing MTGJSON, Scryfall and Cockatrice files: content, precedence, errors, cancel."""
from __future__ import annotations

import gzip
import shutil
import sqlite3
import threading
from pathlib import Path
from typing import Callable

import pytest

from engine.cards.db import CardDB
from engine.cards.importers import detect_format

from carddb_helpers import FIXTURES, snapshot
from tests.special_files import written


def _import(db: CardDB, name: str | Path) -> None:
    report = db.import_file(FIXTURES / name)      # an absolute path stays as it is
    assert report.ok, report.error


def test_atomic_cards(db: CardDB) -> None:
    before = db.count()
    report = db.import_file(FIXTURES / "AtomicCards.json")
    assert report.ok and report.format == "mtgjson-atomic"
    assert report.cards_added == 6 and report.bundled_matched == 3  # Sol Ring is a bundled reprint
    assert db.count() == before + 6
    bolt = db.get("Lightning Bolt")
    assert bolt is not None
    assert (bolt.name_de, bolt.name_it) == ("Blitzschlag", "Fulmine")
    assert bolt.type_line_de == "Spontanzauber" and bolt.type_line_it == "Istantaneo"
    assert bolt.text_de is not None and bolt.text_de.startswith("Blitzschlag fügt")
    assert bolt.sets == ("2X2", "LEA", "M10")
    assert not bolt.bundled and not bolt.implemented and bolt.source == "AtomicCards.json"
    assert bolt.colors == ("R",) and bolt.mana_value == 1
    goyf = db.get("Tarmogoyf")
    assert goyf is not None and (goyf.power, goyf.toughness) == ("*", "1+*")
    jace = db.get("Jace, the Mind Sculptor")
    assert jace is not None and jace.loyalty == "3" and jace.supertypes == ("Legendary",)
    ring = db.get("Sol Ring")
    assert ring is not None and ring.colors == () and ring.color_identity == ()


def test_atomic_split_card_faces_and_foreign_names(db: CardDB) -> None:
    _import(db, "AtomicCards.json")
    fire_ice = db.get("Fire // Ice")
    assert fire_ice is not None
    assert fire_ice.mana_cost == "{1}{R} // {1}{U}" and fire_ice.mana_value == 4
    assert fire_ice.colors == ("U", "R") and fire_ice.layout == "split"
    assert fire_ice.name_de == "Feuer // Eis" and fire_ice.name_it == "Fuoco // Ghiaccio"
    assert [f["name"] for f in fire_ice.faces] == ["Fire", "Ice"]
    assert [f.get("name_de") for f in fire_ice.faces] == ["Feuer", "Eis"]
    for name in ("Eis", "Ghiaccio", "Ice", "fuoco // ghiaccio", "Feuer/Eis"):
        assert db.resolve_name(name) == "Fire // Ice", name
    assert db.resolve_name("Armure éthérée") is None          # French is not kept
    assert db.resolve_name("稲妻") is None


def test_bundled_cards_win_but_gain_printings_and_names(db: CardDB) -> None:
    healer_before = db.get("Cult Healer")
    _import(db, "AtomicCards.json")
    _import(db, "AllPrintings.json")      # also claims Cult Healer is a black sorcery
    healer = db.get("Cult Healer")
    assert healer is not None and healer_before is not None
    assert healer.text == healer_before.text and healer.type_line == healer_before.type_line
    assert healer.colors == ("W",) and healer.bundled and healer.source == "bundled"
    assert healer.name_de == "Heiler des Kultes"             # bundled name stays
    assert {"PDSK", "M10"} <= set(healer.sets)
    armor = db.get("Ethereal Armor")
    assert armor is not None and armor.bundled
    assert armor.name_de == "Ätherrüstung" and armor.name_it == "Armatura Eterea"  # the bundled printed names stay
    assert armor.text.startswith("Enchant creature")
    assert db.resolve_name("Atherrustung") == "Ethereal Armor"
    assert "RTR" in armor.sets


def test_all_printings(db: CardDB) -> None:
    report = db.import_file(FIXTURES / "AllPrintings.json")
    assert report.ok and report.format == "mtgjson-allprintings"
    names = {s.code: s.name for s in db.sets()}
    assert names["APC"] == "Apocalypse" and names["LEA"] == "Limited Edition Alpha"
    bolt = db.get("Lightning Bolt")
    assert bolt is not None
    assert {(p.set_code, p.number, p.rarity) for p in bolt.printings} == {
        ("LEA", "161", "common"), ("M10", "146", "common")}
    assert bolt.name_de == "Blitzschlag"
    fire_ice = db.get("Fire // Ice")
    assert fire_ice is not None and fire_ice.mana_cost == "{1}{R} // {1}{U}"
    assert [p.number for p in fire_ice.printings] == ["128"]
    assert db.get("Goblin") is None                            # tokens are not cards


def test_single_set_file(db: CardDB) -> None:
    report = db.import_file(FIXTURES / "FDN.json")
    assert report.ok and report.format == "mtgjson-set"
    assert {s.code: s.name for s in db.sets()}["FDN"] == "Foundations"
    delver = db.get("Delver of Secrets // Insectile Aberration")
    assert delver is not None and delver.layout == "transform"
    assert delver.mana_cost == "{U}" and (delver.power, delver.toughness) == ("1", "1")
    assert [f["name"] for f in delver.faces] == ["Delver of Secrets", "Insectile Aberration"]
    assert db.resolve_name("Insektoide Monstrosität") == delver.name
    elves = db.get("Llanowarelfen")
    assert elves is not None and elves.name == "Llanowar Elves" and elves.name_it == "Elfi di Llanowar"
    assert [(p.set_code, p.number) for p in elves.printings] == [("FDN", "227")]


def test_scryfall_oracle_cards(db: CardDB) -> None:
    report = db.import_file(FIXTURES / "scryfall-oracle-cards.json")
    assert report.ok and report.format == "scryfall"
    fire_ice = db.get("Fire // Ice")
    assert fire_ice is not None and fire_ice.mana_cost == "{1}{R} // {1}{U}"
    assert fire_ice.colors == ("U", "R") and len(fire_ice.faces) == 2
    delver = db.get("Delver of Secrets // Insectile Aberration")
    assert delver is not None and delver.colors == ("U",) and delver.mana_cost == "{U}"
    assert "Flying" in delver.text
    assert db.get("Goblin") is None
    armor = db.get("Ethereal Armor")
    assert armor is not None and armor.text.startswith("Enchant creature")
    assert {s.code: s.name for s in db.sets()}["MH2"] == "Modern Horizons 2"
    seize = db.get("Thoughtseize")
    assert seize is not None and seize.rarity == "rare" and seize.number == "145"


def test_scryfall_all_cards_gives_german_and_italian_names(db: CardDB) -> None:
    _import(db, "scryfall-all-cards.json")
    seize = db.get("Thoughtseize")
    assert seize is not None
    assert seize.name_de == "Gedankenraub" and seize.type_line_de == "Hexerei"
    assert seize.name_it == "Strappare i Pensieri"
    assert seize.text.startswith("Target player")              # English oracle text kept
    assert db.resolve_name("思考囲い") is None
    assert {(p.set_code, p.number) for p in seize.printings} == {("LRW", "145"), ("2XM", "107")}


def test_cockatrice_v4(db: CardDB) -> None:
    report = db.import_file(FIXTURES / "cards-v4.xml")
    assert report.ok and report.format == "cockatrice"
    bolt = db.get("Lightning Bolt")
    assert bolt is not None and bolt.mana_cost == "{R}" and bolt.colors == ("R",)
    assert [(p.set_code, p.number, p.rarity) for p in bolt.printings] == [("M10", "146", "common")]
    fire_ice = db.get("Fire // Ice")
    assert fire_ice is not None and fire_ice.mana_cost == "{1}{R} // {1}{U}"
    reckoner = db.get("Boros Reckoner")
    assert reckoner is not None
    assert reckoner.mana_cost == "{R/W}{R/W}{R/W}" and reckoner.mana_value == 3
    assert (reckoner.power, reckoner.toughness) == ("3", "3")
    assert set(reckoner.sets) == {"GTC", "DSC"}
    assert db.get("Goblin") is None
    assert {s.code: s.name for s in db.sets()}["M10"] == "Magic 2010"


def test_cockatrice_v3(db: CardDB) -> None:
    report = db.import_file(FIXTURES / "cards-v3.xml")
    assert report.ok and report.format == "cockatrice"
    angel = db.get("Serra Angel")
    assert angel is not None
    assert angel.mana_cost == "{3}{W}{W}" and angel.mana_value == 5 and angel.colors == ("W",)
    assert (angel.power, angel.toughness) == ("4", "4") and angel.text == "Flying\nVigilance"
    assert [(p.set_code, p.number, p.rarity) for p in angel.printings] == [("LEA", "39", "uncommon")]
    charm = db.get("Azorius Charm")
    assert charm is not None and charm.colors == ("W", "U") and charm.color_identity == ("W", "U")
    jace = db.get("Jace, the Mind Sculptor")
    assert jace is not None and jace.loyalty == "3" and jace.types == ("Planeswalker",)


def test_format_is_detected_from_content(tmp_path: Path) -> None:
    for source, expected in (("AtomicCards.json", "mtgjson-atomic"),
                             ("AllPrintings.json", "mtgjson-allprintings"),
                             ("FDN.json", "mtgjson-set"),
                             ("scryfall-oracle-cards.json", "scryfall"),
                             ("cards-v3.xml", "cockatrice")):
        disguised = tmp_path / f"{source}.txt"
        shutil.copy(FIXTURES / source, disguised)
        assert detect_format(disguised) == expected


def test_compressed_file(db: CardDB, tmp_path: Path) -> None:
    packed = tmp_path / "AtomicCards.json.gz"
    packed.write_bytes(gzip.compress((FIXTURES / "AtomicCards.json").read_bytes()))
    report = db.import_file(packed)
    assert report.ok and report.cards_added == 6


def test_reimport_changes_nothing_but_the_log(db: CardDB) -> None:
    _import(db, "AtomicCards.json")
    count = db.count()
    report = db.import_file(FIXTURES / "AtomicCards.json")
    assert report.ok and report.cards_added == 0 and report.cards_updated == 0
    assert db.count() == count


def test_later_import_updates_imported_cards(db: CardDB, tmp_path: Path) -> None:
    _import(db, "AtomicCards.json")
    changed = tmp_path / "cards.xml"
    changed.write_text((FIXTURES / "cards-v3.xml").read_text(encoding="utf-8").replace(
        "Flying\nVigilance", "Flying\nVigilance\nErrata."), encoding="utf-8")
    _import(db, changed)
    angel = db.get("Serra Angel")
    assert angel is not None and angel.text.endswith("Errata.")
    assert angel.name_de == "Serra-Engel"                       # cards.xml says nothing of German
    assert angel.source == "cards.xml"


def _drop_comma_after(marker: str) -> Callable[[str], tuple[str, int]]:
    def corrupt(text: str) -> tuple[str, int]:
        at = text.index(marker) + len(marker)
        assert text[at] == ","
        return text[:at] + text[at + 1:], text[:at].count("\n") + 1
    return corrupt


def _truncate(text: str) -> tuple[str, int]:
    cut = text[:len(text) * 2 // 3]
    return cut, cut.count("\n") + 1


def _mismatch(text: str) -> tuple[str, int]:
    at = text.index("</cmc>")
    return text[:at] + "</cmcx>" + text[at + 6:], text[:at].count("\n") + 1


MALFORMED = [
    ("AtomicCards.json", _drop_comma_after('"manaCost": "{R}"'), "import.json_error"),
    ("AllPrintings.json", _truncate, "import.json_truncated"),
    ("FDN.json", _drop_comma_after('"number": "1001"'), "import.json_error"),
    ("scryfall-oracle-cards.json", _drop_comma_after('"name":"Thoughtseize"'), "import.json_error"),
    ("cards-v4.xml", _mismatch, "import.xml_error"),
    ("cards-v3.xml", _truncate, "import.xml_error"),
]


@pytest.mark.parametrize("source, corrupt, key", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_file_changes_nothing_and_says_where(db: CardDB, tmp_path: Path, source: str,
                                                        corrupt: Callable[[str], tuple[str, int]],
                                                        key: str) -> None:
    _import(db, "cards-v3.xml")        # something imported already, to be kept intact
    text, line = corrupt((FIXTURES / source).read_text(encoding="utf-8"))
    bad = tmp_path / source
    bad.write_text(text, encoding="utf-8")
    before = snapshot(db.path)
    report = db.import_file(bad)
    assert not report.ok and report.error is not None
    assert report.error.key == key
    assert report.error.params["file"] == source and source in report.error.message
    assert report.error.params["line"] == line, report.error.message
    assert f"line {line}" in report.error.message
    assert snapshot(db.path) == before
    assert db.get("Serra Angel") is not None


def test_error_after_cards_were_written_rolls_back(db: CardDB, tmp_path: Path) -> None:
    text = (FIXTURES / "AtomicCards.json").read_text(encoding="utf-8")
    bad = tmp_path / "AtomicCards.json"
    bad.write_text(text.replace('"name": "Tarmogoyf",', '"name": "Tarmogoyf" "x",'),
                   encoding="utf-8")
    before = snapshot(db.path)
    assert db.import_file(bad).error is not None
    assert snapshot(db.path) == before
    assert db.get("Lightning Bolt") is None


def test_unknown_and_missing_files(db: CardDB, tmp_path: Path) -> None:
    for path in written(tmp_path, {"deck.txt": "4 Lightning Bolt\n", "other.json": '{"hello": [1, 2]}',
                                   "page.xml": "<html><body/></html>"}):
        report = db.import_file(path)
        assert report.error is not None and report.error.key == "import.unknown_format"
        assert path.name in report.error.message
    missing = db.import_file(tmp_path / "nope.json")
    assert missing.error is not None and missing.error.key == "import.not_found"


def test_cancel_leaves_the_database_unchanged(db: CardDB) -> None:
    cancel = threading.Event()
    before = snapshot(db.path)
    report = db.import_file(FIXTURES / "AtomicCards.json",
                            progress=lambda done, total: cancel.set(), cancel=cancel)
    assert report.cancelled and report.error is not None
    assert report.error.key == "import.cancelled"
    assert snapshot(db.path) == before
    assert db.get("Lightning Bolt") is None


def test_progress_reports_bytes_of_the_file(db: CardDB) -> None:
    calls: list[tuple[int, int | None]] = []
    path = FIXTURES / "AllPrintings.json"
    report = db.import_file(path, progress=lambda done, total: calls.append((done, total)))
    assert report.ok
    size = path.stat().st_size
    assert calls and all(total == size for _, total in calls)
    dones = [done for done, _ in calls]
    assert dones == sorted(dones) and dones[-1] == size


def test_failing_progress_callback_rolls_back(db: CardDB) -> None:
    before = snapshot(db.path)

    def boom(done: int, total: int | None) -> None:
        raise RuntimeError("GUI went away")

    with pytest.raises(RuntimeError):
        db.import_file(FIXTURES / "AtomicCards.json", progress=boom)
    assert snapshot(db.path) == before


def test_database_stays_consistent_after_every_import(full_db_path: Path) -> None:
    conn = sqlite3.connect(full_db_path)
    try:
        assert conn.execute("SELECT name_key FROM cards GROUP BY name_key "
                            "HAVING count(*) > 1").fetchall() == []
        conn.execute("INSERT INTO cards_fts (cards_fts) VALUES ('integrity-check')")
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        orphans = conn.execute("SELECT count(*) FROM printings WHERE card_id NOT IN "
                               "(SELECT id FROM cards)").fetchone()
        assert orphans == (0,)
    finally:
        conn.close()
