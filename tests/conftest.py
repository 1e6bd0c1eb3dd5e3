"""Shared test harness for Parlor.

- ``parlor`` is importable from the checkout (py/ loaded as the package ``parlor``) unless an
  installed one exists, so CPython tests need no build.
- ``site_dir``: the built site, built once per session (``PARLOR_SITE=dir`` uses a site that is
  already built, as scripts/test.sh does).
- ``server`` / ``server_factory``: ``python -m peer`` serving the site on a free loopback port.
- ``coturn``: a TURN server on loopback with docs/deploy.md's configuration (tests/turnkit.py).
- ``browser``: Playwright's sync Chromium, Debian's /usr/bin/chromium when present.
- ``open_page``: a new browser context + page whose every request is routed: anything whose
  origin is not the local server is aborted and recorded in ``blocked`` (tests assert it empty).

Markers: ``browser`` (needs Chromium), ``pyodide`` (runs Pyodide under Node.js).
"""

from __future__ import annotations

import fcntl
import importlib.util
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--allow-loopback-in-peer-connection", "--use-fake-ui-for-media-stream",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",  # NO_FOREIGN_HOSTS
]


def _ensure_parlor() -> None:
    """Load py/ as the package ``parlor`` when no ``parlor`` is installed."""
    if "parlor" in sys.modules or importlib.util.find_spec("parlor") is not None:
        return
    spec = importlib.util.spec_from_file_location(
        "parlor", ROOT / "py" / "__init__.py", submodule_search_locations=[str(ROOT / "py")])
    module = importlib.util.module_from_spec(spec)
    sys.modules["parlor"] = module
    spec.loader.exec_module(module)


_ensure_parlor()


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: runs the built site in Chromium through Playwright")
    config.addinivalue_line("markers", "pyodide: runs code inside Pyodide under Node.js")
    config.addinivalue_line("markers", "webrtc: a real WebRTC connection through aiortc (tests/online/webrtc_peer.py)")
    config.addinivalue_line("markers", "shared_page: a test's first open_page(path) may continue from the page the "
                            "module's previous test left (tests/conftest.py, open_page)")
    config.addinivalue_line("markers", "service_worker: the test's pages may register the site's service worker "
                            "(other browser tests block it, see open_page)")


def pytest_collection_modifyitems(items):
    """Longest first, dealt out: the Pyodide parts (a minute or more each), then the browser
    tests, then the rest, dealt round-robin into one run of tests per pytest-xdist worker. The
    worksteal scheduler gives each worker one contiguous share of this order (and a worker that
    runs out takes the end of another's), so each share starts with its part of the long tests
    and no worker is left with all of them."""
    def rank(item):
        return 0 if item.get_closest_marker("pyodide") else 1 if item.get_closest_marker("browser") else 2
    items.sort(key=rank)
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    if workers > 1:
        items[:] = [item for share in range(workers) for item in items[share::workers]]


# --------------------------------------------------------------------------- site and server

def build_site_module():
    """scripts/build_site.py, imported."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import build_site
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    return build_site


@pytest.fixture(scope="session")
def build_site():
    """scripts/build_site.py, for tests that rebuild part of a site (a new version of sw.js)."""
    return build_site_module()


@pytest.fixture(scope="session")
def site_dir() -> Path:
    given = os.environ.get("PARLOR_SITE")
    if given:
        site = Path(given).resolve()
        if not (site / "index.html").is_file():
            pytest.fail(f"PARLOR_SITE={given} has no index.html")
        return site
    out = ROOT / "dist" / "site"
    # Under pytest-xdist the workers share one build: the first builds it, under a lock, and
    # marks it with the run's id; the others find the mark and use it.
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID", str(os.getpid()))
    mark = out.parent / f".site-built-{run}"
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out.parent / ".build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not mark.exists():
            build_site_module().build(out)
            mark.touch()
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    url: str
    port: int
    proc: subprocess.Popen

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def start_server(site: Path, timeout: float = 15.0, args: tuple[str, ...] = ()) -> Server:
    port = free_port()
    env = {name: value for name, value in os.environ.items() if name != "PYTHONSAFEPATH"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "peer", "--host", "127.0.0.1", "--port", str(port), "--site", str(site),
         *args],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)  # -m peer: from ROOT
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"peer exited with {proc.returncode}: {proc.stderr.read().decode()}")
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=1) as r:
                if json.loads(r.read()).get("ok"):
                    return Server(url, port, proc)
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError(f"peer did not answer /healthz on {url} within {timeout} s")


@pytest.fixture(scope="session")
def server(site_dir):
    srv = start_server(site_dir)
    yield srv
    srv.stop()


@pytest.fixture
def server_factory(site_dir):
    """Start extra servers (e.g. one a test may stop, with options: make("--takeover-after",
    "2"), or serving another copy of the site: make(site=path)); all are stopped after the test."""
    started: list[Server] = []

    def make(*args: str, site: Path | None = None) -> Server:
        srv = start_server(site or site_dir, args=args)
        started.append(srv)
        return srv

    yield make
    for srv in started:
        srv.stop()


@pytest.fixture(scope="session")
def coturn():
    """coturn on a free loopback port with docs/deploy.md's configuration (tests/turnkit.py),
    once per session (per pytest-xdist worker); skipped when coturn is not installed."""
    import turnkit
    if shutil.which("turnserver") is None:
        pytest.skip("coturn is not installed (scripts/setup.sh --services)")
    turn = turnkit.Coturn.start()
    yield turn
    turn.stop()


# --------------------------------------------------------------------------- browser

@pytest.fixture(scope="session")
def playwright_instance():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        yield pw


TEST_ONLY_ARGS = ["--js-flags=--liftoff-only"]
"""Chromium flags for the tests' browser only (not the benchmarks', which measure what a person's
browser does): V8 compiles WebAssembly with its baseline compiler (Liftoff) alone, without
re-optimizing hot functions with TurboFan. Every test's fresh context compiles Pyodide's 9.6 MB
module again, and the background optimizing took more CPU than it saved: measured on this
machine, the Ataxx table tests took 129 CPU-s instead of 151, a computers' Sanctuary game 46
instead of 66. What the pages do is the same; only how fast their WebAssembly runs differs."""


@pytest.fixture(scope="session")
def browser(playwright_instance):
    kwargs = {"args": [*CHROMIUM_ARGS, *TEST_ONLY_ARGS], "headless": True}
    if Path(CHROMIUM).exists():
        kwargs["executable_path"] = CHROMIUM
    try:
        b = playwright_instance.chromium.launch(**kwargs)
    except Exception as err:  # no system Chromium and no Playwright build either
        pytest.skip(f"no Chromium to run: {err}")
    yield b
    b.close()


NO_FOREIGN_HOSTS = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
"""A Chromium flag (in CHROMIUM_ARGS): every host name but the local server's fails to resolve, so
no request of a test's page can leave the machine; guard_context records any that tries."""


