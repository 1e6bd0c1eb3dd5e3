#!/usr/bin/env bash
# Install everything, build the site and serve it on http://127.0.0.1:8000 (Ctrl-C stops).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/python scripts/build_site.py
exec .venv/bin/python -m peer --host "${PARLOR_HOST:-127.0.0.1}" --port "${PARLOR_PORT:-8000}" --site dist/site
