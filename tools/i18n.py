"""The message catalogs: pybabel extract / update / compile with Manatable's settings.

    python tools/i18n.py extract    # i18n/manatable.pot from the code (babel.cfg: app/, engine/messages/)
    python tools/i18n.py update     # merge the template into i18n/<lang>/LC_MESSAGES/manatable.po
    python tools/i18n.py compile    # the .mo files the app reads (committed; a test checks them)
    python tools/i18n.py all        # the three in a row, after changing messages in the code
    python tools/i18n.py init xx    # a new language (docs/translating.md)

The same as calling pybabel with KEYWORDS and the options below; Babel is in the test extra.
"""
from __future__ import annotations

import sys
from pathlib import Path

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
    import os

    from babel.messages.frontend import CommandLineInterface

    here = os.getcwd()
    os.chdir(ROOT)
    try:
        CommandLineInterface().run(args)
    finally:
        os.chdir(here)


def languages() -> list[str]:
    return sorted(p.parent.parent.name for p in I18N.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def extract() -> None:
    run(extract_args(TEMPLATE))


def update() -> None:
    run(["pybabel", "update", "-i", str(TEMPLATE), "-d", str(I18N), "-D", DOMAIN, "--no-wrap",
         "--ignore-obsolete"])


def compile_() -> None:
    run(["pybabel", "compile", "-d", str(I18N), "-D", DOMAIN, "--statistics"])


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else "all"
    if cmd in ("extract", "all"):
        extract()
    if cmd in ("update", "all"):
        update()
    if cmd in ("compile", "all"):
        compile_()
    if cmd == "init":
        run(["pybabel", "init", "-i", str(TEMPLATE), "-d", str(I18N), "-D", DOMAIN, "-l", argv[1], "--no-wrap"])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
