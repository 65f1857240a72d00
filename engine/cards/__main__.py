"""Command line for the card database: `python -m engine.cards COMMAND ...`.

    python -m engine.cards import AtomicCards.json
    python -m engine.cards search t:creature c:w mv<=2
    python -m engine.cards backups            # earlier databases that were moved aside
    python -m engine.cards restore 1          # put one of them back
    python -m engine.cards rulings            # release-note rulings encoded as scenarios (strictly)
    python -m engine.cards breaks             # rulings whose scenarios fail on an engine broken on purpose
    python -m engine.cards stub DSK           # card-layer skeletons of the missing cards
    python -m engine.cards index              # write engine/cards/sets/index.py (after editing a set module)
                                              # and assets/cards/index.json (after a card file changed)
    python -m engine.cards coverage --one-card  # implemented cards; constructors used by one card

Subcommands live in SUBCOMMANDS (name -> Subcommand); add one by adding an entry.
User errors print one clear message to stderr and exit non-zero, never a traceback.
"""
from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import time
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from engine.cards.db import CardDB, CardDBUnavailable
from engine.cards.backups import check_backup

# The reports (coverage, rulings, stub, index) load the card layer and the game (~1.5 s of CPU):
# each loads its modules when it runs, so `import`, `search`, `backups` and `restore` start in
# a fraction of that (marked `# lazy:` below).


@dataclass(frozen=True)
class Subcommand:
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def _open(args: argparse.Namespace) -> CardDB:
    db = CardDB.open(getattr(args, "db", None))
    for notice in db.notices:
        print(notice.message, file=sys.stderr)
    return db


# -- import ------------------------------------------------------------------------------

def _configure_import(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="MTGJSON (AtomicCards, AllPrintings, a set file), Scryfall bulk data "
                        "or Cockatrice cards.xml; may be gzip/bzip2/xz/zip compressed")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress display")


def _run_import(args: argparse.Namespace) -> int:
    db = _open(args)
    status = 0
    show = not args.quiet and sys.stderr.isatty()
    cancel = threading.Event()
    for path in args.files:
        def progress(done: int, total: int | None) -> None:
            if show and total:
                print(f"\r{path}: {100 * done // total:3d} %", end="", file=sys.stderr, flush=True)
        try:
            report = db.import_file(path, progress=progress, cancel=cancel)
        except KeyboardInterrupt:
            print(f"\nThe import of {path} was interrupted; nothing was changed.", file=sys.stderr)
            return 130
        if show:
            print(file=sys.stderr)
        if report.ok:
            print(" ".join(m.message for m in [report.summary(), *report.counts()]))
            for note in report.notes():   # the malformed records skipped, how many and why
                print(note.message)
        else:
            print(f"error: {report.summary().message}", file=sys.stderr)
            status = 1
    return status


# -- search ------------------------------------------------------------------------------

def _configure_search(p: argparse.ArgumentParser) -> None:
    p.add_argument("query", nargs="+", help="search words (see docs/search.md); "
                                            "several arguments are joined with spaces")
    p.add_argument("--limit", type=int, default=50, help="how many cards to show (default 50)")
    p.add_argument("--offset", type=int, default=0, help="skip this many cards first")
    p.add_argument("--lang", choices=("en", "de", "it"), default="en",
                   help="show names and type lines in this language where known")


def _run_search(args: argparse.Namespace) -> int:
    query = " ".join(args.query)
    db = _open(args)
    result = db.search(query, limit=args.limit, offset=args.offset)
    if result.error is not None:
        print(f"error: {result.error.message}", file=sys.stderr)
        print(f"  {query}\n  {' ' * result.error.position}^", file=sys.stderr)
        return 1
    for card in result.cards:
        cost = f"  {card.mana_cost}" if card.mana_cost else ""
        sets = ", ".join(card.sets)
        print(f"{card.localized_name(args.lang)}{cost}  —  {card.localized_type_line(args.lang)}"
              f"  [{sets}]")
    shown = len(result.cards)
    print(f"{shown} of {result.total} cards shown." if shown < result.total
          else f"{_cards(result.total)}.")
    if result.skipped:  # (a damaged row: left out and said, docs/search.md)
        rows = "row of" if result.skipped == 1 else "rows of"
        print(f"{result.skipped} matching {rows} {db.path} damaged (cannot be read as cards): left out.", file=sys.stderr)
    return 0


