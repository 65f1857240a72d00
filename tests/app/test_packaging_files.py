"""The desktop integration files in packaging/: the icon in every size a desktop asks for,
the .desktop entry and the AppStream metainfo valid (with the validators, where installed)."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
APP_ID = "io.github.manatable.Manatable"


@pytest.mark.parametrize("size", [16, 22, 24, 32, 48, 64, 128, 256, 512])
def test_the_icon_exists_in_each_size(size: int) -> None:
    image = QImage(str(PACKAGING / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "manatable.png"))
    assert not image.isNull() and (image.width(), image.height()) == (size, size)
    assert image.hasAlphaChannel() and image.pixelColor(0, 0).alpha() == 0  # rounded, transparent corners


def test_the_scalable_icon_is_our_svg() -> None:
    svg = PACKAGING / "icons" / "manatable.svg"
    assert (PACKAGING / "icons" / "hicolor" / "scalable" / "apps" / "manatable.svg").read_bytes() == svg.read_bytes()
    assert (ROOT / "assets" / "icons" / "app.png").is_file()  # the window icon


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstreamcli is not installed")
def test_the_metainfo_validates() -> None:
    done = subprocess.run(["appstreamcli", "validate", "--no-net", str(PACKAGING / "linux" / f"{APP_ID}.metainfo.xml")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-validate is not installed")
def test_the_desktop_entry_validates() -> None:
    done = subprocess.run(["desktop-file-validate", str(PACKAGING / "linux" / f"{APP_ID}.desktop")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr
