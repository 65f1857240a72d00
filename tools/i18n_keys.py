"""The message keys the app uses, and those missing from the English catalog.

Scans app/ (except app/decks and app/render, which have their own catalogs) without
importing it, so it needs neither Qt nor a display:

    python tools/i18n_keys.py             # keys missing from i18n/en.json (exit 1 if any)
    python tools/i18n_keys.py --literal   # every literal key, with the files that use it
    python tools/i18n_keys.py --all       # literal and dynamic keys
    python tools/i18n_keys.py --unused    # keys in en.json that the scan did not find

Literal keys: tr("...") calls, and quoted strings shaped like a key ("prompt.target",
"action.pass" in SHORTCUTS ...) whose first part is one that tr("...") calls use.
Dynamic keys: the families the code builds with f-strings (tr(f"step.{step}") ...),
expanded here from the value sets in the code (app/settings.py STEPS, the engine's event
keys, decision prompts and IllegalActionError keys ...). An f-string family this script
does not know is reported, so a new one is not missed silently.
"""
from __future__ import annotations

import ast
import json
import re
import sys
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "app"
ENGINE = ROOT / "engine"
EXCLUDED = ("decks", "render")  # they have their own catalogs (i18n/decks_*.json ...)
CATALOG_DIR = ROOT / "i18n"

TR_LITERAL = re.compile(r"""\btr\(\s*(["'])([A-Za-z_][\w.]*)\1""")
KEY_SHAPED = re.compile(r"""(?<![\w"'])(["'])([a-z_][a-z0-9_]*(?:\.[a-z0-9_]+)+)\1""")
FSTRING = re.compile(r"""(?:\btr\(\s*)?\bf(["'])((?:[^"'{]|\{[^}]*\})*?)\1""")
NOT_KEYS = re.compile(r"\.(json|png|svg|txt|md|py|cod|dek|toml|zip|jpg)$")

ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile", "command")
# zones whose cards a zone viewer can list (the piles, and your own library)
VIEWER_ZONES = ("library", "hand", "graveyard", "exile", "command")
MOVE_TARGETS = ("hand", "battlefield", "graveyard", "exile", "library", "library_bottom", "command")
# the rules verbs a card's context menu can offer (engine/rules/priority.py legal actions),
# as app/table/menus.py rules_label spells them; activate with ability 0 / >1 has its own key
MENU_VERBS = ("play", "cast", "activate", "unlock", "turn_face_up", "mana", "activate_n")
OPTIONS = ("yes", "no", "nothing")  # app/table/prompts.py _option_label
COIN = ("heads", "tails")  # engine/rules/manual.py flip coin
# events whose key is computed in engine/rules/manual.py ("manual_" + verb), with their fields
COMPUTED_EVENTS = {
    "manual_tap": {"player", "card", "obj", "manual"}, "manual_untap": {"player", "card", "obj", "manual"},
    "manual_life": {"player", "target", "delta", "manual"}, "manual_poison": {"player", "target", "delta", "manual"},
    "manual_next_step": {"player", "manual"}, "manual_next_turn": {"player", "manual"},
}


def source_files(root: Path = APP) -> list[Path]:
    return sorted(p for p in root.rglob("*.py")
                  if not any(part in EXCLUDED for part in p.relative_to(root).parts[:-1]))


def _rel(p: Path) -> str:
    return str(p.relative_to(ROOT))


@lru_cache(maxsize=None)
def literal_keys() -> dict[str, set[str]]:
    """Key -> the files using it, from tr("...") and key-shaped strings with a known prefix."""
    texts = {p: p.read_text(encoding="utf-8") for p in source_files()}
    found: dict[str, set[str]] = {}
    for p, text in texts.items():
        for m in TR_LITERAL.finditer(text):
            found.setdefault(m.group(2), set()).add(_rel(p))
    prefixes = {k.split(".")[0] for k in found}
    for p, text in texts.items():
        for m in KEY_SHAPED.finditer(text):
            key = m.group(2)
            if key.split(".")[0] in prefixes and not NOT_KEYS.search(key):
                found.setdefault(key, set()).add(_rel(p))
    return found


@lru_cache(maxsize=None)
def fstring_families() -> dict[str, set[str]]:
    """Key-shaped f-string templates ("step.{step}", f"error.{key}" ...) -> the files using them.

    Those passed to tr() directly, and those assigned first (key = f"menu.verb.{...}") whose
    first part is a prefix that literal tr("...") calls use."""
    prefixes = {k.split(".")[0] for k in literal_keys()}
    out: dict[str, set[str]] = {}
    for p in source_files():
        for m in FSTRING.finditer(p.read_text(encoding="utf-8")):
            template = m.group(2)
            head = re.split(r"[.{]", template, maxsplit=1)[0]
            if "{" in template and "." in template.split("{")[0] and not NOT_KEYS.search(template) \
                    and (head in prefixes or m.group(0).startswith("tr(")):
                out.setdefault(template, set()).add(_rel(p))
    return out


