"""tools/build_assets.py writes the shared glossary with the product's own amendments, so
rebuilding the assets does not undo them (the release notes' plural "Länder")."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import build_assets  # noqa: E402  (tools/ is not a package)


def test_the_amended_glossary_is_the_one_the_product_ships() -> None:
    shared = ROOT.parent / "shared" / "data" / "glossary.tsv"
    if not shared.exists():
        pytest.skip("the shared data is not on this machine")
    built = build_assets.amend_glossary(shared.read_text(encoding="utf-8"))
    assert built == (ROOT / "i18n" / "glossary.tsv").read_text(encoding="utf-8")


def test_an_amendment_whose_row_is_gone_stops_the_build() -> None:
    with pytest.raises(SystemExit, match="type_land"):
        build_assets.amend_glossary("key\ten\tde\tit\tcr\tsource\n")
