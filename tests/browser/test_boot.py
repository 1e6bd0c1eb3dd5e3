"""The built site boots in Chromium from our origin only, fast home screen, engine in a worker,
and boots again offline from the service worker's cache."""

import gzip
import json
import re
import shutil
from pathlib import Path

import pytest

import parlor

import tablekit
from tablekit import return_visit, wait_for_promise, wait_service_worker

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]

ENGINE_TIMEOUT_MS = 120_000
ENGINE_READY = "document.body.dataset.engine === 'ready' || document.getElementById('status').dataset.state === 'error'"


def marks(page):
    return page.evaluate(
        "Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))")


def wait_engine(page):
    page.wait_for_function(ENGINE_READY, timeout=ENGINE_TIMEOUT_MS)
    status = page.inner_text("#status")
    assert page.get_attribute("#status", "data-state") == "ready", status
    return status


def test_boots_from_our_origin_only(open_page, blocked):
    page = open_page("/", wait_until="commit")
    # The home screen is usable while the engine is still starting.
    page.wait_for_function(
        "(document.getElementById('status')?.textContent || '').startsWith('Starting the game engine')", timeout=30_000)
    early = marks(page)
    assert "parlor-home" in early
    assert "parlor-engine-ready" not in early
    assert page.get_attribute("body", "data-engine") is None
    assert page.is_visible("h1:has-text('Parlor')")
    assert page.is_visible("article[data-game=ataxx] button.start")

    wait_engine(page)
    engine = page.get_attribute("#status", "title")
    assert re.search(rf"parlor {re.escape(parlor.__version__)} · Python 3\.14\.\d+", engine), engine
    late = marks(page)
    assert late["parlor-home"] < late["parlor-engine-ready"]
    hello = json.loads(page.evaluate("window.parlorEngine('hello')"))
    assert hello["bytecode"] is True  # the worker imported the build's .pyc, compiling nothing
    assert page.console_errors == []
    assert blocked == []
    # The guard itself: a request or a WebSocket to another origin is refused and recorded.
    page.evaluate("""() => { new WebSocket("ws://elsewhere.invalid/x");
                             fetch("http://elsewhere.invalid/y").catch(() => null); }""")
    page.wait_for_timeout(500)
    assert sorted(blocked) == ["http://elsewhere.invalid/y", "ws://elsewhere.invalid/x"]


def precache_files(site):
    """The site's files by URL path, as its service worker precaches them."""
    return {f.removeprefix(".") for f in json.loads((site / "precache.json").read_text())["files"]}


def cache_name(site):
    """The service worker's cache for `site`'s version."""
    return "parlor-" + json.loads((site / "precache.json").read_text())["version"]


def cached_files(page, site):
    """URL paths in the service worker's cache for `site`'s version (none if it has no cache)."""
    return set(page.evaluate("""async (name) => (await caches.keys()).includes(name)
        ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)
          .filter((p) => p !== "/precache-record.json") : []""", cache_name(site)))


def cached_date(page, site, path):
    """The Date header of `path`'s response in the cache for `site`'s version: when it was fetched."""
    return page.evaluate("""async ([name, path]) =>
        (await (await caches.open(name)).match(path)).headers.get("Date")""", [cache_name(site), path])


def test_an_update_downloads_only_the_files_that_changed(open_page, server_factory, site_dir,
                                                        build_site, tmp_path):
    """A new version of the site replaces the cache; files whose content did not change are
    copied from the old cache instead of downloaded again (the runtime's 21 MB, for a change
    to one of our files)."""
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    srv = server_factory(site=site)
    page = open_page("/", srv=srv)
    wait_engine(page)
    wait_service_worker(page)
    old_files = cached_files(page, site)
    assert old_files == precache_files(site)
    wasm, css = "/runtime/pyodide/pyodide.asm.wasm", "/app/page/boards/ataxx.css"
    fetched = {path: cached_date(page, site, path) for path in (wasm, css)}
    page.wait_for_timeout(1100)  # Date headers have whole seconds

    # The deploy: one file changes, and the build writes a new service worker.
    with (site / css[1:]).open("a") as css_file:
        css_file.write("\n/* the next version */\n")
    shutil.copy(ROOT / "public" / "sw.js", site / "sw.js")
    build_site.write_service_worker(site, build_site.precache_manifest(site))
    build_site.compress_site(site)  # as the build does last: the .gz copies served are the new ones
    assert precache_files(site) == old_files

    page.reload()  # the browser fetches sw.js again, installs the new worker, which takes over
    wait_for_promise(page, """async (name) => {
        const names = await caches.keys();
        return names.includes(name) && names.filter((n) => n.startsWith("parlor-")).length === 1;
    }""", cache_name(site))
    assert cached_files(page, site) == old_files
    assert cached_date(page, site, wasm) == fetched[wasm]  # copied from the old cache
    assert cached_date(page, site, css) != fetched[css]  # downloaded again
    assert page.evaluate("""async () => (await (await caches.match("./app/page/boards/ataxx.css")).text())
                            .includes("the next version")""")
    page.reload()
    wait_engine(page)
    assert json.loads(page.evaluate("window.parlorEngine('hello')"))["snapshot"] is True


def test_a_first_visit_on_a_fast_link_restores_pyodide_from_its_snapshot(open_page):
    """Loopback is a fast link: the snapshot's download is complete within the wait a first visit
    allows it (public/pyodide-snapshot.mjs), so Pyodide is restored rather than booted. The
    allowance is a time, so a first visit on a loaded machine may miss it: three visits, each in
    a fresh browser context, get three chances."""
    restored = []
    for _ in range(3):
        page = open_page("/")
        wait_engine(page)
        hello = json.loads(page.evaluate("window.parlorEngine('hello')"))
        assert hello["bytecode"] is True
        restored.append(hello["snapshot"])
        if hello["snapshot"]:
            break
    assert restored[-1] is True, restored
    assert page.console_errors == []


