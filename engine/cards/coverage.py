"""How much of each bundled set the engine implements (`python -m engine.cards coverage`).

A card counts as implemented when the engine covers all of its text (hand-written
behaviour, keyword lines, basic land mana); the report also says which implemented cards
no scenario under tests/scenarios mentions yet (DESIGN.md: implemented only when
scenarios exercise each ability).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engine.cards.behaviour import is_implemented
from engine.cards.data import bundled_cards
from engine.paths import ASSETS
from engine.cards.layer.build import LAYER
from engine.cards.sets import behaviours
import ast

SCENARIOS = ASSETS.parent / "tests" / "scenarios"


@dataclass
class SetCoverage:
    set: str
    total: int = 0
    implemented: list[str] = field(default_factory=list)
    without_scenario: list[str] = field(default_factory=list)
    layer: list[str] = field(default_factory=list)  # written on the card layer
    escapes: int = 0  # Custom(...) steps in those definitions (the escape hatch)


def scenario_text(root: Path = SCENARIOS) -> str:
    if not root.is_dir():
        return ""
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(root.rglob("*.toml")))


def coverage(root: Path = SCENARIOS) -> list[SetCoverage]:

    behaviours()  # the set modules register their cards (and the layer's notes) on import
    text = scenario_text(root)
    out: dict[str, SetCoverage] = {}
    for name, card in bundled_cards().items():
        cov = out.setdefault(card.set, SetCoverage(card.set))
        cov.total += 1
        if name in LAYER:
            cov.layer.append(name)
            cov.escapes += LAYER[name].escapes
        if is_implemented(name):
            cov.implemented.append(name)
            if f'"{name}' not in text:
                cov.without_scenario.append(name)
    return sorted(out.values(), key=lambda c: c.set)


def lines_per_card() -> dict[str, int]:
    """Source lines of each card-layer definition (`card("Name", ...)` in engine/cards/sets),
    comments excluded: how much a card costs to write (issue #9)."""

    out: dict[str, int] = {}
    for path in sorted((Path(__file__).parent / "sets").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "card"
                    and node.args and isinstance(node.args[0], ast.Constant)):
                out[str(node.args[0].value)] = (node.end_lineno or node.lineno) - node.lineno + 1
    return out


def report(root: Path = SCENARIOS) -> str:
    lines = []
    for cov in coverage(root):
        lines.append(f"{cov.set}: {len(cov.implemented)} of {cov.total} cards implemented "
                     f"({100 * len(cov.implemented) / max(1, cov.total):.0f}%); on the card layer "
                     f"{len(cov.layer)}, escape hatch used {cov.escapes} times")
        missing = sorted(n for n in bundled_cards() if bundled_cards()[n].set == cov.set and n not in cov.implemented)
        if missing:
            lines.append(f"  missing ({len(missing)}): {', '.join(missing)}")
        if cov.without_scenario:
            lines.append(f"  implemented but in no scenario: {', '.join(sorted(cov.without_scenario))}")
    sizes = lines_per_card()
    if sizes:
        ordered = sorted(sizes.values())
        largest = max(sizes, key=lambda n: sizes[n])
        lines.append(f"Lines per card on the layer: median {ordered[len(ordered) // 2]}, "
                     f"largest {sizes[largest]} ({largest}), {len(sizes)} definitions")
    return "\n".join(lines)
