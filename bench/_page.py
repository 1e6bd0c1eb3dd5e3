"""The live page the browser benchmarks drive: Chromium on a built site, its engine worker ready.

    with engine_page(site) as (page, hello):
        secs, answer = timed_think(page, "new_table", config_text, 1.0, "position 3")

Every request and WebSocket to another origin fails and is reported (tests/conftest.py,
`guard_context`): requests are watched, not routed (a routed request waits for Playwright's Python
client to let it through, which delays every request of a page), and Chromium resolves no host
name but the local server's (NO_FOREIGN_HOSTS, in CHROMIUM_ARGS).
"""

from __future__ import annotations

import json
import os
import sys
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from conftest import CHROMIUM, CHROMIUM_ARGS, NO_FOREIGN_HOSTS, guard_context, start_server  # noqa: E402,F401 (re-exported)

TIMEOUT = 180_000
POLL_MS = 500
"""How often the harness asks a page whether it is ready. Not Playwright's default (every
animation frame): that would make an idle main thread (Parlor's, while its worker boots) render
60 frames a second, competing for the CPU with what is being measured. The times themselves are
the pages' own marks or clocks, so polling less often does not coarsen them."""
CALL_JS = """async ([name, arg]) => {
  const t0 = performance.now();
  const text = await window.parlorEngine(name, arg);
  return [performance.now() - t0, text];
}"""


def call(page, name, arg=None):
    """(seconds, answer text) of one engine call, timed in the page: main thread -> worker ->
    back, around the awaited `window.parlorEngine(name, arg)`."""
    ms, text = page.evaluate(CALL_JS, [name, arg])
    return ms / 1000, text


def load() -> str:
    return "load %.2f %.2f %.2f" % os.getloadavg()


def launch(pw, *extra_args: str):
    """Chromium as the tests run it: Debian's when present, else Playwright's own."""
    kwargs = {"args": [*CHROMIUM_ARGS, *extra_args]}
    if Path(CHROMIUM).exists():
        kwargs["executable_path"] = CHROMIUM
    return pw.chromium.launch(**kwargs)


@contextmanager
def engine_page(site: Path):
    """Yield (page, hello answer) for a fresh Chromium context on `site`, once its engine is up."""
    from playwright.sync_api import sync_playwright

    srv = start_server(site)
    blocked: list[str] = []
    try:
        with sync_playwright() as pw:
            browser = launch(pw)
            ctx = browser.new_context()
            guard_context(ctx, srv.url, blocked)
            page = ctx.new_page()
            page.goto(srv.url + "/")
            page.wait_for_function("document.body.dataset.engine === 'ready'", polling=POLL_MS,
                                   timeout=TIMEOUT)
            yield page, json.loads(call(page, "hello")[1])
            browser.close()
    finally:
        srv.stop()
    if blocked:
        print(f"WARNING: {len(blocked)} foreign request(s) were blocked: {blocked[:3]}")


def timed_think(page, setup: str, text: str, budget: float, what: str):
    """Set the table up (engine export `setup`, e.g. new_table or restore, with JSON `text`), then
    time `think(budget)`: (seconds, the answer's dict). Exits with a message if either fails."""
    answer = json.loads(call(page, setup, text)[1])
    if not answer["ok"]:
        raise SystemExit(f"{setup} refused {what}: {answer['error']}")
    secs, reply = call(page, "think", str(budget))
    answer = json.loads(reply)
    if not answer["ok"]:
        raise SystemExit(f"think failed ({what}): {answer['error']}")
    return secs, answer
