"""Imports at the top (STYLE.md): in app/, tools/, engine/ and tests/ a function-local import is a
deliberate lazy load only, marked `# lazy: <why>` (the app's start-up: tests/app/test_startup_lazy.py and
packaging/measure.py guard what loads before the first window and the goldfish table; in tests/, an
import that must wait for its set-up: a script's sys.path, a module that sets the environment when
imported, a package a branch may lack), and no import, lazy or not, closes an import circle.
tools/import_report.py walks the syntax tree.
"""
from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import import_report  # noqa: E402 - tools/import_report.py

SCOPES = (ROOT / "app", ROOT / "tools", ROOT / "engine", ROOT / "tests")


@lru_cache(maxsize=1)
def _graph() -> tuple[dict[str, set[str]], list[import_report.LocalImport]]:
    top, _, local = import_report.graph(import_report.modules(import_report.PACKAGES + ("tests",)))
    return top, [e for e in local if any(where in e.path.parents for where in SCOPES)]


def test_every_function_local_import_in_app_tools_engine_and_tests_is_a_marked_lazy_load() -> None:
    _, local = _graph()
    unmarked = [f"{e.path.relative_to(ROOT)}:{e.line}: {e.text}" for e in local if not e.marked]
    assert unmarked == [], "move these imports to the top, or mark a deliberate lazy load `# lazy: <why>`"
    assert local, "the walk found no function-local import at all: is it still looking?"


def test_no_import_of_app_tools_engine_or_tests_closes_an_import_circle() -> None:
    top, local = _graph()
    closing = [f"{e.path.relative_to(ROOT)}:{e.line}: {e.text}" for e in local
               if any(t != e.module and import_report.reaches(top, t, e.module) for t in e.targets)]
    assert closing == []
    mods = import_report.modules(import_report.PACKAGES + ("tests",))
    circles = [sorted(c) for c in import_report.circles(top)
               if any(where in mods[m].parents for m in c for where in SCOPES)]
    assert circles == []


def test_the_marker_is_read_on_the_line_and_on_the_comment_above_a_run(tmp_path: Path) -> None:
    """What counts as marked: `# lazy:` on the import's line, or starting a line of the comment
    block right above a run of imports; a plain comment or a marker further up does not count."""
    source = '''
def a():
    import json  # lazy: on the line


def b():
    # lazy: above a run of two,
    # whose comment goes on
    import json
    import re


def c():
    # a plain comment
    import json


def d():
    # lazy: too far up

    import json
'''
    path = tmp_path / "sample.py"
    path.write_text(source, encoding="utf-8")
    _, _, local = import_report.graph({"sample": path})
    assert [(e.line, e.marked) for e in local] == [(3, True), (9, True), (10, True), (15, False), (21, False)]
