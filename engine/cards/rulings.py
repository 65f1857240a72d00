"""Which release-note rulings are encoded as scenarios: `python -m engine.cards rulings`.

Counted strictly (issue #24, SCENARIOS.md "A scenario cannot pass by accident"): a ruling is
encoded when **every sentence** of it is quoted, in German, in the `source` key of a scenario
that
* passes,
* sets up that ruling's own card (a card entry in any zone of its [setup]) — for a general
  ruling, a card of the pool with its mechanic (MECHANICS below), and
* checks something (an [expect] table, a `check` or a `refuse` step).
The sentences may be quoted by different scenarios. Whitespace is compared loosely. A ruling
quoted only by scenarios of other cards (a sentence two rulings share word for word) is not
encoded: the scenario proves the other card's ruling.

What this cannot see is whether the checks would fail on an engine that gets the ruling wrong
(issue #24's rule): that takes breaking the engine. Session 17 sampled 50 credited rulings
(seeds 2026 and 2027), broke the engine the way each forbids, and found 11 whose scenarios
still passed — a `refuse` held for want of mana instead of for the rule, a sentence the
scenario quoted but never set up (an {X} card, a noncreature permanent, an alternative cost);
those scenarios were strengthened. The count below is by construction, not by such a test.

Rulings come from the German Duskmourn release notes (every card entry, all sections), the
general rulings (`assets/cards/dsk_release_notes_de.json`, `dsk_general_rulings_de.json`) and,
quoted in English, the Oracle rulings of the Commander decks' reprints
(`assets/cards/dsc_decks.json`, section "reprints", with the kept English rulings of a bundled
card, `bundled_rulings`; the release notes have none of them). A ruling not encoded is listed per card with what is missing
(which sentences, and why the scenarios that quote them do not count) and a written reason if
there is one: the reasons are in `tests/rulings_not_encoded.toml` (`"Subject#N" = "reason"`; every
scheme of assets/cards/schemes.json has behaviour now, so a scheme ruling needs a written one too).
"""
from __future__ import annotations

import difflib
import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from engine.paths import ASSETS, ROOT
from engine.scenario import run_file
from engine.scenario_setup import SCHEME_KEYS, ZONE_KEYS, SetupError, parse_entry
from engine.cards.sets import behaviours

SCENARIOS = ROOT / "tests" / "scenarios"
REASONS_FILE = ROOT / "tests" / "rulings_not_encoded.toml"
SETS = ("dsk", "dsc", "roe", "spg")
REPRINTS = "dsc_decks"  # the Commander decks' reprints: English Oracle rulings (tools/build_dsc_decks.py)
SECTION_REASONS = {
    "schemes": "about an Archenemy scheme card (no reason written in tests/rulings_not_encoded.toml)",
}
# a general ruling's mechanic: which cards of the pool have it (English card data)
MECHANICS: dict[str, Callable[[dict[str, Any]], bool]] = {
    "Neuer Verzauberungstyp: Raum": lambda c: "Room" in c.get("type_line", ""),
    "Neue Schlüsselworfähigkeit: Unheilsdrohend": lambda c: "Impending" in (c.get("text") or ""),
    "Neue Schlüsselwortaktion: Manifestiere das Grauen": lambda c: "manifest dread" in (c.get("text") or "").lower(),
    "Allgemeine Hinweise zu verdeckten Karten": lambda c: any(
        w in (c.get("text") or "").lower() for w in ("manifest dread", "face down", "face-down")),
    "Neues Fähigkeitswort: Überlebenskunst": lambda c: "Survival —" in (c.get("text") or ""),
    "Neues Fähigkeitswort: Unheimlich": lambda c: "Eerie —" in (c.get("text") or ""),
    "Neuer Zyklus von Nichtstandardländern": lambda c: "Land" in c.get("type_line", "")
    and "unless a player has 13 or less life" in (c.get("text") or ""),
    "Wiederkehrendes Fähigkeitswort: Delirium": lambda c: "Delirium —" in (c.get("text") or ""),
}
# a face-down permanent in the setup (`| face_down`, "as if manifested", docs/scenarios.md) shows
# these mechanics without a card of them
FACE_DOWN_TOPICS = {"Allgemeine Hinweise zu verdeckten Karten", "Neue Schlüsselwortaktion: Manifestiere das Grauen"}
# German sentence ends that are not: abbreviations (z. B., u. a., d. h., bzw., usw. ...)
_ABBREVIATIONS = {"bzw", "usw", "ca", "Nr", "ggf", "vgl", "etc", "evtl", "inkl", "S"}
_SENTENCE_END = re.compile(r"(?<=[.!?])([“”\"')]?)\s+(?=[A-ZÄÖÜ„\"(])")


