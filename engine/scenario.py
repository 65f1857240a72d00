"""The scenario runner (SCENARIOS.md): `python -m engine.scenario FILE_OR_DIR... [--verbose]`.

Strict: unknown keys, unknown cards, ambiguous references and illegal actions fail with
a message that helps to fix the file.
"""
from __future__ import annotations

import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.actions import IllegalActionError
from engine.config import GameConfig
from engine.game import Game
from engine.rules.turn import STEPS
from engine.scenario_checks import ScenarioError, check_all
from engine.scenario_setup import SetupError

TOP_KEYS = {"title", "source", "setup", "do", "expect", "description", "tags"}
DO_KEYS = {"act", "pass_until", "refuse", "check"}
MAX_AUTO = 2000


@dataclass
class Result:
    path: Path
    title: str
    ok: bool
    message: str = ""
    log: list[str] = field(default_factory=list)


def load(path: Path) -> dict[str, Any]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"cannot read the TOML: {exc}") from exc
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise ScenarioError(f"unknown top-level key(s): {', '.join(sorted(unknown))}")
    if "title" not in data:
        raise ScenarioError("the scenario has no title")
    return data


def make_game(data: dict[str, Any]) -> Game:
    setup = dict(data.get("setup", {}))
    players = setup.get("players", ["Alice", "Bob"])
    cfg = GameConfig(players=list(players), mode=setup.get("mode", "rules"), seed=int(setup.get("seed", 0)),
                     setup=setup)
    try:
        return Game(cfg)
    except SetupError as exc:
        raise ScenarioError(f"[setup]: {exc}") from exc


def _player(g: Game, name: str) -> int:
    for p in g.st.players:
        if p.name == name:
            return p.index
    raise ScenarioError(f"unknown player {name!r}")


def _split_act(g: Game, text: str) -> tuple[int, str]:
    who, sep, action = text.partition(":")
    if not sep:
        raise ScenarioError(f"write 'PLAYER: ACTION', not {text!r}")
    return _player(g, who.strip()), action.strip()


def _legal_list(g: Game, p: int) -> str:
    acts = [str(a) for a in g.legal_actions(p)]
    return "; ".join(acts[:40]) + (" ..." if len(acts) > 40 else "") if acts else "(none: not deciding)"


def _describe_pending(g: Game) -> str:
    d = g.pending
    if d is None:
        return "no decision (the game is over)"
    return f"{g.pname(d.player)} must decide {d.kind} ({d.prompt}); options: {_legal_list(g, d.player)}"


def do_act(g: Game, text: str) -> None:
    p, action = _split_act(g, text)
    try:
        g.apply(g.parse_action(p, action))
    except IllegalActionError as exc:
        raise ScenarioError(f"act {text!r} was refused: {exc}. Legal for {g.pname(p)}: {_legal_list(g, p)}") from exc


def do_refuse(g: Game, text: str) -> None:
    p, action = _split_act(g, text)
    try:
        act = g.parse_action(p, action)
        g.apply(act)
    except IllegalActionError:
        return
    g.undo()
    raise ScenarioError(f"refuse {text!r}: the engine accepted it")


def _condition(g: Game, cond: str, start: dict[str, Any]) -> bool:
    st = g.st
    c = cond.strip()
    if c == "game over":
        return g.outcome is not None
    if c == "stack empty":
        return not st.stack and st.resolving is None
    if c == "resolved":
        return start["top"] is None or start["top"] not in st.stack
    if c == "decision":
        d = g.pending
        return d is not None and d.kind not in ("priority", "attackers", "blockers")
    steps_seen = start["steps_seen"](g)
    words = c.split()
    if len(words) == 1 and words[0] in STEPS:
        return steps_seen and st.step == words[0]
    if len(words) == 3 and words[0] == "turn" and words[1].isdigit() and words[2] in STEPS:
        return st.turn == int(words[1]) and st.step == words[2] and steps_seen
    if len(words) == 2 and words[1] in STEPS:
        return steps_seen and st.step == words[1] and g.pname(st.active) == words[0]
    raise ScenarioError(f"unknown pass_until condition {cond!r}")


def do_pass_until(g: Game, cond: str) -> None:
    n_events = len(g.events)
    start = {"top": g.st.stack[-1] if g.st.stack else None,
             "steps_seen": lambda gg: any(e["key"] == "step" for e in gg.events[n_events:])}
    if cond.split()[-1] in STEPS or cond.startswith("turn "):
        _condition(g, cond, start)  # validates the wording early
    for _ in range(MAX_AUTO):
        if _condition(g, cond, start):
            return
        d = g.pending
        if d is None:
            raise ScenarioError(f"pass_until {cond!r}: the game ended first ({g.outcome})")
        if d.kind == "priority":
            g.apply(g.parse_action(d.player, "pass"))
        elif d.kind == "attackers":
            g.apply(g.parse_action(d.player, "attack none"))
        elif d.kind == "blockers":
            g.apply(g.parse_action(d.player, "block none"))
        else:
            raise ScenarioError(f"pass_until {cond!r} stopped at a decision: {_describe_pending(g)}")
    raise ScenarioError(f"pass_until {cond!r} did not happen within {MAX_AUTO} automatic answers")


def run_data(data: dict[str, Any], path: Path) -> Result:
    title = str(data.get("title", path.stem))
    g = make_game(data)
    for i, step in enumerate(data.get("do", []), 1):
        if not isinstance(step, dict) or len(step) != 1 or next(iter(step)) not in DO_KEYS:
            raise ScenarioError(f"[[do]] #{i}: each entry has exactly one of {', '.join(sorted(DO_KEYS))}")
        key, value = next(iter(step.items()))
        try:
            if key == "act":
                do_act(g, value)
            elif key == "refuse":
                do_refuse(g, value)
            elif key == "pass_until":
                do_pass_until(g, value)
            else:
                check_all(g, value)
        except ScenarioError as exc:
            raise ScenarioError(f"[[do]] #{i} ({key} = {value!r}): {exc}") from exc
    if "expect" in data:
        try:
            check_all(g, data["expect"])
        except ScenarioError as exc:
            raise ScenarioError(f"[expect]: {exc}") from exc
    return Result(path, title, True, log=game_log(g))


def game_log(g: Game) -> list[str]:
    from engine.messages import sentence

    return [sentence(e) for e in g.events]


def run_file(path: Path) -> Result:
    try:
        data = load(path)
    except ScenarioError as exc:
        return Result(path, path.stem, False, str(exc))
    try:
        return run_data(data, path)
    except ScenarioError as exc:
        return Result(path, str(data.get("title", path.stem)), False, str(exc))


def collect(args: list[str]) -> list[Path]:
    out: list[Path] = []
    for a in args:
        p = Path(a)
        out.extend(sorted(p.rglob("*.toml")) if p.is_dir() else [p])
    return out


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    verbose = "--verbose" in argv
    paths = collect([a for a in argv if a != "--verbose"])
    if not paths:
        print("usage: python -m engine.scenario FILE_OR_DIR... [--verbose]", file=sys.stderr)
        return 2
    passed = failed = 0
    for path in paths:
        r = run_file(path)
        print(f"{'PASS' if r.ok else 'FAIL'} {r.title} ({path})")
        if not r.ok:
            print(f"    {r.message}")
        if verbose:
            for line in r.log:
                print(f"      {line}")
        passed += r.ok
        failed += not r.ok
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
