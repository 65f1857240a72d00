"""`manatable`: the desktop app.

    manatable                  the start page
    manatable --goldfish [DECK]  straight to a goldfish table (a sample deck if none given)
    manatable --scenario FILE  a scenario's position on the table
    manatable --self-test      a table with 300 cards, the main interactions, exit 0 if all work
    manatable --lang de        the UI language for this run
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from typing import cast

T0 = time.perf_counter()


def parse_args(argv: list[str]) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="manatable", description="A desktop table for Magic: The Gathering.")
    ap.add_argument("--goldfish", nargs="?", const="", metavar="DECK", help="goldfish a deck file at once")
    ap.add_argument("--scenario", metavar="FILE", help="open a scenario file as the starting position")
    ap.add_argument("--game", metavar="FILE", help="open a saved game")
    ap.add_argument("--self-test", action="store_true", help="exercise a 300-card table and exit")
    ap.add_argument("--lang", choices=("en", "de", "it"), help="UI language for this run")
    ap.add_argument("--quit-when-shown", action="store_true", help=argparse.SUPPRESS)  # for benchmarks
    ap.add_argument("--screenshot", metavar="PNG", help=argparse.SUPPRESS)  # with --quit-when-shown: the first window
    return ap.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    # lazy: Qt and the app load once the arguments are read (--help needs neither), PySide6's
    # modules after pyside_sources.install(); this module's other imports ("see main()") too.
    from PySide6.QtCore import QTimer  # lazy: see main()

    from app import pyside_sources  # lazy: see main()
    pyside_sources.install()  # (before the other imports: PySide6 reads each one's source)
    from PySide6.QtWidgets import QApplication  # lazy: see main()

    from app import settings as settings_mod  # lazy: see main()
    from app.i18n import language, set_language  # lazy: see main()

    app = cast(QApplication, QApplication.instance()) or QApplication(sys.argv[:1])
    app.setApplicationName("Manatable")
    app.setDesktopFileName("io.github.manatable.Manatable")  # Wayland matches the .desktop file by this
    from PySide6.QtGui import QIcon  # lazy: see main()

    from engine.paths import ASSETS  # lazy: see main()
    app.setWindowIcon(QIcon(str(ASSETS / "icons" / "app.png")))  # rendered by packaging/make_icons.py
    settings, warning = settings_mod.load()
    if warning:
        print(f"manatable: the settings file is damaged, using the defaults ({warning})", file=sys.stderr)
    set_language(args.lang or settings.language)
    if args.lang:
        settings_mod.set_run_language(settings, args.lang)  # for this run only: not saved
    qt_translations(app, language())
    from app.shell.main_window import MainWindow  # lazy: see main()

    window = MainWindow(settings, warning)
    screen = app.primaryScreen()
    if screen is not None:  # a 1366x768 laptop gets a window that fits its screen
        window.resize(*default_size(screen.availableGeometry().width(), screen.availableGeometry().height()))
    from app import crash  # lazy: see main()
    crash.install(window)  # an unexpected error: dialog, log file, the game autosaved
    if args.self_test:
        from app.selftest import run_self_test  # lazy: see main()
        window.show()
        return run_self_test(app, window)
    if args.goldfish is not None:
        deck = args.goldfish or _default_deck(settings)
        if not window.goldfish(deck):
            return 2
    elif args.scenario:
        if not window.load_scenario(args.scenario):
            return 2
    elif args.game:
        if not window.load_game(args.game):
            return 2
    if settings.maximized:  # as it was left
        window.showMaximized()
    else:
        window.show()
    if args.quit_when_shown:
        # time to first window and the UI language, for tests/bench/gui_bench.py and the bundle test

        def shown() -> None:
            print(f"shown {time.perf_counter() - T0:.3f} {language()}", flush=True)
            if args.screenshot:
                window.grab().save(args.screenshot)
            app.quit()
        QTimer.singleShot(0, shown)
    return int(app.exec())


def default_size(avail_w: int, avail_h: int) -> tuple[int, int]:
    """The main window's first size: 1500x950, or less to fit the screen's free area (with
    room for the window's frame)."""
    return min(1500, max(800, avail_w - 16)), min(950, max(560, avail_h - 40))


def qt_translations(app: object, lang: str) -> bool:
    """Qt's own strings (dialog buttons such as "Show Details...", file dialogs) in the UI
    language, from the translations PySide6 ships (the bundle keeps en/de/it)."""
    if lang == "en":
        return True
    from PySide6.QtCore import QLibraryInfo, QTranslator  # lazy: see main()

    translator = QTranslator(app)  # type: ignore[arg-type]  # parented: lives as long as the app
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if translator.load(f"qtbase_{lang}", folder):
        app.installTranslator(translator)  # type: ignore[attr-defined]
        return True
    return False


def _default_deck(settings: object) -> str:
    last = getattr(settings, "last_deck", "")
    if last and os.path.exists(last):
        return str(last)
    from engine.decks import sample_decks  # lazy: see main()
    return str(sample_decks()[0])


if __name__ == "__main__":
    sys.exit(main())
