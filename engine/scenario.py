"""The scenario runner (SCENARIOS.md): `python -m engine.scenario FILE_OR_DIR... [--verbose]`.

Strict: unknown keys, unknown cards, ambiguous references and illegal actions fail with
a message that helps to fix the file. Reading the file (its limits) is engine/scenario_file.py;
`load`, `read_limited` and `MAX_BYTES` are importable from here as before.
"""
from __future__ import annotations

import json
import sys
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine.actions as _actions
from engine.actions import IllegalActionError
from engine.config import GameConfig
from engine.game import Game
from engine.rules.turn import STEPS
from engine.scenario_checks import ScenarioError, check_all, settled
from engine.scenario_file import MAX_BYTES, load, read_limited
from engine.scenario_setup import SetupError
from engine.messages import event_text, sentence

__all__ = ["MAX_BYTES", "Result", "ScenarioError", "collect", "do_act", "do_pass_until", "do_refuse", "load",
           "main", "make_game", "read_limited", "run_data", "run_file", "shown_log"]

DO_KEYS = {"act", "pass_until", "refuse", "check"}
# every refusal the engine makes: IllegalActionError, and its siblings where the engine has a
# common base for syntax, ambiguity and legality errors (ActionError)
REFUSED: tuple[type[Exception], ...] = (IllegalActionError,) + (
    (getattr(_actions, "ActionError"),) if hasattr(_actions, "ActionError") else ())
MAX_AUTO = 2000  # automatic answers of one pass_until
MAX_AUTO_TOTAL = 6000  # ... and of a whole scenario: a hostile file can't run for hours
MAX_STEPS = 2000  # [[do]] entries


@dataclass
class Result:
    path: Path
    title: str
    ok: bool
    message: str = ""
    log: list[str] = field(default_factory=list)


def make_game(data: dict[str, Any]) -> Game:
    setup = dict(data.get("setup", {}))
    players = setup.get("players", ["Alice", "Bob"])
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players) \
            or len(set(players)) != len(players):
        raise ScenarioError("[setup]: players must be a list of different names")
    for key in ("seed", "turn"):
        if key in setup and (not isinstance(setup[key], int) or isinstance(setup[key], bool)):
            raise ScenarioError(f"[setup]: {key} must be an integer")
    for key in ("mode", "step", "active", "start", "format"):
        if key in setup and not isinstance(setup[key], str):
            raise ScenarioError(f"[setup]: {key} must be a string")
    try:
        cfg = GameConfig(players=list(players), mode=setup.get("mode", "rules"), seed=int(setup.get("seed", 0)),
                         setup=setup, format=setup.get("format", "free_for_all"))
        return Game(cfg)
    except (SetupError, ValueError, TypeError) as exc:
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


# the acts each game took, for its log: (the number of events before it, "PLAYER: ACTION")
_ACTS: "weakref.WeakKeyDictionary[Game, list[tuple[int, str]]]" = weakref.WeakKeyDictionary()


def do_act(g: Game, text: str) -> None:
    p, action = _split_act(g, text)
    try:
        before = len(g.events)
        done = g.parse_action(p, action)
        g.apply(done)
        _ACTS.setdefault(g, []).append((before, f"{g.pname(p)}: {done.text or action}"))
    except REFUSED as exc:
        shown = text if len(text) <= 200 else text[:200] + "..."
        raise ScenarioError(f"act {shown!r} was refused: {exc}. Legal for {g.pname(p)}: {_legal_list(g, p)}") from exc


def _names_nothing(g: Game, exc: Exception) -> bool:
    """A refusal for a name that no object of the game has, under any of its names (a typo),
    rather than for one the action can't use where it is. (The engine's text may carry words
    after the name, "cast Island with top": a name it starts with is a name the game has.)"""
    if getattr(exc, "key", "") != "ref.none":
        return False
    name = str(getattr(exc, "params", {}).get("card", "")).split("#")[0].strip().lower()
    names = {n.strip().lower() for o in g.st.objects.values() for n in [o.name, *o.name.split(" // ")]}
    return bool(name) and not any(name == n or name.startswith(n + " ") for n in names if n)


