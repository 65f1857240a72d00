"""The message catalogs: pybabel extract / update / compile with Manatable's settings.

    python tools/i18n.py extract    # i18n/manatable.pot from the code (babel.cfg: app/, engine/messages/)
    python tools/i18n.py update     # merge the template into i18n/<lang>/LC_MESSAGES/manatable.po
    python tools/i18n.py compile    # the .mo files the app reads (committed; a test checks them)
    python tools/i18n.py all        # the three in a row, after changing messages in the code, then check
    python tools/i18n.py check      # list messages per language still empty or marked fuzzy
    python tools/i18n.py init xx    # a new language (docs/translating.md)

The same as calling pybabel with KEYWORDS and the options below; Babel is in the test extra.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "i18n"
DOMAIN = "manatable"
TEMPLATE = I18N / f"{DOMAIN}.pot"
VERSION = "0.1"
# tr("..."), trc(context, "..."), trn(singular, plural, n) in app/; N_/NC_/NP_ mark messages in tables
KEYWORDS = ("tr", "trc:1c,2", "trn:1,2", "N_", "NC_:1c,2", "NP_:1,2")


def extract_args(output: Path) -> list[str]:
    args = ["pybabel", "extract", "-F", "babel.cfg", "--no-default-keywords"]
    for k in KEYWORDS:
        args += ["-k", k]
    return args + ["--sort-by-file", "--no-wrap", "--project", "Manatable", "--version", VERSION,
                   "--copyright-holder", "the Manatable authors",
                   "-c", "TRANSLATORS:", "-o", str(output), "."]


def run(args: list[str]) -> None:
    """pybabel with these arguments, from the checkout's root (references are relative)."""

    here = os.getcwd()
    os.chdir(ROOT)
    try:
        CommandLineInterface().run(args)
    finally:
        os.chdir(here)


def languages() -> list[str]:
    return sorted(p.parent.parent.name for p in I18N.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def extract() -> None:
    """The template, rewritten only when a message changed: a new POT-Creation-Date alone would
    change the template and every catalog, and make every branch's catalogs conflict."""
    fresh = TEMPLATE.with_suffix(".pot.new")
    run(extract_args(fresh))
    if TEMPLATE.exists() and _without_date(fresh) == _without_date(TEMPLATE):
        fresh.unlink()
    else:
        fresh.replace(TEMPLATE)


def _without_date(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").splitlines()
            if not line.startswith('"POT-Creation-Date:')]


def update() -> None:
    run(["pybabel", "update", "-i", str(TEMPLATE), "-d", str(I18N), "-D", DOMAIN, "--no-wrap",
         "--ignore-obsolete"])


def compile_() -> None:
    run(["pybabel", "compile", "-d", str(I18N), "-D", DOMAIN, "--statistics"])


def unfinished(lang: str) -> list[str]:
    """Messages of a catalog that are empty or fuzzy: pybabel compile counts fuzzy ones as translated."""
    with (I18N / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as f:
        catalog = read_po(f)
    found = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            found.append(message.id if isinstance(message.id, str) else message.id[0])
    return found


def check() -> int:
    """Print the unfinished messages of each language; 1 when there are any."""
    status = 0
    for lang in languages():
        missing = unfinished(lang)
        print(f"{lang}: {len(missing)} messages empty or fuzzy")
        for msgid in missing:
            print(f"  {msgid!r}")
        status |= bool(missing)
    return status


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else "all"
    if cmd in ("extract", "all"):
        extract()
    if cmd in ("update", "all"):
        update()
    if cmd in ("compile", "all"):
        compile_()
    if cmd in ("check", "all"):
        return check()
    if cmd == "init":
        run(["pybabel", "init", "-i", str(TEMPLATE), "-d", str(I18N), "-D", DOMAIN, "-l", argv[1], "--no-wrap"])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
