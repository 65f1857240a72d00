"""The engine's layering (issue #24 parts 1, 2 and 7): the cards load lazily, card by card,
from an index that matches the set modules."""
from __future__ import annotations

import ast
import json
import pathlib
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import import_report  # noqa: E402 - tools/import_report.py
from engine.cards.sets import behaviours  # noqa: E402
from engine.rules.carddata import bundled_cards  # noqa: E402
from engine.rules.effects import DEPENDS, CostChange, SelfCostChange
from engine.rules.rule_changes import GAIN_LIFE_PLUS, RULE_CHANGES  # noqa: E402
from engine.rules.targets import rule_name  # noqa: E402


def _run(code: str) -> str:
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


def test_the_card_index_matches_the_set_modules() -> None:
    """engine/cards/sets/index.py is what `python -m engine.cards index` writes now (else a game
    would load the whole pool: run that command after editing a set module)."""
    written = (ROOT / "engine" / "cards" / "sets" / "index.py").read_text(encoding="utf-8")
    fresh = _run("import sys; from engine.cards import sets; sys.stdout.write(sets.build_index())")
    assert fresh == written, "engine/cards/sets/index.py is stale: run `python -m engine.cards index`"


def test_a_game_loads_only_the_set_modules_of_its_cards() -> None:
    """A goldfish game of a few cards, played a few turns, imports the set modules that define
    them (and the predefined tokens' module), not the pool's."""
    code = """
import json, sys
from engine.ai.random_agent import RandomAgent
from engine.config import GameConfig
from engine.game import Game
deck = ["Murder", "Piggy Bank", "Swamp", "Mountain"] * 10
g = Game(GameConfig(players=["A", "B"], decks=[deck, list(deck)], seed=3))
agents = [RandomAgent(1), RandomAgent(2)]
for _ in range(300):
    if g.pending is None:
        break
    p = g.pending.player
    g.apply(agents[p].choose(g, p))
g.observation(0)
from engine.cards.sets import index
print(json.dumps({"loaded": sorted(m for m in sys.modules if m.startswith("engine.cards.sets.")),
                  "need": sorted({index.CARDS["Murder"], index.CARDS["Piggy Bank"]})}))
"""
    got = json.loads(_run(code))
    need = {f"engine.cards.sets.{m}" for m in got["need"]}
    loaded = set(got["loaded"]) - {"engine.cards.sets.index", "engine.cards.sets.token_defs"}
    assert loaded == need


def test_the_card_data_index_matches_the_card_files() -> None:
    """assets/cards/index.json is what `python -m engine.cards index` writes now (else every
    game parses the whole pool: run that command after a card file changed)."""
    written = (ROOT / "assets" / "cards" / "index.json").read_text(encoding="utf-8")
    fresh = _run("import sys; from engine.cards.__main__ import card_index_text; sys.stdout.write(card_index_text())")
    assert fresh == written, "assets/cards/index.json is stale: run `python -m engine.cards index`"


def test_the_card_index_reads_each_card_as_the_whole_pool_does() -> None:
    """A card read by name from its record is the card the whole pool has (and the same object
    once both are read); a name without a card is None; the deck names resolve as before."""
    code = """
import json
from engine.rules import carddata
from engine.decks.names import CardNameIndex, bundled_name_index, bundled_name_keys
assert carddata.card_index() is not None
names = carddata.bundled_names()
by_name = {n: carddata.bundled_card(n) for n in names}
assert carddata.bundled_card("No Such Card") is None
full = carddata.bundled_cards()
assert list(full) == names
assert all(full[n] is by_name[n] for n in names)
assert bundled_name_index()._exact == bundled_name_keys()
print(json.dumps(len(names)))
"""
    assert json.loads(_run(code)) > 600


