"""Rulings tested by breaking the engine: `python -m engine.cards breaks [--ruling KEY] [FILE...]`.

Issue #24 credits a ruling only when its scenarios "would fail on an engine that gets the
ruling wrong". The rulings report (engine/cards/rulings.py) cannot see that; this can. A
*break* is a small edit of the engine's source that makes it get one or more rulings wrong,
written down in `tests/breaks/*.toml`:

    [[break]]
    rulings = ["Subject#N"]              # keys as `python -m engine.cards rulings` names them
    why = "what the broken engine does wrong"
    [[break.edit]]
    file = "engine/rules/combat.py"      # relative to the checkout
    old = "exact text, found exactly once in the file"
    new = "its replacement"

`breaks` copies `engine/` to a temporary folder (everything else is linked, so the copy
reads the same assets and scenarios), applies each break there in turn, runs the scenarios
that credit its rulings (the report's proofs), and undoes it. A ruling is **caught** when at
least one of them fails by a wrong result; a failure by a crash ("could not run") proves
only that the edit broke Python, not the ruling, and does not count. The strict figure is
the number of credited rulings whose every recorded break is caught. A break whose `old`
text is no longer in its file is *stale* (the code moved on): it proves nothing until
rewritten. Nothing here touches the checkout.
"""
from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.paths import ROOT
from engine.cards.rulings import Ruling, all_rulings, link, scenarios

BREAKS = ROOT / "tests" / "breaks"
# engine/scenario.py's messages for an exception (in the engine, or around it): a crash
CRASHES = ("the scenario could not run", "the engine failed:", "cannot read it")
# one break's scenarios in a fresh interpreter: (the temporary engine must be imported anew)
_RUNNER = """
import json, sys
from pathlib import Path
from engine.scenario import run_file
for arg in sys.argv[1:]:
    r = run_file(Path(arg))
    print(json.dumps({"path": arg, "ok": r.ok, "message": r.message[:300]}), flush=True)
"""
RUN_SECONDS = 600  # one break's run; beyond it the break counts as a hang (not caught)


class BreakError(ValueError):
    """A break file that cannot be used: its message names the file and the entry."""


@dataclass(frozen=True)
class Edit:
    file: str
    old: str
    new: str


@dataclass(frozen=True)
class Break:
    source: Path
    number: int                  # 1-based, within its file
    rulings: tuple[str, ...]
    why: str
    edits: tuple[Edit, ...]

    @property
    def name(self) -> str:
        return f"{self.source.name}#{self.number}"


@dataclass
class Outcome:
    brk: Break
    stale: str = ""                                       # why it could not be applied
    failed: list[str] = field(default_factory=list)       # scenarios failing by a wrong result
    crashed: list[str] = field(default_factory=list)      # scenarios failing by an exception
    passed: list[str] = field(default_factory=list)
    unproved: list[str] = field(default_factory=list)     # its rulings the report does not credit
    # each ruling's own crediting scenarios among those run: a break of several rulings catches
    # a ruling only by a failing scenario that credits that ruling (not one riding on another's)
    proofs: dict[str, list[str]] = field(default_factory=dict)

    @property
    def caught(self) -> bool:
        return not self.stale and bool(self.failed)

    def caught_for(self, key: str) -> bool:
        """Whether a scenario crediting ruling `key` itself failed on this break."""
        return self.caught and any(p in self.failed for p in self.proofs.get(key, []))


def _text(entry: dict[str, Any], key: str, where: str) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or (key != "new" and not value):
        raise BreakError(f"{where}: `{key}` must be a non-empty string" if key != "new"
                         else f"{where}: `new` must be a string")
    return value


def read(path: Path) -> list[Break]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise BreakError(f"{path.name}: cannot read it: {exc}") from exc
    unknown = set(data) - {"break"}
    if unknown:
        raise BreakError(f"{path.name}: unknown keys {sorted(unknown)} (only [[break]] tables)")
    out = []
    for n, entry in enumerate(data.get("break", []), 1):
        where = f"{path.name}, break {n}"
        if not isinstance(entry, dict):
            raise BreakError(f"{where}: must be a table")
        extra = set(entry) - {"rulings", "why", "edit"}
        if extra:
            raise BreakError(f"{where}: unknown keys {sorted(extra)}")
        rulings = entry.get("rulings")
        if not isinstance(rulings, list) or not rulings or not all(isinstance(k, str) and k for k in rulings):
            raise BreakError(f"{where}: `rulings` must be a non-empty list of ruling keys")
        edits = entry.get("edit")
        if not isinstance(edits, list) or not edits:
            raise BreakError(f"{where}: needs at least one [[break.edit]]")
        made = []
        for e in edits:
            if not isinstance(e, dict) or set(e) - {"file", "old", "new"}:
                raise BreakError(f"{where}: an edit has exactly the keys file, old, new")
            file = _text(e, "file", where)
            if Path(file).is_absolute() or ".." in Path(file).parts or not file.startswith("engine/"):
                raise BreakError(f"{where}: `file` must be a path under engine/, relative to the checkout")
            made.append(Edit(file, _text(e, "old", where), _text(e, "new", where)))
        out.append(Break(path, n, tuple(rulings), _text(entry, "why", where), tuple(made)))
    return out


def load(root: Path = BREAKS) -> list[Break]:
    return [b for p in sorted(root.glob("*.toml")) for b in read(p)]


