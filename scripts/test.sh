#!/usr/bin/env bash
# Sets up on first use, then runs every test (engine, scenarios, GUI offscreen).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
bash "$here/scripts/setup.sh"
cd "$here"
export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}
exec .venv/bin/python -m pytest "$@"
