"""Choices made as a permanent enters and abilities that depend on them: "As this creature
enters, choose Believe or Doubt." with "• Believe — ..." and "• Doubt — ..." (CR 614.12b; the
engine asks before anything else happens, engine/rules/as_enters.py `ask_next`). A
permanent for which nothing was chosen (a copy, a manifested card turned face up) has
neither ability."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any


if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class AsEntersChooseWord:
    """"As this [permanent] enters, choose A or B." — the word is kept on the permanent
    (`ctx["chosen_word"]`)."""
    words: tuple[str, ...]
    word: str = ""

    def add_to(self, kw: dict[str, Any], label: str, door: str) -> None:
        kw["as_enters_choice"] = "word:" + "|".join(self.words)


@dataclass(frozen=True)
class ChoseWord:
    """A trigger condition: this permanent's choice as it entered was this word (and, for
    `nontoken_yours`, the event's creature was a nontoken creature you controlled)."""
    chosen: str
    nontoken_yours: bool = False

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any] | None = None) -> bool:
        if me.ctx.get("chosen_word") != self.chosen:
            return False
        if self.nontoken_yours and params is not None:
            return params.get("controller") == me.controller and not params.get("token")
        return True