def _configure_coverage(p: argparse.ArgumentParser) -> None:
    p.add_argument("--scenarios", help="scenario folder (default: tests/scenarios of this checkout)")
    p.add_argument("--one-card", action="store_true",
                   help="list the vocabulary constructors that only one card definition calls")
    p.add_argument("--lang", choices=("de", "it"),
                   help="instead: how many cards have their printed name, type line and text in "
                        "this language, and which do not (the UI shows English for those)")


def _run_coverage(args: argparse.Namespace) -> int:
    # lazy: a report's modules load only when it runs (see the top)
    from engine.cards.constructors import report as vocabulary_report
    from engine.cards.coverage import SCENARIOS, report
    from engine.cards.text_coverage import report as text_report
    if args.lang:
        print(text_report(args.lang))
        return 0

    print(report(Path(args.scenarios) if args.scenarios else SCENARIOS))
    print("\n".join(vocabulary_report(one_card=args.one_card)))
    return 0


def _cards(n: int) -> str:
    """"1 card", "2 cards": this command line speaks English only (the app translates)."""
    return f"{n} card" if n == 1 else f"{n} cards"


# -- backups -----------------------------------------------------------------------------

def _run_backups(args: argparse.Namespace) -> int:
    db = _open(args)
    found = db.list_backups()
    if not found:
        print("There are no earlier card databases.")
        return 0
    for n, backup in enumerate(found, 1):
        cards, problem = check_backup(backup.path)
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(backup.modified))
        state = _cards(cards) if problem is None else f"cannot be restored: {problem}"
        print(f"{n}. {when}  {backup.path.name}  {backup.size // 1024} KiB  {state}")
    print("Restore one with: python -m engine.cards restore NUMBER")
    return 0


def _configure_restore(p: argparse.ArgumentParser) -> None:
    p.add_argument("backup", help="the number `backups` shows, or the backup file's path")


def _run_restore(args: argparse.Namespace) -> int:
    db = _open(args)
    found = db.list_backups()
    choice: Path
    if args.backup.isdigit() and 1 <= int(args.backup) <= len(found):
        choice = found[int(args.backup) - 1].path
    else:
        choice = Path(args.backup)
    msg = db.restore_backup(choice)
    ok = msg.key == "cards.backup_restored"
    print(msg.message if ok else f"error: {msg.message}", file=sys.stdout if ok else sys.stderr)
    return 0 if ok else 1


def _configure_stub(p: argparse.ArgumentParser) -> None:
    p.add_argument("set", metavar="SET", help="set code, e.g. DSK")


def _run_stub(args: argparse.Namespace) -> int:
    # lazy: a report's modules load only when it runs (see the top)
    from engine.cards.stub import main as stub_main
    return stub_main(args.set)


def _configure_rulings(p: argparse.ArgumentParser) -> None:
    p.add_argument("--no-run", action="store_true", help="only match quotes, do not run the scenarios")


def _run_rulings(args: argparse.Namespace) -> int:
    # lazy: a report's modules load only when it runs (see the top)
    from engine.cards import breaks, rulings
    lines, _, _, _ = rulings.report(run=not args.no_run)
    try:
        recorded = {k for b in breaks.load() for k in b.rulings}
        lines.insert(4, f"Rulings with a recorded break (tests/breaks; whether each is caught: "
                        f"`python -m engine.cards breaks`): {len(recorded)}")
    except breaks.BreakError as exc:
        lines.insert(4, f"The recorded breaks cannot be read: {exc}")
    print("\n".join(lines))
    return 0


def _configure_breaks(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", nargs="*", metavar="FILE", type=Path,
                   help="break files (default: every tests/breaks/*.toml)")
    p.add_argument("--ruling", action="append", default=[], metavar="KEY",
                   help="only the breaks of this ruling (\"Subject#N\"); may be repeated")


