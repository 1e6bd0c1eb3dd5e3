#!/usr/bin/env python3
"""Start-up, side by side in one run: a bare page that only boots Pyodide from the same local
files, versus Parlor's time to a usable home screen and to engine ready.

    python bench/startup.py [--runs 12] [--site dist/site] [--before OTHER_SITE]
    (build first: scripts/build_site.py; --before: an earlier build, measured in the same runs)

Cold: a fresh browser context (empty HTTP cache, no service worker): a first visit. Warm: a
second load in the same context (Parlor: served by its service worker; bare page: by the HTTP
cache). Parlor restores Pyodide from its build-time snapshot on a return visit, and on a first
visit when the snapshot's download is quick enough (public/pyodide-snapshot.mjs): how many loads
did is printed. Times are
from navigation start to the page's own performance marks: ``parlor-home`` (the home screen,
which comes in index.html and works on HTML and CSS, was painted), ``parlor-page`` (main-thread
MicroPython took the page over: from here a Start opens its table at once; pressed earlier, it
is replayed then), ``parlor-engine-ready`` (the Pyodide worker answered ``hello``),
``bare-ready`` (``loadPyodide`` resolved and ran a line of Python).
Targets: engine ready ≤ 1.15 × bare boot; home usable ≤ 0.25 × bare boot.

Requests are watched, not routed (tests/conftest.py, `guard_context`): any to another origin stops
the run, and none can leave, as no other host name resolves. Routing them through Playwright
would hold every request for a round trip to this process; it cost Parlor's ~45 requests (eight
of them one after another before Pyodide's files) far more than the bare page's six
(docs/benchmarks.md).

The bare page boots twice: from the site's own Pyodide files (the same files as Parlor: the
standard library compiled at build time) and from the npm package's files as published (the
library as sources, compiled by every start), so both ratios are printed.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from _page import NO_FOREIGN_HOSTS, POLL_MS, TIMEOUT, guard_context, launch  # noqa: E402
from conftest import start_server  # noqa: E402  (on the path through _page)

BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title></head>
<body><p id="s">booting Pyodide…</p>
<script type="module">
  const { loadPyodide } = await import("./runtime/pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: new URL("./runtime/pyodide/", location.href).href });
  pyodide.runPython("import sys; sys.version");
  performance.mark("bare-ready");
  document.getElementById("s").textContent = "ready";
  document.body.dataset.ready = "1";
</script></body></html>
"""


def mark(page, name):
    return page.evaluate(f"performance.getEntriesByName({name!r}, 'mark')[0].startTime") / 1000


def load_parlor(page, url, foreign):
    """(home, page, engine ready) marks, and whether Pyodide was restored from its snapshot."""
    page.goto(url)
    page.wait_for_function("document.body.dataset.engine === 'ready'", polling=POLL_MS,
                           timeout=TIMEOUT)
    assert not foreign, f"requests to other origins: {foreign}"
    restored = json.loads(page.evaluate("window.parlorEngine('hello')"))["snapshot"]
    return (mark(page, "parlor-home"), mark(page, "parlor-page"), mark(page, "parlor-engine-ready")), restored


def load_bare(page, url):
    page.goto(url)
    page.wait_for_function("document.body.dataset.ready === '1'", polling=POLL_MS, timeout=TIMEOUT)
    return mark(page, "bare-ready")