@dataclass
class Ruling:
    key: str            # "Subject#N", N counted from 1 within its subject
    subject: str        # the German card name or the topic of a general ruling
    section: str
    text: str
    cards: frozenset[str] = frozenset()  # English names of its own cards (or its mechanic's)
    sentences: list[str] = field(default_factory=list)
    # per sentence: the scenarios that quote it and count (set up the card, check, pass)
    proofs: list[list[Path]] = field(default_factory=list)
    # per sentence: what the scenarios quoting it lack, when none counts
    gaps: list[str] = field(default_factory=list)

    @property
    def encoded(self) -> bool:
        return bool(self.sentences) and all(self.proofs)

    @property
    def scenarios(self) -> list[Path]:
        return sorted({p for ps in self.proofs for p in ps})


@dataclass
class Scenario:
    path: Path
    source: str                   # normalized
    cards: frozenset[str]         # English names set up in any zone
    face_down: bool               # a face-down permanent in the setup
    checks: bool                  # [expect], a check or a refuse step


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def sentences(text: str) -> list[str]:
    """A ruling's sentences: split after . ! ? (and a closing quote) before a capital, an
    opening quote or a parenthesis — not after an abbreviation (z. B., bzw., usw.) or a
    single letter."""
    text = _norm(text)
    out: list[str] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        end = m.start() + len(m.group(1))
        word = re.search(r"(\S+)$", text[start:m.start()])
        last = word.group(1).rstrip(".!?").lstrip("(„\"") if word else ""
        if last in _ABBREVIATIONS or (len(last) == 1 and last.isalpha()):
            continue
        out.append(text[start:end].strip())
        start = m.end()
    rest = text[start:].strip()
    if rest:
        out.append(rest)
    return out


def pool_cards() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for s in SETS:
        out += json.loads((ASSETS / "cards" / f"{s}.json").read_text(encoding="utf-8"))["cards"]
    return out


def _own_cards(subject: str, section: str, by_german: dict[str, set[str]],
               cards: list[dict[str, Any]], mana_cost: str | None = None) -> frozenset[str]:
    if section == "general":
        test = MECHANICS.get(subject)
        return frozenset(c["name"] for c in cards if test is not None and test(c))
    # (one entry of the notes has a stray space in its name: "Zwangsent eignung")
    exact = by_german.get(subject) or by_german.get(subject.replace(" ", ""))
    if exact:
        return frozenset(exact)
    # the notes misspell a few names that the card data prints correctly ("Verkohlttes Foyer",
    # "Kichernder Stachelkrabber"): the closest printed name of a card with the same mana cost
    same_cost = [c for c in cards if c.get("name_de") and (mana_cost is None or c.get("mana_cost") == mana_cost)]
    names = {c["name_de"]: c["name"] for c in same_cost}
    close = difflib.get_close_matches(subject, list(names), n=1, cutoff=0.8)
    return frozenset({names[close[0]]} if close else ())


def all_rulings() -> list[Ruling]:
    """Every distinct ruling once, in the order of the release notes."""
    notes = json.loads((ASSETS / "cards" / "dsk_release_notes_de.json").read_text(encoding="utf-8"))
    general = json.loads((ASSETS / "cards" / "dsk_general_rulings_de.json").read_text(encoding="utf-8"))
    # the schemes (CR 314) are no pool cards, but their rulings are theirs: a scenario that sets
    # one up (`schemes` / `ongoing`) proves them
    cards = pool_cards() + json.loads((ASSETS / "cards" / "schemes.json").read_text(encoding="utf-8"))["cards"]
    by_german: dict[str, set[str]] = {}
    for c in cards:
        if c.get("name_de"):
            by_german.setdefault(c["name_de"], set()).add(c["name"])
            by_german.setdefault(c["name_de"].replace(" ", ""), set()).add(c["name"])
    out: list[Ruling] = []
    seen: dict[str, Ruling] = {}

    def add(subject: str, section: str, texts: list[str], mana_cost: str | None = None,
            own: frozenset[str] | None = None) -> None:
        if own is None:
            own = _own_cards(subject, section, by_german, cards, mana_cost)
        n = 0
        for text in texts:
            n += 1
            first = seen.get(_norm(text))
            if first is not None:
                # the same ruling printed under several cards (the miracle notes under
                # Aminatou and Metamorphosis Fanatic): it is each card's own ruling
                first.cards |= own
                continue
            seen[_norm(text)] = r = Ruling(f"{subject}#{n}", subject, section, text, own, sentences(text))
            out.append(r)

    for topic in general:
        add(topic["topic_de"], "general", topic.get("rulings_de") or [])
    for entry in notes:
        subject = entry.get("name_de") or entry.get("topic_de") or "?"
        add(subject, entry.get("section", "main"), entry.get("rulings_de") or [], entry.get("mana_cost"))
    decks = json.loads((ASSETS / "cards" / f"{REPRINTS}.json").read_text(encoding="utf-8"))
    # `bundled_rulings`: a bundled card's English Oracle rulings the decks' data keeps (Séance
    # Board's: one is not in the release notes; tools/build_dsc_decks.py KEEP_RULINGS)
    for card in decks["cards"] + decks.get("bundled_rulings", []):
        add(card["name"], "reprints", card.get("rulings") or [], own=frozenset({card["name"]}))
    return out


