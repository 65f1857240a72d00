"""What a scenario file says on the table (app/session.py LocalSession.from_scenario opens it):
its title, description, source and first expected action, and why it cannot be opened."""
from __future__ import annotations

import re
from typing import Any

from engine.messages import english


class ScenarioOpenError(ValueError):
    """A scenario file the table cannot open: a message key (engine/messages/files.py) and its
    parameters (app.i18n.file_error_text says it in the user's language)."""

    def __init__(self, key: str, params: dict[str, Any]) -> None:
        super().__init__(english(key, **params))
        self.key = key
        self.params = params


MAX_INFO = 2000  # characters of a scenario's title, description or source shown on the table


def scenario_info(data: dict[str, Any]) -> dict[str, str]:
    """What the table tells when a scenario opens: its title, description and source, and
    the first action it expects in readable words (aliases replaced by card names)."""
    def text(key: str) -> str:
        v = data.get(key)
        got = str(v) if isinstance(v, (str, int, float)) else ""
        # (a screenful at most on the table; a longer text says that it goes on)
        return got if len(got) <= MAX_INFO else got[:MAX_INFO] + "…"

    aliases: dict[str, str] = {}
    given = data.get("setup")
    setup: dict[str, Any] = given if isinstance(given, dict) else {}
    for zones in setup.values():
        if isinstance(zones, dict):
            for cards in zones.values():
                for spec in cards if isinstance(cards, list) else []:
                    m = re.match(r"\s*([^@|]+?)\s*@(\w+)", str(spec))
                    if m:
                        aliases[m.group(2)] = m.group(1)
    first = ""
    steps = data.get("do")
    if isinstance(steps, list):
        for step in steps:
            if isinstance(step, dict) and isinstance(step.get("act"), str):
                first = re.sub(r"@(\w+)", lambda m: aliases.get(m.group(1), m.group(0)), step["act"])
                break
    return {"title": text("title"), "description": text("description"), "source": text("source"),
            "first": first}