def do_refuse(g: Game, value: Any) -> None:
    """The engine must refuse the action, and the player must be the one deciding now (a
    refusal only because it is someone else's decision proves nothing)."""
    reason = None
    if isinstance(value, dict):
        if set(value) - {"act", "reason"} or not isinstance(value.get("act"), str) \
                or not isinstance(value.get("reason", ""), str):
            raise ScenarioError('write refuse = "PLAYER: ACTION" or refuse = { act = "...", reason = "KEY" }')
        text, reason = value["act"], value.get("reason")
    elif isinstance(value, str):
        text = value
    else:
        raise ScenarioError('write refuse = "PLAYER: ACTION"')
    p, action = _split_act(g, text)
    d = g.pending
    if d is None or d.player != p:
        who = g.pname(d.player) if d is not None else "nobody (the game is over)"
        raise ScenarioError(f"refuse {text!r}: it is not {g.pname(p)}'s decision now ({who} decides), "
                            "so a refusal would prove nothing")
    try:
        act = g.parse_action(p, action)
        g.apply(act)
    except REFUSED as exc:
        key = getattr(exc, "key", "")
        if reason is not None and key != reason:
            raise ScenarioError(f"refuse {text!r}: refused with reason {key!r} ({exc}), expected {reason!r}") from exc
        if reason is None and isinstance(exc, _actions.AmbiguousActionError):
            # refused for the name, not for the rule: that proves nothing (a name shared with
            # another object that matters for the action, e.g. a permanent's own trigger on the
            # stack when a target may be a spell or an ability: SCENARIOS.md "Action text")
            raise ScenarioError(f"refuse {text!r}: refused only because a name is ambiguous ({exc}); "
                                "name the object as the engine's text does (NAME#K) or by its @alias") from exc
        if reason is None and (isinstance(exc, _actions.ActionSyntaxError) or _names_nothing(g, exc)):
            # refused as unreadable (a typo: an unknown verb, a name no object of the game has):
            # that proves nothing about the rule either; a scenario about the text itself says
            # so with its reason key
            raise ScenarioError(f"refuse {text!r}: refused only because the text cannot be read ({exc}); "
                                "write the action as the engine's text does, or give the reason key") from exc
        return
    g.undo()
    raise ScenarioError(f"refuse {text!r}: the engine accepted it")


def _step_begun(g: Game, n_events: int) -> dict[str, Any] | None:
    """The step event of the step the game is in, if that step began after index n_events."""
    for e in reversed(g.events[n_events:]):
        if e.get("key") == "step":
            return e if e.get("step") == g.st.step else None
    return None


def _condition(g: Game, cond: str, n_events: int, top: int | None) -> bool:
    """SCENARIOS.md: a step name holds the next time that step begins after the entry starts
    (the first-strike combat damage step is `combat_damage` too)."""
    st = g.st
    c = cond.strip()
    if c == "game over":
        return g.outcome is not None
    if c == "stack empty":
        return not st.stack and st.resolving is None
    if c == "resolved":
        return top is None or top not in st.stack
    if c == "decision":
        d = g.pending
        return d is not None and d.kind not in AUTO_ANSWERS
    words = c.split()
    if words and words[-1] in STEPS:
        if len(words) == 1:
            pass
        elif len(words) == 3 and words[0] == "turn" and words[1].isdigit():
            pass
        elif len(words) == 2 and words[0] in [p.name for p in st.players]:
            pass
        else:
            raise ScenarioError(f"unknown pass_until condition {cond!r}")
        began = _step_begun(g, n_events)
        if began is None or st.step != words[-1]:
            return False
        if len(words) == 3:
            return st.turn == int(words[1])
        if len(words) == 2:
            return g.pname(st.active) == words[0]
        return True
    raise ScenarioError(f"unknown pass_until condition {cond!r}")


# what pass_until answers by itself: passing, empty declarations, default damage assignment
AUTO_ANSWERS = {"priority": "pass", "attackers": "attack none", "blockers": "block none",
                "assign": "assign default"}


def do_pass_until(g: Game, cond: str, budget: list[int] | None = None) -> None:
    if not isinstance(cond, str):
        raise ScenarioError("pass_until needs a condition string")
    n_events = len(g.events)
    top = g.st.stack[-1] if g.st.stack else None
    _condition(g, cond, n_events, top)  # validates the wording early
    for _ in range(MAX_AUTO):
        if _condition(g, cond, n_events, top):
            return
        d = g.pending
        if d is None:
            raise ScenarioError(f"pass_until {cond!r}: the game ended first ({g.outcome})")
        answer = AUTO_ANSWERS.get(d.kind)
        if answer is None:
            raise ScenarioError(f"pass_until {cond!r} stopped at a decision: {_describe_pending(g)}")
        if budget is not None:
            budget[0] -= 1
            if budget[0] < 0:
                raise ScenarioError(f"more than {MAX_AUTO_TOTAL} automatic answers in one scenario")
        g.apply(g.parse_action(d.player, answer))
    raise ScenarioError(f"pass_until {cond!r} did not happen within {MAX_AUTO} automatic answers")


class RunFailed(ScenarioError):
    """A scenario failed while running: carries the game log up to the failure."""

    def __init__(self, message: str, log: list[str]) -> None:
        super().__init__(message)
        self.log = log