def bootstrap_interval(values: list[float], rounds: int = 10_000) -> tuple[float, float]:
    """The 95% percentile-bootstrap interval of the median of `values` (fixed seed)."""
    rng = random.Random(0)
    medians = sorted(statistics.median(rng.choices(values, k=len(values))) for _ in range(rounds))
    return medians[int(0.025 * rounds)], medians[int(0.975 * rounds) - 1]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=12)
    p.add_argument("--site", default=str(ROOT / "dist" / "site"))
    p.add_argument("--before", help="an earlier build of the site, loaded in the same runs "
                   "(its ratios are printed too, to compare in one run)")
    args = p.parse_args(argv)
    site = Path(args.site).resolve()
    before = Path(args.before).resolve() if args.before else None
    for built in (site, before):
        if built is not None and not (built / "index.html").is_file():
            raise SystemExit(f"{built} is not a built site: run scripts/build_site.py")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        bare_sites = {"bare": Path(tmp) / "site", "npm": Path(tmp) / "npm"}
        shutil.copytree(site / "runtime" / "pyodide", bare_sites["bare"] / "runtime" / "pyodide")
        shutil.copytree(site / "runtime" / "pyodide", bare_sites["npm"] / "runtime" / "pyodide")
        shutil.copy2(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip",
                     bare_sites["npm"] / "runtime" / "pyodide" / "python_stdlib.zip")
        for bare_site in bare_sites.values():
            (bare_site / "index.html").write_text(BARE_HTML)
        parlor_srvs = {"": start_server(site)}
        if before is not None:
            parlor_srvs["before "] = start_server(before)
        bare_srvs = {kind: start_server(path) for kind, path in bare_sites.items()}
        rows = {f"{label}{k}_{kind}": [] for k in ("bare", "npm", "home", "page", "engine")
                for kind in ("cold", "warm") for label in parlor_srvs
                if not label or k in ("home", "page", "engine")}
        restored = {f"{label}{kind}": 0 for kind in ("cold", "warm") for label in parlor_srvs}
        try:
            with sync_playwright() as pw:
                browser = launch(pw, NO_FOREIGN_HOSTS)
                for run in range(args.runs):
                    foreign: list[str] = []
                    for kind, srv in bare_srvs.items():  # bare: cold, then warm in one context
                        ctx = browser.new_context()
                        guard_context(ctx, srv.url, foreign)
                        for when in ("cold", "warm"):
                            page = ctx.new_page()
                            rows[f"{kind}_{when}"].append(load_bare(page, srv.url + "/"))
                            page.close()
                        ctx.close()
                    # Parlor (and the earlier build, first on every other run, so that neither
                    # always follows the other): cold, wait for the service worker to take over,
                    # then warm
                    order = list(parlor_srvs.items())
                    for label, parlor_srv in (order if run % 2 == 0 else order[::-1]):
                        ctx = browser.new_context()
                        guard_context(ctx, parlor_srv.url, foreign)
                        for when in ("cold", "warm"):
                            page = ctx.new_page()
                            marks, snapshot = load_parlor(page, parlor_srv.url + "/", foreign)
                            for key, value in zip(("home", "page", "engine"), marks):
                                rows[f"{label}{key}_{when}"].append(value)
                            restored[f"{label}{when}"] += snapshot
                            if when == "cold":
                                page.wait_for_function("navigator.serviceWorker.controller !== null",
                                                       timeout=TIMEOUT)
                            page.close()
                        ctx.close()
                    print(f"run {run + 1}: " + "  ".join(f"{k} {v[-1]:.2f}s" for k, v in rows.items()), flush=True)
                browser.close()
        finally:
            for srv in [*parlor_srvs.values(), *bare_srvs.values()]:
                srv.stop()

    med = {k: statistics.median(v) for k, v in rows.items()}
    print(f"\nmedians over {args.runs} runs (seconds from navigation start); bare = Pyodide from the"
          " site's files, npm = from the package's files as published")
    print(f"{'':6} {'bare':>6} {'npm':>6} {'home':>6} {'page':>6} {'engine':>7} {'home/bare':>10}"
          f" {'engine/bare':>12} {'home/npm':>9} {'engine/npm':>11}")
    for kind in ("cold", "warm"):
        bare, npm, home, page, engine = (med[f"{k}_{kind}"] for k in ("bare", "npm", "home", "page", "engine"))
        print(f"{kind:6} {bare:6.2f} {npm:6.2f} {home:6.2f} {page:6.2f} {engine:7.2f} {home / bare:10.2f}"
              f" {engine / bare:12.2f} {home / npm:9.2f} {engine / npm:11.2f}")
    print("targets: home/bare ≤ 0.25, engine/bare ≤ 1.15")
    print("engine/bare run by run (each run's Parlor load over its own bare load, a minute's load"
          " drift cancelling out): median [95% bootstrap interval]")
    for kind in ("cold", "warm"):
        ratios = [e / b for e, b in zip(rows[f"engine_{kind}"], rows[f"bare_{kind}"])]
        low, high = bootstrap_interval(ratios)
        print(f"{kind:6} {statistics.median(ratios):.3f} [{low:.3f}, {high:.3f}]")
    print(f"Pyodide restored from its snapshot: cold {restored['cold']} of {args.runs} loads, "
          f"warm {restored['warm']} of {args.runs}")
    if before is not None:
        print(f"\nthe earlier build ({before}), same runs: median ratio to the same bare loads,"
              " and each run's ratio now over before")
        for kind in ("cold", "warm"):
            bare = med[f"bare_{kind}"]
            then_home, then_engine = med[f"before home_{kind}"], med[f"before engine_{kind}"]
            print(f"{kind:6} before: home/bare {then_home / bare:.2f}, engine/bare {then_engine / bare:.2f};"
                  f" now: home/bare {med[f'home_{kind}'] / bare:.2f}, engine/bare {med[f'engine_{kind}'] / bare:.2f}")
            for what in ("home", "engine"):
                ratios = [now / then for now, then in zip(rows[f"{what}_{kind}"], rows[f"before {what}_{kind}"])]
                low, high = bootstrap_interval(ratios)
                print(f"{'':6} {what} now/before, run by run: {statistics.median(ratios):.3f} [{low:.3f}, {high:.3f}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
