"""How general the card vocabulary is: which constructors each card definition calls
(`python -m engine.cards coverage`, its "Vocabulary" section; `--one-card` lists them).

What counts (read from the source of engine/cards/sets/*.py with `ast`, nothing is run):

* A **card definition** is a `card("Name", ...)` call (one for each name of a
  `card(name, ...) for name in ("A", "B")`, the name first in each tuple of a loop over
  tuples), or a token's
  `register_token(CardDef("Name", ...), data)` or `register_token(token(data, ...), data)`;
  its name is the first argument (a token built by `token` is named by its data's "def" or
  "name").
* A **constructor** is a callable a card definition calls — `Name(...)` or
  `module.Name(...)` — anywhere inside that call, including inside a module-level constant
  the definition uses by name (`CREATURE_CARD = GraveyardCard(("Creature",))` counts for each
  card that names CREATURE_CARD, followed through constants that name constants). It is
  identified by where it is defined: the module it is imported from (engine/cards/vocab,
  layer, mechanics, model, or anything else) or the set file itself for a class written there.
  Not counted: the builders every definition goes through (`card`, `token`, `CardDef`) and Python's
  built-ins (`tuple`, `frozenset` ...). Constants that are not called (`ENTERS`, `THIS`,
  `DELIRIUM`) are not constructors.
* A constructor is **used by one card** when exactly one card definition calls it (however
  often). The share is those constructors over all constructors some card definition calls.

The share counts callables only. Behaviour chosen inside a general constructor by a key is
counted apart (`keyed_use`, the report's "Keyed" line): the kinds of `Count("kind", ...)` (each
kind is its own code in engine/cards/vocab/counts.py) and the members of the rule-change enums
`RuleChange` and `ObjectRule` (each read by its own rule code) that card definitions name — a
one-card behaviour written as a new key instead of a new class shows there.
"""
from __future__ import annotations

import ast
import builtins
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

SETS = Path(__file__).parent / "sets"
BUILDERS = frozenset({"card", "token", "CardDef", "register", "register_token"})


@dataclass(frozen=True)
class VocabularyUse:
    users: dict[str, frozenset[str]]  # constructor "module.Name" -> the card definitions calling it

    @property
    def one_card(self) -> list[str]:
        return sorted(c for c, cards in self.users.items() if len(cards) == 1)

    @property
    def share(self) -> float:
        return len(self.one_card) / max(1, len(self.users))


class _Module:
    """One set file: its imports, module-level constants and local classes."""

    def __init__(self, path: Path) -> None:
        self.name = f"engine.cards.sets.{path.stem}"
        self.tree = ast.parse(path.read_text(encoding="utf-8"))
        self.imported: dict[str, str] = {}  # local name -> "module.Name" (or "module" for a module)
        self.constants: dict[str, ast.AST] = {}
        for node in self.tree.body:
            if isinstance(node, ast.ImportFrom) and node.module:
                for alias in node.names:
                    self.imported[alias.asname or alias.name] = f"{node.module}.{alias.name}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    self.imported[alias.asname or alias.name] = alias.name
            elif isinstance(node, ast.Assign):
                for tgt in node.targets:
                    if isinstance(tgt, ast.Name):
                        self.constants[tgt.id] = node.value
            elif isinstance(node, (ast.ClassDef, ast.FunctionDef)):
                self.imported[node.name] = f"{self.name}.{node.name}"

    def callee(self, func: ast.AST) -> str | None:
        if isinstance(func, ast.Name):
            if func.id in BUILDERS or (func.id not in self.imported and hasattr(builtins, func.id)):
                return None
            return self.imported.get(func.id, f"{self.name}.{func.id}")
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in self.imported:
            return f"{self.imported[func.value.id]}.{func.attr}"
        return None

    def calls(self, node: ast.AST, seen: frozenset[str] = frozenset()) -> set[str]:
        out: set[str] = set()
        for sub in ast.walk(node):
            if isinstance(sub, ast.Call):
                name = self.callee(sub.func)
                if name is not None:
                    out.add(name)
            elif (isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load) and sub.id in self.constants
                    and sub.id not in seen):
                out |= self.calls(self.constants[sub.id], seen | {sub.id})
        return out

    def keys(self, node: ast.AST, seen: frozenset[str] = frozenset()) -> set[tuple[str, str]]:
        """The KEYED keys named inside `node`: ("Count", kind) and ("RuleChange", member) ..."""
        out: set[tuple[str, str]] = set()
        for sub in ast.walk(node):
            if (isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id == "Count"
                    and sub.args and isinstance(sub.args[0], ast.Constant) and isinstance(sub.args[0].value, str)):
                out.add(("Count", sub.args[0].value))
            elif (isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name)
                    and sub.value.id in ("RuleChange", "ObjectRule")):
                out.add((sub.value.id, sub.attr))
            elif (isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load) and sub.id in self.constants
                    and sub.id not in seen):
                out |= self.keys(self.constants[sub.id], seen | {sub.id})
        return out

    def card_name(self, arg: ast.AST) -> str | None:
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            return arg.value
        if isinstance(arg, ast.Name) and isinstance(self.constants.get(arg.id), ast.Constant):
            return str(self.constants[arg.id].value)  # type: ignore[attr-defined]
        return None

    def token_name(self, arg: ast.AST) -> str | None:
        """The "def" (else "name") of a token's data dict, written there or as a constant."""
        data = self.constants.get(arg.id) if isinstance(arg, ast.Name) else arg
        if not isinstance(data, ast.Dict):
            return None
        found = {k.value: v for k, v in zip(data.keys, data.values) if isinstance(k, ast.Constant)}
        for key in ("def", "name"):
            if key in found:
                return self.card_name(found[key])
        return None

    def _loop_names(self) -> dict[int, list[str]]:
        """`card(land, ...) for land in ("A", "B")`: the names each such card() call stands for."""
        out: dict[int, list[str]] = {}
        for node in ast.walk(self.tree):
            if not isinstance(node, (ast.GeneratorExp, ast.ListComp)) or len(node.generators) != 1:
                continue
            gen = node.generators[0]
            if not isinstance(gen.iter, (ast.Tuple, ast.List)):
                continue
            # `for name in ("A", ...)` or `for name, rest in (("A", ...), ...)`: the name comes first
            target = gen.target.elts[0] if isinstance(gen.target, ast.Tuple) else gen.target
            items = [e.elts[0] if isinstance(e, ast.Tuple) else e for e in gen.iter.elts]
            if not isinstance(target, ast.Name):
                continue
            names = [e.value for e in items if isinstance(e, ast.Constant) and isinstance(e.value, str)]
            for sub in ast.walk(node.elt):
                if (isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id == "card"
                        and sub.args and isinstance(sub.args[0], ast.Name) and sub.args[0].id == target.id):
                    out[id(sub)] = names
        return out

    def definitions(self) -> list[tuple[str, ast.Call]]:
        out = []
        looped = self._loop_names()
        for node in ast.walk(self.tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args):
                continue
            if node.func.id == "card" and id(node) in looped:
                out += [(name, node) for name in looped[id(node)]]
            elif node.func.id == "card":
                name = self.card_name(node.args[0])
                if name is not None:
                    out.append((name, node))
            elif node.func.id == "register_token":
                defn = node.args[0]
                if not (isinstance(defn, ast.Call) and isinstance(defn.func, ast.Name) and defn.args):
                    continue
                if defn.func.id == "CardDef":
                    name = self.card_name(defn.args[0])
                elif defn.func.id == "token":
                    name = self.token_name(defn.args[0])
                else:
                    name = None
                if name is not None:
                    out.append((f"token {name}", defn))
        return out


