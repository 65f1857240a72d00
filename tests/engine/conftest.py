"""Fixtures shared by the engine tests."""
from __future__ import annotations

from typing import Iterator

import pytest

from engine import cache_check


@pytest.fixture
def checked() -> Iterator[None]:
    """engine/cache_check.py on for one test: every kept answer is recomputed and compared."""
    was = cache_check.enabled()
    cache_check.enable()
    try:
        yield
    finally:
        cache_check.enable(was)
