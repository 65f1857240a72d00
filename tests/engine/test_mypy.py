"""`mypy --strict engine` stays clean (house rule): part of the test command."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_engine_is_strictly_typed() -> None:
    pytest.importorskip("mypy", reason="mypy comes with the test extra: bash scripts/setup.sh")
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "engine"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