def _run_breaks(args: argparse.Namespace) -> int:
    # lazy: a report's modules load only when it runs (see the top)
    from engine.cards import breaks, rulings
    try:
        found = [b for f in args.files for b in breaks.read(f)] if args.files else breaks.load()
    except breaks.BreakError as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.ruling:
        found = [b for b in found if set(b.rulings) & set(args.ruling)]
    outcomes, _ = breaks.check(found)
    _, encoded, _, total = rulings.report(run=False)
    print("\n".join(breaks.report(outcomes, total, encoded)))
    _, missed = breaks.caught_rulings(outcomes)
    return 0 if all(o.caught for o in outcomes) and not missed else 1


def _run_index(args: argparse.Namespace) -> int:
    # lazy: a report's modules load only when it runs (see the top)
    from engine.cards import sets
    path = sets.HERE / f"{sets.INDEX}.py"
    path.write_text(sets.build_index(), encoding="utf-8")
    print(f"wrote {path}")
    path = write_card_index()
    print(f"wrote {path}")
    return 0


def card_index_text() -> str:
    """The text of assets/cards/index.json: where each bundled card's record is in its file,
    and the lookup keys of deck names (engine/rules/carddata.py, engine/decks/names.py)."""
    # lazy: a report's modules load only when it runs (see the top)
    from engine.decks.names import bundled_name_keys
    from engine.rules import carddata
    index = {**carddata.build_index(), "names": bundled_name_keys()}
    lines = ["{", f'"digest": {json.dumps(index["digest"])},']
    for part in ("cards", "names"):  # (one entry a line: a changed card is a changed line)
        entries = [f"{json.dumps(k, ensure_ascii=False)}: {json.dumps(v, ensure_ascii=False)}"
                   for k, v in index[part].items()]
        lines += [f'"{part}": {{', ",\n".join(entries), "}," if part == "cards" else "}"]
    return "\n".join(lines + ["}"]) + "\n"


def write_card_index() -> Path:
    # lazy: a report's modules load only when it runs (see the top)
    from engine.rules import carddata
    carddata.INDEX_PATH.write_text(card_index_text(), encoding="utf-8")
    return carddata.INDEX_PATH


SUBCOMMANDS: dict[str, Subcommand] = {
    "import": Subcommand("import card files into the card database",
                         _configure_import, _run_import),
    "search": Subcommand("search the card database", _configure_search, _run_search),
    "coverage": Subcommand("print implemented / total cards per set", _configure_coverage, _run_coverage),
    "stub": Subcommand("print card-layer skeletons of a set's missing cards with their Oracle lines",
                       _configure_stub, _run_stub),
    "rulings": Subcommand("print how many release-note rulings scenarios encode (strictly), and what is missing per card",
                          _configure_rulings, _run_rulings),
    "breaks": Subcommand("break the engine on purpose, once per recorded break (tests/breaks), and count the rulings "
                         "whose scenarios then fail", _configure_breaks, _run_breaks),
    "index": Subcommand("write the indexes of which set module defines each card (engine/cards/sets/index.py) and "
                        "where each bundled card's record is (assets/cards/index.json)",
                        lambda p: None, _run_index),
    "backups": Subcommand("list earlier card databases that were moved aside",
                          lambda p: None, _run_backups),
    "restore": Subcommand("put an earlier card database back in place",
                          _configure_restore, _run_restore),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine.cards",
                                     description="Manatable's card database.")
    parser.add_argument("--db", metavar="PATH",
                        help="database file (default: cards.sqlite in the data directory)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, command in SUBCOMMANDS.items():
        command.configure(sub.add_parser(name, help=command.help, description=command.help))
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return SUBCOMMANDS[args.command].run(args)
    except KeyboardInterrupt:
        print("Interrupted.", file=sys.stderr)
        return 130
    except CardDBUnavailable as exc:
        print(f"error: {exc.msg.message}", file=sys.stderr)
        return 1
    except (OSError, sqlite3.Error) as exc:
        print(f"error: the card database cannot be used: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
