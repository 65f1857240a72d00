"""`mypy --strict engine app` stays clean (house rule for the engine; the app clean since session 20):
part of the test command."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


# (mypy's own limit is 600 s; the default 300 s of pytest-timeout ended the whole worker process
# on a loaded machine with two workers: "node down", and the suite stopped there)
@pytest.mark.timeout(900)
def test_engine_and_app_are_strictly_typed() -> None:
    pytest.importorskip("mypy", reason="mypy comes with the test extra: bash scripts/setup.sh")
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "engine", "app"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
