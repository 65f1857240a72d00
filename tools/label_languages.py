"""Which ability labels (the lines menus and prompts show) stay English in German or Italian.

A label is the ability's English Oracle line (engine/cards: `Activated.label`, `Triggered.label`,
`Mode.label`); app.i18n.card_line shows the card's printed line at the same place of its German
or Italian text instead. It falls back to English when the card has no printed text in the
language, when the printed text has another number of lines than the English one, or when the
label is not one of the card's English lines. This lists every such fallback with its reason.

    python tools/label_languages.py [--lang de|it] [--summary]
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.i18n import _printed_lines, card_line  # noqa: E402
from engine.cards.behaviour import card_def, printed  # noqa: E402
from engine.cards.data import bundled_cards, scheme_cards  # noqa: E402


@dataclass(frozen=True)
class Fallback:
    card: str
    label: str
    lang: str
    reason: str  # "no printed text", "line count", "not a line of the card"


def labels(name: str) -> list[tuple[str, bool]]:
    """The card's labels shown in menus and prompts: (label, is a mode)."""
    d = card_def(name)
    if d is None:
        return []
    out = [(a.label, False) for a in d.activated if not a.mana and a.label]
    out += [(t.label, False) for t in d.triggered if t.label]
    out += [(m.label, True) for m in d.modes if m.label]
    return out


def _found(label: str, english: list[str], partial: bool) -> bool:
    """Whether card_line finds the label among the card's English lines (as it matches them)."""
    target = label.strip()
    bare = [t.lstrip("•").strip() for t in english]
    return target in english or target in bare or (partial and sum(target in t for t in english) == 1)


def fallbacks(lang: str) -> tuple[int, list[Fallback]]:
    """(labels checked, those shown in English) over every bundled card and scheme with a
    definition."""
    checked, out = 0, []
    for name in sorted({*bundled_cards(), *scheme_cards()}):
        data = printed(name)
        for label, mode in labels(name):
            checked += 1
            if card_line(name, label, lang, partial=not mode) != label:
                continue
            lines = _printed_lines(name, lang)
            if not getattr(data, f"text_{lang}", None):
                reason = "no printed text"
            elif lines is None:
                reason = "line count"
            elif _found(label, lines[0], partial=not mode):
                continue  # the printed line reads as the English one ("Ninjutsu {1}{U}{B}")
            else:
                reason = "not a line of the card"
            out.append(Fallback(name, label, lang, reason))
    return checked, out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--lang", choices=("de", "it"), action="append")
    p.add_argument("--summary", action="store_true", help="counts only")
    args = p.parse_args(argv)
    for lang in args.lang or ["de", "it"]:
        checked, found = fallbacks(lang)
        reasons: dict[str, int] = {}
        for f in found:
            reasons[f.reason] = reasons.get(f.reason, 0) + 1
            if not args.summary:
                print(f"{lang}\t{f.reason}\t{f.card}\t{f.label}")
        print(f"{lang}: {checked - len(found)} of {checked} labels in the card's printed line; English: "
              + (", ".join(f"{n} {r}" for r, n in sorted(reasons.items())) or "none"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
