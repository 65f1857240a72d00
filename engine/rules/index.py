"""What the rules ask of the card layer, in one index (issue #24): the rules never import a
card module. The card layer says where each answer lives (engine/cards/__init__.py calls
`provide` as the package is imported; engine/game.py imports it), and the rules ask
`CARDS.card_def(name)`, `CARDS.printed(name)`, `CARDS.can_crew(...)` ...

A provider is named as "module:function" and imported on its first use, on purpose: a game
imports the card layer's mechanics only when one of its cards needs them (cards load lazily,
engine/cards/sets/__init__.py). After the first use the answer is a plain attribute.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.rules.carddata import CardData
    from engine.rules.carddef import CardDef
    from engine.rules.chars import Chars
    from engine.rules.context import Context


class CardIndex:
    """The card layer's answers by name: `CARDS.name(...)`."""

    if TYPE_CHECKING:  # the answers with a type the rules rely on (the others are Any)
        def card_def(self, name: str, token: bool = False) -> CardDef | None: ...
        def printed(self, name: str) -> CardData | None: ...
        def rules_lines(self, data: CardData) -> tuple[list[str], list[str]]: ...
        def every_creature_type(self, c: Chars) -> Chars: ...
        def goad_allowed_defenders(self, g: Context, oid: int, defenders: list[Any]) -> list[Any]: ...
        def has_definition(self, name: str) -> bool: ...
        def is_implemented(self, name: str) -> bool: ...

    def __init__(self) -> None:
        self._where: dict[str, str] = {}

    def provide(self, **where: str) -> None:
        """Name the provider of each answer ("module:function")."""
        for name, path in where.items():
            self._where[name] = path
            self.__dict__.pop(name, None)  # a provider named again is imported again

    def __getattr__(self, name: str) -> Any:
        where = self.__dict__.get("_where", {})
        if name not in where:
            raise AttributeError(f"the card layer provides no {name!r} (is engine.cards imported?)")
        module, _, attr = where[name].partition(":")
        got = getattr(importlib.import_module(module), attr)  # lazily, on purpose (above)
        setattr(self, name, got)
        return got


CARDS = CardIndex()
