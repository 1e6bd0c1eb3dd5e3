"""peer serves the built site (aiohttp): MIME types, caching headers, precompressed files,
keep-alive, no traversal, /healthz."""

import gzip
import http.client
import json
import re

import pytest

SHEET = "/app/page/boards/sanctuary.css"  # a style sheet shipped as a file of its own
EXPECTED_TYPES = {
    "/": "text/html",
    "/index.html": "text/html",
    SHEET: "text/css",
    "/sw.js": "text/javascript",
    "/manifest.webmanifest": "application/manifest+json",
    "/runtime/pyodide/pyodide.asm.wasm": "application/wasm",
    "/runtime/pyodide/pyodide.mjs": "text/javascript",
    "/runtime/pyodide/pyodide-lock.json": "application/json",
    "/runtime/pyodide/python_stdlib.zip": "application/octet-stream",
    "/wheels/parlor.whl": "application/octet-stream",
    "/icons/icon.svg": "image/svg+xml",
    "/icons/icon-192.png": "image/png",
}


def request(conn, path, headers=None, method="GET"):
    conn.putrequest(method, path, skip_accept_encoding=True)
    for k, v in (headers or {}).items():
        conn.putheader(k, v)
    conn.endheaders()
    resp = conn.getresponse()
    return resp, resp.read()


def get(server, path, headers=None, method="GET"):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        return request(conn, path, headers, method)
    finally:
        conn.close()


@pytest.mark.parametrize("path,mime", sorted(EXPECTED_TYPES.items()))
def test_mime_types(server, site_dir, path, mime):
    resp, body = get(server, path)
    assert resp.status == 200
    assert resp.getheader("Content-Type").split(";")[0] == mime
    rel = "index.html" if path == "/" else path.lstrip("/")
    assert body == (site_dir / rel).read_bytes()


@pytest.mark.parametrize("path", ["/", "/index.html", "/sw.js", "/manifest.webmanifest",
                                  "/runtime/pyodide/pyodide.asm.wasm", "/app/page/main.py"])
def test_no_cache_for_entry_points_and_unversioned_files(server, path):
    resp, _ = get(server, path)
    assert resp.getheader("Cache-Control") == "no-cache"
    assert resp.getheader("X-Content-Type-Options") == "nosniff"


def test_hashed_runtime_chunks_are_immutable(server, site_dir):
    chunks = sorted(p.name for p in (site_dir / "runtime" / "pyscript").glob("core-*.js"))
    assert chunks, "PyScript's hashed core chunk"
    resp, _ = get(server, f"/runtime/pyscript/{chunks[0]}")
    assert resp.status == 200
    assert resp.getheader("Cache-Control") == "public, max-age=31536000, immutable"
    plain, _ = get(server, "/runtime/pyscript/core.js")  # same name in every PyScript release
    assert plain.getheader("Cache-Control") == "no-cache"


def test_the_build_precompresses_text_and_wasm(site_dir):
    """scripts/build_site.py writes X.gz beside the files that gain (the wasm, JavaScript, the
    page); each is X exactly, reproducible (no name, no time in its header)."""
    siblings = {p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*.gz")
                if p.with_suffix("").is_file()}
    for rel in ("index.html.gz", SHEET[1:] + ".gz", "sw.js.gz", "runtime/pyodide/pyodide.asm.wasm.gz",
                "runtime/pyodide/pyodide.asm.mjs.gz", "runtime/micropython/micropython.wasm.gz"):
        assert rel in siblings, rel
    for rel in siblings:
        packed = (site_dir / rel).read_bytes()
        assert packed[4:8] == b"\0\0\0\0" and not packed[3] & 0x08, rel  # no mtime, no name
        assert gzip.decompress(packed) == (site_dir / rel[:-3]).read_bytes(), rel
    assert not (site_dir / "wheels" / "parlor.whl.gz").exists()  # already compressed: no gain


@pytest.mark.parametrize("path,mime", [("/runtime/pyodide/pyodide.asm.wasm", "application/wasm"),
                                       ("/runtime/pyodide/pyodide.asm.mjs", "text/javascript"),
                                       ("/", "text/html")])
