"""Function-local imports and the import circles they hide, counted with the syntax tree.

    python tools/import_report.py [PACKAGE_DIR] [--list]

* function-local imports: `import` / `from ... import` statements inside a function (or lambda)
  body of the modules under PACKAGE_DIR (default engine/rules), those in `if TYPE_CHECKING:`
  blocks excluded;
* of them, those that close a circle: the imported module reaches the importing module again
  through the module-level imports of the whole `engine` package (TYPE_CHECKING blocks excluded;
  importing a.b.c runs a and a.b too).
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _is_type_checking(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def _modules() -> dict[str, Path]:
    out = {}
    for path in (ROOT / "engine").rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _targets(node: ast.AST, mods: dict[str, Path]) -> set[str]:
    out: set[str] = set()
    if isinstance(node, ast.ImportFrom) and node.module:
        for alias in node.names:
            full = f"{node.module}.{alias.name}"
            out.add(full if full in mods else node.module)
    elif isinstance(node, ast.Import):
        out |= {alias.name for alias in node.names}
    return {m for m in out if m in mods}


def main(argv: list[str]) -> int:
    scope_dir = Path(next((a for a in argv if not a.startswith("--")), "engine/rules"))
    mods = _modules()
    top: dict[str, set[str]] = {m: set() for m in mods}
    local: list[tuple[str, int, str, set[str]]] = []
    for name, path in mods.items():
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()

        def visit(node: ast.AST, in_function: bool, name: str = name, lines: list[str] = lines) -> None:
            for child in ast.iter_child_nodes(node):
                if _is_type_checking(child):
                    continue
                if isinstance(child, (ast.Import, ast.ImportFrom)):
                    if in_function:
                        local.append((name, child.lineno, lines[child.lineno - 1].strip(), _targets(child, mods)))
                    else:
                        top[name] |= _targets(child, mods)
                visit(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))
        visit(ast.parse(source), False)
    for name in list(top):  # importing a.b.c runs a and a.b first
        for m in list(top[name]):
            parts = m.split(".")
            top[name] |= {".".join(parts[:i]) for i in range(1, len(parts)) if ".".join(parts[:i]) in mods}

    def reaches(start: str, goal: str) -> bool:
        seen, stack = {start}, [start]
        while stack:
            for nxt in top.get(stack.pop(), ()):
                if nxt == goal:
                    return True
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        return False

    prefix = ".".join(scope_dir.parts)
    mine = [entry for entry in local if entry[0] == prefix or entry[0].startswith(prefix + ".")]
    circles = [entry for entry in mine if any(t != entry[0] and reaches(t, entry[0]) for t in entry[3])]
    if "--list" in argv:
        for name, line, text, _ in mine:
            mark = "circle" if any(e[:2] == (name, line) for e in circles) else "local"
            print(f"{mark}: {mods[name].relative_to(ROOT)}:{line}: {text}")
    print(f"{scope_dir}: {len(mine)} function-local imports, {len(circles)} of them close an import circle")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
