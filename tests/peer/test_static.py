"""peer serves the built site: MIME types, caching headers, no traversal, /healthz."""

import http.client
import json

import pytest

EXPECTED_TYPES = {
    "/": "text/html",
    "/index.html": "text/html",
    "/style.css": "text/css",
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


def get(server, path, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.putrequest("GET", path, skip_accept_encoding=True)
    for k, v in (headers or {}).items():
        conn.putheader(k, v)
    conn.endheaders()
    resp = conn.getresponse()
    body = resp.read()
    conn.close()
    return resp, body


@pytest.mark.parametrize("path,mime", sorted(EXPECTED_TYPES.items()))
def test_mime_types(server, site_dir, path, mime):
    resp, body = get(server, path)
    assert resp.status == 200
    assert resp.getheader("Content-Type").split(";")[0] == mime
    rel = "index.html" if path == "/" else path.lstrip("/")
    assert body == (site_dir / rel).read_bytes()


@pytest.mark.parametrize("path", ["/", "/index.html", "/sw.js"])
def test_no_cache_for_entry_points(server, path):
    resp, _ = get(server, path)
    assert resp.getheader("Cache-Control") == "no-cache"


def test_etag_revalidation(server):
    resp, _ = get(server, "/style.css")
    again, body = get(server, "/style.css", {"If-None-Match": resp.getheader("ETag")})
    assert again.status == 304 and body == b""


@pytest.mark.parametrize("path", [
    "/../pyproject.toml", "/..%2fpyproject.toml", "/%2e%2e/%2e%2e/etc/passwd", "/runtime/../../README.md",
    "/etc/passwd", "//etc/passwd", "/nope.js", "/runtime/", "/index.html%00.js", "/..\\pyproject.toml",
])
def test_no_traversal_and_404(server, path):
    resp, _ = get(server, path)
    assert resp.status == 404


def test_query_string_ignored(server):
    resp, _ = get(server, "/style.css?v=1")
    assert resp.status == 200


def test_healthz(server):
    resp, body = get(server, "/healthz")
    assert resp.status == 200
    info = json.loads(body)  # the session server may be in use by online tests: counts vary
    assert info["ok"] is True and info["site"] is True
    assert isinstance(info["rooms"], int) and isinstance(info["connections"], int)


UPGRADE = {"Upgrade": "websocket", "Connection": "Upgrade",
           "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version": "13"}


def test_websocket_upgrade_without_route_is_404(server):
    resp, _ = get(server, "/nope", UPGRADE)
    assert resp.status == 404


def test_websocket_upgrade_on_signal_is_accepted(server):
    resp, _ = get(server, "/signal", {**UPGRADE, "Origin": server.url})
    assert resp.status == 101
