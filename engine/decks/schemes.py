"""Scheme decks (CR 904.3; the release notes: "mindestens zehn Komplotten ... höchstens ein
Exemplar einer bestimmten Komplott-Karte") and the four Duskmourn Commander decks' own scheme
decks (assets/decks/schemes/<deck>.txt, written by tools/build_schemes.py from the decks' MTGJSON
files): "1 Name" per line, English names, `#` comments.

A game builds a scheme deck only of schemes the engine has rules for
(engine/rules/schemes.py `build_deck`); `without_rules` names the others (of the decks' ten
reprinted older schemes, four are printed data only so far: Fear My Authority, You Exist Only
to Amuse, Chaos Is My Plaything, My Champion Stands Supreme)."""
from __future__ import annotations

from engine.paths import ASSETS
from engine.rules.index import CARDS

SAMPLES = ASSETS / "decks" / "schemes"
MIN_SCHEMES = 10  # the notes: "mit mindestens zehn Komplotten"


def sample_names() -> list[str]:
    """The sample scheme decks: death_toll, endless_punishment, jump_scare, miracle_worker."""
    return sorted(p.stem for p in SAMPLES.glob("*.txt"))


def load(name: str) -> list[str]:
    """The scheme names of a sample scheme deck, in the file's order; KeyError if none is
    called so."""
    path = SAMPLES / f"{name}.txt"
    if not path.exists():
        raise KeyError(name)
    out: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        count, _, card = line.partition(" ")
        out += [card.strip()] * int(count)
    return out


def problems(schemes: list[str]) -> list[str]:
    """What breaks the notes' deck rules, as English sentences for a log (the GUI has its
    own messages): fewer than ten schemes, a scheme twice, a name that is no scheme."""
    out = []
    if len(schemes) < MIN_SCHEMES:
        out.append(f"A scheme deck needs at least {MIN_SCHEMES} schemes; this one has {len(schemes)}.")
    twice = sorted({s for s in schemes if schemes.count(s) > 1})
    out += [f"{s} is in the scheme deck more than once." for s in twice]
    out += [f"{s} is not a scheme card." for s in schemes if not _is_scheme(s)]
    return out


def without_rules(schemes: list[str]) -> list[str]:
    """The schemes of the list the engine has no rules for (a game refuses them)."""
    return [s for s in schemes if _is_scheme(s) and not CARDS.has_definition(s)]


def _is_scheme(name: str) -> bool:
    data = CARDS.printed(name)
    return data is not None and "Scheme" in data.type_line.split()