def guard_context(context, origin: str, blocked: list[str]) -> None:
    """Record every request (and WebSocket) of a context to another origin in `blocked` (none
    can leave: NO_FOREIGN_HOSTS; tests assert `blocked == []`). Requests are watched, not routed:
    a routed request waits for this process to let it through, about 0.3 CPU-s and 0.25 s a
    page boot (measured, 4 boots each way)."""
    prefix = origin.rstrip("/") + "/"
    local = (prefix, "blob:" + prefix, "data:")

    def on_request(request):
        if not request.url.startswith(local) and request.url != origin:
            blocked.append(request.url)

    context.on("request", on_request)  # the pages', their workers' and service worker's
    ws_prefix = "ws" + prefix[len("http"):]

    def on_foreign_ws(ws):
        blocked.append(ws.url)
        ws.close()

    # Only WebSockets to other origins are routed (and refused). Our own signaling socket goes
    # straight to the server: a routed socket's frames are relayed by Playwright's Python client,
    # which runs only while the test is inside a Playwright call (docs/online.md).
    context.route_web_socket(lambda url: not url.startswith(ws_prefix), on_foreign_ws)


@pytest.fixture
def blocked() -> list[str]:
    """URLs of every request that tried to leave the local origin (all were aborted)."""
    return []


def service_workers(request) -> str:
    """"allow" for a test marked ``service_worker``, else "block". The worker's install downloads
    and stores the whole site (22 MB) in every new context, about 1.5 s of CPU a page; only the
    tests of what it does (offline, return visits, updates) need it."""
    return "allow" if request.node.get_closest_marker("service_worker") else "block"


class _BlockedRelay:
    """The `blocked` list of whichever test is using a shared page's context now (guard_context
    appends to it)."""

    def __init__(self, target: list[str]):
        self.target = target

    def append(self, url: str) -> None:
        self.target.append(url)


RESET_SHARED_PAGE = """async (path) => {
    document.querySelector(".home-link").click();  // the table closes (and may save itself)
    window.parlorTheme("system");
    document.getElementById("theme").value = "system";
    localStorage.clear();
    sessionStorage.clear();
    await new Promise((done) => {
        const request = indexedDB.deleteDatabase("parlor");
        request.onsuccess = request.onerror = request.onblocked = () => done();
    });
    document.querySelector(".toast")?.setAttribute("hidden", "");
    history.replaceState(null, "", path);
    document.querySelector(".home-link").click();  // home again, drawn from the cleared storage
}"""
HOME_AGAIN = ("document.body.dataset.screen === 'home' && document.querySelector('#screen .home') !== null"
              " && document.querySelector('#screen .card.resume') === null && document.body.dataset.engine === 'ready'")


@pytest.fixture(scope="module")
def _shared_page():
    """The booted page the tests of a module marked ``shared_page`` continue from (open_page)."""
    held: dict = {}
    yield held
    if held:
        held["context"].close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.parlor_call_passed = report.passed


