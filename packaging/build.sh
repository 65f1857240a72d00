#!/usr/bin/env bash
# Builds the one-folder bundle dist/manatable/ (executables manatable and, with LAN play,
# manatable-server) with PyInstaller from the project's .venv.
#   bash packaging/build.sh          build (PyInstaller installed into .venv on first use)
# The build is CPU-heavy (a minute or two); the result runs without Python installed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bash scripts/setup.sh
py=.venv/bin/python
if ! "$py" -c "import PyInstaller" 2>/dev/null; then
  "$py" -m pip install -q --disable-pip-version-check -e ".[package]"
fi
"$py" -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath "$root/dist" --workpath "$root/build" packaging/manatable.spec
# Qt's own translations: keep the UI languages (en, de, it), drop the other ~40.
tr_dir=$(find dist/manatable -type d -path "*PySide6/Qt/translations" | head -n1)
if [ -n "$tr_dir" ]; then
  find "$tr_dir" -type f -name "*.qm" ! -name "*_de.qm" ! -name "*_it.qm" ! -name "*_en.qm" -delete
fi
echo "built: $root/dist/manatable ($(du -sh dist/manatable | cut -f1))"