def read_scenario(path: Path) -> Scenario | None:
    """What the count needs of a scenario file; None when it has no source to quote from."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
        return None
    source = data.get("source")
    if not isinstance(source, str):
        return None
    names: set[str] = set()
    face_down = False
    setup = data.get("setup")
    for table in (setup.values() if isinstance(setup, dict) else ()):
        if not isinstance(table, dict):
            continue
        for key, entries in table.items():
            if (key not in ZONE_KEYS and key not in SCHEME_KEYS) or not isinstance(entries, list):
                continue
            for entry in entries:
                try:
                    name, _, mods = parse_entry(entry) if isinstance(entry, str) else ("", None, [])
                except SetupError:
                    continue
                names.add(name)
                face_down = face_down or "face_down" in mods
    steps = data.get("do")
    checks = bool(data.get("expect")) or isinstance(steps, list) and any(
        isinstance(s, dict) and bool({"check", "refuse"} & set(s)) for s in steps)
    return Scenario(path, _norm(source), frozenset(names), face_down, checks)


def scenarios(root: Path = SCENARIOS) -> list[Scenario]:
    out = [read_scenario(p) for p in sorted(root.rglob("*.toml")) if p != REASONS_FILE]
    return [s for s in out if s is not None]


class Quotes:
    """Which scenarios quote a sentence (`sentence in scenario.source`), asked of the few
    scenarios that can: about 1,900 sentences × 1,900 scenarios, each pair searched, made `link`
    the slow part of the report. A quoted sentence's words between its first and its last
    (split at single spaces) are whole words of the quoting source (split so too), so only the
    scenarios that have the rarest of those words are searched; a sentence of one or two words
    is searched in every scenario."""

    def __init__(self, found: list[Scenario]) -> None:
        self.found = found
        self._having: dict[str, list[int]] = {}  # a word -> the scenarios (indices) whose source has it
        for i, s in enumerate(found):
            for word in set(s.source.split(" ")):
                self._having.setdefault(word, []).append(i)
        self._known: dict[str, list[Scenario]] = {}

    def quoting(self, sentence: str) -> list[Scenario]:
        """The scenarios whose source contains `sentence`, in the order of `found`."""
        known = self._known.get(sentence)  # (a sentence two rulings share is searched once)
        if known is not None:
            return known
        inner = sentence.split(" ")[1:-1]
        if inner:
            rarest = min((self._having.get(word, []) for word in inner), key=len)
            out = [self.found[i] for i in rarest if sentence in self.found[i].source]
        else:
            out = [s for s in self.found if sentence in s.source]
        self._known[sentence] = out
        return out


def link(rulings: list[Ruling], found: list[Scenario], passes: Callable[[Path], bool] = lambda p: True,
         quotes: Quotes | None = None) -> None:
    """Fill each ruling's proofs (per sentence, the scenarios that count) and gaps; `quotes`:
    an index of `found` made before (else one is made here)."""
    if quotes is None or quotes.found is not found:
        quotes = Quotes(found)
    for r in rulings:
        r.proofs, r.gaps = [], []
        for sentence in r.sentences:
            quoting = quotes.quoting(sentence)
            own = [s for s in quoting if s.cards & r.cards or (s.face_down and r.subject in FACE_DOWN_TOPICS)]
            checking = [s for s in own if s.checks]
            proving = [s.path for s in checking if passes(s.path)]
            r.proofs.append(proving)
            if proving:
                r.gaps.append("")
            elif not quoting:
                r.gaps.append("not quoted")
            elif not own:
                r.gaps.append("quoted only by scenarios without its card: "
                              + ", ".join(_short(s.path) for s in quoting[:3]))
            elif not checking:
                r.gaps.append("quoted only by scenarios that check nothing: "
                              + ", ".join(_short(s.path) for s in own[:3]))
            else:
                r.gaps.append("quoted only by failing scenarios: " + ", ".join(_short(s.path) for s in checking[:3]))


def _short(path: Path) -> str:
    try:
        return str(path.relative_to(SCENARIOS))
    except ValueError:
        return path.name


def loosely_quoted(r: Ruling, found: list[Scenario], quotes: Quotes | None = None) -> bool:
    """The earlier count (sessions 1-8): any scenario quotes any sentence of it."""
    if quotes is None or quotes.found is not found:
        quotes = Quotes(found)
    return any(quotes.quoting(sentence) for sentence in r.sentences)


def reasons(path: Path = REASONS_FILE) -> dict[str, str]:
    if not path.exists():
        return {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {str(k): str(v) for k, v in data.items()}


def reason_for(r: Ruling, written: dict[str, str]) -> str:
    if r.section == "schemes" and not written.get(r.key):
        if r.cards & set(behaviours()):
            return ""  # a scheme with behaviour: its rulings are to be encoded like any card's
    return written.get(r.key) or SECTION_REASONS.get(r.section) or ""


def report(run: bool = True, root: Path = SCENARIOS) -> tuple[list[str], int, int, int]:
    """Lines to print and (strictly encoded, loosely quoted, total)."""
    rulings = all_rulings()
    found = scenarios(root)
    results: dict[Path, bool] = {}

    def passes(path: Path) -> bool:
        if not run:
            return True
        if path not in results:
            results[path] = run_file(path).ok
        return results[path]

    quotes = Quotes(found)
    link(rulings, found, passes, quotes)
    written = reasons()
    total = len(rulings)
    encoded = sum(r.encoded for r in rulings)
    loose = sum(loosely_quoted(r, found, quotes) for r in rulings)
    schemes = [r for r in rulings if r.section in SECTION_REASONS]
    reprints = [r for r in rulings if r.section == "reprints"]
    other = [r for r in rulings if r.section not in SECTION_REASONS and r.section != "reprints"]
    lines = [f"Rulings strictly encoded: {encoded} of {total} ({100 * encoded / total:.1f} %)"
             + ("" if run else " (scenarios not run: counted as passing)"),
             "  (every sentence quoted by a passing scenario that sets up the ruling's card, or for a "
             "general ruling its mechanic, and checks something)",
             f"  release notes' cards: {sum(r.encoded for r in other)} of {len(other)}; "
             f"schemes: {sum(r.encoded for r in schemes)} of {len(schemes)}; "
             f"Commander decks' reprints (English Oracle rulings): {sum(r.encoded for r in reprints)} of {len(reprints)}",
             f"Quoted at all (the earlier, loose count: any sentence, any scenario): {loose} of {total}"]
    missing = [r for r in rulings if not r.encoded]
    by_subject: dict[str, list[Ruling]] = {}
    for r in missing:
        by_subject.setdefault(r.subject, []).append(r)
    lines.append(f"Missing, per card ({len(missing)} rulings):")
    for subject, rs in by_subject.items():
        english = " / ".join(sorted(rs[0].cards)) if rs[0].section != "general" else f"{len(rs[0].cards)} cards"
        lines.append(f"  {subject} ({english or 'no card of the pool'}): {len(rs)}")
        for r in rs:
            why = reason_for(r, written)
            lines.append(f"    {r.key}: {r.text[:90]}{'…' if len(r.text) > 90 else ''}")
            if why:
                lines.append(f"      reason: {why}")
            gaps = [(i, gap) for i, gap in enumerate(r.gaps, 1) if gap]
            if len(gaps) == len(r.sentences) and all(gap == "not quoted" for _, gap in gaps):
                lines.append("      no scenario quotes it")
                continue
            lines += [f"      sentence {i}/{len(r.sentences)}: {gap}" for i, gap in gaps]
    if run:
        lines += [f"FAILING scenario quoting a ruling: {p}" for p, ok in results.items() if not ok]
    return lines, encoded, loose, total
