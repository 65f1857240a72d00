"""Function-local imports, the import circles they would hide, and the module-level circles,
counted with the syntax tree.

    python tools/import_report.py [DIR ...] [--list] [--unmarked] [--back]

* function-local imports: `import` / `from ... import` statements inside a function (or lambda)
  body of the modules under each DIR (default engine/rules), those in `if TYPE_CHECKING:`
  blocks excluded;
* of them, those marked as a deliberate lazy load: a `# lazy: <why>` comment on the
  statement's first line, or starting a line of the comment block right above a run of such
  statements (the house
  rule: imports at the top, a function-local one only to keep a module from loading before it is
  needed — the app's start-up, tests/app/test_startup_lazy.py);
* of them, those that close a circle: the imported module reaches the importing module again
  through the module-level imports of engine/, app/ and tools/ (TYPE_CHECKING blocks excluded;
  importing a.b.c runs a and a.b too);
* the module-level import circles among the modules under each DIR;
* the imports for annotations only (`if TYPE_CHECKING:`), which never run, and of them those that
  would close a circle if they did (a type named from a module above: a candidate for a type
  moved down or a Protocol).

`--list` prints every function-local import and every annotation back-reference (file, line, the
import, the circle it would close), `--unmarked` only the function-local imports without `# lazy:`,
`--back` only the annotation back-references.
tests/engine/test_layering.py and tests/app/test_local_imports.py read the same walk.
"""
from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the packages imported by their dotted names; tools/ holds scripts imported by their bare names
PACKAGES = ("engine", "app")
LAZY = "# lazy:"


@dataclass(frozen=True)
class LocalImport:
    module: str
    path: Path
    line: int
    text: str
    targets: frozenset[str]
    marked: bool  # "# lazy: why" on it (or on the comment line above its run)


