"""What an effect asks a player to choose from their permanents is said in words the prompt
translates. Played in German in session 20: The Eldest Reborn's first chapter asked "Wähle,
was du als zusätzliche Kosten opferst (Creature/Planeswalker)." — an additional cost it is
not (each opponent sacrifices, CR 701.17a), and the engine's type names in English; Time
Wipe's return asked the same way "(Creature)". Every such wording of the pool's cards is a
DESCRIPTIONS entry (the check walks every card definition)."""
from __future__ import annotations

import dataclasses
import functools
import types as pytypes
from typing import Any, Iterator

from engine.cards import sets as pool
from engine.cards.vocab.removal import ReturnYours
from engine.cards.vocab.sacrifice import Sacrifices
from engine.config import GameConfig
from engine.game import Game
from engine.messages import description
from engine.messages.catalogs import CatalogTranslator
from engine.messages.terms import DESCRIPTIONS, kind_words


def _parts(x: Any, seen: set[int], depth: int = 0) -> Iterator[Any]:
    """Every value reachable from a card definition: dataclass fields, containers, and the
    closures of the steps compiled from its vocabulary (as tests/engine/test_current_characteristics.py
    walks them)."""
    if depth > 25 or id(x) in seen or isinstance(x, (str, int, float, bool, type(None), type, pytypes.ModuleType)):
        return
    seen.add(id(x))
    yield x
    if isinstance(x, (tuple, list, frozenset, set)):
        children: Any = list(x)
    elif isinstance(x, dict):
        children = list(x.values())
    elif dataclasses.is_dataclass(x):
        children = [getattr(x, f.name) for f in dataclasses.fields(x)]
    elif isinstance(x, pytypes.MethodType):
        children = [x.__self__, x.__func__]
    elif isinstance(x, functools.partial):
        children = [x.func, x.args, x.keywords]
    elif isinstance(x, pytypes.FunctionType):
        children = [x.__defaults__, x.__kwdefaults__]
        for cell in x.__closure__ or ():
            try:
                children.append(cell.cell_contents)
            except ValueError:  # (an empty cell)
                pass
    else:
        children = [vars(x)] if hasattr(x, "__dict__") else []
    for child in children:
        yield from _parts(child, seen, depth + 1)


def test_every_sacrifice_and_return_wording_of_the_pool_translates() -> None:
    found: dict[str, str] = {}
    for name, d in [*pool.behaviours().items(), *pool.tokens().items()]:
        for part in _parts(d, set()):
            if isinstance(part, Sacrifices):
                found[part.what] = name
            elif isinstance(part, ReturnYours) and not part.may and not part.owned:
                found[kind_words(part.types)] = name
    assert {"a creature or planeswalker", "a land", "a creature"} <= set(found)  # (the walk finds them)
    assert {w: card for w, card in found.items() if w not in DESCRIPTIONS} == {}


def test_the_eldest_reborn_asks_each_opponent_in_their_language() -> None:
    setup = {"turn": 3, "step": "main1", "Alice": {"hand": ["The Eldest Reborn"], "battlefield": ["Swamp"] * 5,
                                                   "library": ["Swamp"] * 5},
             "Bob": {"battlefield": ["Cult Healer", "Bear Trap"], "library": ["Island"] * 5}}
    g = Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="rules", setup=setup))
    g.apply("cast The Eldest Reborn", 0)
    for _ in range(10):
        if g.pending.kind != "priority":
            break
        g.apply("pass", g.pending.player)
    p = g.pending
    assert p.player == 1 and p.prompt == "ask.sacrifice_effect", p
    assert p.params["what"] == "a creature or planeswalker"
    assert description(p.params["what"], CatalogTranslator("de")) == "eine Kreatur oder einen Planeswalker"