def test_a_goldfish_game_parses_only_its_own_cards() -> None:
    """Reading a sample deck, starting its goldfish game and listing the opening hand's
    actions parse the records of that deck's cards only, load no set module (no card of it
    is asked for its abilities to keep or mulligan) and import no part of the vocabulary."""
    code = """
import json, sys
from engine.config import GameConfig
from engine.decks import read_deck, sample_decks
from engine.game import Game
from engine.rules import carddata
deck = read_deck(sample_decks()[0]).deck.card_names()
g = Game(GameConfig(players=["A", "B"], decks=[deck, ["Plains"] * 60], seed=5, goldfish=True))
g.legal_actions(0)
g.observation(0)
print(json.dumps({"whole": bool(carddata._whole), "parsed": sorted(carddata._by_name),
                  "deck": sorted(set(deck)),
                  "sets": sorted(m for m in sys.modules if m.startswith("engine.cards.sets.")),
                  "vocab": sorted(m for m in sys.modules if m.startswith("engine.cards.vocab"))}))
"""
    got = json.loads(_run(code))
    assert not got["whole"]
    assert got["parsed"] and set(got["parsed"]) <= set(got["deck"])
    assert set(got["sets"]) <= {"engine.cards.sets.index"}
    assert got["vocab"] == []


# -- the import graph (issue #24 part 1) -------------------------------------------------------

def _imports() -> dict[str, set[str]]:
    """Each engine module's engine imports, anywhere in it (top, function-local, TYPE_CHECKING):
    tools/import_report.py's walk of the syntax tree."""
    return import_report.graph(import_report.modules(("engine",), scripts=False))[1]


def _layer(mod: str) -> str:
    """rules: the rules and what they read (engine/rules, the action texts); cards: the card
    layer; top: the game and what is built over it (the card reports that run scenarios too); base: the rest (state, actions, paths ...)."""
    if mod.startswith("engine.rules") or mod in ("engine.format", "engine.action_candidates", "engine.naming",
                                                 "engine.scenario_setup"):
        return "rules"
    if mod in ("engine.cards.rulings", "engine.cards.breaks", "engine.cards.coverage", "engine.cards.__main__"):
        return "top"  # the reports that run scenarios: tools over the game
    if mod.startswith("engine.cards"):
        return "cards"
    if mod in ("engine.game", "engine.game_base", "engine.game_choices", "engine.view", "engine.check", "engine.parse", "engine.savefile", "engine.decisions",
               "engine.redaction", "engine.scenario", "engine.scenario_file", "engine.scenario_checks", "engine.bench", "engine.invariants") \
            or mod.startswith(("engine.ai", "engine.net")):
        return "top"
    return "base"


def test_no_rules_module_imports_the_card_layer() -> None:
    """The rules ask the card layer through one index (engine/rules/index.py), never by import."""
    edges = _imports()
    wrong = sorted(f"{m} -> {t}" for m, ts in edges.items() if _layer(m) == "rules"
                   for t in ts if _layer(t) in ("cards", "top"))
    assert wrong == []


def test_the_card_layer_does_not_import_the_game() -> None:
    edges = _imports()
    wrong = sorted(f"{m} -> {t}" for m, ts in edges.items() if _layer(m) == "cards" for t in ts if _layer(t) == "top")
    assert wrong == []


def test_no_import_circle_crosses_a_layer() -> None:
    """Circles left are inside one layer (modules of the rules that ask each other); none
    runs between the rules, the card layer and the game."""
    crossing = [sorted(c) for c in import_report.circles(_imports()) if len({_layer(m) for m in c}) > 1]
    assert crossing == []


# -- no rule names a card (issue #24 part 2) ----------------------------------------------------

BASIC_LAND_TYPES = {"Plains", "Island", "Swamp", "Mountain", "Forest"}  # types too (CR 305.6)


