"""Write the hostile-file corpus: decks, card files, saved games, settings, recent-deck lists
and autosaves that once hung, crashed or ate memory (issue #7).

    python tools/make_hostile.py [FOLDER] [--max-bytes N]

FOLDER defaults to tests/fixtures/hostile. Files bigger than --max-bytes are skipped (the
committed corpus keeps only small files; tests/hostile/test_hostile_corpus.py writes the full
set into a temporary folder). FIFOs, symlinks to /dev/zero, folders and sparse files are
made by the test itself (they cannot be committed).
"""
from __future__ import annotations

import argparse
import bz2
import gzip
import io
import json
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _cod(cards: str, extra: str = "") -> str:
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">{extra}'
            f'<zone name="main">{cards}</zone></cockatrice_deck>\n')


def _zip(member: bytes, method: int | None = None, encrypted: bool = False) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as archive:
        archive.writestr("cards.json", member)
    raw = bytearray(buf.getvalue())
    central = raw.rfind(b"PK\x01\x02")
    if encrypted:
        raw[6] |= 1
        raw[central + 8] |= 1
    if method is not None:
        raw[8] = method
        raw[central + 10] = method
    return bytes(raw)


def decks() -> dict[str, bytes]:
    out: dict[str, str | bytes] = {
        "spaces_719.txt": "4" + " " * 350 + "1" * 350 + "x\n",
        "tabs_in_line.txt": "4" + "\t" * 900 + "\n",
        "digits_run.txt": "1" * 990 + "a\n",
        "header_tail.txt": "Sideboard" + " " * 500 + "1" * 480 + "x\n",
        "long_line.txt": "4 " + "a" * 100_000 + "\n",
        "many_lines.txt": "1 Murder\n" * 25_000,
        "million_cards.txt": "".join(f"9999 Card {i}\n" for i in range(100)),
        "billion_cards.cod": _cod('<card number="9999" name="Murder"/>' * 200),
        "huge_count.txt": "99999999999999999999999 Murder\n",
        "unknown_names.txt": "".join(f"1 Zzqx Made Up {i}\n" for i in range(20_000)),
        "control_chars.txt": "4 Mur\x1b[2J\x1b[31mder\n",
        "control_chars.cod": _cod('<card number="1" name="Mur&#x1b;der"/>'),
        "html_name.cod": _cod('<card number="1" name="&lt;img src=/etc/x width=20000&gt;"/>'),
        "nul_bytes.txt": "4 Mur\x00der\n",
        "doctype_bomb.cod": '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">'
                            '<!ENTITY b "&a;&a;&a;&a;">]><cockatrice_deck>&b;</cockatrice_deck>',
        "deep.cod": "<cockatrice_deck>" + "<zone>" * 50_000 + "</zone>" * 50_000
                    + "</cockatrice_deck>",
        "wrong_root.cod": "<Deck><Cards/></Deck>",
        "unclosed.cod": "<cockatrice_deck><zone name='main'>",
        "empty.txt": "",
        "bom_only.txt": "\ufeff",
        "negative.txt": "-4 Murder\n",
        "only_comments.txt": "// x\n" * 100,
    }
    raw: dict[str, bytes] = {k: v.encode("utf-8") if isinstance(v, str) else v
                             for k, v in out.items()}
    cod = _cod('<card number="4" name="Murder"/>')
    raw["utf16_no_bom.cod"] = cod.encode("utf-16-le")
    raw["utf16_be_no_bom.cod"] = cod.encode("utf-16-be")
    raw["binary.txt"] = bytes(range(256)) * 64
    raw["cp1252.txt"] = "4 Lim-D\xfbl's Vault\n".encode("cp1252")
    return raw


def cards() -> dict[str, bytes]:
    return {
        "deep_array.json": b"[" * 80_000,
        "deep_in_data.json": b'{"data": {"Card": ' + b"[" * 80_000,
        "deep_in_card.json": b'[{"name": "x", "a": ' + b'{"b": ' * 20_000 + b"1" + b"}" * 20_000
                             + b"}]",
        "long_string.json": b'[{"name": "' + b"a" * (3 * 1024 * 1024) + b'"}]',
        "bomb.json.gz": gzip.compress(b'{"data": {"Card": [' + b" " * (100 * 1024 * 1024)
                                      + b"]}}", compresslevel=9),
        "bomb.json.bz2": bz2.compress(b'{"data": {"Card": [' + b" " * (100 * 1024 * 1024)
                                      + b"]}}"),
        "cockatrice_junk.xml.gz": gzip.compress(
            b"<cockatrice_carddatabase version='4'><cards>" + b"<junk>x</junk>" * 8_000_000
            + b"</cards></cockatrice_carddatabase>", compresslevel=9),
        "cockatrice_deep.xml": b"<cockatrice_carddatabase version='4'><cards>" + b"<x>" * 50_000,
        "entity_bomb.xml": b'<?xml version="1.0"?><!DOCTYPE c [<!ENTITY a "aaaaaaaaaa">'
                           b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
                           b'<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>'
                           b"<cockatrice_carddatabase><cards>&c;</cards>"
                           b"</cockatrice_carddatabase>",
        "encrypted.zip": _zip(b"[]", encrypted=True),
        "unsupported.zip": _zip(b"[]", method=99),
        "two_members.zip": b"",          # filled below
        "bad_gzip.json.gz": b"\x1f\x8b\x08\x00" + b"\x00" * 100,
        "truncated.json": b'[{"name": "Murder", "type_line": "Inst',
        "not_json.json": b"{this is not json",
        "empty.json": b"",
        "binary.json": bytes(range(256)) * 16,
    }


