"""Card database benchmark: import, open and search on a 33,000-card MTGJSON file.

    python tests/bench/cards_bench.py [--cards 33000] [--file AtomicCards.json] [--keep DIR]

Measures, on a synthetic AtomicCards.json (tests/bench/gen_mtgjson.py, unless --file):
* import time and peak memory: the import runs in a child process whose peak RSS is read
  with getrusage(RUSAGE_CHILDREN) (so nothing else may run as a child before it);
* first start: building the database from the bundled assets;
* open time: CardDB.open() on the finished database (median of 20);
* search time: the median over ten typical queries of each query's median of 7 runs.
Targets: first start <= 1 s, import <= 10 s with peak RSS <= 300 MB, open <= 50 ms,
median search <= 20 ms.
Not collected by pytest (no test_ prefix) and does nothing on import.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
QUERIES = [
    "angel",                                  # bare word on names (all languages)
    '"ancient angel"',                        # phrase
    "t:creature c:w mv<=2",
    'o:"draw a card"',                        # FTS
    "o:flying -t:creature",
    "ci<=wu t:instant",
    "(t:sorcery OR t:instant) c:r",
    "pow>=5 r>=rare",
    "s:dsk",
    "lang:de blitz",
]
IMPORT_CHILD = """
import json, sys, time
from engine.cards.db import CardDB
db = CardDB.open(sys.argv[1])
start = time.perf_counter()
report = db.import_file(sys.argv[2])
seconds = time.perf_counter() - start
print(json.dumps({"ok": report.ok, "error": str(report.error), "added": report.cards_added,
                  "seconds": seconds, "count": db.count()}))
"""


def measure_import(db_path: Path, card_file: Path) -> tuple[dict[str, object], float, float]:
    """(child's report, wall seconds, peak RSS in MB) of one import in a fresh process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    child = subprocess.run([sys.executable, "-c", IMPORT_CHILD, str(db_path), str(card_file)],
                           cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    if child.returncode != 0:
        sys.exit(f"import child failed:\n{child.stderr}")
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss   # KiB on Linux
    return json.loads(child.stdout), wall, peak_kb / 1024


def measure_open(db_path: Path, runs: int = 20) -> float:
    # lazy: a script: main() puts the checkout on sys.path first
    from engine.cards.db import CardDB

    times = []
    for _ in range(runs):
        start = time.perf_counter()
        db = CardDB.open(db_path)
        times.append(time.perf_counter() - start)
        db.close()
    return statistics.median(times)


def measure_search(db_path: Path, runs: int = 7) -> list[tuple[str, float, int]]:
    # lazy: a script: main() puts the checkout on sys.path first
    from engine.cards.db import CardDB

    db = CardDB.open(db_path)
    rows = []
    for query in QUERIES:
        result = db.search(query, limit=100)           # warm-up, and the total
        if not result.ok:
            sys.exit(f"query failed: {query}: {result.error}")
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            db.search(query, limit=100)
            times.append(time.perf_counter() - start)
        rows.append((query, statistics.median(times), result.total))
    start = time.perf_counter()
    db.resolve_name("Blitzschlag")
    rows.append(("resolve_name()", time.perf_counter() - start, 1))
    start = time.perf_counter()
    db.close_matches("Ancient Angle of Ash")
    rows.append(("close_matches()", time.perf_counter() - start, 5))
    db.close()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description="Card database benchmark.")
    parser.add_argument("--cards", type=int, default=33000)
    parser.add_argument("--file", type=Path, help="an existing card file instead of a synthetic one")
    parser.add_argument("--keep", type=Path, help="work in this folder and keep its files")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))

    with tempfile.TemporaryDirectory() as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        card_file = args.file
        if card_file is None:
            # lazy: a script: main() puts the checkout on sys.path first
            from tests.bench.gen_mtgjson import generate   # in-process: no child before the import

            card_file = work / "AtomicCards.json"
            start = time.perf_counter()
            size = generate(card_file, args.cards)
            print(f"generated {card_file.name}: {args.cards} cards, {size / 1e6:.1f} MB "
                  f"in {time.perf_counter() - start:.1f} s")
        db_path = work / "cards.sqlite"
        for suffix in ("", "-wal", "-shm"):
            Path(str(db_path) + suffix).unlink(missing_ok=True)

        report, wall, peak_mb = measure_import(db_path, card_file)
        if not report["ok"]:
            sys.exit(f"import failed: {report['error']}")
        print(f"import: {report['seconds']:.2f} s (process wall {wall:.2f} s), "
              f"peak RSS {peak_mb:.0f} MB, {report['added']} cards added, "
              f"{report['count']} in the database, file {db_path.stat().st_size / 1e6:.1f} MB")

        first = work / "first-start.sqlite"
        for suffix in ("", "-wal", "-shm"):
            Path(str(first) + suffix).unlink(missing_ok=True)
        # lazy: a script: main() puts the checkout on sys.path first
        from engine.cards.db import CardDB

        start = time.perf_counter()
        CardDB.open(first).close()
        build_s = time.perf_counter() - start
        print(f"first start (build from bundled assets): {build_s * 1000:.0f} ms")

        open_s = measure_open(db_path)
        print(f"open: {open_s * 1000:.1f} ms (median of 20)")

        rows = measure_search(db_path)
        for query, seconds, total in rows:
            print(f"  {seconds * 1000:7.2f} ms  {total:6d}  {query}")
        median = statistics.median(s for q, s, _ in rows[:len(QUERIES)])
        print(f"search: median {median * 1000:.2f} ms over {len(QUERIES)} queries")

        checks = [("first start <= 1 s", build_s <= 1),
                  ("import <= 10 s", float(report["seconds"]) <= 10),
                  ("peak RSS <= 300 MB", peak_mb <= 300),
                  ("open <= 50 ms", open_s <= 0.05),
                  ("median search <= 20 ms", median <= 0.02)]
        for label, ok in checks:
            print(f"{'PASS' if ok else 'FAIL'}  {label}")
        if not all(ok for _, ok in checks):
            sys.exit(1)


if __name__ == "__main__":
    main()
