"""Building, opening, refreshing and repairing the card database file."""
from __future__ import annotations

import json
import shutil
import sqlite3
import threading
from pathlib import Path

from engine.cards.db import CardDB
from engine.cards.importers.schema import SCHEMA_VERSION
from engine.paths import ASSETS

from carddb_helpers import FIXTURES, snapshot


def test_first_open_builds_from_bundled_assets(home: Path) -> None:
    db = CardDB.open()
    assert db.path == home / "data" / "cards.sqlite"
    assert db.path.exists()
    assert db.count() >= 300
    assert db.count(bundled=True) == db.count()
    assert {s.code for s in db.sets()} == {"DSK", "DSC", "ROE", "SPG"}
    assert not list(db.path.parent.glob(".cards.sqlite.building-*"))
    assert db.notices == []


def test_bundled_card_characteristics(db: CardDB) -> None:
    card = db.get("Cult Healer")
    assert card is not None
    assert card.bundled and card.source == "bundled"
    assert card.mana_cost == "{2}{W}" and card.mana_value == 3
    assert card.colors == ("W",) and card.color_identity == ("W",)
    assert card.types == ("Creature",) and card.subtypes == ("Human", "Doctor")
    assert (card.power, card.toughness) == ("3", "3")
    assert card.set_code == "DSK" and card.number == "2" and card.rarity == "common"
    assert card.name_de == "Heiler des Kultes"
    assert card.localized_name("de") == "Heiler des Kultes"
    assert card.localized_name("it") == "Guaritore del Culto"


def test_room_faces_and_leveler(db: CardDB) -> None:
    room = db.get("Dazzling Theater // Prop Room")
    assert room is not None and room.layout == "split"
    assert [f["name"] for f in room.faces] == ["Dazzling Theater", "Prop Room"]
    assert room.mana_value == 7            # both halves count while not on the stack
    leveler = db.get("Caravan Escort")
    assert leveler is not None and leveler.layout == "leveler"
    assert leveler.extra["level_bands"][0]["label"] == "LEVEL 1-4"


def test_basic_land_identity(db: CardDB) -> None:
    plains = db.get("Plains")
    assert plains is not None
    assert plains.colors == () and plains.color_identity == ("W",)
    assert plains.supertypes == ("Basic",)


def test_german_and_italian_names_resolve(db: CardDB) -> None:
    assert db.resolve_name("Heiler des Kultes") == "Cult Healer"
    assert db.resolve_name("heiler des kultes") == "Cult Healer"
    assert db.resolve_name("Guaritore del Culto") == "Cult Healer"
    assert db.resolve_name("Glanzendes Theater") == "Dazzling Theater // Prop Room"   # no umlaut
    assert db.resolve_name("Requisitenkammer") == "Dazzling Theater // Prop Room"      # a face
    assert db.resolve_name("Dazzling Theater/Prop Room") == "Dazzling Theater // Prop Room"
    assert db.resolve_name("cult healer") == "Cult Healer"
    assert db.resolve_name("No Such Card") is None
    assert db.resolve_name("   ") is None


def test_get_accepts_any_language(db: CardDB) -> None:
    card = db.get("Heiler des Kultes")
    assert card is not None and card.name == "Cult Healer"
    assert db.get("Nope") is None


def test_close_matches(db: CardDB) -> None:
    assert db.close_matches("Cult Heeler")[0] == "Cult Healer"
    assert "Cult Healer" in db.close_matches("Heiler des Kults")
    assert db.close_matches("") == []
    assert len(db.close_matches("a", n=3)) <= 3


def test_reopen_does_not_rebuild(db: CardDB) -> None:
    db.close()
    conn = sqlite3.connect(db.path)
    conn.execute("UPDATE cards SET text = 'marker' WHERE name = 'Murder'")
    conn.commit()
    conn.close()
    again = CardDB.open()
    card = again.get("Murder")
    assert card is not None and card.text == "marker"
    assert again.notices == []