def games() -> dict[str, bytes]:
    base = {"format": "manatable-game", "version": 1,
            "config": {"players": ["A", "B"], "decks": [["Forest"] * 20, ["Forest"] * 20],
                       "mode": "hybrid", "seed": 1, "starting_life": 20, "hand_size": 7,
                       "first_player": 0, "goldfish": False, "skip_mulligans": True,
                       "setup": None},
            "actions": [], "gui": {"seat": 0}}

    def with_config(**kw: object) -> bytes:
        return json.dumps({**base, "config": {**base["config"], **kw}}).encode()

    out = {
        "first_player_5.json": with_config(first_player=5),
        "hand_size_1e9.json": with_config(hand_size=10 ** 9),
        "nested_decks.json": with_config(decks=[[["Forest"]], []]),
        "million_card_deck.json": with_config(decks=[["Forest"] * 1_000_000, []]),
        "setup_deep.json": json.dumps({**base, "config": {**base["config"]}}).replace(
            '"setup": null', '"setup": {"a": ' + "[" * 5000 + "]" * 5000 + "}").encode(),
        "deep.json": b"[" * 200_000,
        "seat_infinity.json": json.dumps(base).replace('"seat": 0', '"seat": 1e999').encode(),
        "player_nan.json": json.dumps({**base, "actions": [{"player": 0, "text": "pass"}]})
                           .replace('"player": 0', '"player": NaN').encode(),
        "actions_not_list.json": json.dumps({**base, "actions": {"x": 1}}).encode(),
        "not_a_game.json": b'{"format": "something"}',
        "not_json.json": b"\xff\xfe garbage",
        "empty.json": b"",
    }
    return out


def settings() -> dict[str, bytes]:
    return {
        "deep.json": b'{"stops": ' + b"[" * 100_000,
        "absurd.json": json.dumps({"language": "x" * 100_000, "animations": 5,
                                   "stops": ["main1"] * 100_000}).replace('5', '1e999')
                                                                 .encode(),
        "not_object.json": b"[1, 2, 3]",
        "garbage.json": bytes(range(256)),
    }


def recent() -> dict[str, bytes]:
    return {
        "deep.json": b'{"recent": ' + b"[" * 100_000,
        "huge_list.json": json.dumps({"version": 1, "recent": ["/x" * 1000] * 100_000}).encode(),
        "wrong_types.json": b'{"recent": [1, null, {"a": 1}, "\\u0000"]}',
    }


def autosaves() -> dict[str, bytes]:
    return {
        "absurd_count.json": json.dumps({"key": "untitled-1", "deck": {
            "version": 1, "zones": {"main": [{"name": "Murder", "count": 10 ** 9}]}}}).encode(),
        "inf_count.json": b'{"key": "untitled-1", "deck": {"version": 1, "zones": '
                          b'{"main": [{"name": "Murder", "count": 1e999}]}}}',
        "deep.json": b'{"key": "untitled-1", "deck": ' + b"[" * 100_000,
        "list_set_code.json": json.dumps({"key": "untitled-1", "deck": {
            "version": 1, "zones": {"main": [{"name": "Murder", "count": 1, "set": [1]}]}}})
                              .encode(),
    }


SURFACES = {"decks": decks, "cards": cards, "games": games, "settings": settings,
            "recent": recent, "autosave": autosaves}


def write(folder: Path, max_bytes: int | None = None) -> dict[str, list[Path]]:
    """Write every surface's files under folder/<surface>/; returns the paths by surface."""
    written: dict[str, list[Path]] = {}
    for surface, make in SURFACES.items():
        files = make()
        if surface == "cards":
            buf = io.BytesIO()
            with zipfile.ZipFile(buf, "w") as archive:
                archive.writestr("a.json", b"[]")
                archive.writestr("b.json", b"[]")
            files["two_members.zip"] = buf.getvalue()
        target = folder / surface
        target.mkdir(parents=True, exist_ok=True)
        written[surface] = []
        for name, data in sorted(files.items()):
            if max_bytes is not None and len(data) > max_bytes:
                continue
            path = target / name
            path.write_bytes(data)
            written[surface].append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default=str(ROOT / "tests" / "fixtures" / "hostile"))
    parser.add_argument("--max-bytes", type=int, default=None)
    args = parser.parse_args(argv)
    written = write(Path(args.folder), args.max_bytes)
    for surface, files in written.items():
        print(f"{surface}: {len(files)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
