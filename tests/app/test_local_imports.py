"""Imports at the top (STYLE.md): in app/, tools/, engine/ and tests/ a function-local import is a
deliberate lazy load only, marked `# lazy: <why>` (the app's start-up: tests/app/test_startup_lazy.py and
packaging/measure.py guard what loads before the first window and the goldfish table; in tests/, an
import that must wait for its set-up: a script's sys.path, a module that sets the environment when
imported, a package a branch may lack), and no import, lazy or not, closes an import circle — not
even one for annotations only (`if TYPE_CHECKING:`), which never runs: a type named from a module
above is a back-reference hidden from the import graph (a lower module names a Protocol of what it
uses, or the type moves down; DESIGN.md's layers are one-way). tools/import_report.py walks the
syntax tree.
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
    back = [f"{b.path.relative_to(ROOT)}:{b.line}: {b.text} ({' -> '.join(b.circle)})"
            for b in import_report.back_references(mods, top) if any(where in b.path.parents for where in SCOPES)]
    assert back == [], "name a Protocol of what the module uses, or move the type down"
    assert len(import_report.annotation_imports(mods)) > 100, "the walk found no annotation import: is it still looking?"


def _package(root: Path, files: dict[str, str]) -> dict[str, Path]:
    """A throwaway package `pkg` of these modules, as import_report.modules would list it."""
    mods = {}
    for name, source in files.items():
        path = root.joinpath(*name.split(".")).with_suffix(".py")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source, encoding="utf-8")
        mods[name] = path
    init = root / "pkg" / "__init__.py"
    init.touch()
    return {"pkg": init, **mods}


def test_an_annotation_import_from_a_module_above_is_found(tmp_path: Path) -> None:
    """The check above breaks on purpose: `low` names `High` for annotations only, and `high`
    imports `low` — a back-reference, found with its circle; a Protocol in `low` is none."""
    back = {"pkg.high": "from pkg.low import helper\nclass High: ...\n",
            "pkg.low": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.high import High\n"
                       "def helper(h: 'High') -> None: ...\n"}
    mods = _package(tmp_path / "a", back)
    top, _, _ = import_report.graph(mods)
    found = import_report.back_references(mods, top)
    assert [(b.module, b.line, b.text, b.circle) for b in found] == [
        ("pkg.low", 3, "from pkg.high import High", ("pkg.high", "pkg.low"))]
    mended = dict(back, **{"pkg.low": "from typing import Protocol\nclass Helped(Protocol): ...\n"
                                      "def helper(h: Helped) -> None: ...\n"})
    mods = _package(tmp_path / "b", mended)
    assert import_report.back_references(mods, import_report.graph(mods)[0]) == []


def test_a_module_named_from_its_own_package_runs_no_more_of_the_package(tmp_path: Path) -> None:
    """`from pkg import low` in pkg.mid imports the module pkg.low; pkg is under way already (a
    package runs before its modules), so the package's annotation imports of pkg.mid close no
    circle. A name of the package's own (`from pkg import VALUE`) does read it."""
    files = {"pkg.low": "X = 1\n", "pkg.mid": "from pkg import low\n",
             "pkg.reads": "from pkg import VALUE\n"}
    mods = _package(tmp_path, files)
    mods["pkg"].write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.mid import low\n"
                           "    from pkg.reads import VALUE\nVALUE = 1\n", encoding="utf-8")
    top, _, _ = import_report.graph(mods)
    assert top["pkg.mid"] == {"pkg.low"}
    assert top["pkg.reads"] == {"pkg"}
    assert [b.text for b in import_report.back_references(mods, top)] == ["from pkg.reads import VALUE"]


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