def test_a_first_visit_on_a_slow_link_boots_without_waiting_for_the_snapshot(open_page, server):
    """A snapshot that does not arrive (held back here, as a slow link would) is given up: Pyodide
    boots as usual and the game plays."""
    page = open_page(None)
    asked, held = [], []

    def snapshot(route):
        # The first request is the worker's look in the browser's cache (which Playwright's
        # routing turns off): a miss. The second is the download.
        asked.append(route.request.url)
        if len(asked) == 1:
            route.abort()
        else:
            held.append(route)

    page.context.route("**/runtime/pyodide/snapshot.bin.gz", snapshot)
    page.goto(server.url + "/")
    wait_engine(page)
    hello = json.loads(page.evaluate("window.parlorEngine('hello')"))
    assert hello["snapshot"] is False and hello["bytecode"] is True
    assert len(held) == 1  # it was asked for, and never came
    tablekit.start(page, "ataxx", "solo", level="easy")
    tablekit.tap_move(page, "clone", "jump")
    tablekit.wait_log(page, 2)  # the move, and the computer's answer
    assert page.console_errors == []


def test_a_return_visit_restores_pyodide_from_its_snapshot(open_page):
    page = open_page("/")
    return_visit(page)
    hello = json.loads(page.evaluate("window.parlorEngine('hello')"))
    assert hello["snapshot"] is True and hello["bytecode"] is True
    tablekit.start(page, "ataxx", "solo", level="easy")
    tablekit.tap_move(page, "clone", "jump")
    tablekit.wait_log(page, 2)  # the move, and the computer's answer
    assert page.console_errors == []


@pytest.mark.parametrize("body", [b"not gzip", gzip.compress(b"\x07" * 4096)],
                         ids=["not-gzip", "not-a-snapshot"])
def test_the_engine_boots_without_a_usable_snapshot(open_page, site_dir, body):
    """A cached snapshot that cannot be unzipped or restored: Pyodide boots as usual, and the
    game plays."""
    page = open_page("/")
    wait_engine(page)
    wait_service_worker(page)
    page.evaluate("""async ([name, body]) => {
        const cache = await caches.open(name);
        await cache.put("./runtime/pyodide/snapshot.bin.gz", new Response(new Uint8Array(body)));
    }""", [cache_name(site_dir), list(body)])
    warnings = []
    page.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
    page.reload()
    wait_engine(page)
    hello = json.loads(page.evaluate("window.parlorEngine('hello')"))
    assert hello["snapshot"] is False and hello["bytecode"] is True
    assert any("Pyodide boots without its snapshot" in w for w in warnings), warnings
    tablekit.start(page, "ataxx", "local")
    tablekit.tap_move(page, "clone", "jump")
    tablekit.wait_log(page, 1)
    assert page.console_errors == []


def test_starts_offline_after_one_visit(open_page, server_factory, site_dir, blocked):
    srv = server_factory()
    page = open_page("/", srv=srv)
    wait_engine(page)
    wait_service_worker(page)
    assert cached_files(page, site_dir) == precache_files(site_dir)

    srv.stop()
    page.context.set_offline(True)
    page.reload()
    wait_engine(page)
    assert parlor.__version__ in page.get_attribute("#status", "title")
    assert json.loads(page.evaluate("window.parlorEngine('hello')"))["snapshot"] is True
    assert blocked == []


def test_the_home_screen_works_before_the_pages_python_runs(open_page, server):
    """The home screen comes in index.html: its modes and options work on HTML and CSS alone, and
    a Start pressed before the page's Python runs opens that table as soon as it does."""
    held = []
    page = open_page(None)
    page.route("**/app/page/main.py", lambda route: held.append(route))  # the page's Python waits until released below
    page.goto(server.url + "/", wait_until="commit")
    card = "article[data-game=ataxx] "
    page.wait_for_selector(card + ".mode[data-mode=local]")
    assert held, "app/page/main.py was not requested"
    assert page.is_visible(card + "select[name=level]")  # Solo: the computer's level
    page.click(card + ".mode[data-mode=local]")
    assert not page.is_visible(card + "select[name=level]")
    assert page.is_visible(card + "select[name=layout]")
    assert page.inner_text(card + ".hint:visible") == "Two people, one device"
    # The rules can be read before starting (folded on the card; no Python needed to open them).
    assert not page.is_visible(card + ".home-rules li")
    page.click(card + ".home-rules summary")
    assert page.is_visible(card + ".home-rules li") and "Most pieces wins" in page.inner_text(card + ".home-rules")
    page.click(card + "button.start")
    assert page.get_attribute(card + "button.start", "aria-busy") == "true"
    assert page.get_attribute("body", "data-ready") is None  # no Python has run yet
    assert page.query_selector(".table") is None

    for route in held:
        route.continue_()
    page.wait_for_selector(".table .board", timeout=30_000)
    assert page.inner_text(".table-title") == "Ataxx · Local"
    assert page.query_selector(".home") is None

    # New game: the page's Python writes the home screen again, and it works the same way.
    page.click(".table .controls button:has-text('New game')")
    card = "article[data-game=runners] "
    page.click(card + ".mode[data-mode='3p']")
    assert page.is_visible(card + "select[name=seat2]") and not page.is_visible(card + "select[name=seat3]")
    page.select_option(card + "select[name=seat1]", "easy")
    page.click(card + "button.start")
    page.wait_for_selector(".table .board", timeout=30_000)
    assert page.inner_text(".table-title") == "Runners · 3 players"
    assert page.console_errors == []