def test_garbage_file_is_moved_aside_and_rebuilt(home: Path) -> None:
    path = home / "data" / "cards.sqlite"
    path.parent.mkdir(parents=True)
    garbage = bytes(range(256)) * 64
    path.write_bytes(garbage)
    db = CardDB.open()
    assert db.count() >= 300
    backups = list(path.parent.glob("cards.sqlite.corrupt-*"))
    assert len(backups) == 1 and backups[0].read_bytes() == garbage
    assert db.notices and db.notices[0].key == "cards.db_corrupt_rebuilt"
    assert str(backups[0]) in db.notices[0].message


def test_damaged_pages_are_detected(db: CardDB) -> None:
    db.close()
    raw = bytearray(db.path.read_bytes())
    page = 4096
    for offset in range(2 * page, len(raw) - page, page):   # keep the header, ruin the rest
        raw[offset:offset + 512] = b"\xa5" * 512
    db.path.write_bytes(bytes(raw))
    again = CardDB.open()
    assert again.count() >= 300
    assert again.get("Cult Healer") is not None
    assert any(n.key == "cards.db_corrupt_rebuilt" for n in again.notices)


def test_corruption_found_while_searching_is_repaired(db: CardDB, monkeypatch) -> None:
    calls = {"n": 0}
    real = CardDB._conn

    def flaky(self: CardDB) -> sqlite3.Connection:
        calls["n"] += 1
        if calls["n"] == 1:
            raise sqlite3.DatabaseError("database disk image is malformed")
        return real(self)

    monkeypatch.setattr(CardDB, "_conn", flaky)
    result = db.search("cult")
    assert result.ok and result.total >= 1
    assert any(n.key == "cards.db_corrupt_rebuilt" for n in db.notices)


def test_schema_version_change_rebuilds(db: CardDB) -> None:
    db.close()
    conn = sqlite3.connect(db.path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    again = CardDB.open()
    assert again.count() >= 300
    assert [n.key for n in again.notices] == ["cards.db_schema_rebuilt"]
    (version,) = sqlite3.connect(again.path).execute("PRAGMA user_version").fetchone()
    assert version == SCHEMA_VERSION


def _copy_assets(tmp_path: Path) -> Path:
    folder = tmp_path / "assets"
    shutil.copytree(ASSETS / "cards", folder)
    return folder


def test_asset_change_refreshes_bundled_rows_and_keeps_imports(tmp_path: Path) -> None:
    assets = _copy_assets(tmp_path)
    path = tmp_path / "cards.sqlite"
    db = CardDB.open(path, assets_dir=assets)
    assert db.import_file(FIXTURES / "AtomicCards.json").ok
    db.close()

    dsk = json.loads((assets / "dsk.json").read_text(encoding="utf-8"))
    for raw in dsk["cards"]:
        if raw["name"] == "Cult Healer":
            raw["name_de"] = "Kultheiler"
            raw["text"] = "New oracle text."
    dsk["cards"] = [c for c in dsk["cards"] if c["name"] != "Murder"]
    (assets / "dsk.json").write_text(json.dumps(dsk), encoding="utf-8")

    again = CardDB.open(path, assets_dir=assets)
    assert [n.key for n in again.notices] == ["cards.db_refreshed"]
    healer = again.get("Cult Healer")
    assert healer is not None and healer.name_de == "Kultheiler" and healer.text == "New oracle text."
    assert "PDSK" in healer.sets                      # the imported printing survived
    assert again.resolve_name("Kultheiler") == "Cult Healer"
    assert again.resolve_name("Heiler des Kultes") is None
    assert again.get("Murder") is None
    assert again.get("Lightning Bolt") is not None    # imported cards stay
    assert again.search('o:"new oracle text"').total == 1
    # Unchanged assets: the next open leaves the file alone.
    before = snapshot(path)
    again.close()
    third = CardDB.open(path, assets_dir=assets)
    assert third.notices == [] and snapshot(path) == before


def test_searching_while_another_thread_imports(db: CardDB) -> None:
    errors: list[BaseException] = []
    started = threading.Event()

    def work() -> None:
        try:
            started.set()
            report = db.import_file(FIXTURES / "AtomicCards.json")
            assert report.ok
        except BaseException as exc:             # pragma: no cover - reported below
            errors.append(exc)

    worker = threading.Thread(target=work)
    worker.start()
    started.wait()
    for _ in range(20):
        assert db.search("t:creature").ok
    worker.join()
    assert not errors
    assert db.resolve_name("Blitzschlag") == "Lightning Bolt"
