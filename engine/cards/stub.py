"""`python -m engine.cards stub SET`: skeletons of the cards of a set the engine does not
implement yet, for the card layer (engine/cards/layer/), each non-keyword Oracle line as
a comment where its ability goes; keyword lines are listed as handled by the data."""
from __future__ import annotations

from engine.cards.behaviour import is_implemented, rules_lines
from engine.cards.data import bundled_cards


def stubs(set_code: str) -> list[str]:
    out: list[str] = []
    for name, data in sorted(bundled_cards().items()):
        if data.set.upper() != set_code.upper() or is_implemented(name):
            continue
        keywords, lines = rules_lines(data)
        out.append(f"    card({name!r},")
        if keywords:
            out.append(f"         # keywords from the data: {', '.join(keywords)}")
        for line in lines:
            out.append(f"         # {line}")
            out.append("         ...,")
        out.append("    ),")
    return out


def main(set_code: str) -> int:
    lines = stubs(set_code)
    if not lines:
        print(f"No missing cards in {set_code} (or no such set).")
        return 0
    print("\n".join(lines))
    return 0