def _keep_shared(held: dict, request) -> bool:
    """Whether the next test may continue from this shared page: its test passed, it is the
    context's only page, nothing was added to it (init scripts, listeners) and it is at home or
    at a local table with its engine up."""
    page = held["page"]
    if not getattr(request.node, "parlor_call_passed", False) or page.is_closed() or held["tainted"]:
        return False
    if len(held["context"].pages) != 1:
        return False
    try:
        return page.evaluate("!new URLSearchParams(location.search).has('room') && "
                             "!new URLSearchParams(location.search).has('host') && "
                             "['home', 'table'].includes(document.body.dataset.screen) && "
                             "document.body.dataset.engine === 'ready'")
    except Exception:
        return False


@pytest.fixture
def open_page(browser, server, blocked, request, _shared_page):
    """open_page(path="/", server=None, context=None) -> page, in a new guarded context.

    Pass ``context=page.context`` to open a second page in the same context (warm load),
    ``hold_engine=True`` for a page whose engine worker never starts (its interpreter's request is
    held unanswered: the page stays "starting"; an online guest that never hosts), and
    ``local_storage={key: text}`` to find those items in the page's localStorage from its first
    load on (set before any of its scripts runs, once: a reload keeps what the page made of them).
    Console errors are collected on ``page.console_errors``. The service worker is blocked
    unless the test is marked ``service_worker``.

    In a module marked ``shared_page`` a test's first plain open_page(path) continues from the
    page the module's previous test left (when that test passed and left it at home or at a
    local table, engine up): its storage, IndexedDB, theme, viewport and colour scheme are reset,
    its address becomes `path` and the logo takes it home, as a fresh load would show it,
    without booting the engine again (each boot costs about 6.5 CPU-seconds).
    """
    contexts = []
    shared_used = []
    sharing = (request.node.get_closest_marker("shared_page") is not None
               and request.node.get_closest_marker("service_worker") is None)

    def watch(page):
        page.console_errors = []
        page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
        page.on("pageerror", lambda e: page.console_errors.append(str(e)))

    def open_shared(path: str):
        held = _shared_page
        if held:
            page = held["page"]
            try:
                page.set_viewport_size({"width": 1280, "height": 720})
                page.emulate_media(color_scheme="light", reduced_motion="no-preference")
                page.evaluate(RESET_SHARED_PAGE, path)
                page.wait_for_function(HOME_AGAIN, timeout=30_000)
                held["relay"].target = blocked
                page.console_errors.clear()
                shared_used.append(held)
                return page
            except Exception:
                held["context"].close()
                held.clear()
        context = browser.new_context(service_workers="block")
        relay = _BlockedRelay(blocked)
        guard_context(context, server.url, relay)
        page = context.new_page()
        watch(page)
        held.update(context=context, page=page, relay=relay, tainted=False)
        # What a test adds to its page would stay for the next one: such a page is not shared on.
        for name in ("add_init_script", "on", "expose_function", "expose_binding", "route"):
            original = getattr(page, name)

            def tainting(*args, _original=original, **kwargs):
                held["tainted"] = True
                return _original(*args, **kwargs)
            setattr(page, name, tainting)
        shared_used.append(held)
        page.goto(server.url + path)
        return page

    def open_(path: str = "/", srv: Server | None = None, context=None, wait_until: str = "load",
              local_storage: dict[str, str] | None = None, hold_engine: bool = False):
        if (sharing and not shared_used and not contexts and path is not None and srv is None
                and context is None and wait_until == "load" and not local_storage and not hold_engine):
            return open_shared(path)
        srv = srv or server
        if context is None:
            context = browser.new_context(service_workers=service_workers(request))
            guard_context(context, srv.url, blocked)
            contexts.append(context)
        page = context.new_page()
        watch(page)
        if local_storage:
            page.add_init_script(script="""(items => {
                if (sessionStorage.getItem('test.local-storage-set')) return;
                for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
                sessionStorage.setItem('test.local-storage-set', '1');
            })(%s)""" % json.dumps(local_storage))
        if hold_engine:  # the engine worker's interpreter is asked for and never sent
            page.route("**/pyodide-snapshot.mjs", lambda route: None)
        if path is not None:
            page.goto(srv.url + path, wait_until=wait_until)
        return page

    yield open_
    for c in contexts:
        c.close()
    for held in shared_used:
        if held and not _keep_shared(held, request):
            held["context"].close()
            held.clear()


@pytest.fixture
def phone_page(browser, server, blocked, request):
    """A page in a guarded phone-sized context with a touch screen; `page.cdp` sends touch
    events through the DevTools protocol (tablekit.touch)."""
    context = browser.new_context(viewport={"width": 360, "height": 600}, has_touch=True,
                                  is_mobile=True, service_workers=service_workers(request))
    guard_context(context, server.url, blocked)
    page = context.new_page()
    page.cdp = context.new_cdp_session(page)
    yield page
    context.close()


def pytest_report_header(config):
    chromium = CHROMIUM if Path(CHROMIUM).exists() else "Playwright's own (no /usr/bin/chromium)"
    return [f"parlor: root {ROOT}; chromium: {chromium}; node: {shutil.which('node')}"]
