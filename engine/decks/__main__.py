"""Command line: convert deck files between formats, and validate them.

    python -m engine.decks convert IN OUT [--to plain|arena|mtgo|cod|dek] [--keep-unknown]
    python -m engine.decks validate FILE [--format constructed|limited|casual]

The output format of `convert` follows OUT's extension (.cod, .dek, .arena.txt for Arena,
any other for plain text) unless --to names one. Exit codes: 0 done, 1 error (unreadable or
malformed file, illegal deck), 2 unknown card names (convert without --keep-unknown; nothing
is written) or bad command-line usage.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

from engine.decks.files import read_deck, write_deck
from engine.decks.formats import STYLES
from engine.decks.messages import DeckFormatError
from engine.decks.formats.base import MAX_SUGGESTED
from engine.decks.model import FORMATS, UnknownCard
from engine.decks.validate import FORMAT_NAMES, effective_format, errors, validate

EXIT_OK, EXIT_ERROR, EXIT_UNKNOWN = 0, 1, 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine.decks",
                                     description="Convert and validate Magic deck files.")
    sub = parser.add_subparsers(dest="command", required=True)
    convert = sub.add_parser("convert", help="convert a deck file to another format")
    convert.add_argument("input", help="deck file to read (.cod, .dek, .txt, .dec ...)")
    convert.add_argument("output", help="file to write; the extension picks the format")
    convert.add_argument("--to", choices=STYLES, help="output format (overrides the extension)")
    convert.add_argument("--keep-unknown", action="store_true",
                         help="write unknown card names as they are instead of stopping")
    check = sub.add_parser("validate", help="check a deck against a format's rules")
    check.add_argument("file", help="deck file to check")
    check.add_argument("--format", choices=FORMATS, dest="fmt",
                       help="format to check (default: the deck's own, else by its size)")
    return parser


def _print_unknown(source: str, unknown: list[UnknownCard], out: TextIO, label: str) -> None:
    for card in unknown:
        where = f"{source}, line {card.line}" if card.line else source
        hint = (f" Did you mean: {', '.join(card.suggestions)}?" if card.suggestions
                else " No similar card name is known." if card.looked_up
                else f" (Similar names are looked for only for the first {MAX_SUGGESTED} unknown names.)")
        print(f"{where}: {label}: {card.name} ({card.count}, {card.zone}) is not a known card."
              f"{hint}", file=out)


def _convert(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    deck, unknown = read_deck(args.input)
    if unknown and not args.keep_unknown:
        _print_unknown(args.input, unknown, err, "error")
        print(f"{args.input}: nothing written; fix these names or use --keep-unknown to keep "
              f"them as written.", file=err)
        return EXIT_UNKNOWN
    _print_unknown(args.input, unknown, err, "warning")
    try:
        path = write_deck(deck, args.output, args.to)
    except OSError as exc:
        print(f"{args.output}: could not be written: {exc.strerror or exc}.", file=err)
        return EXIT_ERROR
    print(f"Wrote {path}: {deck.total('main')} cards in the main deck, "
          f"{deck.total('side')} in the sideboard.", file=out)
    return EXIT_OK


def _validate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    deck, unknown = read_deck(args.file)
    fmt = effective_format(deck, args.fmt)
    problems = validate(deck, fmt)
    for problem in problems:
        stream = err if problem.severity == "error" else out
        print(f"{args.file}: {problem.severity}: {problem.text}", file=stream)
    _print_unknown(args.file, [u for u in unknown if u.suggestions], out, "hint")
    if errors(problems):
        print(f"{args.file}: the deck is not legal for {FORMAT_NAMES[fmt]}.", file=err)
        return EXIT_ERROR
    print(f"{args.file}: the deck is legal for {FORMAT_NAMES[fmt]} "
          f"({deck.total('main')} cards, sideboard {deck.total('side')}).", file=out)
    return EXIT_OK


def main(argv: Sequence[str] | None = None, out: TextIO | None = None,
         err: TextIO | None = None) -> int:
    """Run the command line; returns the exit code (never raises for a user's mistake)."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:   # argparse has printed usage or help already
        return exc.code if isinstance(exc.code, int) else EXIT_UNKNOWN
    try:
        if args.command == "convert":
            return _convert(args, out, err)
        return _validate(args, out, err)
    except DeckFormatError as exc:
        source = args.input if args.command == "convert" else args.file
        print(f"{source}: {exc.text}", file=err)
        return EXIT_ERROR


if __name__ == "__main__":
    sys.exit(main())
