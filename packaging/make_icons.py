"""Render the application icon packaging/icons/manatable.svg to the PNG sizes a desktop
needs (hicolor theme: 16 ... 512 px), plus .ico (Windows) and .icns (macOS) via Pillow.

    python packaging/make_icons.py      # writes packaging/icons/hicolor/<n>x<n>/apps/manatable.png,
                                        # packaging/icons/manatable.ico, manatable.icns and
                                        # assets/icons/app.png (the window icon)
Runs offscreen; rerun after editing the SVG and commit the results.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

HERE = Path(__file__).resolve().parent
SVG = HERE / "icons" / "manatable.svg"
SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)


def render(size: int) -> "object":
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"cannot read {SVG}")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    return image


def main() -> int:
    from PIL import Image
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 - fonts/painting need it
    written = []
    for size in SIZES:
        out = HERE / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "manatable.png"
        out.parent.mkdir(parents=True, exist_ok=True)
        if not render(size).save(str(out)):
            raise SystemExit(f"cannot write {out}")
        written.append(out)
    scalable = HERE / "icons" / "hicolor" / "scalable" / "apps" / "manatable.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    scalable.write_bytes(SVG.read_bytes())
    big = Image.open(HERE / "icons" / "hicolor" / "512x512" / "apps" / "manatable.png")
    big.save(HERE / "icons" / "manatable.ico", sizes=[(s, s) for s in (16, 24, 32, 48, 64, 128, 256)])
    big.save(HERE / "icons" / "manatable.icns")
    window_icon = HERE.parent / "assets" / "icons" / "app.png"
    Image.open(HERE / "icons" / "hicolor" / "256x256" / "apps" / "manatable.png").save(window_icon)
    for path in written + [scalable, HERE / "icons" / "manatable.ico", HERE / "icons" / "manatable.icns", window_icon]:
        print(path.relative_to(HERE.parent), path.stat().st_size, "bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
