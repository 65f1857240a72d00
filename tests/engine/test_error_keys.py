"""Refusals are keys with parameters; their one English sentence is the catalog's (issue #13).

Static: every construction of an ActionError (IllegalActionError, ActionSyntaxError,
AmbiguousActionError) in engine/ and app/ passes one positional argument, a literal key
whose "error.<key>" entry exists in engine/messages, and keyword parameters that are exactly
the placeholders of that entry's English sentence (no English of its own beside the key).
Runtime: the refusals raised while every scenario runs have such keys and parameters, and
their str() is the catalog's English sentence, filled.
"""
from __future__ import annotations

import ast
import pickle
import re
import string
from pathlib import Path
from typing import Any

import pytest

from app import messages as app_messages
from engine import messages
from engine.actions import ActionError, ActionSyntaxError, AmbiguousActionError, IllegalActionError
from engine.scenario import collect, run_file

ROOT = Path(__file__).resolve().parents[2]
ERRORS = {"IllegalActionError", "ActionSyntaxError", "AmbiguousActionError", "ActionError"}


def placeholders(key: str) -> set[str]:
    """The named placeholders of a key's English sentence (every form of a plural)."""
    msg = messages.entry(key)
    assert msg is not None, key
    texts = [msg] if isinstance(msg, str) else [m for m in msg[1:] if m]
    names: set[str] = set()
    for text in texts:
        for _, field, _, _ in string.Formatter().parse(text):
            if field:
                names.add(field.split(".")[0].split("[")[0])
    if not isinstance(msg, str) and len(msg) == 3:
        names.add("count")  # a plural is chosen by `count` (the singular may leave it out)
    return names


def raise_sites() -> list[tuple[str, int, ast.Call]]:
    sites = []
    for path in sorted(list((ROOT / "engine").rglob("*.py")) + list((ROOT / "app").rglob("*.py"))):
        text = path.read_text(encoding="utf-8")
        if not any(name + "(" in text for name in ERRORS):
            continue
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Call) and (getattr(node.func, "id", "") or getattr(node.func, "attr", "")) in ERRORS:
                sites.append((str(path.relative_to(ROOT)), node.lineno, node))
    return sites


def test_every_raise_site_passes_a_catalog_key_and_its_placeholders() -> None:
    sites = raise_sites()
    assert len(sites) > 150
    problems = []
    keys = set()
    for where, line, call in sites:
        at = f"{where}:{line}"
        if len(call.args) != 1 or not isinstance(call.args[0], ast.Constant) or not isinstance(call.args[0].value, str):
            problems.append(f"{at}: give the key only, as a literal (no English sentence beside it)")
            continue
        key = call.args[0].value
        keys.add(key)
        if " " in key or not messages.has(f"error.{key}"):
            problems.append(f"{at}: error.{key} is not in engine/messages")
            continue
        if any(k.arg is None for k in call.keywords):
            problems.append(f"{at}: name the parameters (no **params)")
            continue
        given = {k.arg for k in call.keywords if k.arg}
        wanted = placeholders(f"error.{key}")
        if given != wanted:
            problems.append(f"{at}: error.{key} has {sorted(wanted)}, the raise passes {sorted(given)}")
    assert problems == []
    assert len(keys) > 100


def test_no_catalog_sentence_is_written_again_in_the_code() -> None:
    """Each English sentence of a key (refusals, prompts, events, deck problems, LAN errors, the
    app's own keys) is in its table once and nowhere in the code: the code names the key. A
    sentence is compared by its pieces between placeholders (28 characters or longer)."""
    tables = [messages.MESSAGES, messages.DECK_MESSAGES, app_messages.MESSAGES]
    pieces = set()
    for table in tables:
        for msg in table.values():
            for text in [msg] if isinstance(msg, str) else [m for m in msg[1:] if m]:
                pieces |= {p.strip() for p in re.split(r"\{[^}]*\}", text) if len(p.strip()) >= 28}
    found = []
    for path in list((ROOT / "engine").rglob("*.py")) + list((ROOT / "app").rglob("*.py")):
        if path.is_relative_to(ROOT / "engine" / "messages") or path == ROOT / "app" / "messages.py":
            continue
        text = _strings(path.read_text(encoding="utf-8"))
        found += [f"{path.relative_to(ROOT)}: {p!r}" for p in sorted(pieces) if p in text]
    assert found == []


def _strings(source: str) -> str:
    """The string literals of a module, without docstrings (which may quote card text) and
    comments: what the code could show a user."""
    tree = ast.parse(source)
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return "\n".join(n.value for n in ast.walk(tree)
                     if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs)


@pytest.fixture()
def recorded(monkeypatch: pytest.MonkeyPatch) -> list[ActionError]:
    made: list[ActionError] = []
    init = ActionError.__init__

    def spy(self: ActionError, *args: Any, **params: Any) -> None:
        init(self, *args, **params)
        made.append(self)

    monkeypatch.setattr(ActionError, "__init__", spy)
    return made


def test_refusals_raised_in_the_scenarios_have_catalog_keys(recorded: list[ActionError]) -> None:
    for path in collect([str(ROOT / "tests" / "scenarios")]):
        run_file(path)
    assert len({e.key for e in recorded}) > 30
    for exc in recorded:
        key = f"error.{exc.key}"
        assert messages.has(key), exc.key
        assert set(exc.params) == placeholders(key), (exc.key, exc.params)
        text = str(exc)
        assert text == messages.english(key, **exc.params), text
        assert not any("{" + name + "}" in text for name in exc.params), text


def test_the_error_is_the_key_and_its_english_sentence() -> None:
    exc = IllegalActionError("cast.timing", card="Murder")
    assert exc.key == "cast.timing" and exc.params == {"card": "Murder"}
    assert str(exc) == exc.message == messages.english("error.cast.timing", card="Murder")
    assert "Murder" in str(exc) and "(CR 307.1)" in str(exc)

    back = pickle.loads(pickle.dumps(AmbiguousActionError("ref.ambiguous", card="Bear")))
    assert type(back) is AmbiguousActionError and back.key == "ref.ambiguous" and back.params == {"card": "Bear"}
    assert str(ActionSyntaxError("parse.not_action")) == "That is not an action."
    with pytest.raises(TypeError):
        IllegalActionError("You can't do that.", "some.key")  # type: ignore[call-arg]


def test_the_lan_hosts_error_frames_are_catalog_keys() -> None:
    """Room.error(peer, reason, KEY, ref, **params) and Server._refuse(conn, reason, KEY, ...,
    **params): a net.* key of engine/messages/net.py with exactly its placeholders."""
    found = 0
    problems = []
    for path in (ROOT / "engine" / "net").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in ("error", "_refuse") and len(node.args) >= 3 \
                    and getattr(node.func.value, "id", "") == "self":
                at = f"{path.name}:{node.lineno}"
                key = node.args[2]
                if not (isinstance(key, ast.Constant) and isinstance(key.value, str) and key.value.startswith("net.")):
                    problems.append(f"{at}: the third argument is a net.* key")
                    continue
                found += 1
                # (close, frame: what _refuse does with the refusal, not the sentence's placeholders)
                given = {k.arg for k in node.keywords if k.arg and k.arg not in ("close", "frame")}
                if not messages.has(key.value) or given != placeholders(key.value):
                    problems.append(f"{at}: {key.value} with {sorted(given)}")
    assert problems == []
    assert found > 20