def _code_strings(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module's code (its docstrings and comments are not code)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    return [(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings]


def test_no_rule_game_or_view_code_names_a_card() -> None:
    """The rules read general effects a card contributes (engine/rules/effects.py ...), never
    a card by its name: no string in the code of engine/rules/, engine/game.py, engine/view.py
    names a card of the built-in pool (basic land types are types as well, CR 305.6)."""
    files = sorted((ROOT / "engine" / "rules").glob("*.py")) + [ROOT / "engine" / name for name in ("game.py", "game_base.py", "game_choices.py", "game_effects.py", "view.py")]
    found = [f"{path.relative_to(ROOT)}:{line}: {m.group(1)}" for path in files
             for line, text in _code_strings(path) for m in [_names_pattern().search(text)] if m]
    assert found == []


def test_no_comment_of_the_rules_names_a_card() -> None:
    """Nor do their comments and docstrings: they say the rule or effect, not a card that has
    it ("Sacrifice" is also the keyword action, CR 701, quoted in rules text)."""
    files = sorted((ROOT / "engine" / "rules").glob("*.py")) + [ROOT / "engine" / name for name in ("game.py", "game_base.py", "game_choices.py", "game_effects.py", "view.py")]
    found = [f"{path.relative_to(ROOT)}:{n}: {m.group(1)}" for path in files
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             for m in [_names_pattern(frozenset({"Sacrifice"})).search(line)] if m]
    assert found == []


def _names_pattern(also_words: frozenset[str] = frozenset()) -> re.Pattern[str]:
    # a card and each of its faces (a Room's doors, an Adventure, a split card's halves)
    names = {face for n in bundled_cards() for face in [n, *n.split(" // ")]}
    names = [n for n in names if n not in BASIC_LAND_TYPES and n not in also_words]
    return re.compile(r"(?<![\w'])(" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
                      + r")(?![\w'])")


def test_every_rule_change_a_card_gives_is_a_named_one() -> None:
    """`PlayerRule(...)` and a definition's player_rules hold members of RuleChange (a Room
    door's "door:NAME:rule" and "gain_life_plus:N" carry one or a number)."""
    unknown = sorted({f"{name}: {rule}" for name, defn in behaviours().items() for rule in defn.player_rules
                      if rule_name(rule) not in RULE_CHANGES and not rule_name(rule).startswith(GAIN_LIFE_PLUS)})
    assert unknown == []


def test_static_abilities_contribute_effect_objects() -> None:
    """Issue #24: the vocabulary's static abilities contribute typed effects
    (engine/rules/effects.py ContinuousEffect, HandSize), never a description a rule would
    convert: no continuous effect is written as a dict with a "layer" outside the one place
    that keeps resolved effects in the state (engine/game_effects.py add_effect)."""
    root = pathlib.Path(__file__).resolve().parents[2] / "engine"
    found = [f"{path.relative_to(root)}:{n}" for path in sorted(root.rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r'[{,]\s*"layer":', line) and path.name not in ("game_effects.py",)]
    assert found == []


def test_every_dependency_and_cost_change_a_card_gives_is_typed() -> None:
    """A static ability that depends on others (CR 613.8) names a member of `Depends`; every
    cost reduction (CR 601.2f) is a `CostChange`, a spell's own a `SelfCostChange`."""
    defs = behaviours().items()
    unknown = sorted({f"{name}: {fn.depends}" for name, defn in defs for fn in defn.statics
                      if getattr(fn, "depends", None) is not None and fn.depends not in DEPENDS})
    assert unknown == []
    assert any(getattr(fn, "depends", None) for _, defn in defs for fn in defn.statics)
    untyped = sorted(name for name, defn in defs for d in defn.discounts if not isinstance(d, CostChange))
    assert untyped == []
    assert any(defn.discounts for _, defn in defs)
    # a spell's own "costs {N} less" is data too (SelfCostChange), not a function of the card layer
    own = [defn.cost_reduction for _, defn in defs if defn.cost_reduction is not None]
    assert own and all(isinstance(c, SelfCostChange) for c in own)
