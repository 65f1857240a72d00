"""Reading a scenario file (SCENARIOS.md): untrusted input with limits before any parser sees
it — a regular file of bounded size (never a FIFO or a device), UTF-8, nesting and the number
of values bounded, then the TOML's top-level keys and their types checked."""
from __future__ import annotations

import math
import os
import stat
import tomllib
from pathlib import Path
from typing import Any

from engine.scenario_checks import ScenarioError

TOP_KEYS = {"title", "source", "setup", "do", "expect", "description", "tags"}
MAX_BYTES = 1_000_000  # a scenario is a few hundred lines; anything bigger is not one
MAX_DEPTH = 12  # tables and arrays nested deeper than this are refused before parsing
MAX_ITEMS = 20_000  # values in the whole file
MAX_INT = 10**9  # life totals, turns, seeds, counters: anything larger is a broken file


def read_limited(path: Path, limit: int = MAX_BYTES) -> bytes:
    """Read a regular file of at most `limit` bytes: never a FIFO or a device (which could
    block or never end), never more than limit + 1 bytes into memory."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        reason = str(exc.strerror or exc)
        raise ScenarioError(f"cannot open the file: {reason}", "savefile.unreadable", reason=reason) from exc
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ScenarioError("not a regular file", "savefile.not_a_file")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(65536, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        reason = str(exc.strerror or exc)
        raise ScenarioError(f"cannot read the file: {reason}", "savefile.unreadable", reason=reason) from exc
    finally:
        os.close(fd)
    if size > limit:
        raise ScenarioError(f"the file is larger than {limit} bytes", "scenario.too_large",
                            maximum=-(-limit // 1000))
    return b"".join(chunks)


def _nesting(text: str) -> int:
    """The deepest nesting outside strings and comments — brackets, and the parts of a dotted
    key (`a.b.c = 1`) — checked before tomllib, whose recursion (or quadratic work on very
    long dotted keys) a hostile file could otherwise exhaust."""
    depth = top = dots = 0
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in "\"'":
            triple = text.startswith(c * 3, i)
            end = c * 3 if triple else c
            i += len(end)
            while i < n and not text.startswith(end, i):
                if c == '"' and text[i] == "\\":
                    i += 1
                elif not triple and text[i] == "\n":
                    break
                i += 1
            i += len(end)
            continue
        if c == "#":
            while i < n and text[i] != "\n":
                i += 1
            continue
        if c in "[{":
            depth += 1
            top = max(top, depth)
        elif c in "]}":
            depth = max(0, depth - 1)
        if c in "\n{,":
            dots = 0  # a new key may start here
        elif c == ".":
            dots += 1
            top = max(top, dots + 1)
        i += 1
    return top


def check_values(data: Any, where: str = "", depth: int = 0, count: list[int] | None = None) -> None:
    """Refuse values no scenario needs and the engine can't use: infinite or NaN numbers,
    absurd integers, deep nesting, huge collections."""
    count = count if count is not None else [0]
    count[0] += 1
    if count[0] > MAX_ITEMS:
        raise ScenarioError(f"the file has more than {MAX_ITEMS} values")
    if depth > MAX_DEPTH:
        raise ScenarioError(f"{where or 'the file'} is nested too deeply")
    if isinstance(data, bool) or isinstance(data, str):
        return
    if isinstance(data, float):
        if not math.isfinite(data):
            raise ScenarioError(f"{where}: {data} is not a usable number")
        return
    if isinstance(data, int):
        if abs(data) > MAX_INT:
            raise ScenarioError(f"{where}: a number is out of range (at most {MAX_INT})")
        return
    if isinstance(data, dict):
        for k, v in data.items():
            check_values(v, f"{where}.{k}" if where else str(k), depth + 1, count)
        return
    if isinstance(data, list):
        for i, v in enumerate(data):
            check_values(v, f"{where}[{i}]", depth + 1, count)
        return
    raise ScenarioError(f"{where}: a {type(data).__name__} value is not allowed here")


def load(path: Path) -> dict[str, Any]:
    raw = read_limited(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioError(f"the file is not UTF-8 text ({exc.reason} at byte {exc.start})",
                            "scenario.not_text", offset=exc.start) from exc
    if _nesting(text) > MAX_DEPTH:
        raise ScenarioError(f"tables, arrays or dotted keys are nested deeper than {MAX_DEPTH}")
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError) as exc:  # ValueError: an integer of 4301+ digits
        raise ScenarioError(f"cannot read the TOML: {str(exc)[:300]}") from exc
    except (RecursionError, MemoryError) as exc:
        raise ScenarioError("the TOML is too deeply nested or too large to read") from exc
    check_values(data)
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise ScenarioError(f"unknown top-level key(s): {', '.join(sorted(unknown))}")
    if "title" not in data:
        raise ScenarioError("the scenario has no title")
    for key, typ in (("title", str), ("source", str), ("description", str), ("setup", dict),
                     ("do", list), ("expect", dict), ("tags", list)):
        if key in data and not isinstance(data[key], typ):
            raise ScenarioError(f"{key} must be a {'table' if typ is dict else 'list' if typ is list else 'string'}")
    return data
