"""Which release-note rulings are encoded as scenarios: `python -m engine.cards rulings`.

A ruling counts as encoded when a scenario quotes it, in German, in its `source` key (issue
#10): the whole ruling, or — for a long ruling — the part the scenario proves, at least
QUOTE_MIN characters of it word for word. Whitespace is compared loosely.

Rulings come from the German Duskmourn release notes (every card entry, all sections) and
the general rulings (`assets/cards/dsk_release_notes_de.json`,
`dsk_general_rulings_de.json`). A ruling that is not encoded is listed with its reason:
the section says it for a scheme card without behaviour yet; other reasons are written in `tests/rulings_not_encoded.toml` (`"Subject#N" = "reason"`); anything
else is "not encoded yet". The Special Guests cards of the notes are pool cards (set SPG,
engine/cards/sets/spg.py): their rulings count like any other card's.

A scheme's ruling (the notes' section "Erzfeind-Komplotte", assets/cards/schemes.json) counts
strictly: only a scenario whose [setup] has that scheme (in a scheme deck or face up) encodes
it — a sentence a scheme shares with a pool card's ruling, quoted by that card's scenario,
proves nothing about the scheme.
"""
from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from engine.paths import ASSETS, ROOT

QUOTE_MIN = 80
SCENARIOS = ROOT / "tests" / "scenarios"
REASONS_FILE = ROOT / "tests" / "rulings_not_encoded.toml"
SECTION_REASONS = {
    "schemes": "about an Archenemy scheme card without behaviour yet",
}


@dataclass
class Ruling:
    key: str            # "Subject#N", N counted from 1 within its subject
    subject: str        # the German card name or the topic of a general ruling
    section: str
    text: str
    scenarios: list[Path] = field(default_factory=list)


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def all_rulings() -> list[Ruling]:
    """Every distinct ruling once, in the order of the release notes."""
    notes = json.loads((ASSETS / "cards" / "dsk_release_notes_de.json").read_text(encoding="utf-8"))
    general = json.loads((ASSETS / "cards" / "dsk_general_rulings_de.json").read_text(encoding="utf-8"))
    out: list[Ruling] = []
    seen: set[str] = set()

    def add(subject: str, section: str, texts: list[str]) -> None:
        n = 0
        for text in texts:
            n += 1
            if _norm(text) in seen:
                continue
            seen.add(_norm(text))
            out.append(Ruling(f"{subject}#{n}", subject, section, text))

    for topic in general:
        add(topic["topic_de"], "general", topic.get("rulings_de") or [])
    for entry in notes:
        subject = entry.get("name_de") or entry.get("topic_de") or "?"
        add(subject, entry.get("section", "main"), entry.get("rulings_de") or [])
    return out


def _windows(text: str) -> set[str]:
    return {text[i:i + QUOTE_MIN] for i in range(max(0, len(text) - QUOTE_MIN + 1))}


def _matches(ruling: str, source: str, windows: set[str] | None = None) -> bool:
    """The whole ruling is in the source, or the source quotes a piece of it at least
    QUOTE_MIN characters long (the ruling's sentence that the scenario proves)."""
    if ruling in source:
        return True
    if len(ruling) < QUOTE_MIN:
        return False
    windows = _windows(source) if windows is None else windows
    return any(ruling[i:i + QUOTE_MIN] in windows for i in range(len(ruling) - QUOTE_MIN + 1))


def _scheme_english() -> dict[str, str]:
    """German scheme name (the notes') -> English name (assets/cards/schemes.json)."""
    from engine.cards.data import scheme_cards
    return {c.name_de: c.name for c in scheme_cards().values() if c.name_de}


def scenario_setups(root: Path = SCENARIOS) -> dict[Path, str]:
    """Each scenario's [setup] as text (which cards it sets up)."""
    out: dict[Path, str] = {}
    for path in sorted(root.rglob("*.toml")):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
            continue
        out[path] = repr(data.get("setup", {}))
    return out


def scenario_sources(root: Path = SCENARIOS) -> dict[Path, str]:
    out: dict[Path, str] = {}
    for path in sorted(root.rglob("*.toml")):
        if path == REASONS_FILE:
            continue
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
            continue
        source = data.get("source")
        if isinstance(source, str):
            out[path] = source
    return out


def link(rulings: list[Ruling], sources: dict[Path, str], setups: dict[Path, str] | None = None) -> None:
    normed = {path: _norm(src) for path, src in sources.items()}
    windows = {path: _windows(src) for path, src in normed.items()}
    english = _scheme_english()
    for r in rulings:
        text = _norm(r.text)
        r.scenarios = [p for p, src in normed.items() if _matches(text, src, windows[p])]
        if r.section == "schemes":  # strictly: the scenario sets up that scheme
            name = english.get(r.subject, r.subject)
            r.scenarios = [p for p in r.scenarios if setups is not None and repr(name) in setups.get(p, "")]


def reasons(path: Path = REASONS_FILE) -> dict[str, str]:
    if not path.exists():
        return {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {str(k): str(v) for k, v in data.items()}


def reason_for(r: Ruling, written: dict[str, str]) -> str:
    if r.section == "schemes" and not written.get(r.key):
        from engine.cards.sets import behaviours
        if _scheme_english().get(r.subject, r.subject) in behaviours():
            return "not encoded yet"
    return written.get(r.key) or SECTION_REASONS.get(r.section) or "not encoded yet"


def report(run: bool = True, root: Path = SCENARIOS) -> tuple[list[str], int, int, int]:
    """Lines to print and (encoded, passing, total)."""
    from engine.scenario import run_file

    rulings = all_rulings()
    link(rulings, scenario_sources(root), scenario_setups(root))
    written = reasons()
    results: dict[Path, bool] = {}
    encoded = passing = 0
    missing: list[Ruling] = []
    for r in rulings:
        if not r.scenarios:
            missing.append(r)
            continue
        encoded += 1
        if run:
            for p in r.scenarios:
                if p not in results:
                    results[p] = run_file(p).ok
            passing += all(results[p] for p in r.scenarios)
    total = len(rulings)
    pct = 100 * encoded / total if total else 0.0
    lines = [f"Rulings: {encoded} of {total} encoded as scenarios ({pct:.0f} %)"
             + (f", {passing} passing" if run else "")]
    schemes = [r for r in rulings if r.section == "schemes"]
    if schemes:
        lines.append(f"  of which scheme rulings: {sum(1 for r in schemes if r.scenarios)} of {len(schemes)}, "
                     "each quoted by a scenario that sets up its scheme")
    by_reason: dict[str, list[Ruling]] = {}
    for r in missing:
        by_reason.setdefault(reason_for(r, written), []).append(r)
    for reason, rs in sorted(by_reason.items(), key=lambda kv: -len(kv[1])):
        lines.append(f"Not encoded, {reason}: {len(rs)}")
        lines += [f"  {r.key}: {r.text[:100]}{'…' if len(r.text) > 100 else ''}" for r in rs]
    if run:
        failing = [p for p, ok in results.items() if not ok]
        for p in failing:
            lines.append(f"FAILING scenario quoting a ruling: {p}")
    return lines, encoded, passing, total
