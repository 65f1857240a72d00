"""PySide6 asks of every module imported after it whether its source mentions "PySide6" (its
`__feature__` support: `from __feature__ import snake_case, true_property`, which Manatable
does not use). It reads the source with `inspect.getsource`, and that keeps the lines of every
imported module in `linecache` for the life of the process: 6.45 MiB of the goldfish table's
Python heap (tracemalloc, `python -m app.main --goldfish`). The same question asked of the
module's loader (the source `inspect.getsource` reads, without keeping it) gives the same
answer for every module. Known upstream: napari/napari#8584 ("the PySide6 __feature__ startup
tax").
"""
from __future__ import annotations

import sys
from importlib.machinery import SourceFileLoader
from types import ModuleType


def install() -> None:
    """Replace PySide6's check once PySide6 is imported (a PySide6 without it is left alone)."""
    feature = sys.modules.get("PySide6.support.feature")
    imported = getattr(feature, "feature_imported", None)
    if imported is None or not callable(imported.__globals__.get("_mod_uses_pyside")):
        return
    imported.__globals__["_mod_uses_pyside"] = mentions_pyside


def mentions_pyside(module: ModuleType) -> bool:
    """Whether the module's source mentions PySide6; False without a source (a built-in or
    compiled module, a namespace package), as PySide6's own check says then."""
    spec = getattr(module, "__spec__", None)
    loader = getattr(module, "__loader__", None)
    name = spec.name if spec is not None else module.__name__
    if isinstance(loader, SourceFileLoader):
        # its get_source is the file's bytes decoded: a Python source is in an ASCII-compatible
        # encoding (PEP 263), so the bytes hold b"PySide6" exactly when the text holds "PySide6"
        # (without decoding every module's source at start-up)
        try:
            return b"PySide6" in loader.get_data(loader.get_filename(name))
        except (ImportError, OSError):
            return False
    get_source = getattr(loader, "get_source", None)
    if get_source is None:
        return False
    try:
        source = get_source(name)
    except (ImportError, OSError, SyntaxError, ValueError, TypeError):
        return False
    return isinstance(source, str) and "PySide6" in source
