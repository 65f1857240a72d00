"""User-facing deck messages: a message key, named parameters and the English sentence.

The sentence of each key is in engine/messages/ (DECK_MESSAGES), once; the GUI shows it in
the UI language by key (whole sentences with named placeholders, so German and Italian can
order the words their own way); `text` is the English one, for the CLI and logs.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal
from engine.messages import english

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Problem:
    """One finding about a deck or a deck file.

    `key` names the sentence (e.g. ``deck.too_few``), `params` fills its placeholders,
    `text` is the English sentence with the placeholders filled in, made from the catalog
    (engine/messages/decks.py): create a Problem with its key and parameters only.
    """

    key: str
    params: dict[str, Any] = field(default_factory=dict, hash=False)
    text: str = ""
    severity: Severity = "error"

    def __post_init__(self) -> None:
        if not self.text:
            object.__setattr__(self, "text", english_text(self.key, self.params))

    def __str__(self) -> str:
        return self.text


def english_text(key: str, params: dict[str, Any]) -> str:
    """The English sentence of a message key (engine/messages/), format names as shown."""

    shown = dict(params)
    if isinstance(shown.get("format"), str):
        shown["format"] = shown["format"].capitalize()
    return english(key, **shown)


class DeckFormatError(ValueError):
    """A deck file or text that cannot be read (bad XML, a line that is not a card line ...).

    Carries a `Problem` so the GUI can show a translated sentence; `line` is the 1-based line
    number where the trouble is, when there is one.
    """

    def __init__(self, key: str, params: dict[str, Any]) -> None:
        self.problem = Problem(key, dict(params), severity="error")
        super().__init__(self.problem.text)

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
