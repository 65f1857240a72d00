"""Shared by every test: a window left with a game in progress must not stall the run, and no
test touches the user's own Manatable folders.

pytest-qt closes the widgets a test registered when it ends; a main window with a game in
progress then asks "save, leave or stay?" in a modal box that nobody answers, and the whole
run hangs inside Qt (where no timeout signal reaches Python). Tests of that question answer
it themselves; at teardown every main window still open leaves without asking.
"""
from __future__ import annotations

import os
import shutil
import tempfile
import weakref
from typing import Any

import pytest

from engine.cards.behaviour import card_def, is_implemented
from engine.cards.sets import behaviours
from engine.decks.pool import implemented_pool
from engine.rules import printed

_windows: "weakref.WeakSet[Any]" = weakref.WeakSet()
_own_home: list[str] = []
# the folder a test process made for itself: a pytest-xdist worker inherits it from the
# process that started it, and makes its own instead
OWN_HOME = "MANATABLE_TESTS_OWN_HOME"


def pytest_configure(config: pytest.Config) -> None:
    """Each test process (each pytest-xdist worker too) keeps the files a test did not give a
    home of its own (settings, autosaves, the card database, the render cache) in a folder of
    its own, removed at the end: two workers never share one, and the user's folders stay
    untouched. A test that sets MANATABLE_HOME itself still wins (monkeypatch), and so does a
    MANATABLE_HOME set before the run."""
    home = os.environ.get("MANATABLE_HOME")
    if not home or home == os.environ.get(OWN_HOME):
        _own_home.append(tempfile.mkdtemp(prefix="manatable-tests-"))
        os.environ["MANATABLE_HOME"] = os.environ[OWN_HOME] = _own_home[0]


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    # (a pytest-xdist worker ends without pytest_unconfigure)
    pytest_unconfigure(session.config)


def pytest_unconfigure(config: pytest.Config) -> None:
    for home in _own_home:
        os.environ.pop("MANATABLE_HOME", None)
        os.environ.pop(OWN_HOME, None)
        shutil.rmtree(home, ignore_errors=True)
    _own_home.clear()


def _track_main_windows() -> None:
    try:
        # lazy: only where Qt is in use already (a run without Qt tracks nothing)
        from app.shell.main_window import MainWindow
    except Exception:  # noqa: BLE001 - no Qt here: nothing to track
        return
    if getattr(MainWindow, "_tracked_by_tests", False):
        return
    init = MainWindow.__init__

    def tracked_init(self: Any, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        _windows.add(self)

    MainWindow.__init__ = tracked_init  # type: ignore[method-assign]
    MainWindow._tracked_by_tests = True  # type: ignore[attr-defined]


def pytest_runtest_setup(item: pytest.Item) -> None:
    if "PySide6" in __import__("sys").modules:  # only where Qt is already in use
        _track_main_windows()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item) -> Any:
    # a wrapper that runs before pytest-qt's, which closes the widgets
    for w in list(_windows):
        try:
            w.confirm_leave = lambda *a, **k: True
        except RuntimeError:  # the C++ object is already gone
            pass
    return (yield)


@pytest.fixture
def unimplemented_card() -> Any:
    """A card of the data the engine treats as not implemented during the test: every card of
    the built-in sets is implemented now, so Séance Board's definition is taken out of the
    registry for the test (and put back after it)."""
    name = "Séance Board"
    registry = behaviours()

    def forget() -> None:  # the lookups that remember a name's definition
        card_def.cache_clear()
        is_implemented.cache_clear()
        printed._PRINTED.pop(name, None)
        implemented_pool.cache_clear()

    saved = registry.pop(name)
    forget()
    try:
        yield name
    finally:
        registry[name] = saved
        forget()
