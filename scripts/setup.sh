#!/usr/bin/env bash
# Install what Parlor needs on a fresh Debian/Ubuntu machine. Idempotent.
#   bash scripts/setup.sh              # .venv + pinned Python tools, npm ci, Pyodide test wheels
#   bash scripts/setup.sh --chromium   # also apt-get install chromium when /usr/bin/chromium is missing
#   bash scripts/setup.sh --services   # also redis-server and coturn when missing (the online
#                                      # tests start their own on loopback: docs/deploy.md)
set -euo pipefail
cd "$(dirname "$0")/.."

WANT_CHROMIUM=0
WANT_SERVICES=0
for arg in "$@"; do
  case "$arg" in
    --chromium) WANT_CHROMIUM=1 ;;
    --services) WANT_SERVICES=1 ;;
    *) echo "setup.sh: unknown option $arg" >&2; exit 2 ;;
  esac
done

need() { command -v "$1" >/dev/null 2>&1; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

missing_apt=()
need python3 || missing_apt+=(python3)
python3 -c 'import venv, ensurepip' 2>/dev/null || missing_apt+=(python3-venv)
need node || missing_apt+=(nodejs)
need npm || missing_apt+=(npm)
if [ "$WANT_CHROMIUM" = 1 ] && [ ! -x /usr/bin/chromium ]; then missing_apt+=(chromium); fi
if [ "$WANT_SERVICES" = 1 ]; then
  need redis-server || missing_apt+=(redis-server)
  need turnserver || missing_apt+=(coturn)
fi
if [ "${#missing_apt[@]}" -gt 0 ]; then
  echo "setup: apt-get install ${missing_apt[*]}"
  # apt-get update only when the package lists cannot serve the install as they are
  if ! DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing_apt[@]}" >/dev/null 2>&1; then
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing_apt[@]}" >/dev/null
  fi
fi

# Python tools, pinned (requirements-dev.txt).
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
stamp=.venv/.requirements.sha256
want=$(sha256sum requirements-dev.txt | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  .venv/bin/python -m pip install -q --disable-pip-version-check -r requirements-dev.txt
  echo "$want" > "$stamp"
fi

# Runtime files, pinned by package-lock.json.
lock_sum=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f node_modules/.parlor-lock.sha256 ] || [ "$(cat node_modules/.parlor-lock.sha256)" != "$lock_sum" ]; then
  npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
  echo "$lock_sum" > node_modules/.parlor-lock.sha256
fi

# Pure-Python wheels unpacked into Pyodide to run the rules tests there (requirements-pyodide.txt).
mkdir -p .cache/pyodide-wheels
pyw_sum=$(sha256sum requirements-pyodide.txt | cut -d' ' -f1)
if [ ! -f .cache/pyodide-wheels/.sha256 ] || [ "$(cat .cache/pyodide-wheels/.sha256)" != "$pyw_sum" ]; then
  rm -f .cache/pyodide-wheels/*.whl
  .venv/bin/python -m pip download -q --disable-pip-version-check --only-binary=:all: --no-deps \
    -r requirements-pyodide.txt -d .cache/pyodide-wheels
  echo "$pyw_sum" > .cache/pyodide-wheels/.sha256
fi
# Pure-Python wheels shipped in the site (requirements-site.txt; scripts/build_site.py copies them).
mkdir -p .cache/site-wheels
site_sum=$(sha256sum requirements-site.txt | cut -d' ' -f1)
if [ ! -f .cache/site-wheels/.sha256 ] || [ "$(cat .cache/site-wheels/.sha256)" != "$site_sum" ]; then
  rm -f .cache/site-wheels/*.whl
  .venv/bin/python -m pip download -q --disable-pip-version-check --only-binary=:all: --no-deps \
    -r requirements-site.txt -d .cache/site-wheels
  echo "$site_sum" > .cache/site-wheels/.sha256
fi
echo "setup: ok (.venv, node_modules, .cache/pyodide-wheels, .cache/site-wheels$([ -x /usr/bin/chromium ] && echo ', /usr/bin/chromium'))"