def stale(brk: Break, tree: Path = ROOT) -> str:
    """Why `brk` cannot be applied to the engine under `tree` ("" when it can)."""
    for e in brk.edits:
        path = tree / e.file
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:
            return f"{e.file} does not exist"
        count = text.count(e.old)
        if count != 1:
            return f"the old text is found {count} times in {e.file} (must be once)"
        if e.old == e.new:
            return f"an edit of {e.file} changes nothing"
    return ""


def _copy_tree(into: Path) -> None:
    """`engine/` copied, everything else of the checkout linked (assets, i18n, tests ...)."""
    shutil.copytree(ROOT / "engine", into / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    for entry in ROOT.iterdir():
        if entry.name not in {"engine", ".git", ".venv"} and not (into / entry.name).exists():
            (into / entry.name).symlink_to(entry)


def _write(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    # a same-size edit within the same second could reuse the old bytecode: drop it
    cached = Path(importlib.util.cache_from_source(str(path)))
    cached.unlink(missing_ok=True)


def _run(tree: Path, paths: list[str]) -> dict[str, tuple[bool, str]]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    try:
        done = subprocess.run([sys.executable, "-c", _RUNNER, *paths], cwd=tree, env=env, capture_output=True,
                              text=True, timeout=RUN_SECONDS, check=False)
        out = done.stdout
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
    results = {}
    for line in out.splitlines():
        if line.startswith("{"):
            row = json.loads(line)
            results[row["path"]] = (bool(row["ok"]), str(row["message"]))
    for p in paths:  # a scenario the run never reached (the interpreter died or hung): a crash
        results.setdefault(p, (False, f"{CRASHES[0]}: the run stopped before it"))
    return results


def proofs(rulings: list[Ruling] | None = None) -> dict[str, list[str]]:
    """Each ruling's crediting scenarios by quotes and set-up (as the report links them,
    before running): key -> paths."""
    rulings = all_rulings() if rulings is None else rulings
    link(rulings, scenarios())
    return {r.key: [str(p) for p in r.scenarios] if r.encoded else [] for r in rulings}


def check(breaks: list[Break], keep: bool = False) -> tuple[list[Outcome], dict[str, tuple[bool, str]]]:
    """Apply each break in a temporary copy, run its rulings' scenarios; also run every such
    scenario unbroken (a scenario failing unbroken proves nothing). Returns the outcomes and
    the unbroken results."""
    credits = proofs()
    outcomes = []
    with tempfile.TemporaryDirectory(prefix="manatable-breaks-") as tmp:
        tree = Path(tmp)
        _copy_tree(tree)
        wanted = sorted({p for b in breaks for k in b.rulings for p in credits.get(k, [])})
        unbroken = _run(tree, wanted) if wanted else {}
        for brk in breaks:
            outcome = Outcome(brk, stale=stale(brk, tree))
            outcome.unproved = [k for k in brk.rulings if not credits.get(k)]
            paths = sorted({p for k in brk.rulings for p in credits.get(k, []) if unbroken.get(p, (False,))[0]})
            outcome.proofs = {k: list(credits.get(k, [])) for k in brk.rulings}
            if outcome.stale or not paths:
                outcome.stale = outcome.stale or "none of its rulings has a crediting scenario that passes"
                outcomes.append(outcome)
                continue
            originals = {e.file: (tree / e.file).read_text(encoding="utf-8") for e in brk.edits}
            try:
                for e in brk.edits:
                    path = tree / e.file
                    _write(path, path.read_text(encoding="utf-8").replace(e.old, e.new, 1))
                for p, (ok, message) in _run(tree, paths).items():
                    crash = any(c in message for c in CRASHES)
                    (outcome.passed if ok else outcome.crashed if crash else outcome.failed).append(p)
            finally:
                for file, text in originals.items():
                    _write(tree / file, text)
            outcomes.append(outcome)
    return outcomes, unbroken


def caught_rulings(outcomes: list[Outcome]) -> tuple[set[str], set[str]]:
    """(rulings every recorded break of which is caught, rulings with a break not caught)."""
    bad = {k for o in outcomes for k in o.brk.rulings if k not in o.unproved and not o.caught_for(k)}
    good = {k for o in outcomes for k in o.brk.rulings if k not in o.unproved and o.caught_for(k)} - bad
    return good, bad


def _short(path: str) -> str:
    try:
        return str(Path(path).relative_to(ROOT / "tests" / "scenarios"))
    except ValueError:
        return path


def report(outcomes: list[Outcome], total: int, encoded: int) -> list[str]:
    good, bad = caught_rulings(outcomes)
    lines = [f"Rulings caught by breaking the engine: {len(good)} of {total} "
             f"({100 * len(good) / total:.1f} %; the report credits {encoded})",
             f"  breaks: {len(outcomes)}, caught {sum(o.caught for o in outcomes)}; "
             f"rulings with a break not caught: {len(bad)}"]
    for o in outcomes:
        missed = [k for k in o.brk.rulings if k not in o.unproved and not o.caught_for(k)]
        if o.caught and not missed:
            continue
        if o.caught:  # (caught for some of its rulings, by their own scenarios only)
            lines.append(f"  NOT CAUGHT for {', '.join(missed)} by {o.brk.name} (only another ruling's "
                         f"scenario failed): {o.brk.why}")
            continue
        lines.append(f"  NOT CAUGHT {o.brk.name} ({', '.join(o.brk.rulings)}): {o.brk.why}")
        if o.stale:
            lines.append(f"    stale: {o.stale}")
        for label, paths in (("still passes", o.passed), ("crashes (does not count)", o.crashed)):
            lines += [f"    {label}: {_short(p)}" for p in paths]
        if o.unproved:
            lines.append(f"    not credited by the report: {', '.join(o.unproved)}")
    return lines
