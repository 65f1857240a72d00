"""Rules and card code talk to a context, not to the whole Game (issue #8,
engine/rules/context.py): no import of engine.game, no import of another module's private
names, and no hand-placed cache invalidation outside the zone primitives."""
from __future__ import annotations

import ast
from pathlib import Path

from engine.game import Game
from engine.rules.context import Context

ENGINE = Path(__file__).resolve().parents[2] / "engine"
LAYER = sorted((ENGINE / "rules").rglob("*.py")) + sorted((ENGINE / "cards").rglob("*.py"))


def _imports(path: Path) -> list[tuple[str, list[str]]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.append((node.module, [a.name for a in node.names]))
        elif isinstance(node, ast.Import):
            out += [(a.name, []) for a in node.names]
    return out


def test_rules_and_cards_do_not_import_the_game() -> None:
    bad = [f"{p.relative_to(ENGINE)}: {m}" for p in LAYER for m, _ in _imports(p) if m == "engine.game"]
    assert bad == []


def test_no_module_imports_private_names() -> None:
    bad = [f"{p.relative_to(ENGINE)}: from {m} import {n}"
           for p in sorted(ENGINE.rglob("*.py")) for m, names in _imports(p) for n in names
           if m.startswith("engine") and n.startswith("_") and not n.startswith("__")]
    assert bad == []


def test_caches_are_invalidated_by_the_context_not_by_hand() -> None:
    bad = [f"{p.relative_to(ENGINE)}:{i}" for p in LAYER if p.name not in ("zones.py", "context.py")
           for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
           if ".touch()" in line and not line.lstrip().startswith(("#", "Results"))]
    assert bad == []


def test_the_game_implements_the_context() -> None:
    missing = [name for name in dir(Context) if not name.startswith("_") and not hasattr(Game, name)
               and name not in Context.__annotations__]
    assert missing == []
