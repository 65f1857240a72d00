"""pytest collects every scenario file as one test (SCENARIOS.md)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.scenario import run_file, shown_log


def pytest_collect_file(parent: Any, file_path: Path) -> Any:
    if file_path.suffix == ".toml":
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self) -> Any:
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioItem(pytest.Item):
    def runtest(self) -> None:
        result = run_file(self.path)
        if not result.ok:  # SCENARIOS.md: a failing scenario prints its game log
            log = "".join(f"\n      {line}" for line in shown_log(result.log))
            raise ScenarioFailure(result.message + (f"\n    game log:{log}" if log else ""))

    def repr_failure(self, excinfo: Any, style: Any = None) -> str:
        if isinstance(excinfo.value, ScenarioFailure):
            return f"{self.path}: {excinfo.value}"
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"scenario: {self.name}"


class ScenarioFailure(Exception):
    pass
