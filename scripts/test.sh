#!/usr/bin/env bash
# Install what the tests need (incl. Debian's chromium, redis-server and coturn when missing),
# build the site once and run every test: CPython rules/AI/peer tests, the wheel inside Pyodide, the site in Chromium.
# Works headless, as root, with CI=true. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh --chromium --services
.venv/bin/python scripts/build_site.py
export PARLOR_SITE="$PWD/dist/site"

# Run pytest through its console script, never `python -m pytest` from the repo root: the
# package directory py/ would shadow pytest's own `py` module. Two workers (pytest-xdist), one a
# core (three were measured slower: three browser tests at once saturate two cores). They start
# as `python -c` in this folder: PYTHONSAFEPATH keeps the folder off their sys.path for the same
# reason. A worker that runs out of tests takes half of the longest queue (--dist worksteal), so
# they finish together.
# The slowest 15 tests are listed at the end.
set +e
PYTHONSAFEPATH=1 .venv/bin/pytest -p no:cacheprovider -n 2 --dist worksteal --durations=15 "$@"
code=$?
set -e
if [ "$code" = 5 ]; then
  echo "test.sh: pytest collected no tests" >&2
  exit 1
fi
exit "$code"