def definition_names(root: Path = SETS) -> set[str]:
    """The card definitions the measure reads (tokens as "token NAME")."""
    return {name for path in sorted(root.glob("*.py")) if path.name != "__init__.py"
            for name, _ in _Module(path).definitions()}


def vocabulary_use(root: Path = SETS) -> VocabularyUse:
    users: dict[str, set[str]] = defaultdict(set)
    for path in sorted(root.glob("*.py")):
        if path.name == "__init__.py":
            continue
        module = _Module(path)
        for name, call in module.definitions():
            for ctor in module.calls(call):
                users[ctor].add(name)
    return VocabularyUse({c: frozenset(cards) for c, cards in users.items()})


KEYED = ("Count", "RuleChange", "ObjectRule")  # Count's first argument; the enums' members


def keyed_use(root: Path = SETS) -> dict[str, VocabularyUse]:
    """For each of KEYED, the card definitions naming each key: `Count("kind", ...)` by its
    kind (a string constant), `RuleChange.X` / `ObjectRule.X` by the member (module-level
    constants followed, as for constructors)."""
    users: dict[str, dict[str, set[str]]] = {k: defaultdict(set) for k in KEYED}
    for path in sorted(root.glob("*.py")):
        if path.name == "__init__.py":
            continue
        module = _Module(path)
        for name, call in module.definitions():
            for key, member in module.keys(call):
                users[key][member].add(name)
    return {k: VocabularyUse({m: frozenset(c) for m, c in u.items()}) for k, u in users.items()}


def report(one_card: bool = False) -> list[str]:
    use = vocabulary_use()
    lines = [f"Vocabulary: {len(use.users)} constructors called by card definitions; "
             f"{len(use.one_card)} used by one card only ({100 * use.share:.1f}%)"
             + ("" if one_card else " — list them with --one-card")]
    if one_card:
        for ctor in use.one_card:
            lines.append(f"  {ctor.removeprefix('engine.cards.')}  ({next(iter(use.users[ctor]))})")
    keyed = keyed_use()
    lines.append("Keyed (not in the share above): " + "; ".join(
        f"{k}: {len(u.users)} {'kinds' if k == 'Count' else 'members'} named, {len(u.one_card)} by one card only"
        for k, u in keyed.items()))
    if one_card:
        for k, u in keyed.items():
            lines += [f"  {k} {m}  ({next(iter(u.users[m]))})" for m in u.one_card]
    return lines
