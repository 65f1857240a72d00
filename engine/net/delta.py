"""Observation deltas: a seat gets a patch against the observation it last got.

A patch is a list of operations `[op, path, value]`, path a list of keys and indexes:
* `["set", path, value]` — replace (or add) the value at path;
* `["del", path]` — remove a dict key;
* `["cut", path, n]` — shorten the list at path to n items.
Dicts are compared key by key, lists element by element (an appended card is one `set`
at the next index), so a tapped creature costs one small operation instead of a state.
"""
from __future__ import annotations

from typing import Any


def diff(old: Any, new: Any, path: list[Any] | None = None, out: list[list[Any]] | None = None) -> list[list[Any]]:
    if out is None:
        out = []
    if path is None:
        path = []
    if old == new:
        return out
    if isinstance(old, dict) and isinstance(new, dict):
        for k, v in new.items():
            if k not in old:
                out.append(["set", path + [k], v])
            elif old[k] != v:
                diff(old[k], v, path + [k], out)
        for k in old:
            if k not in new:
                out.append(["del", path + [k]])
        return out
    if isinstance(old, list) and isinstance(new, list):
        # an element that differs by identity (a card in another place) is replaced whole
        if len(new) < len(old):
            out.append(["cut", path, len(new)])
        for i, v in enumerate(new):
            if i >= len(old):
                out.append(["set", path + [i], v])
            elif old[i] != v:
                diff(old[i], v, path + [i], out)
        return out
    out.append(["set", path, new])
    return out


class PatchError(ValueError):
    pass


def apply(doc: Any, patch: list[list[Any]]) -> Any:
    """Apply a patch in place (the root itself may be replaced: use the return value)."""
    for op in patch:
        if not isinstance(op, list) or len(op) < 2 or not isinstance(op[1], list):
            raise PatchError(f"bad operation {op!r}")
        kind, path = op[0], op[1]
        if not path:
            if kind != "set":
                raise PatchError("only set may replace the root")
            doc = op[2]
            continue
        parent = doc
        try:
            for key in path[:-1]:
                parent = parent[key]
            last = path[-1]
            if kind == "set":
                if isinstance(parent, list) and last == len(parent):
                    parent.append(op[2])
                else:
                    parent[last] = op[2]
            elif kind == "del":
                del parent[last]
            elif kind == "cut":
                target = parent[last]
                del target[op[2]:]
            else:
                raise PatchError(f"unknown operation {kind!r}")
        except (KeyError, IndexError, TypeError) as exc:
            raise PatchError(f"operation {op!r} does not fit: {exc}") from exc
    return doc