def test_precompressed_file_sent_to_clients_that_accept_gzip(server, site_dir, path, mime):
    rel = "index.html" if path == "/" else path.lstrip("/")
    resp, body = get(server, path, {"Accept-Encoding": "br;q=1.0, gzip;q=0.8, *;q=0.1"})
    assert resp.status == 200 and resp.getheader("Content-Encoding") == "gzip"
    assert resp.getheader("Content-Type").split(";")[0] == mime
    assert resp.getheader("Vary") == "Accept-Encoding"
    assert int(resp.getheader("Content-Length")) == len(body) < (site_dir / rel).stat().st_size
    assert gzip.decompress(body) == (site_dir / rel).read_bytes()
    plain, body = get(server, path)  # no Accept-Encoding: the file itself
    assert plain.getheader("Content-Encoding") is None and plain.getheader("Vary") == "Accept-Encoding"
    assert body == (site_dir / rel).read_bytes()


def test_compressed_siblings_are_not_served_by_name(server):
    resp, _ = get(server, SHEET + ".gz")
    assert resp.status == 404
    snapshot, _ = get(server, "/runtime/pyodide/snapshot.bin.gz")  # a file of its own: served
    assert snapshot.status == 200 and snapshot.getheader("Content-Encoding") is None


def test_keep_alive_head_and_ranges(server, site_dir):
    """One connection carries many requests (the old server closed it after each); HEAD has the
    headers only; a Range gets 206 with just those bytes."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        for path in ("/", SHEET, "/sw.js", "/manifest.webmanifest", SHEET):
            resp, body = request(conn, path)
            assert resp.status == 200 and body and resp.getheader("Connection") != "close"
        sock = conn.sock
        resp, body = request(conn, "/runtime/pyodide/pyodide.asm.wasm", method="HEAD")
        size = (site_dir / "runtime/pyodide/pyodide.asm.wasm").stat().st_size
        assert resp.status == 200 and body == b"" and int(resp.getheader("Content-Length")) == size
        resp, body = request(conn, "/runtime/pyodide/pyodide.asm.wasm", {"Range": "bytes=0-7"})
        assert resp.status == 206 and body == b"\0asm\x01\0\0\0"
        assert resp.getheader("Content-Range") == f"bytes 0-7/{size}"
        resp, body = request(conn, "/nope.js")
        assert resp.status == 404
        resp, body = request(conn, "/index.html")
        assert resp.status == 200 and conn.sock is sock  # still the same connection
    finally:
        conn.close()


def test_only_get_and_head(server):
    resp, _ = get(server, "/index.html", method="POST")
    assert resp.status == 405


def test_etag_revalidation(server):
    resp, _ = get(server, SHEET)
    again, body = get(server, SHEET, {"If-None-Match": resp.getheader("ETag")})
    assert again.status == 304 and body == b""


@pytest.mark.parametrize("path", [
    "/../pyproject.toml", "/..%2fpyproject.toml", "/%2e%2e/%2e%2e/etc/passwd", "/runtime/../../README.md",
    "/etc/passwd", "//etc/passwd", "/nope.js", "/runtime/", "/index.html%00.js", "/..\\pyproject.toml",
])
def test_no_traversal_and_404(server, path):
    resp, _ = get(server, path)
    assert resp.status == 404


def test_query_string_ignored(server):
    resp, _ = get(server, SHEET + "?v=1")
    assert resp.status == 200


def test_healthz(server):
    resp, body = get(server, "/healthz")
    assert resp.status == 200
    info = json.loads(body)  # the session server may be in use by online tests: counts vary
    assert info["ok"] is True and info["site"] is True
    assert isinstance(info["rooms"], int) and isinstance(info["connections"], int)


UPGRADE = {"Upgrade": "websocket", "Connection": "Upgrade",
           "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version": "13"}


@pytest.mark.parametrize("path", ["/nope", "/index.html"])
def test_websocket_upgrade_without_route_is_404(server, path):
    resp, _ = get(server, path, UPGRADE)
    assert resp.status == 404


def test_websocket_upgrade_on_signal_is_accepted(server):
    resp, _ = get(server, "/signal", {**UPGRADE, "Origin": server.url})
    assert resp.status == 101


def test_plain_get_of_signal_asks_for_an_upgrade(server):
    resp, _ = get(server, "/signal")
    assert resp.status == 426
