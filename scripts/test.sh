#!/usr/bin/env bash
# Sets up on first use, then runs every test (engine, scenarios, GUI offscreen).
# The tests run on every core (pytest-xdist, -n auto; PYTEST_XDIST_AUTO_NUM_WORKERS=N for N
# workers); `-n 0` or `-p no:xdist` among the arguments runs them in one process.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
bash "$here/scripts/setup.sh"
cd "$here"
export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}
# loadgroup: tests share out one by one, except those marked xdist_group("name"), which go to
# one worker together (a module whose fixture builds something once, such as the bundle)
workers=(-n auto --dist loadgroup)
for arg in "$@"; do
  case $arg in
    -n|-n[0-9]*|--numprocesses|--numprocesses=*|no:xdist|-pno:xdist) workers=() ;;
  esac
done
exec .venv/bin/python -m pytest ${workers[@]+"${workers[@]}"} "$@"