@lru_cache(maxsize=None)
def _parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def _constant(path: Path, name: str) -> object:
    """A module-level NAME = <literal> of a source file, read without importing it."""
    for node in _parse(path).body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == name for t in targets) and node.value is not None:
                return ast.literal_eval(node.value)
    raise KeyError(f"{name} not found in {path}")


def _strings(node: ast.AST) -> list[str]:
    """String constants an expression can evaluate to (a constant, or both arms of an if)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    return []


@lru_cache(maxsize=None)
def engine_events() -> dict[str, set[str]]:
    """Event key -> parameter names, from every g.event(...) / self.event(...) in engine/."""
    out: dict[str, set[str]] = {k: set(v) for k, v in COMPUTED_EVENTS.items()}
    for path in ENGINE.rglob("*.py"):
        if ".event(" not in path.read_text(encoding="utf-8"):
            continue
        for node in ast.walk(_parse(path)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "event" \
                    and node.args:
                for key in _strings(node.args[0]):
                    out.setdefault(key, set()).update(k.arg for k in node.keywords if k.arg)
    from_messages = _constant(ENGINE / "messages.py", "EN")
    assert isinstance(from_messages, dict)
    for key in from_messages:
        out.setdefault(key, set())
    return out


def lose_reasons() -> set[str]:
    text = (ENGINE / "rules" / "sba.py").read_text(encoding="utf-8")
    return set(re.findall(r"""losers\.append\(\([^,]+,\s*["'](\w+)["']\)\)""", text))


def event_keys() -> set[str]:
    """The catalog keys app/i18n.py event_text/event_lines look up for the engine's events."""
    keys = {"event.unknown"}
    for ev in engine_events():
        if ev == "mana":
            continue  # not logged (event_text returns None)
        if ev == "zone_change":
            keys.add("event.zone_change")
            keys |= {f"event.zone_change.{z}{h}" for z in ZONES if z != "stack" for h in ("", ".hidden")}
        elif ev == "step":
            keys |= {"event.turn", "event.step"}
        elif ev in ("cast", "activate"):
            keys |= {f"event.{ev}", f"event.{ev}_targets"}
        elif ev in ("life", "manual_life", "manual_poison"):
            keys |= {f"event.{ev}.gain", f"event.{ev}.loss"}
        elif ev == "damage":
            keys |= {"event.damage_card", "event.damage_player"}
        elif ev == "block":
            keys |= {"event.block_pair", "event.block_none"}
        elif ev == "lose":
            keys |= {"event.lose"} | {f"event.lose.{r}" for r in lose_reasons()}
        elif ev == "game_over":
            keys |= {"event.game_over", "event.game_over.draw"}
        elif ev == "coin":
            keys |= {"event.coin"} | {f"coin.{c}" for c in COIN}
        elif ev == "manual_move":
            keys |= {"event.manual_move", "event.manual_move.hidden"}
        elif ev == "manual_counter":
            keys |= {"event.manual_counter.add", "event.manual_counter.remove"}
        elif ev == "draw":
            keys |= {"event.draw", "event.draw_many"}
        else:
            keys.add(f"event.{ev}")
    return keys


@lru_cache(maxsize=None)
def decision_prompts() -> set[str]:
    """pending["prompt"] keys (decide.*, ask.*) the engine sets, plus the UI's fallback."""
    keys = {"decide.generic"}
    for path in ENGINE.rglob("*.py"):
        keys |= set(re.findall(r"""["']((?:decide|ask)\.\w+)["']""", path.read_text(encoding="utf-8")))
    return keys


@lru_cache(maxsize=None)
def refusals() -> dict[str, set[str]]:
    """ActionError key (IllegalActionError, ActionSyntaxError, AmbiguousActionError) -> its
    parameter names, over engine/ and app/ ("illegal" if unkeyed)."""
    out: dict[str, set[str]] = {}
    errors = ("IllegalActionError", "ActionSyntaxError", "AmbiguousActionError", "ActionError")
    for path in list(ENGINE.rglob("*.py")) + source_files():
        text = path.read_text(encoding="utf-8")
        if not any(e + "(" in text for e in errors):
            continue
        for node in ast.walk(_parse(path)):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name not in errors:
                continue
            key_node = node.args[1] if len(node.args) > 1 else next(
                (k.value for k in node.keywords if k.arg == "key"), None)
            key = "illegal" if key_node is None else ast.literal_eval(key_node)
            out.setdefault(key, set()).update(k.arg for k in node.keywords if k.arg and k.arg != "key")
    return out


def shell_names() -> dict[str, tuple[str, ...]]:
    """Value sets of the shell's families (their keys live in i18n/shell_{lang}.json)."""
    shell = APP / "shell"
    text = (shell / "main_window.py").read_text(encoding="utf-8") if (shell / "main_window.py").exists() else ""
    out: dict[str, tuple[str, ...]] = {
        "app_action": tuple(re.findall(r"""\(self\.\w+_menu,\s*["'](\w+)["']""", text)),
    }
    for name, (path, const) in {"mode": ("dialogs.py", "MODES"), "start": ("start_page.py", "BUTTONS")}.items():
        try:
            out[name] = tuple(_constant(shell / path, const))  # type: ignore[arg-type]
        except (OSError, KeyError):
            out[name] = ()
    return out


def dynamic_keys() -> dict[str, set[str]]:
    """f-string template -> the keys it can build (value sets read from the code)."""
    steps = _constant(APP / "settings.py", "STEPS")
    shortcuts = APP / "shell" / "shortcuts.py"
    groups = _constant(shortcuts, "GROUPS")
    mouse = _constant(shortcuts, "MOUSE")
    assert isinstance(steps, tuple) and isinstance(groups, tuple) and isinstance(mouse, tuple)
    events = event_keys()
    shell = shell_names()
    zones = {f"zone.{z}" for z in ZONES}
    return {
        "step.{step}": {f"step.{s}" for s in steps},
        "step_short.{step}": {f"step_short.{s}" for s in steps},
        "zone.{zone}": zones,
        "zone.{kind}": zones,
        "zone.{self.kind}": zones,
        "viewer.title.{self.zone}": {f"viewer.title.{z}" for z in VIEWER_ZONES},
        "viewer.to_{dest}": {f"viewer.to_{t}" for t in MOVE_TARGETS},
        "menu.verb.{a.verb.replace(' ', '_')}": {f"menu.verb.{v}" for v in MENU_VERBS},
        "event.{key}{suffix}": {k for k in events if k.endswith((".gain", ".loss"))},
        "event.{key}": events,
        "event.zone_change.{to}": {k for k in events if k.startswith("event.zone_change.")},
        "event.lose.{p.get('reason', '')}": {k for k in events if k.startswith("event.lose.")},
        "coin.{p.get('result', '')}": {f"coin.{c}" for c in COIN},
        "prompt.{kind}": {"prompt.bottom", "prompt.discard"},
        "option.{low}": {f"option.{o}" for o in OPTIONS},
        "decide.{pending.get('kind', '')}": decision_prompts(),
        "error.{key}": {f"error.{k}" for k in refusals()},
        "shortcut_group.{group}": {f"shortcut_group.{g}" for g in groups},
        "mouse.{m}.gesture": {f"mouse.{m}.gesture" for m in mouse},
        "mouse.{m}.action": {f"mouse.{m}.action" for m in mouse},
        "app_action.{name}": {f"app_action.{n}" for n in shell["app_action"]},
        "mode.{m}": {f"mode.{m}" for m in shell["mode"]},
        "start.{name}": {f"start.{n}" for n in shell["start"]},
        "start.{name}.hint": {f"start.{n}.hint" for n in shell["start"]},
    }


def all_keys() -> set[str]:
    keys = set(literal_keys())
    for family in dynamic_keys().values():
        keys |= family
    return keys


def catalog(lang: str = "en", prefix: str = "") -> dict[str, str]:
    path = CATALOG_DIR / f"{prefix}{lang}.json"
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if not k.startswith("_")}


def english() -> dict[str, str]:
    """The English catalog as app.i18n loads it: en.json, then shell_en.json if present."""
    return {**catalog("en"), **catalog("en", "shell_")}


def main(argv: list[str]) -> int:
    lit = literal_keys()
    en = english()
    if "--literal" in argv:
        for k in sorted(lit):
            print(f"{k}\t{', '.join(sorted(lit[k]))}")
        return 0
    keys = all_keys()
    if "--all" in argv:
        print("\n".join(sorted(keys)))
        return 0
    if "--unused" in argv:
        print("\n".join(sorted(set(catalog("en")) - keys)))
        return 0
    print(f"{len(lit)} literal keys, {len(keys)} with the dynamic families; en.json has {len(catalog('en'))}.")
    unknown = sorted(set(fstring_families()) - set(dynamic_keys()))
    for fam in unknown:
        print(f"unexpanded f-string family: tr(f\"{fam}\") in {', '.join(sorted(fstring_families()[fam]))}")
    missing = sorted(k for k in keys if k not in en)
    for k in missing:
        where = ", ".join(sorted(lit.get(k, {"(dynamic)"})))
        print(f"missing: {k}\t{where}")
    return 1 if missing or unknown else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
