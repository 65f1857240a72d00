"""Run one surface (entry point) of Manatable on hostile files, one case at a time, each
bounded by 5 s of CPU time (and 30 s of wall clock, for a case that blocks); the test starts
this in a subprocess with a 300 MB address-space limit. Prints one JSON line per case:
{"file", "outcome", "message", "seconds", "cpu_seconds"}.

    python tests/hostile/hostile_driver.py SURFACE HOME DB FILE...

outcome "clean" means the entry point returned with a message (or a result); anything
else ("crash" with the traceback, "timeout", "memory") is a failure.
"""
from __future__ import annotations

import io
import json
import os
import shutil
import signal
import sys
import time
import traceback
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


CPU_SECONDS = 5  # each case's bound, in CPU time
WALL_SECONDS = 30  # ... and in wall-clock time, for a case that blocks


class Timeout(Exception):
    pass


def _alarm(*_args: object) -> None:
    raise Timeout()


def decks_cli(path: str, db: str) -> str:
    # lazy: each surface loads only what its entry point loads (a child under a 300 MB address-space limit)
    from engine.decks.__main__ import main
    out, err = io.StringIO(), io.StringIO()
    code = main(["validate", path], out, err)
    return f"exit {code}: {(err.getvalue() or out.getvalue()).strip()[:300]}"


def deck_editor(path: str, db: str) -> str:
    # What the deck editor does on File > Open: read with the database's resolver.
    # lazy: each surface loads only what its entry point loads (a child under a 300 MB address-space limit)
    from engine.cards.db import CardDB
    from engine.decks import DeckFormatError, read_deck, validate
    from engine.decks.names import ChainedResolver, FunctionResolver, default_resolver
    database = CardDB.open(db)
    resolver = ChainedResolver(default_resolver(),
                               FunctionResolver(database.resolve_name, database.close_matches))
    try:
        loaded = read_deck(path, resolver)
    except DeckFormatError as exc:
        return f"message: {exc.text}"
    finally:
        database.close()
    problems = validate(loaded.deck)
    return f"read: {loaded.deck.total('main')} cards, {len(loaded.unknown)} unknown, " \
           f"{len(problems)} problems"


def goldfish(path: str, db: str) -> str:
    # MainWindow.goldfish: read_deck, then LocalSession.goldfish with the names.
    # lazy: each surface loads only what its entry point loads (a child under a 300 MB address-space limit)
    from app.session import LocalSession
    from engine.decks import DeckFormatError, read_deck
    try:
        loaded = read_deck(Path(path))
    except (OSError, DeckFormatError, ValueError) as exc:
        return f"message: {exc}"
    names = loaded.deck.card_names()
    if not names:
        return "message: the deck is empty"
    try:
        LocalSession.goldfish(names, seed=1)
    except ValueError as exc:
        return f"message: {exc}"
    return f"started with {len(names)} cards"


def cards_import(path: str, db: str) -> str:
    # lazy: each surface loads only what its entry point loads (a child under a 300 MB address-space limit)
    from engine.cards.__main__ import main
    code = main(["--db", db, "import", "-q", path])
    return f"exit {code}"


def load_game(path: str, db: str) -> str:
    # lazy: each surface loads only what its entry point loads (a child under a 300 MB address-space limit)
    from app.session import LocalSession
    try:
        LocalSession.from_save(path)
    except ValueError as exc:
        return f"message: {exc}"
    return "loaded"


def _home_file(target: Path, path: str) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.exists() or target.is_symlink():
        target.unlink()
    source = Path(path)
    if source.is_symlink() or not source.is_file() or source.stat().st_size > 10_000_000:
        os.symlink(os.path.realpath(path), target)     # FIFOs, devices, huge files: linked
    else:
        shutil.copyfile(path, target)


def settings(path: str, db: str) -> str:
    # lazy: each surface loads only what its entry point loads (a child under a 300 MB address-space limit)
    from app import settings as settings_mod
    from engine import paths
    _home_file(paths.config_dir() / settings_mod.FILE_NAME, path)
    loaded, warning = settings_mod.load()
    return f"warning: {warning}" if warning else f"loaded: {loaded.language}"


def recent(path: str, db: str) -> str:
    # lazy: each surface loads only what its entry point loads (a child under a 300 MB address-space limit)
    from engine import paths
    from engine.decks import storage
    _home_file(paths.config_dir() / storage.RECENT_FILE, path)
    found = storage.recent_decks()
    return f"{len(found)} recent; notices: {[n[2] for n in storage.take_notices()]}"


def autosave(path: str, db: str) -> str:
    # lazy: each surface loads only what its entry point loads (a child under a 300 MB address-space limit)
    from engine.decks import storage
    _home_file(storage.autosave_path("untitled-1"), path)
    deck = storage.load_autosave("untitled-1")
    keys = storage.autosave_keys()
    return f"autosave: {deck is not None}, keys {len(keys)}; " \
           f"notices: {[n[2] for n in storage.take_notices()]}"


SURFACES: dict[str, Callable[[str, str], str]] = {
    "decks_cli": decks_cli, "deck_editor": deck_editor, "goldfish": goldfish,
    "cards_import": cards_import, "load_game": load_game, "settings": settings,
    "recent": recent, "autosave": autosave,
}


def main() -> int:
    surface, home, db, *files = sys.argv[1:]
    os.environ["MANATABLE_HOME"] = home
    run = SURFACES[surface]
    signal.signal(signal.SIGALRM, _alarm)
    signal.signal(signal.SIGPROF, _alarm)
    for path in files:
        start, cpu = time.perf_counter(), time.process_time()
        message = ""
        # the bound is 5 s of CPU (load on a shared machine doesn't move it); a generous wall
        # clock alarm catches a case that blocks without using the CPU (a FIFO read)
        signal.setitimer(signal.ITIMER_PROF, CPU_SECONDS)
        signal.alarm(WALL_SECONDS)
        try:
            message = run(path, db)
            outcome = "clean"
        except Timeout:
            outcome = "timeout"
        except MemoryError:
            outcome = "memory"
        except BaseException:                 # noqa: BLE001 - a crash is what we look for
            outcome, message = "crash", traceback.format_exc()[-2000:]
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.alarm(0)
        print(json.dumps({"file": Path(path).name, "outcome": outcome, "message": message,
                          "seconds": round(time.perf_counter() - start, 3),
                          "cpu_seconds": round(time.process_time() - cpu, 3)}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
