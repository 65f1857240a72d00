#!/usr/bin/env bash
# Sets up on first use, then starts Manatable with any arguments given.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
bash "$here/scripts/setup.sh"
exec "$here/.venv/bin/manatable" "$@"
