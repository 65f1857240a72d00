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
# links PyInstaller made to libraries the spec pruned (only the dropped plugins used them)
find dist/manatable -xtype l -delete
echo "built: $root/dist/manatable ($(du -sh dist/manatable | cut -f1))"