def run_data(data: dict[str, Any], path: Path) -> Result:
    title = str(data.get("title", path.stem))
    g = make_game(data)
    try:
        _run_steps(g, data)
    except ScenarioError as exc:
        raise RunFailed(str(exc), game_log(g)) from exc
    except REFUSED + (ValueError, TypeError, KeyError, IndexError, RecursionError) as exc:
        raise RunFailed(f"the engine failed: {type(exc).__name__}: {exc}", game_log(g)) from exc
    return Result(path, title, True, log=game_log(g))


def _run_steps(g: Game, data: dict[str, Any]) -> None:
    steps = data.get("do", [])
    if len(steps) > MAX_STEPS:
        raise ScenarioError(f"more than {MAX_STEPS} [[do]] entries")
    budget = [MAX_AUTO_TOTAL]  # automatic answers left for the whole scenario
    if not data.get("expect") and not any(isinstance(s, dict) and (s.get("check") or "refuse" in s) for s in steps):
        raise ScenarioError("the scenario checks nothing: give it an [expect] table, a check or a refuse step")
    for i, step in enumerate(steps, 1):
        if not isinstance(step, dict) or len(step) != 1 or next(iter(step)) not in DO_KEYS:
            raise ScenarioError(f"[[do]] #{i}: each entry has exactly one of {', '.join(sorted(DO_KEYS))}")
        key, value = next(iter(step.items()))
        try:
            if key == "act":
                if not isinstance(value, str):
                    raise ScenarioError('write act = "PLAYER: ACTION"')
                do_act(g, value)
            elif key == "refuse":
                do_refuse(g, value)
            elif key == "pass_until":
                do_pass_until(g, value, budget)
            else:
                settled(g, value)
                check_all(g, value)
        except ScenarioError as exc:
            shown = repr(value) if len(repr(value)) <= 200 else repr(value)[:200] + "..."
            raise ScenarioError(f"[[do]] #{i} ({key} = {shown}): {exc}") from exc
    # SCENARIOS.md "A scenario cannot pass by accident": the end is checked as the game stands
    # there, also with no [expect] (a decision left open is a scenario that stopped half-way)
    expect = data.get("expect", {})
    try:
        settled(g, expect)
        check_all(g, expect)
    except ScenarioError as exc:
        raise ScenarioError(f"[expect]: {exc}") from exc


def game_log(g: Game) -> list[str]:
    """The game's events as sentences, each `act` of the scenario before the events it caused
    in the canonical action text (SCENARIOS.md: `act = "Alice: cast Aminatou, Veil Piercer"`).
    An event the table shows no line for (a card moving to the stack as it is cast, a land
    as it is played: its action and the event after it say it) has none here either."""
    acts = list(_ACTS.get(g, []))
    out: list[str] = []
    for i, e in enumerate(g.events):
        while acts and acts[0][0] <= i:
            out.append("act = " + json.dumps(acts.pop(0)[1], ensure_ascii=False))
        if e.get("key") == "mana" or event_text(e) is not None:
            out.append(sentence(e))
    out += ["act = " + json.dumps(text, ensure_ascii=False) for _at, text in acts]
    return out


def run_file(path: Path) -> Result:
    """One scenario file, whatever it holds: a bad file is one failing scenario with a
    message, never an exception that stops a batch."""
    try:
        data = load(path)
    except ScenarioError as exc:
        return Result(path, path.stem, False, f"{path.name}: {exc}")
    except Exception as exc:  # noqa: BLE001 - one broken file must not stop the batch
        return Result(path, path.stem, False, f"{path.name}: cannot read it: {type(exc).__name__}: {str(exc)[:300]}")
    title = str(data.get("title", path.stem))[:200]
    try:
        return run_data(data, path)
    except RunFailed as exc:
        return Result(path, title, False, str(exc), log=exc.log)
    except ScenarioError as exc:
        return Result(path, title, False, str(exc))
    except RecursionError:
        return Result(path, title, False, "the scenario is nested too deeply to run")
    except Exception as exc:  # noqa: BLE001 - one broken file must not stop the batch
        return Result(path, title, False, f"the scenario could not run: {type(exc).__name__}: {exc}")


MAX_LOG_LINES = 400


def shown_log(log: list[str], limit: int = MAX_LOG_LINES) -> list[str]:
    """The game log as printed: the last `limit` lines (a failure is near the end)."""
    if len(log) <= limit:
        return log
    return [f"... ({len(log) - limit} earlier lines)"] + log[-limit:]


def collect(args: list[str]) -> list[Path]:
    out: list[Path] = []
    for a in args:
        p = Path(a)
        try:
            out.extend(sorted(p.rglob("*.toml")) if p.is_dir() else [p])
        except OSError:
            out.append(p)  # run_file reports why it can't be read
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
        if verbose or not r.ok:
            for line in shown_log(r.log):
                print(f"      {line}")
        passed += r.ok
        failed += not r.ok
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
