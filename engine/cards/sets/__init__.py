"""Card behaviour, grouped per set, loaded card by card (issue #24 part 7).

Each module of this package registers its cards on import (one module per set part). A game
asks for the cards in it (`definition`, `token`); the generated index (engine/cards/sets/
index.py, `python -m engine.cards index`) says which module defines a name, so only that
module is imported: start-up and memory do not grow with the pool. `behaviours()` loads the
whole pool, for the tools that look at all of it (coverage, rulings).

The index is checked against the set modules' sources: if a module changed after the index
was written (or is new), the index is not trusted and the whole pool loads on the first
question, exactly as before (slower, never wrong); tests/engine/test_layering.py fails until
the index is written again.
"""
from __future__ import annotations

import hashlib
import importlib
import pkgutil
import threading
from pathlib import Path
from typing import Any

from engine.cards.model import CardDef
from engine.rules import emblems

_REGISTRY: dict[str, CardDef] = {}
_TOKENS: dict[str, CardDef] = {}
_TOKEN_DATA: dict[str, dict[str, Any]] = {}
_imported: set[str] = set()
_all_loaded = False
_index: Any = None  # the generated index module, or False when it does not match the sources
# a game's AI may ask for a card in its thread while the table asks in another: one loads a
# module at a time, and a name is looked up only after its module has run to the end
_lock = threading.RLock()

HERE = Path(__file__).resolve().parent
INDEX = "index"  # this package's generated module (not a set module)


_twice: list[str] = []  # names registered by two modules: the index could not say which one


def register(defn: CardDef) -> None:
    if defn.name in _REGISTRY:
        _twice.append(defn.name)
    _REGISTRY[defn.name] = defn


def register_token(defn: CardDef, data: dict[str, Any]) -> None:
    if defn.name in _TOKENS:
        _twice.append(defn.name)
    _TOKENS[defn.name] = defn
    _TOKEN_DATA[defn.name] = data


def set_modules() -> list[str]:
    """The names of the set modules, sorted (the order the whole pool loads in)."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name != INDEX)


def sources_digest() -> str | None:
    """A digest of the set modules' sources (None where they are not on disk: a bundle)."""
    h = hashlib.sha256()
    for name in set_modules():
        path = HERE / f"{name}.py"
        if not path.is_file():
            return None
        h.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def _the_index() -> Any:
    """The generated index if it describes these sources, else False."""
    global _index
    if _index is None:
        try:
            index: Any = importlib.import_module(f"{__name__}.{INDEX}")
        except ImportError:
            index = False
        if index is not False:
            digest = sources_digest()
            if digest is not None and digest != index.DIGEST:
                index = False  # a set module changed since the index was written
        _index = index
    return _index


def _import(module: str) -> None:
    with _lock:
        if module not in _imported:
            importlib.import_module(f"{__name__}.{module}")
            _imported.add(module)


def _load_all() -> None:
    global _all_loaded
    with _lock:
        if not _all_loaded:
            for name in set_modules():
                _import(name)
            _all_loaded = True


def _load_for(table: str, name: str) -> None:
    """Import the module that defines `name` in the index's `table` (all of them without an index)."""
    index = _the_index()
    if index is False:
        _load_all()
        return
    module = getattr(index, table).get(name)
    if module is not None:
        _import(module)


def _registered(registry: dict[str, CardDef], table: str, name: str) -> CardDef | None:
    """`registry`'s entry for `name`, importing the module the index's `table` names for it
    first if it is not there yet."""
    got = registry.get(name)
    if got is None and not _all_loaded:
        _load_for(table, name)
        got = registry.get(name)
    return got


def definition(name: str) -> CardDef | None:
    """The hand-written definition of a card by English name (None if there is none)."""
    return _registered(_REGISTRY, "CARDS", name)


def has_definition(name: str) -> bool:
    """Whether the card has a hand-written definition, without loading it where the index
    says (once its module is loaded, the registry says)."""
    index = _the_index()
    if index is False:
        return definition(name) is not None
    module = index.CARDS.get(name)
    return module is not None and (module not in _imported or name in _REGISTRY)


def token(name: str) -> CardDef | None:
    """A predefined token's definition (Treasure, ...; None if there is none)."""
    return _registered(_TOKENS, "TOKENS", name)


def token_data(name: str) -> dict[str, Any]:
    """The characteristics of a predefined token (Treasure, ...); KeyError if unknown."""
    token(name)
    return dict(_TOKEN_DATA[name])


def loaded_token_named(name: str) -> dict[str, Any] | None:
    """The data of a registered token whose objects are named `name`, among the modules already
    loaded (a token is keyed by its definition, "Phyrexian Beast 4/4"; the token it makes is
    named "Phyrexian Beast"); None if none is."""
    for data in list(_TOKEN_DATA.values()):
        if data.get("name") == name:
            return dict(data)
    return None


def load_emblem(key: str) -> None:
    """Import the module whose card makes the emblem `key` (it registers it on import)."""
    if not _all_loaded:
        _load_for("EMBLEMS", key)


def behaviours() -> dict[str, CardDef]:
    """Every hand-written card definition by English name (loads the whole pool)."""
    _load_all()
    return _REGISTRY


def tokens() -> dict[str, CardDef]:
    """Every predefined token (loads the whole pool)."""
    _load_all()
    return _TOKENS


def token_names() -> list[str]:
    """The names of the predefined tokens, sorted (from the index: nothing is loaded)."""
    index = _the_index()
    return sorted(index.TOKENS if index is not False else tokens())


def build_index() -> str:
    """The text of index.py: which module registers each card, token and emblem. Imports the
    modules one at a time in a fresh registry view, so each name is credited to its module."""

    cards: dict[str, str] = {}
    toks: dict[str, str] = {}
    embs: dict[str, str] = {}
    for module in set_modules():
        before = (set(_REGISTRY), set(_TOKENS), set(emblems.REGISTRY))
        _import(module)
        for table, reg, seen in ((cards, _REGISTRY, before[0]), (toks, _TOKENS, before[1]),
                                 (embs, emblems.REGISTRY, before[2])):
            for name in sorted(set(reg) - seen):
                table[name] = module
    if _twice:
        raise ValueError(f"registered twice, the index cannot name one module: {sorted(set(_twice))}")
    lines = ['"""Generated by `python -m engine.cards index` from the set modules: which module',
             'defines each card, token and emblem (engine/cards/sets/__init__.py). Do not edit."""',
             f"DIGEST = {sources_digest()!r}", ""]
    for title, table in (("CARDS", cards), ("TOKENS", toks), ("EMBLEMS", embs)):
        lines.append(f"{title} = {{")
        lines.extend(f"    {name!r}: {module!r}," for name, module in sorted(table.items()))
        lines.append("}")
    return "\n".join(lines) + "\n"
