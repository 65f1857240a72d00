"""User-facing deck messages: a message key, named parameters and an English default sentence.

The GUI translates by key (every text is a whole sentence with named placeholders, so German
and Italian can order the words their own way); the English text is what the CLI prints and
what a GUI shows when a key has no translation yet.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Problem:
    """One finding about a deck or a deck file.

    `key` names the sentence (e.g. ``deck.too_few``), `params` fills its placeholders,
    `text` is the English sentence with the placeholders filled in.
    """

    key: str
    params: dict[str, Any] = field(default_factory=dict, hash=False)
    text: str = ""
    severity: Severity = "error"

    def __str__(self) -> str:
        return self.text


class DeckFormatError(ValueError):
    """A deck file or text that cannot be read (bad XML, a line that is not a card line ...).

    Carries a `Problem` so the GUI can show a translated sentence; `line` is the 1-based line
    number where the trouble is, when there is one.
    """

    def __init__(self, key: str, params: dict[str, Any], text: str) -> None:
        super().__init__(text)
        self.problem = Problem(key, dict(params), text, "error")

    @property
    def key(self) -> str:
        return self.problem.key

    @property
    def params(self) -> dict[str, Any]:
        return self.problem.params

    @property
    def text(self) -> str:
        return self.problem.text

    @property
    def line(self) -> int | None:
        line = self.problem.params.get("line")
        return int(line) if line is not None else None


def plural(count: int, one: str, many: str) -> str:
    """English default texts only; translations use Qt's %n plural forms instead."""
    return one if count == 1 else many
