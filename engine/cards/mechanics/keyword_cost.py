"""A keyword line that gives a cost, "Flashback {2}{R}", "Blitz {2}{B}", "Miracle {1}{B}"
(reminder text allowed): read once, by the keyword's own module."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, TypeVar
from engine.cards.data import printed

_REMINDER = re.compile(r"\s*\([^)]*\)")
T = TypeVar("T")


def printed_line(name: str, parse: Callable[[str], "T | None"]) -> "T | None":
    """What `parse` reads from the first line of the card's printed text it reads, or None
    (a keyword's own line: "Morph {4}{G}", "Suspend 4—{1}{G}", "Flashback {2}{R}")."""
    data = printed(name)
    for text in (data.text.splitlines() if data is not None else ()):
        got = parse(text)
        if got is not None:
            return got
    return None


def parser(keyword: str) -> Callable[[str], "str | None"]:
    """The reader of "KEYWORD {cost}" lines: the cost, or None for any other line."""
    line = re.compile(re.escape(keyword) + r" ((?:\{[^}]+\})+)")

    def parse(text: str) -> str | None:
        m = line.fullmatch(_REMINDER.sub("", text).strip())
        return m.group(1) if m else None
    parse.__doc__ = f'The cost of a "{keyword} {{cost}}" line (reminder text allowed), else None.'
    return parse


def card_cost(keyword: str) -> Callable[[str], "str | None"]:
    """The KEYWORD cost a card's printed text gives it (per card name, found once), or None."""
    parse = parser(keyword)

    @lru_cache(maxsize=None)
    def cost_of(name: str) -> str | None:
        return printed_line(name, parse)
    return cost_of
