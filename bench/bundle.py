#!/usr/bin/env python3
"""Bytes of the built site, runtime (Pyodide, PyScript, MicroPython) versus ours.

    python bench/bundle.py [--site dist/site]      (build first: scripts/build_site.py)

Target: ours (shell, app, icons, service worker, the parlor wheel) ≤ 5 % of the site.
"""

from __future__ import annotations

import argparse
import gzip
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--site", default=str(ROOT / "dist" / "site"))
    args = p.parse_args(argv)
    site = Path(args.site)
    if not (site / "index.html").is_file():
        raise SystemExit(f"{site} is not a built site: run scripts/build_site.py")
    groups: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for path in sorted(site.rglob("*")):
        if not path.is_file() or (path.suffix in (".gz", ".br") and path.with_suffix("").is_file()):
            continue  # a precompressed sibling (scripts/build_site.py, step 6), not a file of the site
        rel = path.relative_to(site).as_posix()
        parts = rel.split("/")
        group = "/".join(parts[:2]) if parts[0] == "runtime" else (parts[0] if len(parts) > 1 else "shell")
        data = path.read_bytes()
        g = groups[group]
        g[0] += 1
        g[1] += len(data)
        g[2] += len(gzip.compress(data, 6))
    runtime = sum(v[1] for k, v in groups.items() if k.startswith("runtime"))
    runtime_gz = sum(v[2] for k, v in groups.items() if k.startswith("runtime"))
    ours = sum(v[1] for k, v in groups.items() if not k.startswith("runtime"))
    ours_gz = sum(v[2] for k, v in groups.items() if not k.startswith("runtime"))
    print(f"{'part':24} {'files':>5} {'bytes':>12} {'gzip':>12}")
    for name in sorted(groups, key=lambda k: (not k.startswith("runtime"), k)):
        files, size, gz = groups[name]
        print(f"{name:24} {files:5d} {size:12,d} {gz:12,d}")
    total, total_gz = runtime + ours, runtime_gz + ours_gz
    print(f"{'runtime (total)':24} {'':5} {runtime:12,d} {runtime_gz:12,d}")
    print(f"{'ours (total)':24} {'':5} {ours:12,d} {ours_gz:12,d}")
    print(f"{'site':24} {'':5} {total:12,d} {total_gz:12,d}")
    print(f"ours: {100 * ours / total:.2f} % of the site's bytes ({100 * ours_gz / total_gz:.2f} % gzipped); target ≤ 5 %")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
