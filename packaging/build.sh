#!/usr/bin/env bash
# Builds the one-folder bundle dist/manatable/ (executables manatable and, with LAN play,
# manatable-server) with PyInstaller from the project's .venv.
#   bash packaging/build.sh          build (PyInstaller installed into .venv on first use)
#   bash packaging/build.sh --tar    and pack it as dist/manatable-VERSION-linux-ARCH.tar.gz
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
# the desktop integration beside the executables; install.sh puts it in place
share=dist/manatable/share
mkdir -p "$share/applications" "$share/metainfo" "$share/icons"
cp packaging/linux/*.desktop "$share/applications/"
cp packaging/linux/*.metainfo.xml "$share/metainfo/"
cp -r packaging/icons/hicolor "$share/icons/"
cp packaging/linux/install.sh dist/manatable/
echo "built: $root/dist/manatable ($(du -sh dist/manatable | cut -f1))"
if [ "${1:-}" = "--tar" ]; then
  version=$("$py" -c "import importlib.metadata as m; print(m.version('manatable'))")
  tarball="dist/manatable-$version-linux-$(uname -m).tar.gz"
  tar -C dist -czf "$tarball" manatable
  echo "packed: $root/$tarball ($(du -sh "$tarball" | cut -f1))"
fi