def is_type_checking(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def modules(packages: tuple[str, ...] = PACKAGES, scripts: bool = True) -> dict[str, Path]:
    """Module name -> file: the packages' modules by dotted name, tools/*.py by bare name."""
    out = {}
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = path
    if scripts:
        for path in sorted((ROOT / "tools").glob("*.py")):
            out[path.stem] = path
    return out


def targets(node: ast.Import | ast.ImportFrom, mods: dict[str, Path], importer: str = "") -> set[str]:
    """The known modules an import statement names: `from a.b import c` a.b, and a.b.c if that is
    a module (the nearest known module above a name that is none). `from a.b import c, d` in a
    module of the package a.b (the importer) names only the modules a.b.c, a.b.d when both are
    modules: a.b is under way already (a package runs before its modules), nothing of it is read."""
    out: set[str] = set()
    if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
        subs = {f"{node.module}.{alias.name}" for alias in node.names}
        out |= subs & mods.keys()
        if not (importer.startswith(node.module + ".") and subs <= mods.keys()):
            out.add(node.module)
    elif isinstance(node, ast.Import):
        out |= {alias.name for alias in node.names}
    found = set()
    for name in out:  # `import a.b.x` where x is no module of ours: a.b
        while name and name not in mods:
            name = name.rpartition(".")[0]
        if name:
            found.add(name)
    return found


def _walk(path: Path, mods: dict[str, Path], importer: str = "") -> tuple[set[str], set[str], list[tuple[ast.stmt, bool]]]:
    """A file's module-level targets, all its targets anywhere, and its function-local imports
    with whether each is marked lazy."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    top: set[str] = set()
    anywhere: set[str] = set()
    local: list[tuple[ast.stmt, bool]] = []

    def marked(body: list[ast.stmt], i: int) -> bool:
        node = body[i]
        if LAZY in lines[node.lineno - 1]:
            return True
        while i > 0 and isinstance(body[i - 1], (ast.Import, ast.ImportFrom)):
            i -= 1  # the comment above a run of imports marks the run
        above = body[i].lineno - 2
        while above >= 0 and lines[above].strip().startswith("#"):  # the comment block right above
            if lines[above].strip().startswith(LAZY):
                return True
            above -= 1
        return False

    def visit(node: ast.AST, in_function: bool, type_checking: bool) -> None:
        for child in ast.iter_child_nodes(node):
            tc = type_checking or is_type_checking(child)
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                found = targets(child, mods, importer)
                anywhere.update(found)
                if tc:
                    continue
                if in_function:
                    body = _body_of(node, child)
                    local.append((child, marked(body, body.index(child))))
                else:
                    top.update(found)
            visit(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)), tc)
    visit(ast.parse(source), False, False)
    return top, anywhere, local


def _body_of(parent: ast.AST, child: ast.stmt) -> list[ast.stmt]:
    for field in ("body", "orelse", "finalbody"):
        body = getattr(parent, field, None)
        if isinstance(body, list) and child in body:
            return body
    return [child]


def graph(mods: dict[str, Path] | None = None) -> tuple[dict[str, set[str]], dict[str, set[str]], list[LocalImport]]:
    """Module-level edges (a module's parents included: importing a.b.c runs a and a.b), every
    edge anywhere (function-local and TYPE_CHECKING too), and all function-local imports."""
    mods = modules() if mods is None else mods
    top: dict[str, set[str]] = {}
    anywhere: dict[str, set[str]] = {}
    local: list[LocalImport] = []
    for name, path in mods.items():
        t, a, loc = _walk(path, mods, name)
        top[name] = t - {name}
        anywhere[name] = a - {name}
        lines = path.read_text(encoding="utf-8").splitlines()
        local += [LocalImport(name, path, n.lineno, lines[n.lineno - 1].strip(), frozenset(targets(n, mods, name)), m)
                  for n, m in loc]
    for name in list(top):  # importing a.b.c runs a and a.b first (not the importer's own packages:
        own = {name.rsplit(".", i)[0] for i in range(1, name.count(".") + 1)}  # they are under way)
        for m in list(top[name]):
            parts = m.split(".")
            top[name] |= {".".join(parts[:i]) for i in range(1, len(parts)) if ".".join(parts[:i]) in mods} - {name} - own
    return top, anywhere, local


@dataclass(frozen=True)
class BackReference:
    """An import for annotations only that would close a circle if it ran: `circle` runs from
    the imported module back to the importing one through module-level imports."""
    module: str
    path: Path
    line: int
    text: str
    circle: tuple[str, ...]


def annotation_imports(mods: dict[str, Path]) -> list[tuple[str, Path, int, frozenset[str]]]:
    """The imports in `if TYPE_CHECKING:` blocks (never run: names for annotations only), as
    (module, path, line, targets)."""
    out = []
    for name, path in mods.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.If) and is_type_checking(node):
                out += [(name, path, ch.lineno, frozenset(targets(ch, mods, name))) for ch in ast.walk(node)
                        if isinstance(ch, (ast.Import, ast.ImportFrom))]
    return out


def back_references(mods: dict[str, Path], top: dict[str, set[str]]) -> list[BackReference]:
    """The imports for annotations only (`annotation_imports`) whose module reaches the importing
    module again through the module-level imports `top`: a type named from a module above."""
    out = []
    for module, path, line, found in annotation_imports(mods):
        for t in sorted(found):
            way = t != module and path_to(top, t, module)
            if way:
                text = path.read_text(encoding="utf-8").splitlines()[line - 1].strip()
                out.append(BackReference(module, path, line, text, tuple(way)))
                break
    return out


def path_to(edges: dict[str, set[str]], start: str, goal: str) -> list[str]:
    """A shortest way from start to goal along the edges ([] if there is none)."""
    came: dict[str, str] = {}
    todo, seen = [start], {start}
    while todo:
        nxt = []
        for v in todo:
            for w in sorted(edges.get(v, ())):
                if w in seen:
                    continue
                came[w] = v
                if w == goal:
                    way = [w]
                    while way[-1] != start:
                        way.append(came[way[-1]])
                    return way[::-1]
                seen.add(w)
                nxt.append(w)
        todo = nxt
    return []


def reaches(edges: dict[str, set[str]], start: str, goal: str) -> bool:
    seen, stack = {start}, [start]
    while stack:
        for nxt in edges.get(stack.pop(), ()):
            if nxt == goal:
                return True
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return False


def circles(edges: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[set[str]] = []
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges.get(w, ())))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = set()
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.add(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(comp)
    return out


def in_scope(path: Path, scope: Path) -> bool:
    where = (ROOT / scope).resolve()
    return path.resolve() == where or where in path.resolve().parents


def main(argv: list[str]) -> int:
    scopes = [Path(a) for a in argv if not a.startswith("--")] or [Path("engine/rules")]
    tests = any(scope.parts[:1] == ("tests",) for scope in scopes)
    mods = modules(PACKAGES + (("tests",) if tests else ()))
    top, _, local = graph(mods)
    annotations = annotation_imports(mods)
    back_refs = back_references(mods, top)
    seen: set[tuple[Path, int]] = set()
    for scope in scopes:
        mine = [e for e in local if in_scope(e.path, scope) and (e.path, e.line) not in seen]
        seen |= {(e.path, e.line) for e in mine}
        closing = [e for e in mine if any(t != e.module and reaches(top, t, e.module) for t in e.targets)]
        unmarked = [e for e in mine if not e.marked]
        if "--list" in argv or "--unmarked" in argv:
            for e in (unmarked if "--unmarked" in argv else mine):
                mark = "circle" if e in closing else ("lazy" if e.marked else "local")
                print(f"{mark}: {e.path.relative_to(ROOT)}:{e.line}: {e.text}")
        loops = [sorted(c) for c in circles(top) if any(in_scope(mods[m], scope) for m in c)]
        print(f"{scope}: {len(mine)} function-local imports, {len(mine) - len(unmarked)} marked lazy, "
              f"{len(unmarked)} not marked, {len(closing)} close an import circle; "
              f"{len(loops)} module-level import circles")
        for loop in loops:
            print("  circle: " + " -> ".join(loop))
        notes = [a for a in annotations if in_scope(a[1], scope)]
        back = [b for b in back_refs if in_scope(b.path, scope)]
        print(f"  and {len(notes)} imports for annotations only (if TYPE_CHECKING), {len(back)} of which "
              "would close a circle if they ran")
        if "--list" in argv or "--back" in argv:
            for b in back:
                print(f"  back-reference: {b.path.relative_to(ROOT)}:{b.line}: {b.text}  "
                      f"(circle: {b.module} -> {' -> '.join(b.circle)})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
